// bench.cc: one broadcast timed, hetcast's or MPI's, for the SMPI comparison
// (tools/mpi/smpi_experiment.sh) and the suite's SMPI check.
//
//   bench --model=node --rank-labels=T0,T1,... --costs=C0,C1,... --tick-ps=P
//         --size=BYTES [--table=T.hct] [--repeats=1] [--segment-bytes=S]
//         [--mpi-bcast-ticks=M]
//   bench --model=cluster --rank-labels=L0,L1,... --inter-cost=C --tick-ps=P
//         --size=BYTES [--repeats=1] [--segment-bytes=S] [--mpi-bcast-ticks=M]
//         [--postal=0|1]
//   bench --model=multi --size=BYTES --send-ps=S --byte-ps=X --recv-ps=R
//   bench --model=mpi --size=BYTES [--repeats=1]
//   bench --model=bound --size=BYTES [--times-out=T.txt]
//         [--gap-segments=S1,S2,... --gaps-out=G.txt]
//   bench --model=pairs --pairs=P.txt --size=BYTES
//   bench --model=multi-tree --plan=PLAN.txt --size=BYTES
//
// Root 0. Prints one line on rank 0: for hetcast, `hetcast_seconds=` the
// slowest rank's time from a barrier (HETCAST_MPI_Bcast, after a first call
// that gathers the types), `planned_seconds=` the plan's completion in ticks
// times the tick (P picoseconds; for the cluster model the calibrated
// intra-cluster time), `algorithm=` the planner's, `buffers_equal=` 1 when
// every rank received the root's bytes, `handed_to_mpi=` 1 when the call
// went to MPI_Bcast (call_rules.h; S and M are HETCAST_MPI_Params'
// segment_bytes and mpi_bcast_ticks); for MPI, `mpi_seconds=` the same
// timing of MPI_Bcast (the algorithm is SMPI's --cfg=smpi/bcast:NAME).
// --model=multi: ranks 0 and N/2 each multicast BYTES to all other ranks
// (HETCAST_MPI_Multicast_multi, WRP), in the non-blocking model with
// nominal costs S + X * bytes per send and R per receive (picoseconds; the
// same for every rank and link), printed like hetcast's.
// --model=bound: `bound_seconds=` the whole-transfer lower bound of a
// broadcast from rank 0 (transfer_bound.h) from every pair's uncontended
// transfer time (measure.h, PairTransferSeconds; SMPI only: it needs one
// clock for all ranks) and `farthest_rank=` a rank that bound reaches last;
// --times-out writes those times for large_plan: "hetcast-pair-times 1",
// "N BYTES", then N x N picoseconds, row = sender. --gaps-out writes the
// pipelined executor's steady-state gap between segments of each size
// S1, S2, ... from every rank to its fastest pair (measure.h,
// SegmentGapSeconds, kGapSegments segments) and, from 3 ranks on, what a
// second hop adds to that stream (SegmentRelaySeconds: R_s relaying to its
// own fastest receiver other than s, Y_s): "hetcast-segment-gaps 2",
// "N SEGMENTS", "receivers R_0 ... R_{N-1}", "relays Y_0 ... Y_{N-1}",
// then per size a line "S G_0 ... G_{N-1} A_0 ... A_{N-1}" in picoseconds
// (large_plan --gaps reads it; segment_gaps.h); on 2 ranks
// "hetcast-segment-gaps 1" without the relays and the A's.
// --model=pairs: HETCAST_MPI_Multicast_multi of one message from rank 0 to
// every other rank in the non-blocking model with the per-pair costs of
// calibrate --pairs-out (WRP), printed like hetcast's.
// --model=multi-tree: the pipelined broadcast over weighted trees
// (multi_tree.h) of the plan file that large_plan wrote, printed like
// hetcast's (no planned_seconds: large_plan prints the prediction).
// Exits 1 when buffers differ or the executor fails, 2 on bad arguments.

#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "tools/mpi/hetcast_mpi.h"
#include "tools/mpi/measure.h"
#include "tools/mpi/multi_tree.h"
#include "tools/mpi/program_args.h"
#include "tools/mpi/transfer_bound.h"
#include "tools/mpi/whole_plan.h"
#include "tools/version.h"

