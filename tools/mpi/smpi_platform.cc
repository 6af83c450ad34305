// smpi_platform.cc: seeded SimGrid platforms (XML version 4.1) for the SMPI
// comparison of hetcast's broadcasts with MPI's (smpi_experiment.sh).
//
//   smpi_platform --kind=homogeneous|mixed|clusters --ranks=N --seed=S
//                 --out=DIR
//
// writes DIR/platform.xml, DIR/hostfile (rank i on line i) and
// DIR/labels (rank i's node type: its generation among the drawn ones,
// fastest first; or its cluster for `clusters`; comma-separated)
// and prints one line describing the draw. The platforms are what real
// clusters have, drawn without looking at any model:
//  - homogeneous: one switch, every host on a 10 Gb/s, 5 us link;
//  - mixed: one switch, hosts of 2-4 network generations (25 Gb/s 2 us,
//    10 Gb/s 5 us, 1 Gb/s 20 us, 100 Mb/s 50 us) in random proportions,
//    placed on the ranks in random order; the label is the generation;
//  - clusters: 2-8 clusters of unequal random sizes (contiguous ranks, as a
//    hostfile lists them), 10 Gb/s 5 us inside, each cluster behind its own
//    1 Gb/s, 50 us uplink to the others (the slower backbone).
// Each host has its own full-duplex link (SPLITDUPLEX) to its switch,
// whose backbone (100 GB/s) does not limit anything.

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "tools/mpi/program_args.h"
#include "tools/version.h"

