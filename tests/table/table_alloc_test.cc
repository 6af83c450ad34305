// table_alloc_test.cc: the table path allocates nothing.
//
// This binary replaces the global allocation functions (operator new and
// delete in every form, and, outside sanitizer builds, malloc, calloc,
// realloc, aligned_alloc, posix_memalign and free via glibc's __libc_*
// entry points) with counting versions, then counts calls made while the
// table API opens a table, looks up, plans and answers per-node queries.
// The counters are checked to work first, so a zero is a real zero.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <new>
#include <vector>

#include "gtest/gtest.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tables/default_table.h"

namespace {

// Plain globals: counted from any thread, read only by the test thread.
size_t g_allocations = 0;

}  // namespace

void* operator new(size_t size) {
  ++g_allocations;
  void* p = std::malloc(size == 0 ? 1 : size);
  if (p == nullptr) std::abort();
  return p;
}
void* operator new[](size_t size) { return operator new(size); }
void* operator new(size_t size, const std::nothrow_t&) noexcept {
  ++g_allocations;
  return std::malloc(size == 0 ? 1 : size);
}
void* operator new[](size_t size, const std::nothrow_t& tag) noexcept {
  return operator new(size, tag);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
void operator delete[](void* p, size_t) noexcept { std::free(p); }

#if !defined(__SANITIZE_ADDRESS__) && defined(__GLIBC__)
#define HETCAST_COUNT_MALLOC 1
extern "C" {
void* __libc_malloc(size_t);
void* __libc_calloc(size_t, size_t);
void* __libc_realloc(void*, size_t);
void* __libc_memalign(size_t, size_t);
void __libc_free(void*);

void* malloc(size_t size) {
  ++g_allocations;
  return __libc_malloc(size);
}
void* calloc(size_t count, size_t size) {
  ++g_allocations;
  return __libc_calloc(count, size);
}
void* realloc(void* p, size_t size) {
  ++g_allocations;
  return __libc_realloc(p, size);
}
void* aligned_alloc(size_t alignment, size_t size) {
  ++g_allocations;
  return __libc_memalign(alignment, size);
}
int posix_memalign(void** out, size_t alignment, size_t size) {
  ++g_allocations;
  *out = __libc_memalign(alignment, size);
  return *out == nullptr ? 12 /* ENOMEM */ : 0;
}
void free(void* p) { __libc_free(p); }
}  // extern "C"
#endif

namespace {

// Every table query on `request`, into static buffers (prepared before the
// counting starts): the completion time, the sizes, the plan, and the role
// of every node. Adds the completion time to *checksum and the nodes asked
// about to *nodes_seen.
void QueryAll(const hetcast_profile& profile,
              const hetcast_node_request& request, uint64_t* checksum,
              size_t* nodes_seen) {
  static unsigned char workspace[1 << 16];
  static hetcast_node nodes[256];
  static hetcast_transfer transfers[256];
  static hetcast_transfer children[256];
  uint64_t completion = 0;
  ASSERT_EQ(
      hetcast_profile_completion(&profile, &request, &completion, nullptr),
      HETCAST_OK);
  hetcast_node_sizes sizes;
  ASSERT_EQ(hetcast_profile_plan_sizes(&profile, &request, &sizes, nullptr),
            HETCAST_OK);
  ASSERT_LE(sizes.workspace_bytes, sizeof(workspace));
  ASSERT_LE(sizes.node_count, 256u);
  hetcast_answer answer;
  ASSERT_EQ(
      hetcast_profile_plan(&profile, &request, workspace, sizeof(workspace),
                           nodes, 256, transfers, 256, &answer, nullptr),
      HETCAST_OK);
  ASSERT_EQ(answer.completion_time, completion);
  *checksum += answer.completion_time;
  for (uint32_t id = 0; id < sizes.node_count; ++id) {
    hetcast_node node;
    size_t child_count = 0;
    ASSERT_EQ(hetcast_profile_node_role(&profile, &request, id, workspace,
                                        sizeof(workspace), &node, children, 256,
                                        &child_count, nullptr),
              HETCAST_OK);
    *nodes_seen += 1;
  }
}

TEST(TableAllocations, CountersSeeAllocations) {
  const size_t before = g_allocations;
  std::vector<int>* v = new std::vector<int>(1000);
  delete v;
  EXPECT_GE(g_allocations - before, 2u);
#ifdef HETCAST_COUNT_MALLOC
  const size_t before_malloc = g_allocations;
  void* volatile p = std::malloc(64);
  std::free(p);
  EXPECT_EQ(g_allocations - before_malloc, 1u);
#endif
}

TEST(TableAllocations, TablePathAllocatesNothing) {
  // Everything the calls write to is prepared before counting starts.
  uint64_t counts[3] = {7, 11, 5};
  uint64_t relays[3] = {3, 2, 0};
  hetcast_node_request plain = {nullptr, 3, 2, counts, nullptr};
  hetcast_node_request with_relays = {nullptr, 3, 2, counts, relays};

  const size_t before = g_allocations;
  hetcast_table table;
  const char* error = nullptr;
  ASSERT_EQ(hetcast_table_open(hetcast_default_table,
                               hetcast_default_table_size, &table, &error),
            HETCAST_OK);
  size_t index = 0;
  ASSERT_EQ(hetcast_table_find_profile(&table, "default", &index, nullptr),
            HETCAST_OK);
  hetcast_profile profile;
  ASSERT_EQ(hetcast_profile_open(&table, index, &profile, nullptr), HETCAST_OK);
  uint64_t checksum = 0;
  size_t nodes_seen = 0;
  for (const hetcast_node_request* request : {&plain, &with_relays}) {
    QueryAll(profile, *request, &checksum, &nodes_seen);
    if (::testing::Test::HasFatalFailure()) return;
  }
  const size_t allocations = g_allocations - before;
  EXPECT_EQ(allocations, 0u);
  EXPECT_GT(checksum, 0u);
  EXPECT_GT(nodes_seen, 50u);
}

// The same for a PTAS profile (stored schedules): open, lookup, plan and
// node roles, with and without relays, allocate nothing.
TEST(TableAllocations, PtasTablePathAllocatesNothing) {
  std::ifstream in("tables/ptas_test.hct", std::ios::binary);
  ASSERT_TRUE(in.good());
  static uint64_t words[1 << 15];
  in.read(reinterpret_cast<char*>(words), sizeof(words));
  const size_t size = static_cast<size_t>(in.gcount());
  ASSERT_GT(size, 0u);
  ASSERT_LT(size, sizeof(words));
  uint64_t counts[5] = {2, 3, 1, 2, 2};
  uint64_t relays[5] = {1, 0, 0, 0, 0};
  hetcast_node_request plain = {nullptr, 5, 4, counts, nullptr};
  hetcast_node_request with_relays = {nullptr, 5, 4, counts, relays};

  const size_t before = g_allocations;
  hetcast_table table;
  const char* error = nullptr;
  ASSERT_EQ(hetcast_table_open(words, size, &table, &error), HETCAST_OK)
      << error;
  hetcast_profile profile;
  ASSERT_EQ(hetcast_profile_open(&table, 0, &profile, nullptr), HETCAST_OK);
  uint64_t checksum = 0;
  size_t nodes_seen = 0;
  for (const hetcast_node_request* request : {&plain, &with_relays}) {
    QueryAll(profile, *request, &checksum, &nodes_seen);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_EQ(g_allocations - before, 0u);
  EXPECT_GT(checksum, 0u);
  EXPECT_GT(nodes_seen, 20u);
}

// The planner's table path (hetcast_plan_sizes, hetcast_plan and
// hetcast_plan_participant answering from a profile) allocates nothing
// either; it also plans FNF outside the table from the same workspace.
TEST(TableAllocations, PlannerTablePathAllocatesNothing) {
  static unsigned char workspace[1 << 16];
  static hetcast_node nodes[256];
  static hetcast_transfer transfers[256], sends[256];
  uint64_t inside[3] = {7, 11, 5};
  uint64_t outside[3] = {30, 2, 1};
  uint64_t relays[3] = {3, 2, 0};
  hetcast_node_request requests[3] = {{nullptr, 3, 2, inside, nullptr},
                                      {nullptr, 3, 2, inside, relays},
                                      {nullptr, 3, 1, outside, nullptr}};

  const size_t before = g_allocations;
  hetcast_table table;
  ASSERT_EQ(hetcast_table_open(hetcast_default_table,
                               hetcast_default_table_size, &table, nullptr),
            HETCAST_OK);
  hetcast_profile profile;
  ASSERT_EQ(hetcast_profile_open(&table, 0, &profile, nullptr), HETCAST_OK);
  size_t answered_from_table = 0, participants = 0;
  for (const hetcast_node_request& node : requests) {
    hetcast_request request = {};
    request.model = HETCAST_MODEL_NODE;
    request.node = &node;
    request.profiles = &profile;
    request.profile_count = 1;
    hetcast_sizes sizes;
    ASSERT_EQ(hetcast_plan_sizes(&request, &sizes, nullptr), HETCAST_OK);
    ASSERT_LE(sizes.workspace_bytes, sizeof(workspace));
    ASSERT_LE(sizes.node_count, 256u);
    hetcast_plan_output out = {};
    out.nodes = nodes;
    out.node_capacity = 256;
    out.transfers = transfers;
    out.transfer_capacity = 256;
    hetcast_plan_info info;
    ASSERT_EQ(hetcast_plan(&request, workspace, sizeof(workspace), &out, &info,
                           nullptr),
              HETCAST_OK);
    answered_from_table += info.answer.algorithm == HETCAST_ALGORITHM_TABLE;
    for (uint32_t id = 0; id < sizes.node_count; ++id) {
      hetcast_participant p = {};
      p.sends = sends;
      p.send_capacity = 256;
      ASSERT_EQ(hetcast_plan_participant(&request, id, workspace,
                                         sizeof(workspace), &p, nullptr),
                HETCAST_OK);
      ++participants;
    }
  }
  EXPECT_EQ(g_allocations - before, 0u);
  EXPECT_EQ(answered_from_table, 2u);
  EXPECT_GT(participants, 60u);
}

}  // namespace