namespace hetcast {
namespace mpi {
namespace {

struct Bench {
  HETCAST_MPI_Params params = {};
  std::vector<int> labels;
  std::vector<uint64_t> costs;
  std::vector<uint64_t> table_bytes;
  hetcast_table table;
  double tick_seconds = 0;
  int bytes = 0, repeats = 1, rank = 0, size = 0;
};

// A failed hetcast call on this rank, with the rank: a failure can be one
// rank's alone (an MPI error of its own transfers).
void ReportFailure(const Bench& b) {
  std::fprintf(stderr, "bench: rank %d: %s\n", b.rank,
               HETCAST_MPI_Last_error());
}

// Every rank ends with the root's bytes (checked with an MPI_Allreduce).
bool BuffersEqual(const Bench& b) {
  std::vector<unsigned char> buffer(b.bytes);
  for (int i = 0; i < b.bytes; ++i) {
    buffer[i] = b.rank == 0 ? static_cast<unsigned char>(i * 131 + 7) : 0;
  }
  int ok = HETCAST_MPI_Bcast(buffer.data(), b.bytes, MPI_BYTE, 0,
                             MPI_COMM_WORLD, &b.params) == HETCAST_MPI_SUCCESS;
  if (!ok) ReportFailure(b);
  for (int i = 0; i < b.bytes && ok; ++i) {
    ok = buffer[i] == static_cast<unsigned char>(i * 131 + 7);
  }
  int all = 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  return all == 1;
}

int RunHetcast(const Bench& b) {
  BcastForecast forecast;
  int code = ForecastBcast(b.params, b.labels, 0, &forecast);
  double seconds = 0;
  if (code == HETCAST_MPI_SUCCESS) {
    code = TimedHetcastBcast(MPI_COMM_WORLD, 0, b.bytes, b.repeats, b.params,
                             &seconds);
  }
  if (code != HETCAST_MPI_SUCCESS) {
    ReportFailure(b);
    return 1;
  }
  const bool equal = BuffersEqual(b);
  if (b.rank == 0) {
    std::printf(
        "hetcast_seconds=%.9g planned_seconds=%.9g algorithm=%d "
        "buffers_equal=%d handed_to_mpi=%d\n",
        seconds, forecast.ticks * b.tick_seconds,
        static_cast<int>(forecast.algorithm), equal ? 1 : 0,
        forecast.handed_to_mpi ? 1 : 0);
  }
  return equal ? 0 : 1;
}

// The two-source request of --model=multi.
using MultiRequest = MultiSourceRequest;

void BuildMulti(const Bench& b, ProgramArgs* args, MultiRequest* m) {
  const size_t n = static_cast<size_t>(b.size);
  m->send_fixed.assign(n, args->Unsigned("send-ps", 1));
  m->send_per_byte.assign(n, 0);
  m->recv_fixed.assign(n, args->Unsigned("recv-ps", 1));
  m->recv_per_byte.assign(n, 0);
  m->link_per_byte.assign(n * n, args->Unsigned("byte-ps", 1));
  for (uint32_t source : {0u, static_cast<uint32_t>(n / 2)}) {
    m->destinations.emplace_back();
    for (uint32_t v = 0; v < n; ++v) {
      if (v != source) m->destinations.back().push_back(v);
    }
  }
  for (size_t k = 0; k < 2; ++k) {
    m->messages.push_back({k == 0 ? 0u : static_cast<uint32_t>(n / 2),
                           static_cast<uint64_t>(b.bytes),
                           m->destinations[k].data(), n - 1});
  }
  m->PointRequest();
}

// Planned completion (ps) of the whole WRP plan, or 0 on an error.
double PlannedMultiSeconds(const hetcast_nonblocking_request& nb) {
  hetcast_request request = {};
  request.model = HETCAST_MODEL_NONBLOCKING;
  request.nonblocking = &nb;
  WholePlan plan;
  return PlanWhole(request, &plan) ? plan.info.answer.completion_time * 1e-12
                                   : 0;
}

int RunMulti(const Bench& b, ProgramArgs* args) {
  MultiRequest m;
  BuildMulti(b, args, &m);
  std::vector<std::vector<unsigned char>> storage(2);
  std::vector<void*> buffers(2);
  for (size_t k = 0; k < 2; ++k) {
    storage[k].assign(b.bytes, 0);
    if (m.messages[k].source == static_cast<uint32_t>(b.rank)) {
      for (int i = 0; i < b.bytes; ++i)
        storage[k][i] = static_cast<unsigned char>(i + 3 * k);
    }
    buffers[k] = storage[k].data();
  }
  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  const int code =
      HETCAST_MPI_Multicast_multi(buffers.data(), MPI_BYTE, &m.request,
                                  HETCAST_ALGORITHM_NONE, MPI_COMM_WORLD);
  double elapsed = MPI_Wtime() - start, slowest = 0;
  MPI_Allreduce(&elapsed, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  int ok = code == HETCAST_MPI_SUCCESS, all = 0;
  for (size_t k = 0; k < 2 && ok; ++k) {
    for (int i = 0; i < b.bytes && ok; ++i) {
      ok = storage[k][i] == static_cast<unsigned char>(i + 3 * k);
    }
  }
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (b.rank == 0) {
    std::printf(
        "hetcast_seconds=%.9g planned_seconds=%.9g algorithm=%d "
        "buffers_equal=%d\n",
        slowest, PlannedMultiSeconds(m.request),
        static_cast<int>(HETCAST_ALGORITHM_WRP), all);
  }
  return all == 1 ? 0 : 1;
}

uint64_t Picoseconds(double seconds) {
  return static_cast<uint64_t>(std::llround(std::max(0.0, seconds) * 1e12));
}

// Segments per stream of --gaps-out: enough that the gap, not the fill,
// sets the difference of the two streams.
constexpr size_t kGapSegments = 16;

// Rank s's fastest receiver other than s and `skip` in the pair times `ps`
// (ties: the lower rank); -1 when there is none.
int FastestReceiver(const std::vector<uint64_t>& ps, int n, int s, int skip) {
  int best = -1;
  for (int r = 0; r < n; ++r) {
    if (r == s || r == skip) continue;
    if (best < 0 || ps[s * n + r] < ps[s * n + best]) best = r;
  }
  return best;
}

// Each rank's fastest receiver in the pair times `ps` (on rank 0), and that
// receiver's own fastest receiver other than the rank (-1 on 2 ranks),
// sent to every rank.
void FastestReceivers(const std::vector<uint64_t>& ps, int n,
                      std::vector<int>* receivers, std::vector<int>* relays) {
  receivers->assign(n, 0);
  relays->assign(n, -1);
  for (int s = 0; s < n && !ps.empty(); ++s) {
    (*receivers)[s] = FastestReceiver(ps, n, s, s);
    (*relays)[s] = FastestReceiver(ps, n, (*receivers)[s], s);
  }
  MPI_Bcast(receivers->data(), n, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Bcast(relays->data(), n, MPI_INT, 0, MPI_COMM_WORLD);
}

// Appends " V" in picoseconds for each of `seconds`.
void AppendPicoseconds(const std::vector<double>& seconds,
                       std::ostringstream* text) {
  for (double value : seconds) *text << " " << Picoseconds(value);
}

// --gaps-out: the gaps (and from 3 ranks on the relays' additions) of every
// size of `sizes` (bench.cc's header).
int WriteGaps(const Bench& b, const std::vector<uint64_t>& ps,
              const std::vector<uint64_t>& sizes, const std::string& path) {
  std::vector<int> receivers, relays;
  FastestReceivers(ps, b.size, &receivers, &relays);
  const bool relayed = b.size >= 3;
  std::ostringstream text;
  text << "hetcast-segment-gaps " << (relayed ? 2 : 1) << "\n"
       << b.size << " " << kGapSegments << "\nreceivers";
  for (int r : receivers) text << " " << r;
  if (relayed) {
    text << "\nrelays";
    for (int r : relays) text << " " << r;
  }
  int rc = MPI_SUCCESS;
  for (uint64_t size : sizes) {
    text << "\n" << size;
    AppendPicoseconds(
        SegmentGapSeconds(MPI_COMM_WORLD, receivers, size, kGapSegments, &rc),
        &text);
    if (!relayed) continue;
    AppendPicoseconds(SegmentRelaySeconds(MPI_COMM_WORLD, receivers, relays,
                                          size, kGapSegments, &rc),
                      &text);
  }
  if (b.rank != 0) return rc == MPI_SUCCESS ? 0 : 1;
  std::ofstream out(path);
  out << text.str() << "\n";
  out.close();
  if (rc != MPI_SUCCESS || !out) {
    std::fprintf(stderr, "bench: %s\n",
                 rc != MPI_SUCCESS ? "a segment stream failed"
                                   : ("cannot write " + path).c_str());
    return 1;
  }
  return 0;
}

// --gaps-out and --gap-segments go together, with sizes of 1 byte to
// 16 MiB, on 2 ranks or more; an error message, or "".
std::string CheckGapArgs(ProgramArgs* args, int ranks) {
  const std::vector<uint64_t> sizes = args->UnsignedList("gap-segments");
  const bool out = !args->String("gaps-out", "").empty();
  const bool bad = std::any_of(sizes.begin(), sizes.end(), [](uint64_t s) {
    return s == 0 || s > (uint64_t{1} << 24);
  });
  if (out != !sizes.empty() || bad || (out && ranks < 2)) {
    return "--gaps-out and --gap-segments (sizes of 1 to 16777216 bytes) go "
           "together, on 2 ranks or more";
  }
  return "";
}

// The whole-transfer bound from rank 0, in picoseconds of the measured
// pair times; --times-out and --gaps-out.
int RunBound(const Bench& b, ProgramArgs* args) {
  const std::string times_out = args->String("times-out", "");
  const std::string gaps_out = args->String("gaps-out", "");
  const std::vector<uint64_t> gap_sizes = args->UnsignedList("gap-segments");
  const std::vector<double> seconds =
      PairTransferSeconds(MPI_COMM_WORLD, b.bytes);
  std::vector<uint64_t> ps(seconds.size());
  for (size_t i = 0; i < seconds.size(); ++i) ps[i] = Picoseconds(seconds[i]);
  if (!gaps_out.empty() && WriteGaps(b, ps, gap_sizes, gaps_out) != 0) {
    return 1;
  }
  if (b.rank != 0) return 0;
  const size_t n = static_cast<size_t>(b.size);
  if (!times_out.empty()) {
    std::ofstream out(times_out);
    out << "hetcast-pair-times 1\n" << n << " " << b.bytes << "\n";
    for (size_t i = 0; i < ps.size(); ++i) {
      out << ps[i] << ((i + 1) % n == 0 ? "\n" : " ");
    }
    if (!out) {
      std::fprintf(stderr, "bench: cannot write %s\n", times_out.c_str());
      return 1;
    }
  }
  const std::vector<uint64_t> arrivals = EarliestArrivals(ps, n, 0);
  if (arrivals.empty()) {
    std::fprintf(stderr, "bench: the transfer times overflow the bound\n");
    return 1;
  }
  const size_t farthest = static_cast<size_t>(
      std::max_element(arrivals.begin(), arrivals.end()) - arrivals.begin());
  std::printf("bound_seconds=%.9g farthest_rank=%zu\n",
              arrivals[farthest] * 1e-12, farthest);
  return 0;
}

// --model=pairs: the non-blocking model's costs per pair from `path`
// (calibrate --pairs-out: "N BYTES", N send costs, N * N link costs per
// byte, picoseconds); one message of b.bytes from rank 0 to every other
// rank. An error message, or "".
std::string ReadPairs(const Bench& b, const std::string& path,
                      MultiRequest* m) {
  std::ifstream in(path);
  size_t n = 0, bytes = 0;
  in >> n >> bytes;
  if (!in || n != static_cast<size_t>(b.size) ||
      bytes != static_cast<size_t>(b.bytes)) {
    return path + " is not a pairs file for " + std::to_string(b.size) +
           " ranks and " + std::to_string(b.bytes) + " bytes";
  }
  m->send_fixed.assign(n, 0);
  m->link_per_byte.assign(n * n, 0);
  for (uint64_t& cost : m->send_fixed) in >> cost;
  for (uint64_t& cost : m->link_per_byte) in >> cost;
  if (!in) return path + " ends early";
  m->send_per_byte.assign(n, 0);
  m->recv_fixed.assign(n, 0);
  m->recv_per_byte.assign(n, 0);
  m->destinations.emplace_back();
  for (uint32_t v = 1; v < n; ++v) m->destinations.back().push_back(v);
  m->messages.push_back(
      {0, static_cast<uint64_t>(b.bytes), m->destinations[0].data(), n - 1});
  m->PointRequest();
  return "";
}

int RunPairs(const Bench& b, const std::string& path) {
  MultiRequest m;
  const std::string error = ReadPairs(b, path, &m);
  if (!error.empty()) {
    if (b.rank == 0) std::fprintf(stderr, "bench: %s\n", error.c_str());
    return 2;
  }
  std::vector<unsigned char> storage(b.bytes, 0);
  if (b.rank == 0) {
    for (int i = 0; i < b.bytes; ++i)
      storage[i] = static_cast<unsigned char>(i);
  }
  void* buffers[1] = {storage.data()};
  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  const int code = HETCAST_MPI_Multicast_multi(
      buffers, MPI_BYTE, &m.request, HETCAST_ALGORITHM_NONE, MPI_COMM_WORLD);
  double elapsed = MPI_Wtime() - start, slowest = 0;
  MPI_Allreduce(&elapsed, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  int ok = code == HETCAST_MPI_SUCCESS, all = 0;
  for (int i = 0; i < b.bytes && ok; ++i) {
    ok = storage[i] == static_cast<unsigned char>(i);
  }
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (b.rank == 0) {
    std::printf("hetcast_seconds=%.9g planned_seconds=%.9g buffers_equal=%d\n",
                slowest, PlannedMultiSeconds(m.request), all);
  }
  return all == 1 ? 0 : 1;
}

// --model=multi-tree: one MultiTreeBcast of b.bytes from the plan's root
// (rank 0) with the plan of `path` (multi_tree_plan.h's text).
int RunMultiTree(const Bench& b, const std::string& path) {
  std::ifstream file(path);
  const std::string text((std::istreambuf_iterator<char>(file)),
                         std::istreambuf_iterator<char>());
  MultiTreePlan plan;
  int ranks = 0;
  std::string error = ParseMultiTreePlan(text, &plan, &ranks);
  if (error.empty() && (ranks != b.size || plan.root != 0)) {
    error = "a plan for " + std::to_string(ranks) + " ranks from rank " +
            std::to_string(plan.root) + ", not for " + std::to_string(b.size) +
            " from rank 0";
  }
  if (!error.empty()) {
    if (b.rank == 0)
      std::fprintf(stderr, "bench: %s: %s\n", path.c_str(), error.c_str());
    return 2;
  }
  std::vector<unsigned char> storage(b.bytes, 0);
  if (b.rank == 0) {
    for (int i = 0; i < b.bytes; ++i)
      storage[i] = static_cast<unsigned char>(i);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  const int code =
      MultiTreeBcast(storage.data(), storage.size(), plan, MPI_COMM_WORLD);
  double elapsed = MPI_Wtime() - start, slowest = 0;
  MPI_Allreduce(&elapsed, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  int ok = code == MPI_SUCCESS, all = 0;
  for (int i = 0; i < b.bytes && ok; ++i) {
    ok = storage[i] == static_cast<unsigned char>(i);
  }
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (b.rank == 0) {
    std::printf(
        "hetcast_seconds=%.9g trees=%zu segment_bytes=%zu "
        "buffers_equal=%d\n",
        slowest, plan.trees.size(), plan.segment_bytes, all);
  }
  return all == 1 ? 0 : 1;
}

bool LoadTable(const std::string& path, Bench* b) {
  std::ifstream file(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(file)),
                          std::istreambuf_iterator<char>());
  b->table_bytes.assign((bytes.size() + 7) / 8, 0);
  bytes.copy(reinterpret_cast<char*>(b->table_bytes.data()), bytes.size());
  return hetcast_table_open(b->table_bytes.data(), bytes.size(), &b->table,
                            nullptr) == HETCAST_OK;
}

// Fills the model's parameters; an error message, or "".
std::string Configure(ProgramArgs* args, Bench* b) {
  const std::string model = args->String("model", "");
  const std::vector<uint64_t> labels = args->UnsignedList("rank-labels");
  b->labels.assign(labels.begin(), labels.end());
  b->costs = args->UnsignedList("costs");
  b->tick_seconds = args->Unsigned("tick-ps", 0) * 1e-12;
  b->params.segment_bytes = args->Unsigned("segment-bytes", 0);
  b->params.mpi_bcast_ticks = args->Unsigned("mpi-bcast-ticks", 0);
  if (model == "mpi" || model == "multi" || model == "bound" ||
      model == "pairs" || model == "multi-tree") {
    return "";
  }
  if (labels.size() != static_cast<size_t>(b->size)) {
    return "--rank-labels needs one entry per rank";
  }
  b->params.my_type = b->labels[b->rank];
  if (model == "node") {
    b->params.model = HETCAST_MODEL_NODE;
    b->params.costs = b->costs.data();
    b->params.type_count = b->costs.size();
    const std::string table = args->String("table", "");
    if (!table.empty() && !LoadTable(table, b)) return "cannot open " + table;
    if (!table.empty()) b->params.table = &b->table;
    return "";
  }
  if (model != "cluster") {
    return "--model must be node, cluster, multi, mpi or bound";
  }
  b->params.model = HETCAST_MODEL_CLUSTER;
  b->params.inter_cost = args->Unsigned("inter-cost", 1);
  b->params.postal = args->Unsigned("postal", 0) != 0;
  for (int label : b->labels) {
    b->params.cluster_count =
        std::max(b->params.cluster_count, static_cast<size_t>(label) + 1);
  }
  return "";
}

constexpr char kUsage[] =
    "usage: bench --model=node --rank-labels=T0,... --costs=C0,... "
    "--tick-ps=P --size=BYTES\n"
    "             [--table=T.hct] [--repeats=1] [--segment-bytes=S] "
    "[--mpi-bcast-ticks=M]\n"
    "       bench --model=cluster --rank-labels=L0,... --inter-cost=C "
    "--tick-ps=P --size=BYTES\n"
    "             [--repeats=1] [--segment-bytes=S] [--mpi-bcast-ticks=M] "
    "[--postal=0|1]\n"
    "       bench --model=multi --size=BYTES --send-ps=S --byte-ps=X "
    "--recv-ps=R\n"
    "       bench --model=mpi --size=BYTES [--repeats=1]\n"
    "       bench --model=bound --size=BYTES [--times-out=T.txt]\n"
    "             [--gap-segments=S1,S2,... --gaps-out=G.txt]\n"
    "       bench --model=pairs --pairs=P.txt --size=BYTES\n"
    "       bench --model=multi-tree --plan=PLAN.txt --size=BYTES\n"
    "  Under mpiexec or smpirun: one broadcast from rank 0 timed, hetcast's\n"
    "  or MPI_Bcast; one line on rank 0 (the top of tools/mpi/bench.cc says\n"
    "  each field).\n";

int Main(int argc, char** argv) {
  Bench b;
  MPI_Comm_rank(MPI_COMM_WORLD, &b.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &b.size);
  if (AsksHelpOrVersion(argc, argv)) {
    if (b.rank == 0) AnswerHelpOrVersion(argc, argv, "bench", kUsage);
    return 0;
  }
  ProgramArgs args(argc, argv,
                   {"model", "rank-labels", "costs", "tick-ps", "size", "table",
                    "inter-cost", "repeats", "send-ps", "byte-ps", "recv-ps",
                    "segment-bytes", "mpi-bcast-ticks", "postal", "pairs",
                    "plan", "times-out", "gaps-out", "gap-segments"});
  b.bytes = static_cast<int>(args.Unsigned("size", 0));
  b.repeats = static_cast<int>(args.Unsigned("repeats", 1));
  std::string error = Configure(&args, &b);
  if (error.empty()) error = args.error();
  if (error.empty() && (b.bytes <= 0 || b.repeats <= 0)) {
    error = "--size and --repeats must be at least 1";
  }
  if (error.empty()) error = CheckGapArgs(&args, b.size);
  if (!error.empty()) {
    if (b.rank == 0) std::fprintf(stderr, "bench: %s\n", error.c_str());
    return 2;
  }
  if (args.String("model", "") == "multi") return RunMulti(b, &args);
  if (args.String("model", "") == "bound") {
    return RunBound(b, &args);
  }
  if (args.String("model", "") == "pairs") {
    return RunPairs(b, args.String("pairs", ""));
  }
  if (args.String("model", "") == "multi-tree") {
    return RunMultiTree(b, args.String("plan", ""));
  }
  if (args.String("model", "") != "mpi") return RunHetcast(b);
  const double seconds = TimedMpiBcast(MPI_COMM_WORLD, 0, b.bytes, b.repeats);
  if (b.rank == 0) std::printf("mpi_seconds=%.9g\n", seconds);
  return 0;
}

}  // namespace
}  // namespace mpi
}  // namespace hetcast

int main(int argc, char** argv) {
  return hetcast::mpi::RunMpiProgram(argc, argv, hetcast::mpi::Main);
}