namespace hetcast {
namespace mpi {
namespace {

struct Generation {
  const char* bandwidth;
  const char* latency;
  const char* name;
};

// Fastest first.
constexpr Generation kGenerations[] = {{"3.125GBps", "2us", "25G"},
                                       {"1.25GBps", "5us", "10G"},
                                       {"125MBps", "20us", "1G"},
                                       {"12.5MBps", "50us", "100M"}};

struct Platform {
  std::vector<int> host_generation;  // per host, index into kGenerations
  std::vector<int> host_type;        // per host, among the drawn ones
  std::vector<int> host_cluster;     // per host
  std::vector<int> labels;           // per rank
  std::vector<int> rank_host;        // rank i runs on host rank_host[i]
  int cluster_count = 1;
  std::string description;
};

int Uniform(std::mt19937_64* rng, int low, int high) {
  return std::uniform_int_distribution<int>(low, high)(*rng);
}

// Splits n into `parts` positive sizes in proportion to random weights.
std::vector<int> RandomSizes(int n, int parts, std::mt19937_64* rng) {
  std::vector<int> weights(parts), sizes(parts, 1);
  int total = 0;
  for (int& w : weights) total += w = Uniform(rng, 1, 8);
  int left = n - parts;
  for (int p = 0; p < parts; ++p) {
    const int share = p + 1 == parts ? left : left * weights[p] / total;
    sizes[p] += share;
    left -= share;
    total -= weights[p];
  }
  return sizes;
}

// Generations and their counts, each host's generation in random order.
void DrawMixed(int n, std::mt19937_64* rng, Platform* platform,
               std::ostringstream* text) {
  Platform& p = *platform;
  std::vector<int> generations = {0, 1, 2, 3};
  std::shuffle(generations.begin(), generations.end(), *rng);
  generations.resize(Uniform(rng, 2, 4));
  std::sort(generations.begin(), generations.end());
  const std::vector<int> sizes =
      RandomSizes(n, static_cast<int>(generations.size()), rng);
  *text << "mixed:";
  int host = 0;
  for (size_t g = 0; g < generations.size(); ++g) {
    *text << " " << sizes[g] << "x" << kGenerations[generations[g]].name;
    for (int i = 0; i < sizes[g]; ++i) p.host_type[host++] = g;
  }
  std::shuffle(p.host_type.begin(), p.host_type.end(), *rng);
  for (int h = 0; h < n; ++h) {
    p.host_generation[h] = generations[p.host_type[h]];
  }
}

Platform Draw(const std::string& kind, int n, std::mt19937_64* rng) {
  Platform p;
  p.host_generation.assign(n, 1);
  p.host_type.assign(n, 0);
  p.host_cluster.assign(n, 0);
  std::ostringstream text;
  if (kind == "mixed") {
    DrawMixed(n, rng, &p, &text);
  } else if (kind == "clusters") {
    p.cluster_count = Uniform(rng, 2, std::max(2, std::min(8, n / 4)));
    const std::vector<int> sizes = RandomSizes(n, p.cluster_count, rng);
    text << "clusters:";
    int host = 0;
    for (int c = 0; c < p.cluster_count; ++c) {
      text << " " << sizes[c];
      for (int i = 0; i < sizes[c]; ++i) p.host_cluster[host++] = c;
    }
  } else {
    text << "homogeneous: " << n << "x10G";
  }
  p.description = text.str();
  for (int host = 0; host < n; ++host) {
    p.rank_host.push_back(host);
    p.labels.push_back(kind == "clusters" ? p.host_cluster[host]
                                          : p.host_type[host]);
  }
  return p;
}

void WriteCluster(std::ostream& xml, const Platform& p, int cluster) {
  xml << "  <zone id=\"c" << cluster << "\" routing=\"Cluster\">\n"
      << "    <router id=\"c" << cluster << "_router\"/>\n";
  for (size_t h = 0; h < p.host_cluster.size(); ++h) {
    if (p.host_cluster[h] != cluster) continue;
    const Generation& g = kGenerations[p.host_generation[h]];
    xml << "    <host id=\"h" << h << "\" speed=\"1Gf\"/>\n"
        << "    <link id=\"l" << h << "\" bandwidth=\"" << g.bandwidth
        << "\" latency=\"" << g.latency
        << "\" sharing_policy=\"SPLITDUPLEX\"/>\n"
        << "    <host_link id=\"h" << h << "\" up=\"l" << h << "_UP\" down=\"l"
        << h << "_DOWN\"/>\n";
  }
  xml << "    <backbone id=\"bb" << cluster
      << "\" bandwidth=\"100GBps\" latency=\"0us\"/>\n  </zone>\n";
}

void WriteXml(std::ostream& xml, const Platform& p) {
  xml << "<?xml version='1.0'?>\n"
         "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
         "<platform version=\"4.1\">\n<zone id=\"world\" routing=\"Full\">\n";
  for (int c = 0; c < p.cluster_count; ++c) WriteCluster(xml, p, c);
  for (int c = 0; c < p.cluster_count && p.cluster_count > 1; ++c) {
    xml << "  <link id=\"up" << c << "\" bandwidth=\"125MBps\" "
        << "latency=\"50us\" sharing_policy=\"SHARED\"/>\n";
  }
  for (int a = 0; a < p.cluster_count; ++a) {
    for (int b = a + 1; b < p.cluster_count; ++b) {
      xml << "  <zoneRoute src=\"c" << a << "\" dst=\"c" << b << "\" gw_src=\"c"
          << a << "_router\" gw_dst=\"c" << b << "_router\"><link_ctn id=\"up"
          << a << "\"/><link_ctn id=\"up" << b << "\"/></zoneRoute>\n";
    }
  }
  xml << "</zone>\n</platform>\n";
}

bool WriteFiles(const std::string& dir, const Platform& p) {
  std::ofstream xml(dir + "/platform.xml"), hosts(dir + "/hostfile"),
      labels(dir + "/labels");
  WriteXml(xml, p);
  for (size_t r = 0; r < p.rank_host.size(); ++r) {
    hosts << "h" << p.rank_host[r] << "\n";
    labels << (r ? "," : "") << p.labels[r];
  }
  labels << "\n";
  return xml && hosts && labels;
}

constexpr char kUsage[] =
    "usage: smpi_platform --kind=homogeneous|mixed|clusters --ranks=N "
    "--seed=S --out=DIR\n"
    "  Writes a seeded SimGrid platform: DIR/platform.xml, DIR/hostfile and\n"
    "  DIR/labels (each rank's network generation or cluster), and prints\n"
    "  one line describing the draw.\n";

int Main(int argc, char** argv) {
  if (AnswerHelpOrVersion(argc, argv, "smpi_platform", kUsage)) return 0;
  ProgramArgs args(argc, argv, {"kind", "ranks", "seed", "out"});
  const std::string kind = args.String("kind", "");
  const int n = static_cast<int>(args.Unsigned("ranks", 0));
  std::mt19937_64 rng(args.Unsigned("seed", 1));
  const std::string out = args.String("out", "");
  std::string error = args.error();
  if (error.empty() &&
      (n < 2 || out.empty() ||
       (kind != "homogeneous" && kind != "mixed" && kind != "clusters"))) {
    error = "need --kind=homogeneous|mixed|clusters, --ranks >= 2, --out=DIR";
  }
  if (!error.empty()) {
    std::fprintf(stderr, "smpi_platform: %s\n", error.c_str());
    return 2;
  }
  const Platform platform = Draw(kind, n, &rng);
  if (!WriteFiles(out, platform)) {
    std::fprintf(stderr, "smpi_platform: cannot write to %s\n", out.c_str());
    return 1;
  }
  std::printf("%s\n", platform.description.c_str());
  return 0;
}

}  // namespace
}  // namespace mpi
}  // namespace hetcast

int main(int argc, char** argv) { return hetcast::mpi::Main(argc, argv); }
