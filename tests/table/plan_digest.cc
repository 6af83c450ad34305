// plan_digest.cc: a digest of many answers of the table path and of FNF,
// printed one line per family, for optimize_size_identity_test.sh, which
// requires the default build and the size-optimized build
// (HETCAST_OPTIMIZE_SIZE, runtime/config.h) to print the same lines.
//
//   plan_digest [PTAS_TABLE]
//
// Families: every state of the embedded default table from every source type
// (plans with transfers, plans without, and, for every seventh state, the
// role of every node), the same with relays offered, the first states of
// every profile of PTAS_TABLE (tables/ptas_test.hct), and FNF with relays on
// seeded random requests. Each answer is hashed field by field (FNV-1a, so
// padding never counts) with its status.
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "runtime/include/hetcast/hetcast.h"
#include "tables/default_table.h"

namespace {

constexpr size_t kMaxNodes = 512;

class Digest {
 public:
  void Add(uint64_t value) {
    for (int byte = 0; byte < 8; ++byte) {
      hash_ = (hash_ ^ ((value >> (8 * byte)) & 0xff)) * 0x100000001b3u;
    }
  }
  void AddNode(const hetcast_node& node) {
    Add(node.arrival);
    Add(node.parent);
    Add(node.type);
    Add(node.send_index);
    Add(node.is_relay);
  }
  void AddTransfers(const hetcast_transfer* transfers, size_t count) {
    for (size_t i = 0; i < count; ++i) {
      Add(transfers[i].from);
      Add(transfers[i].to);
      Add(transfers[i].start);
      Add(transfers[i].arrival);
    }
  }
  void AddAnswer(const hetcast_answer& answer) {
    Add(answer.algorithm);
    Add(static_cast<uint64_t>(answer.exact));
    Add(answer.completion_time);
    Add(answer.lower_bound);
    Add(answer.lower_bound_kind);
    Add(answer.node_count);
    Add(answer.participant_count);
    Add(answer.transfer_count);
  }
  void Print(const char* family) const {
    std::printf("%s answers=%llu digest=%016llx\n", family,
                static_cast<unsigned long long>(answers_),
                static_cast<unsigned long long>(hash_));
  }
  uint64_t answers_ = 0;

