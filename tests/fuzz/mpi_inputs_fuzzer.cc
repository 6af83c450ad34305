// mpi_inputs_fuzzer.cc: the inputs of the MPI executor and of calibration
// (tools/mpi), MPI-free. One input drives three parts:
//
//  1. calibrate's flags: the input's text, one argument per line, read by
//     ReadCalibrateInput for a communicator of 2 to 8 ranks. Accepted =>
//     every value is the one the flag's text gives (no truncation: --size
//     and --repeats are whole ints), one label per rank with every label
//     0 .. max used, a name with nothing to escape. Refused => a message.
//  2. The profile calibrate writes (CalibratedProfileJson) for the accepted
//     name and limit and costs drawn from the input: `hetcast gen`'s parser
//     (ParseProfileJson) gives back the same name, costs and limits, or
//     refuses exactly when ValidateProfile refuses the same profile.
//  3. The executor's per-call rules for a communicator drawn from the input
//     (2 to 16 ranks; node model of 1 to 5 types or cluster model of 1 to 4
//     clusters; root, destinations, relays, pinned algorithm, segment size,
//     calibrated MPI_Bcast ticks): MapNodeRanks / MapClusterRanks give a
//     bijection between the ranks they keep and the canonical ids with the
//     root at 0 and every destination kept, in the order hetcast_mpi.h
//     documents for the node model; the planner sizes the request or
//     refuses it; an accepted request of up to 64 nodes answers the
//     queries of three participants (first, middle, last); HandToMpiBcast
//     follows call_rules.h's rules; SegmentElements is 1 .. count, count itself
//     when not segmented.
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "tests/fuzz/fuzz_check.h"
#include "tools/gen/profile.h"
#include "tools/mpi/call_rules.h"
#include "tools/mpi/program_args.h"
#include "tools/mpi/rank_map.h"

