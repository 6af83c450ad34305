// scenarios.cc: the seeded random collectives of scenarios.h.

#include "tests/mpi/scenarios.h"

#include <algorithm>

#include "tools/mpi/rank_map.h"
#include "tools/mpi/whole_plan.h"

namespace hetcast {
namespace mpi_test {
namespace {

uint64_t Uniform(std::mt19937_64* rng, uint64_t low, uint64_t high) {
  return std::uniform_int_distribution<uint64_t>(low, high)(*rng);
}

// Message sizes from 1 byte to 64 KB, log-uniform, so both MPICH's eager
// and rendezvous protocols run.
int DrawCount(std::mt19937_64* rng) {
  return static_cast<int>(Uniform(rng, 1, uint64_t{1} << Uniform(rng, 0, 16)));
}

// Each non-root rank is a destination with probability `percent` / 100.
std::vector<int> DrawDestinations(int size, int root, uint64_t percent,
                                  std::mt19937_64* rng) {
  std::vector<int> destinations;
  for (int rank = 0; rank < size; ++rank) {
    if (rank != root && Uniform(rng, 1, 100) <= percent) {
      destinations.push_back(rank);
    }
  }
  std::shuffle(destinations.begin(), destinations.end(), *rng);
  return destinations;
}

void DrawTypes(TreeScenario* scenario, int size, uint64_t type_count,
               std::mt19937_64* rng) {
  scenario->types.resize(size);
  for (int& type : scenario->types) {
    type = static_cast<int>(Uniform(rng, 0, type_count - 1));
  }
}

// Relays help when they are cheaper than the destinations (Khuller & Kim
// §7): most ranks of the cheapest type stop being destinations.
void KeepFewCheapest(std::mt19937_64* rng, TreeScenario* scenario) {
  const uint64_t cheapest =
      *std::min_element(scenario->costs.begin(), scenario->costs.end());
  std::vector<int> kept;
  for (int rank : scenario->destinations) {
    const bool cheap = scenario->costs[scenario->types[rank]] == cheapest;
    if (!cheap || Uniform(rng, 0, 3) == 0) kept.push_back(rank);
  }
  scenario->destinations = kept;
}

void DrawNode(Kind kind, int size, std::mt19937_64* rng,
              const hetcast_table* default_table,
              const hetcast_table* fig1_table, TreeScenario* scenario) {
  HETCAST_MPI_Params& params = scenario->params;
  params.model = HETCAST_MODEL_NODE;
  if (kind == Kind::kNodeBcastTable) {
    scenario->costs = {2, 3, 5};
    params.table = default_table;
  } else if (kind == Kind::kNodeMcastTable) {
    scenario->costs = {2, 3};
    params.table = fig1_table;
  } else if (kind == Kind::kNodeMcastRelays) {  // distinct costs
    uint64_t cost = 0;
    scenario->costs.resize(Uniform(rng, 2, 4));
    for (uint64_t& c : scenario->costs) c = cost += Uniform(rng, 1, 8);
    std::shuffle(scenario->costs.begin(), scenario->costs.end(), *rng);
  } else {
    scenario->costs.resize(Uniform(rng, 1, 4));
    for (uint64_t& cost : scenario->costs) cost = Uniform(rng, 1, 20);
  }
  params.costs = scenario->costs.data();
  params.type_count = scenario->costs.size();
  DrawTypes(scenario, size, params.type_count, rng);
  scenario->multicast =
      kind == Kind::kNodeMcastRelays || kind == Kind::kNodeMcastTable;
  // Half of fig1's multicasts: mostly slow ranks, so that more than its
  // limit of 7 per type fall outside the table (on 9 ranks or more).
  const bool crowd = kind == Kind::kNodeMcastTable && Uniform(rng, 0, 1);
  if (crowd) {
    for (int& type : scenario->types) type = Uniform(rng, 0, 5) != 0;
  }
  if (scenario->multicast) {
    scenario->destinations = DrawDestinations(
        size, scenario->root, crowd ? 90 : Uniform(rng, 10, 90), rng);
    scenario->allow_relays = Uniform(rng, 0, 4) != 0;
    KeepFewCheapest(rng, scenario);
    if (kind == Kind::kNodeMcastRelays) {  // a slow root gains most
      scenario->types[scenario->root] = static_cast<int>(
          std::max_element(scenario->costs.begin(), scenario->costs.end()) -
          scenario->costs.begin());
    }
  }
}

// LCF (0), postal LCF (1), Interleaved LCF (2), bounded degree (3),
// bounded-size matching (4), the flat binomial tree (5); multicast: LCF.
void DrawCluster(Kind kind, int size, std::mt19937_64* rng,
                 TreeScenario* scenario) {
  HETCAST_MPI_Params& params = scenario->params;
  params.model = HETCAST_MODEL_CLUSTER;
  params.cluster_count = Uniform(rng, 1, std::min(5, size));
  params.inter_cost = Uniform(rng, 1, 6);
  DrawTypes(scenario, size, params.cluster_count, rng);
  if (kind == Kind::kClusterMcast) {
    scenario->multicast = true;
    scenario->allow_relays = true;
    scenario->destinations =
        DrawDestinations(size, scenario->root, Uniform(rng, 10, 90), rng);
    return;
  }
  const uint64_t variant = Uniform(rng, 0, 5);
  params.postal = variant == 1 || variant == 2;
  if (variant == 2) params.algorithm = HETCAST_ALGORITHM_INTERLEAVED_LCF;
  if (variant == 5) params.algorithm = HETCAST_ALGORITHM_FLAT_BINOMIAL;
  if (variant == 4) params.matching = Uniform(rng, 1, 3);
  if (variant == 3) {
    for (size_t label = 0; label < params.cluster_count; ++label) {
      const uint64_t members =
          std::count(scenario->types.begin(), scenario->types.end(), label);
      scenario->degrees.push_back(
          Uniform(rng, 1, std::max<uint64_t>(1, members)));
    }
    params.degrees = scenario->degrees.data();
  }
}

}  // namespace

const char* KindName(Kind kind) {
  static const char* const kNames[kKindCount] = {
      "node broadcast",    "node broadcast, table",
      "node multicast",    "node multicast, fig1 table",
      "cluster broadcast", "cluster multicast",
      "multi-source"};
  return kNames[static_cast<int>(kind)];
}

TreeScenario DrawTree(Kind kind, int size, std::mt19937_64* rng,
                      const hetcast_table* default_table,
                      const hetcast_table* fig1_table) {
  TreeScenario scenario;
  scenario.root = static_cast<int>(Uniform(rng, 0, size - 1));
  scenario.count = DrawCount(rng);
  if (kind == Kind::kClusterBcast || kind == Kind::kClusterMcast) {
    DrawCluster(kind, size, rng, &scenario);
  } else {
    DrawNode(kind, size, rng, default_table, fig1_table, &scenario);
  }
  return scenario;
}

std::vector<Role> TreeRoles(const TreeScenario& scenario,
                            hetcast_plan_info* info) {
  const int size = static_cast<int>(scenario.types.size());
  std::vector<char> is_destination(size, scenario.multicast ? 0 : 1);
  for (int rank : scenario.destinations) is_destination[rank] = 1;
  mpi::PlannerRequest planner;
  mpi::BuildPlannerRequest(scenario.params, scenario.types, scenario.root,
                           is_destination, scenario.multicast,
                           scenario.allow_relays, &planner);
  mpi::WholePlan plan;
  if (!mpi::PlanWhole(planner.request, &plan)) return {};
  *info = plan.info;
  std::vector<Role> roles(size);
  for (int rank = 0; rank < size; ++rank) {
    roles[rank].destination = is_destination[rank] && rank != scenario.root;
  }
  const std::vector<int>& rank_of = planner.map.rank_of_canonical;
  for (const hetcast_transfer& transfer : plan.transfers) {
    ++roles[rank_of[transfer.from]].sends;
    ++roles[rank_of[transfer.to]].receives;
  }
  return roles;
}

void DrawCallParams(const hetcast_plan_info& info, std::mt19937_64* rng,
                    TreeScenario* scenario) {
  HETCAST_MPI_Params& params = scenario->params;
  if (Uniform(rng, 0, 1)) {
    const uint64_t segments = Uniform(rng, 2, 4);
    params.segment_bytes = (scenario->count + segments - 1) / segments;
  }
  const uint64_t ticks = Uniform(rng, 0, 2);
  if (!scenario->multicast && ticks > 0) {
    params.mpi_bcast_ticks = info.answer.completion_time + (ticks - 1);
  }
}

namespace {

bool HandedToMpi(const TreeScenario& s, const hetcast_plan_info& info) {
  const HETCAST_MPI_Params& p = s.params;
  if (s.multicast || p.algorithm != HETCAST_ALGORITHM_NONE) return false;
  bool uniform = true;
  for (int type : s.types) {
    uniform &= p.model == HETCAST_MODEL_CLUSTER
                   ? type == s.types[0]
                   : p.costs[type] == p.costs[s.types[0]];
  }
  return uniform || (p.mpi_bcast_ticks != 0 &&
                     p.mpi_bcast_ticks <= info.answer.completion_time);
}

}  // namespace

long SegmentCount(const TreeScenario& s) {
  const uint64_t segment = s.params.segment_bytes;
  const uint64_t bytes = static_cast<uint64_t>(s.count);  // MPI_BYTE
  if (segment == 0 || bytes < 2 * segment) return 1;
  return static_cast<long>((bytes + segment - 1) / segment);
}

std::vector<Role> CallRoles(const TreeScenario& scenario,
                            const hetcast_plan_info& info,
                            const std::vector<Role>& roles) {
  std::vector<Role> call = roles;
  const bool handed = HandedToMpi(scenario, info);
  const long segments = SegmentCount(scenario);
  for (Role& role : call) {
    role.bcasts = handed ? 1 : 0;
    role.sends = handed ? 0 : role.sends * segments;
    role.receives = handed ? 0 : role.receives * segments;
  }
  return call;
}

void DrawMulti(int size, std::mt19937_64* rng, MultiScenario* scenario) {
  const size_t n = static_cast<size_t>(size);
  for (auto* costs : {&scenario->send_fixed, &scenario->send_per_byte,
                      &scenario->recv_fixed, &scenario->recv_per_byte}) {
    costs->resize(n);
    for (uint64_t& cost : *costs) cost = Uniform(rng, 1, 50);
  }
  scenario->link_per_byte.resize(n * n);
  for (uint64_t& cost : scenario->link_per_byte) cost = Uniform(rng, 1, 10);
  const size_t message_count = Uniform(rng, 1, 3);
  scenario->destinations.resize(message_count);
  for (size_t k = 0; k < message_count; ++k) {
    const int source = static_cast<int>(Uniform(rng, 0, n - 1));
    std::vector<int> chosen =
        DrawDestinations(size, source, Uniform(rng, 20, 100), rng);
    if (chosen.empty()) chosen.push_back((source + 1) % size);
    scenario->destinations[k].assign(chosen.begin(), chosen.end());
    scenario->messages.push_back(
        {static_cast<uint32_t>(source), static_cast<uint64_t>(DrawCount(rng)),
         scenario->destinations[k].data(), chosen.size()});
  }
  scenario->PointRequest();
}

std::vector<Role> MultiRoles(const MultiScenario& scenario) {
  hetcast_request request = {};
  request.model = HETCAST_MODEL_NONBLOCKING;
  request.nonblocking = &scenario.request;
  mpi::WholePlan plan;
  if (!mpi::PlanWhole(request, &plan)) return {};
  std::vector<Role> roles(scenario.request.node_count);
  for (const hetcast_nonblocking_task& task : plan.tasks) {
    ++(task.op == HETCAST_NONBLOCKING_SEND ? roles[task.node].sends
                                           : roles[task.node].receives);
  }
  return roles;
}

unsigned char PatternByte(uint64_t seed, uint64_t index) {
  uint64_t x = seed * 0x9e3779b97f4a7c15ull + index;
  x ^= x >> 31;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 29;
  return static_cast<unsigned char>(x);
}

}  // namespace mpi_test
}  // namespace hetcast