 private:
  uint64_t hash_ = 0xcbf29ce484222325u;
};

struct Buffers {
  std::vector<unsigned char> workspace = std::vector<unsigned char>(1 << 20);
  hetcast_node nodes[kMaxNodes];
  hetcast_transfer transfers[kMaxNodes];
  hetcast_transfer children[kMaxNodes];
};

// One request to a profile: the plan with and without transfers, and when
// `roles`, the role of every node.
void DigestTableRequest(const hetcast_profile& profile,
                        const hetcast_node_request& request, bool roles,
                        Buffers* b, Digest* digest) {
  for (bool with_transfers : {true, false}) {
    hetcast_answer answer;
    const hetcast_status status = hetcast_profile_plan(
        &profile, &request, b->workspace.data(), b->workspace.size(), b->nodes,
        kMaxNodes, with_transfers ? b->transfers : nullptr,
        with_transfers ? kMaxNodes : 0, &answer, nullptr);
    digest->Add(status);
    ++digest->answers_;
    if (status != HETCAST_OK) return;
    digest->AddAnswer(answer);
    for (size_t id = 0; id < answer.node_count; ++id) {
      digest->AddNode(b->nodes[id]);
    }
    if (with_transfers)
      digest->AddTransfers(b->transfers, answer.transfer_count);
    if (!roles || !with_transfers) continue;
    for (uint32_t id = 0; id < answer.node_count; ++id) {
      hetcast_node node;
      size_t child_count = 0;
      digest->Add(hetcast_profile_node_role(
          &profile, &request, id, b->workspace.data(), b->workspace.size(),
          &node, b->children, kMaxNodes, &child_count, nullptr));
      digest->AddNode(node);
      digest->AddTransfers(b->children, child_count);
      ++digest->answers_;
    }
  }
}

// Requests of every source type to the first `max_states` count vectors of
// `profile` (type 0 fastest), with `relays` offered (NULL: none).
void DigestProfile(const hetcast_profile& profile, const uint64_t* relays,
                   uint64_t max_states, Buffers* b, Digest* digest) {
  hetcast_profile_info info;
  hetcast_profile_get_info(&profile, &info, nullptr);
  std::vector<uint64_t> limits(info.type_count), counts(info.type_count, 0);
  for (size_t j = 0; j < info.type_count; ++j) {
    hetcast_profile_type(&profile, j, nullptr, nullptr, &limits[j], nullptr);
  }
  for (uint64_t state = 0; state < info.state_count && state < max_states;
       ++state) {
    for (uint32_t s = 0; s < info.type_count; ++s) {
      const hetcast_node_request request = {nullptr, info.type_count, s,
                                            counts.data(), relays};
      DigestTableRequest(profile, request, state % 7 == 0, b, digest);
    }
    for (size_t j = 0; j < counts.size(); ++j) {  // Next count vector.
      if (counts[j] < limits[j]) {
        ++counts[j];
        break;
      }
      counts[j] = 0;
    }
  }
}

void DigestTable(const char* family, const unsigned char* bytes, size_t size,
                 uint64_t max_states, Buffers* b) {
  hetcast_table table;
  const char* error = nullptr;
  if (hetcast_table_open(bytes, size, &table, &error) != HETCAST_OK) {
    std::printf("%s: hetcast_table_open failed: %s\n", family, error);
    return;
  }
  for (size_t p = 0; p < hetcast_table_profile_count(&table); ++p) {
    hetcast_profile profile;
    hetcast_profile_open(&table, p, &profile, nullptr);
    Digest plain, relays;
    DigestProfile(profile, nullptr, max_states, b, &plain);
    const uint64_t offered[HETCAST_TABLE_MAX_TYPES] = {2, 1, 1, 1, 1};
    DigestProfile(profile, offered, max_states, b, &relays);
    hetcast_profile_info info;
    hetcast_profile_get_info(&profile, &info, nullptr);
    const std::string name = std::string(family) + "/" + info.name;
    plain.Print(name.c_str());
    relays.Print((name + "/relays").c_str());
  }
}

// FNF with relays on seeded random requests of 1 to 5 types.
void DigestFnf(Buffers* b) {
  Digest digest;
  uint64_t seed = 12345;
  auto next = [&seed](uint64_t bound) {
    seed = seed * 6364136223846793005u + 1442695040888963407u;
    return (seed >> 33) % bound;
  };
  for (int i = 0; i < 3000; ++i) {
    const size_t k = 1 + next(5);
    uint64_t costs[5], counts[5], relays[5];
    for (size_t j = 0; j < k; ++j) {
      costs[j] = 1 + next(9);
      counts[j] = next(30);
      relays[j] = next(8);
    }
    const hetcast_node_request request = {
        costs, k, static_cast<uint32_t>(next(k)), counts,
        i % 2 == 0 ? relays : nullptr};
    hetcast_answer answer;
    const hetcast_status status =
        hetcast_node_plan(&request, HETCAST_ALGORITHM_FNF, b->workspace.data(),
                          b->workspace.size(), b->nodes, kMaxNodes,
                          b->transfers, kMaxNodes, &answer, nullptr);
    digest.Add(status);
    ++digest.answers_;
    if (status != HETCAST_OK) continue;
    digest.AddAnswer(answer);
    for (size_t id = 0; id < answer.node_count; ++id) {
      digest.AddNode(b->nodes[id]);
    }
    digest.AddTransfers(b->transfers, answer.transfer_count);
  }
  digest.Print("fnf");
}

}  // namespace

int main(int argc, char** argv) {
  static Buffers buffers;
  DigestTable("default_table", hetcast_default_table,
              hetcast_default_table_size, UINT64_MAX, &buffers);
  if (argc > 1) {
    std::ifstream in(argv[1], std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)),
                            std::istreambuf_iterator<char>());
    // Aligned as hetcast_table_open asks.
    std::vector<uint64_t> aligned((bytes.size() + 7) / 8);
    bytes.copy(reinterpret_cast<char*>(aligned.data()), bytes.size());
    DigestTable("ptas_table",
                reinterpret_cast<const unsigned char*>(aligned.data()),
                bytes.size(), 2000, &buffers);
  }
  DigestFnf(&buffers);
  return 0;
}
