// scenarios.h: seeded random collectives for the MPI executor's check, and
// what each rank must see when one runs (derived from the whole plan, which
// hetcast_plan computes independently of the per-participant query the
// executor uses). Every rank draws the same scenario from the same seed.

#ifndef HETCAST_TESTS_MPI_SCENARIOS_H_
#define HETCAST_TESTS_MPI_SCENARIOS_H_

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "runtime/include/hetcast/hetcast.h"
#include "tools/mpi/hetcast_mpi.h"
#include "tools/mpi/whole_plan.h"

namespace hetcast {
namespace mpi_test {

enum class Kind {
  kNodeBcast,        // FNF, random costs
  kNodeBcastTable,   // the default table (always inside it)
  kNodeMcastRelays,  // FNF with relays
  kNodeMcastTable,   // fig1's table, inside or outside, with relays
  kClusterBcast,     // LCF and its variants, the flat baseline
  kClusterMcast,     // LCF Multicast with helpers
  kMultiSource,      // non-blocking model, WRP
};
constexpr int kKindCount = 7;
const char* KindName(Kind kind);

// One tree collective (node or cluster model).
struct TreeScenario {
  HETCAST_MPI_Params params = {};
  std::vector<uint64_t> costs;
  std::vector<uint64_t> degrees;
  std::vector<int> types;  // every rank's type or cluster label
  int root = 0;
  int count = 0;  // MPI_BYTE elements
  bool multicast = false;
  bool allow_relays = false;
  std::vector<int> destinations;
  std::string description;
};

// What one rank must do: receive (0 or 1) and send (its children).
struct Role {
  long receives = 0;
  long sends = 0;
  long bcasts = 0;           // MPI_Bcast calls (a broadcast handed over)
  bool destination = false;  // its buffer must equal the source's
};

// Draws a tree scenario of `kind` for `size` ranks. `default_table` and
// `fig1_table` are opened tables (the default profile, costs 2,3,5; fig1,
// costs 2,3, limits 7).
TreeScenario DrawTree(Kind kind, int size, std::mt19937_64* rng,
                      const hetcast_table* default_table,
                      const hetcast_table* fig1_table);

// Every rank's role in the whole plan, and which algorithm answered and why.
// Empty on a planner error.
std::vector<Role> TreeRoles(const TreeScenario& scenario,
                            hetcast_plan_info* info);

// Draws the per-call parameters of tools/mpi/call_rules.h for a scenario
// whose whole plan `info` describes: segments for half the scenarios (2 to
// 4 of them), and for broadcasts mpi_bcast_ticks equal to the planned
// completion, one above it, or 0 (unknown), a third each.
void DrawCallParams(const hetcast_plan_info& info, std::mt19937_64* rng,
                    TreeScenario* scenario);

// Segments a tree scenario's message is sent in (MPI_BYTE elements).
long SegmentCount(const TreeScenario& scenario);

// The roles of the call as the executor must run it, from the whole plan's
// `roles`, restating call_rules.h's rules: a broadcast handed to MPI_Bcast
// (algorithm not pinned, and all ranks' types of equal cost or one
// cluster, or 0 < mpi_bcast_ticks <= the planned completion) is one
// MPI_Bcast on every rank; otherwise each planned transfer is one per
// segment.
std::vector<Role> CallRoles(const TreeScenario& scenario,
                            const hetcast_plan_info& info,
                            const std::vector<Role>& roles);

// One non-blocking request over `size` ranks, with its storage.
struct MultiScenario : mpi::MultiSourceRequest {
  std::string description;
};

void DrawMulti(int size, std::mt19937_64* rng, MultiScenario* scenario);

// Every rank's role (sends, receives) in the whole WRP plan.
std::vector<Role> MultiRoles(const MultiScenario& scenario);

// The byte `index` of the message a scenario's source sends.
unsigned char PatternByte(uint64_t seed, uint64_t index);

}  // namespace mpi_test
}  // namespace hetcast

#endif  // HETCAST_TESTS_MPI_SCENARIOS_H_
