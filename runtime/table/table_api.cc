// table_api.cc: the C entry points of the table reader (hetcast.h,
// "Exact tables"). Each checks its arguments and hands over to the file
// named after what it does: verify.cc (open), view.cc (profile handles),
// resolve.cc (requests), plan.cc (schedules), depth_first.cc (one node).
// The library implements the opt-in inline lookup's view and uses
// hetcast_state_index_, both behind hetcast.h's fence.
#define HETCAST_STATIC_LINKING_ONLY 1

#include <string.h>

#include "runtime/config.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/reject.h"
#include "runtime/table/depth_first.h"
#include "runtime/table/flatbuffers.h"
#include "runtime/table/plan.h"
#include "runtime/table/resolve.h"
#include "runtime/table/verify.h"
#include "runtime/table/view.h"
#include "tables/hetcast_table_generated.h"

namespace hetcast {
namespace internal {
namespace {

// "No error" as an object of its own: a literal "" may share a mergeable
// string section with other functions' strings in a one-file build (the
// amalgamation), and a linker keeps such a section whole, which pulled the
// planner's messages (1.3 KB) into a firmware that only reads tables.
constexpr char kNoError[] = "";

// Whether `profile` was filled by hetcast_profile_open: a NULL or zeroed
// (never opened) handle has no profile to read.
bool IsOpenedProfile(const hetcast_profile* profile) {
  return profile != nullptr && ProfileViewOf(profile).profile != nullptr;
}

}  // namespace

extern "C" {

HETCAST_API hetcast_status hetcast_table_open(const void* data, size_t size,
                                              hetcast_table* table,
                                              const char** why) {
  if (table != nullptr) memset(table, 0, sizeof(*table));
  if (data == nullptr || table == nullptr) {
    return Reject(HETCAST_INVALID_ARGUMENT, "NULL table buffer or handle", why);
  }
  if (reinterpret_cast<uintptr_t>(data) % HETCAST_TABLE_ALIGNMENT != 0) {
    return Reject(HETCAST_INVALID_ARGUMENT,
                  "table buffer is not 8-byte aligned", why);
  }
  const char* reason =
      OpenTableView(static_cast<const uint8_t*>(data), size,
                    reinterpret_cast<TableView*>(table->opaque_));
  return reason == nullptr ? HETCAST_OK
                           : Reject(HETCAST_INVALID_TABLE, reason, why);
}

// The accessors answer 0 for a NULL handle; a never-opened handle is zeroed
// (hetcast_table_open zeroes it before it checks anything), so its fields
// are 0 already.
HETCAST_API uint64_t hetcast_table_hash(const hetcast_table* table) {
  return table == nullptr ? 0 : TableViewOf(table).hash;
}

HETCAST_API size_t hetcast_table_profile_count(const hetcast_table* table) {
  return table == nullptr ? 0 : TableViewOf(table).profile_count;
}

HETCAST_API uint32_t hetcast_table_schema_version(const hetcast_table* table) {
  return table == nullptr ? 0 : TableViewOf(table).schema_version;
}

HETCAST_API hetcast_status
hetcast_table_find_profile(const hetcast_table* table, const char* name,
                           size_t* index, const char** why) {
  return Explained(why, [&](const char** why) -> hetcast_status {
    if (table == nullptr || name == nullptr || index == nullptr ||
        TableViewOf(table).root == nullptr) {
      return Reject(HETCAST_INVALID_ARGUMENT,
                    "table, name or index is NULL, or the table is not opened",
                    why);
    }
    const auto* profiles = TableViewOf(table).root->profiles();
    for (uint32_t p = 0; p < profiles->size(); ++p) {
      if (strcmp(profiles->Get(p)->name()->c_str(), name) == 0) {
        *index = p;
        return HETCAST_OK;
      }
    }
    return Reject(HETCAST_INVALID_ARGUMENT,
                  "the table has no profile of that name", why);
  });
}

HETCAST_API hetcast_status hetcast_profile_open(const hetcast_table* table,
                                                size_t index,
                                                hetcast_profile* profile,
                                                const char** why) {
  return Explained(why, [&](const char** why) -> hetcast_status {
    if (table == nullptr || profile == nullptr ||
        TableViewOf(table).root == nullptr ||
        index >= TableViewOf(table).profile_count) {
      return Reject(HETCAST_INVALID_ARGUMENT,
                    "table or profile is NULL, the table is not opened, or "
                    "index is not below its profile count",
                    why);
    }
    ProfileView* view = reinterpret_cast<ProfileView*>(profile->opaque_);
    // Verified by hetcast_table_open; this only re-derives the handle.
    if (LoadProfileView(TableViewOf(table).root->profiles()->Get(
                            static_cast<uint32_t>(index)),
                        view) != nullptr) {
      return HETCAST_INVALID_TABLE;
    }
    return HETCAST_OK;
  });
}

HETCAST_API hetcast_status
hetcast_profile_get_info(const hetcast_profile* profile,
                         hetcast_profile_info* info, const char** why) {
  return Explained(why, [&](const char**) -> hetcast_status {
    if (info == nullptr) return HETCAST_INVALID_ARGUMENT;
    memset(info, 0, sizeof(*info));
    info->name = kNoError;
    if (!IsOpenedProfile(profile)) return HETCAST_INVALID_ARGUMENT;
    const ProfileView& v = ProfileViewOf(profile);
    info->name = v.profile->name()->c_str();
    info->type_count = v.type_count;
    info->state_count = v.state_count;
    info->entry_count = v.state_count * v.type_count;
    info->entry_bytes = v.entry_bytes;
    info->method = static_cast<hetcast_table_method>(v.method);
    info->exact = v.method == hetcast::fb::Method_ExactDp;
    info->epsilon_numerator = v.epsilon_numerator;
    info->epsilon_denominator = v.epsilon_denominator;
    {
      // (q + p)(q + 3p) / q^2 with p/q <= 1 and q <= 10^6: fits 64 bits.
      const uint64_t p = v.epsilon_numerator, q = v.epsilon_denominator;
      info->guarantee_numerator = v.IsPtas() ? (q + p) * (q + 3 * p) : 1;
      info->guarantee_denominator = v.IsPtas() ? q * q : 1;
    }
    info->schedule_bytes = v.IsPtas() ? v.ptas_bound->size() * 9 +
                                            v.ptas_offsets->size() * 4 +
                                            uint64_t{v.ptas_nodes->size()} * 4
                                      : 0;
    return HETCAST_OK;
  });
}

HETCAST_API hetcast_status hetcast_profile_type(const hetcast_profile* profile,
                                                size_t type, const char** name,
                                                uint64_t* cost, uint64_t* limit,
                                                const char** why) {
  return Explained(why, [&](const char**) -> hetcast_status {
    if (profile == nullptr || type >= ProfileViewOf(profile).type_count) {
      return HETCAST_INVALID_ARGUMENT;
    }
    const ProfileView& v = ProfileViewOf(profile);
    if (name != nullptr) {
      *name =
          v.profile->types()->Get(static_cast<uint32_t>(type))->name()->c_str();
    }
    if (cost != nullptr) *cost = v.cost[type];
    if (limit != nullptr) *limit = v.limit[type];
    return HETCAST_OK;
  });
}

HETCAST_API hetcast_status hetcast_profile_lookup_view(
    const hetcast_profile* profile, hetcast_lookup* lookup, const char** why) {
  return Explained(why, [&](const char**) -> hetcast_status {
    if (lookup == nullptr) return HETCAST_INVALID_ARGUMENT;
    memset(lookup, 0, sizeof(*lookup));
    if (!IsOpenedProfile(profile)) return HETCAST_INVALID_ARGUMENT;
    const ProfileView& v = ProfileViewOf(profile);
    lookup->entries_ = v.entries;
    lookup->state_count_ = v.state_count;
    lookup->time_mask_ = v.time_mask;
    lookup->entry_bytes_ = v.entry_bytes;
    lookup->type_count_ = v.type_count;
    for (uint32_t j = 0; j < v.type_count; ++j) {
      lookup->limit_[j] = v.limit[j];
      lookup->stride_[j] = v.stride[j];
    }
    return HETCAST_OK;
  });
}

HETCAST_API hetcast_status hetcast_profile_completion(
    const hetcast_profile* profile, const hetcast_node_request* request,
    uint64_t* completion_time, const char** why) {
  return Explained(why, [&](const char**) -> hetcast_status {
    if (profile == nullptr || completion_time == nullptr) {
      return HETCAST_INVALID_ARGUMENT;
    }
    const ProfileView& v = ProfileViewOf(profile);
    // The size-optimized build (runtime/config.h) leaves the fast path out:
    // ResolveTableRequest gives the same answer.
    if (!kOptimizeSize && request != nullptr &&
        request->relay_counts == nullptr && request->costs == nullptr &&
        request->destination_counts != nullptr &&
        request->type_count == v.type_count &&
        request->source_type < v.type_count) {
      // The common case, kept to one pass: no relays, profile costs.
      uint64_t entry;
      if (hetcast_state_index_(v.type_count, request->destination_counts,
                               v.limit, v.stride,
                               request->source_type * v.state_count, &entry)) {
        return HETCAST_NOT_IN_TABLE;
      }
      *completion_time = v.Entry(entry) & v.time_mask;
      return HETCAST_OK;
    }
    Resolved resolved;
    hetcast_status status = ResolveTableRequest(v, request, &resolved);
    if (status != HETCAST_OK) return status;
    *completion_time = resolved.completion;
    return HETCAST_OK;
  });
}

HETCAST_API hetcast_status hetcast_profile_plan_sizes(
    const hetcast_profile* profile, const hetcast_node_request* request,
    hetcast_node_sizes* sizes, const char** why) {
  return Explained(why, [&](const char**) -> hetcast_status {
    return PlanTableSizes(profile, request, sizes);
  });
}

HETCAST_API hetcast_status hetcast_profile_plan(
    const hetcast_profile* profile, const hetcast_node_request* request,
    void* workspace, size_t workspace_size, hetcast_node* nodes,
    size_t node_capacity, hetcast_transfer* transfers, size_t transfer_capacity,
    hetcast_answer* answer, const char** why) {
  return Explained(why, [&](const char**) -> hetcast_status {
    return PlanTable(profile, request, workspace, workspace_size, nodes,
                     node_capacity, transfers, transfer_capacity, answer);
  });
}

HETCAST_API hetcast_status hetcast_profile_node_role(
    const hetcast_profile* profile, const hetcast_node_request* request,
    uint32_t node_id, void* workspace, size_t workspace_size,
    hetcast_node* node, hetcast_transfer* children, size_t children_capacity,
    size_t* child_count, const char** why) {
  return Explained(why, [&](const char**) -> hetcast_status {
    return TableNodeRole(profile, request, node_id, workspace, workspace_size,
                         node, children, children_capacity, child_count);
  });
}

}  // extern "C"

}  // namespace internal
}  // namespace hetcast