namespace {

using hetcast::mpi::CalibrateInput;
using hetcast::mpi::ProgramArgs;

// Reads the input front to back; past its end every byte is 0.
struct Bytes {
  const uint8_t* data;
  size_t size;
  size_t at = 0;
  uint8_t Next() { return at < size ? data[at++] : 0; }
  uint64_t Wide() {
    uint64_t value = 0;
    for (int i = 0; i < 8; ++i) value = value << 8 | Next();
    return value;
  }
};

std::vector<std::string> Lines(const uint8_t* data, size_t size) {
  std::vector<std::string> lines(1);
  for (size_t i = 0; i < size && lines.size() <= 16; ++i) {
    if (data[i] == '\n') {
      lines.emplace_back();
    } else {
      lines.back() += static_cast<char>(data[i]);
    }
  }
  // An argument is a C string: it ends at its first NUL, as argv has it.
  for (std::string& line : lines) line = line.c_str();
  return lines;
}

// The value the flag's text gives, as calibrate's parser reads it (digits
// only), or false.
bool FlagValue(const std::vector<std::string>& lines, const std::string& name,
               uint64_t* value) {
  bool found = false;
  for (const std::string& line : lines) {
    if (line.rfind("--" + name + "=", 0) != 0) continue;
    const std::string text = line.substr(name.size() + 3);
    found = !text.empty() &&
            text.find_first_not_of("0123456789") == std::string::npos;
    if (found) *value = std::strtoull(text.c_str(), nullptr, 10);
  }
  return found;
}

void CheckLabels(const std::vector<int>& labels, size_t count, int size) {
  FUZZ_CHECK(labels.size() == static_cast<size_t>(size));
  FUZZ_CHECK(count >= 1 && count <= static_cast<size_t>(size));
  std::vector<char> used(count, 0);
  for (int label : labels) {
    FUZZ_CHECK(label >= 0 && static_cast<size_t>(label) < count);
    used[label] = 1;
  }
  for (char u : used) FUZZ_CHECK(u);
}

// Part 1; returns the accepted input's name and limit for part 2.
bool CalibrateFlags(const uint8_t* data, size_t size, int ranks,
                    CalibrateInput* input) {
  const std::vector<std::string> lines = Lines(data, size);
  std::vector<char*> argv = {const_cast<char*>("calibrate")};
  for (const std::string& line : lines) {
    argv.push_back(const_cast<char*>(line.c_str()));
  }
  ProgramArgs args(
      static_cast<int>(argv.size()), argv.data(),
      {"size", "rank-types", "rank-clusters", "repeats", "tick-ns", "limit",
       "name", "profile-out", "cluster-out", "rules-out", "pairs-out"});
  const std::string error = ReadCalibrateInput(&args, ranks, input);
  if (!error.empty()) return false;
  uint64_t bytes = 0;
  FUZZ_CHECK(FlagValue(lines, "size", &bytes));
  FUZZ_CHECK(bytes >= 1 && bytes <= INT_MAX &&
             static_cast<uint64_t>(input->bytes) == bytes);
  uint64_t repeats = 5;
  FlagValue(lines, "repeats", &repeats);
  FUZZ_CHECK(static_cast<uint64_t>(input->repeats) == repeats);
  FUZZ_CHECK(input->repeats >= 1 && input->tick_ns >= 1);
  FUZZ_CHECK(input->limit >= 1 && input->limit <= (uint64_t{1} << 25));
  CheckLabels(input->rank_types, input->type_count, ranks);
  if (input->cluster_count != 0) {
    CheckLabels(input->rank_clusters, input->cluster_count, ranks);
  }
  FUZZ_CHECK(!input->name.empty());
  for (char c : input->name) {
    FUZZ_CHECK(c >= 0x20 && c <= 0x7e && c != '"' && c != '\\');
  }
  return true;
}

// Part 2.
void CalibratedProfile(const CalibrateInput& input, Bytes* in) {
  std::vector<uint64_t> costs(1 + in->Next() % 4);
  for (uint64_t& cost : costs)
    cost = in->Next() % 8 == 0 ? in->Wide() : in->Next();
  const std::string json =
      hetcast::mpi::CalibratedProfileJson(input.name, costs, input.limit);
  absl::StatusOr<hetcast::ProfileSpec> parsed = hetcast::ParseProfileJson(json);
  hetcast::ProfileSpec direct;
  direct.name = input.name;
  for (size_t j = 0; j < costs.size(); ++j) {
    direct.types.push_back({"type" + std::to_string(j), costs[j],
                            static_cast<uint32_t>(input.limit)});
  }
  const bool valid = hetcast::ValidateProfile(direct).ok();
  FUZZ_CHECK(parsed.ok() == valid);
  if (!parsed.ok()) return;
  FUZZ_CHECK(parsed->name == input.name);
  FUZZ_CHECK(parsed->types.size() == costs.size());
  for (size_t j = 0; j < costs.size(); ++j) {
    FUZZ_CHECK(parsed->types[j].cost == costs[j]);
    FUZZ_CHECK(parsed->types[j].limit == input.limit);
  }
}

// The node model's ids as hetcast_mpi.h documents them: the root, then the
// destinations by type (each in rank order), then (with relays) the other
// ranks by type.
std::vector<int> DocumentedNodeOrder(const std::vector<int>& types,
                                     size_t type_count, int root,
                                     const std::vector<char>& is_destination,
                                     bool allow_relays) {
  std::vector<int> order = {root};
  for (int pass = 0; pass < (allow_relays ? 2 : 1); ++pass) {
    for (size_t t = 0; t < type_count; ++t) {
      for (size_t r = 0; r < types.size(); ++r) {
        const bool destination = is_destination[r] != 0;
        if (static_cast<int>(r) == root || types[r] != static_cast<int>(t) ||
            destination != (pass == 0)) {
          continue;
        }
        order.push_back(static_cast<int>(r));
      }
    }
  }
  return order;
}

void CheckBijection(const hetcast::mpi::RankMap& map, int root,
                    const std::vector<char>& is_destination) {
  const size_t n = map.canonical_of_rank.size();
  FUZZ_CHECK(n == is_destination.size());
  FUZZ_CHECK(!map.rank_of_canonical.empty() &&
             map.rank_of_canonical[0] == root);
  std::vector<char> seen(n, 0);
  for (size_t id = 0; id < map.rank_of_canonical.size(); ++id) {
    const int rank = map.rank_of_canonical[id];
    FUZZ_CHECK(rank >= 0 && static_cast<size_t>(rank) < n && !seen[rank]);
    seen[rank] = 1;
    FUZZ_CHECK(map.canonical_of_rank[rank] == id);
  }
  for (size_t r = 0; r < n; ++r) {
    if (!seen[r]) FUZZ_CHECK(map.canonical_of_rank[r] == HETCAST_NO_NODE);
    if (is_destination[r] && static_cast<int>(r) != root) FUZZ_CHECK(seen[r]);
  }
}

// Part 3: the executor's parameters as HETCAST_MPI_Params, drawn with the
// arrays they point into.
struct DrawnParams {
  HETCAST_MPI_Params params = {};
  std::vector<uint64_t> costs, degrees;
  bool node = false;
  size_t labels = 0;  // types or clusters
};

void DrawParams(Bytes* in, DrawnParams* d) {
  HETCAST_MPI_Params& params = d->params;
  d->node = in->Next() % 2 == 0;
  d->costs.resize(1 + in->Next() % 5);
  for (uint64_t& cost : d->costs)
    cost = in->Next() % 16 == 0 ? in->Wide() : in->Next() % 9;
  params.model = d->node ? HETCAST_MODEL_NODE : HETCAST_MODEL_CLUSTER;
  if (d->node) {
    params.costs = d->costs.data();
    params.type_count = d->costs.size();
  } else {
    params.cluster_count = 1 + in->Next() % 4;
    params.inter_cost = in->Next() % 8 == 0 ? in->Wide() : in->Next() % 9;
    params.postal = in->Next() % 2;
    params.matching = in->Next() % 4;
    if (in->Next() % 3 == 0) {
      d->degrees.resize(params.cluster_count);
      for (uint64_t& degree : d->degrees) degree = in->Next() % 4;
      params.degrees = d->degrees.data();
    }
  }
  d->labels = d->node ? params.type_count : params.cluster_count;
  const uint8_t pin = in->Next();
  params.algorithm = static_cast<hetcast_algorithm>(pin < 160 ? 0 : pin % 20);
  params.segment_bytes = in->Next() % 4 == 0 ? 0 : in->Wide() % 100000;
  params.mpi_bcast_ticks = in->Next() % 2 == 0 ? 0 : in->Wide() % 1000;
}

// A planned request: each of three participants (the source, a middle
// one, the last) is answered; each query plans the whole request, so all
// of them would cost n plans.
void CheckParticipants(const hetcast::mpi::PlannerRequest& request,
                       const hetcast_sizes& sizes) {
  FUZZ_CHECK(sizes.node_count == request.map.rank_of_canonical.size());
  if (sizes.node_count > 64) return;
  std::vector<unsigned char> workspace(sizes.workspace_bytes + 1);
  std::vector<hetcast_transfer> sends(sizes.node_count + 1);
  const uint32_t last = static_cast<uint32_t>(sizes.node_count - 1);
  for (uint32_t id : {uint32_t{0}, last / 2, last}) {
    hetcast_participant part = {};
    part.sends = sends.data();
    part.send_capacity = sends.size();
    const char* why = nullptr;
    const hetcast_status answered = hetcast_plan_participant(
        &request.request, id, workspace.data(), workspace.size(), &part, &why);
    FUZZ_CHECK(answered == HETCAST_OK || answered == HETCAST_OVERFLOW);
  }
}

// The segment rule: whole elements, the whole message below two segments.
void CheckSegments(Bytes* in, const HETCAST_MPI_Params& params) {
  const int count = 1 + static_cast<int>(in->Wide() % INT_MAX);
  const size_t extent = 1 + in->Next() % 64;
  const int step = hetcast::mpi::SegmentElements(params, count, extent);
  FUZZ_CHECK(step >= 1 && step <= count);
  if (params.segment_bytes == 0 ||
      static_cast<uint64_t>(count) * extent < 2 * params.segment_bytes) {
    FUZZ_CHECK(step == count);
  }
}

void ExecutorRules(Bytes* in) {
  const int n = 2 + in->Next() % 15;
  DrawnParams d;
  DrawParams(in, &d);
  const HETCAST_MPI_Params& params = d.params;
  std::vector<int> types(n);
  std::vector<char> is_destination(n);
  for (int r = 0; r < n; ++r) {
    types[r] = static_cast<int>(in->Next() % d.labels);
    is_destination[r] = in->Next() % 2;
  }
  const int root = in->Next() % n;
  const bool multicast = in->Next() % 2 == 0;
  const bool allow_relays = in->Next() % 2 == 0;
  if (!multicast) {
    for (int r = 0; r < n; ++r) is_destination[r] = r != root;
  }
  is_destination[root] = 0;

  hetcast::mpi::PlannerRequest request;
  hetcast::mpi::BuildPlannerRequest(params, types, root, is_destination,
                                    multicast, allow_relays, &request);
  CheckBijection(request.map, root, is_destination);
  if (d.node) {
    FUZZ_CHECK(request.map.rank_of_canonical ==
               DocumentedNodeOrder(types, d.labels, root, is_destination,
                                   allow_relays || !multicast));
  }
  hetcast_sizes sizes;
  const char* why = nullptr;
  const hetcast_status status =
      hetcast_plan_sizes(&request.request, &sizes, &why);
  if (status != HETCAST_OK) {
    FUZZ_CHECK(why != nullptr && why[0] != '\0');
  } else {
    CheckParticipants(request, sizes);
  }
  if (!multicast) {
    const bool handed =
        hetcast::mpi::HandToMpiBcast(params, types, request.request);
    if (params.algorithm != HETCAST_ALGORITHM_NONE || status != HETCAST_OK) {
      FUZZ_CHECK(!handed);
    } else if (hetcast::mpi::HomogeneousForModel(params, types)) {
      FUZZ_CHECK(handed);
    }
  }
  CheckSegments(in, params);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const int ranks = 2 + data[0] % 7;
  CalibrateInput input;
  if (CalibrateFlags(data + 1, size - 1, ranks, &input)) {
    Bytes in{data, size};
    CalibratedProfile(input, &in);
  }
  Bytes in{data, size};
  ExecutorRules(&in);
  return 0;
}
