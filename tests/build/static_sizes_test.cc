// static_sizes_test.cc HETCAST TABLE.hct: `hetcast inspect`'s static
// buffer line, per profile, against the runtime itself over every request
// the profile covers (no relays): the reported workspace, node and
// transfer counts are the largest hetcast_profile_plan_sizes gives; buffers
// of exactly those sizes plan every such request (hetcast_profile_plan,
// and hetcast_profile_node_role of the source); and each figure is needed
// by some request (one byte or entry less fails it). Run on the exact test
// table and on the PTAS one.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "runtime/include/hetcast/hetcast.h"

namespace {

std::string hetcast_binary;
std::string table_path;

std::string Run(const std::string& command) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return out;
  char buffer[4096];
  size_t got;
  while ((got = fread(buffer, 1, sizeof(buffer), pipe)) > 0) {
    out.append(buffer, got);
  }
  pclose(pipe);
  return out;
}

struct Figures {
  uint64_t requests = 0, workspace = 0, nodes = 0, transfers = 0, total = 0;
};

// The figures of inspect's static-buffer lines, in profile order.
std::vector<Figures> InspectFigures() {
  const std::string out = Run("'" + hetcast_binary + "' inspect '" +
                              table_path + "' --fnf-stats=false");
  std::vector<Figures> all;
  for (size_t at = out.find("  static buffers"); at != std::string::npos;
       at = out.find("  static buffers", at + 1)) {
    Figures f;
    unsigned long long r, w, n, t, total;
    const int read = std::sscanf(
        out.c_str() + at,
        "  static buffers for any of its %llu requests without relays "
        "(hetcast_profile_plan_sizes' largest): workspace %llu bytes, %llu "
        "nodes, %llu transfers; %llu bytes in all",
        &r, &w, &n, &t, &total);
    EXPECT_EQ(read, 5) << out.substr(at, 200);
    f.requests = r;
    f.workspace = w;
    f.nodes = n;
    f.transfers = t;
    f.total = total;
    all.push_back(f);
  }
  return all;
}

// Every request of `profile` without relays: (source type, counts).
template <typename Visit>
void EveryRequest(const hetcast_profile& profile, Visit visit) {
  hetcast_profile_info info;
  ASSERT_EQ(hetcast_profile_get_info(&profile, &info, nullptr), HETCAST_OK);
  const size_t k = info.type_count;
  std::vector<uint64_t> limits(k);
  for (size_t j = 0; j < k; ++j) {
    ASSERT_EQ(hetcast_profile_type(&profile, j, nullptr, nullptr, &limits[j],
                                   nullptr),
              HETCAST_OK);
  }
  for (uint32_t source = 0; source < k; ++source) {
    std::vector<uint64_t> counts(k, 0);
    while (true) {
      const hetcast_node_request request = {nullptr, k, source, counts.data(),
                                            nullptr};
      visit(request);
      size_t j = 0;
      while (j < k && counts[j] == limits[j]) counts[j++] = 0;
      if (j == k) break;
      ++counts[j];
    }
  }
}

// The oracle: the runtime's own size query, maximised by hand over every
// request the profile covers.
Figures LargestNeed(const hetcast_profile& profile) {
  Figures max;
  EveryRequest(profile, [&](const hetcast_node_request& request) {
    hetcast_node_sizes sizes;
    ASSERT_EQ(hetcast_profile_plan_sizes(&profile, &request, &sizes, nullptr),
              HETCAST_OK);
    ++max.requests;
    max.workspace = std::max<uint64_t>(max.workspace, sizes.workspace_bytes);
    max.nodes = std::max<uint64_t>(max.nodes, sizes.node_count);
    max.transfers = std::max<uint64_t>(max.transfers, sizes.transfer_count);
  });
  return max;
}

// Static buffers of the sizes `f` says plan every request; one byte or
// entry less fails some request.
void ExpectEnoughAndTight(const hetcast_profile& profile, const Figures& f,
                          size_t p) {
  std::vector<unsigned char> workspace(f.workspace);
  std::vector<hetcast_node> nodes(f.nodes);
  std::vector<hetcast_transfer> transfers(f.transfers);
  bool workspace_tight = false, nodes_tight = false, transfers_tight = false;
  EveryRequest(profile, [&](const hetcast_node_request& request) {
    hetcast_answer answer;
    ASSERT_EQ(hetcast_profile_plan(&profile, &request, workspace.data(),
                                   workspace.size(), nodes.data(), nodes.size(),
                                   transfers.data(), transfers.size(), &answer,
                                   nullptr),
              HETCAST_OK);
    // The workspace serves hetcast_profile_node_role too, which on a
    // PTAS profile needs more than the plan.
    hetcast_node node;
    size_t child_count = 0;
    ASSERT_EQ(
        hetcast_profile_node_role(&profile, &request, 0, workspace.data(),
                                  workspace.size(), &node, transfers.data(),
                                  transfers.size(), &child_count, nullptr),
        HETCAST_OK);
    if (f.workspace > 0 &&
        (hetcast_profile_plan(&profile, &request, workspace.data(),
                              workspace.size() - 1, nodes.data(), nodes.size(),
                              transfers.data(), transfers.size(), &answer,
                              nullptr) != HETCAST_OK ||
         hetcast_profile_node_role(&profile, &request, 0, workspace.data(),
                                   workspace.size() - 1, &node,
                                   transfers.data(), transfers.size(),
                                   &child_count, nullptr) != HETCAST_OK)) {
      workspace_tight = true;
    }
    if (hetcast_profile_plan(&profile, &request, workspace.data(),
                             workspace.size(), nodes.data(), nodes.size() - 1,
                             transfers.data(), transfers.size(), &answer,
                             nullptr) != HETCAST_OK) {
      nodes_tight = true;
    }
    if (f.transfers > 0 &&
        hetcast_profile_plan(&profile, &request, workspace.data(),
                             workspace.size(), nodes.data(), nodes.size(),
                             transfers.data(), transfers.size() - 1, &answer,
                             nullptr) != HETCAST_OK) {
      transfers_tight = true;
    }
  });
  EXPECT_TRUE(workspace_tight || f.workspace == 0) << "profile " << p;
  EXPECT_TRUE(nodes_tight) << "profile " << p;
  EXPECT_TRUE(transfers_tight) << "profile " << p;
}

TEST(InspectStaticBuffers, AreTheLargestNeedAndEnoughForEveryRequest) {
  std::ifstream in(table_path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)),
                          std::istreambuf_iterator<char>());
  std::vector<uint64_t> words(bytes.size() / 8 + 1);
  std::copy(bytes.begin(), bytes.end(), reinterpret_cast<char*>(words.data()));
  hetcast_table table;
  ASSERT_EQ(hetcast_table_open(words.data(), bytes.size(), &table, nullptr),
            HETCAST_OK);
  const std::vector<Figures> figures = InspectFigures();
  ASSERT_EQ(figures.size(), hetcast_table_profile_count(&table));
  for (size_t p = 0; p < figures.size(); ++p) {
    hetcast_profile profile;
    ASSERT_EQ(hetcast_profile_open(&table, p, &profile, nullptr), HETCAST_OK);
    const Figures max = LargestNeed(profile);
    const Figures& f = figures[p];
    EXPECT_EQ(f.requests, max.requests);
    EXPECT_EQ(f.workspace, max.workspace);
    EXPECT_EQ(f.nodes, max.nodes);
    EXPECT_EQ(f.transfers, max.transfers);
    EXPECT_EQ(f.total, f.workspace + f.nodes * sizeof(hetcast_node) +
                           f.transfers * sizeof(hetcast_transfer));
    ExpectEnoughAndTight(profile, f, p);
  }
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  if (argc != 3) {
    std::fprintf(stderr, "usage: static_sizes_test HETCAST TABLE.hct\n");
    return 2;
  }
  hetcast_binary = argv[1];
  table_path = argv[2];
  return RUN_ALL_TESTS();
}
