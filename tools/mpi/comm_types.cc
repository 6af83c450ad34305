// comm_types.cc: gathering and caching the ranks' types (MPI attribute
// caching: a keyval created once, one cache object per communicator, freed
// by the attribute's delete callback when the communicator is freed; a
// duplicated communicator starts with no cache).

#include "tools/mpi/comm_types.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include "tools/mpi/degree_tree.h"
#include "tools/mpi/errors.h"
#include "tools/mpi/site_trees.h"

namespace hetcast {
namespace mpi {
namespace {

// What each rank contributes to the gather.
struct RankEntry {
  int64_t type;
  int64_t site;  // model trees with sites; else 0
  uint64_t table_hash;
  uint64_t params_hash;
};

// Model-trees plans kept per communicator before the cache starts over.
constexpr size_t kMaxTreesPlans = 64;

// One gathered entry list per model (node, cluster), and the model-trees
// plans by parameter hash and root.
struct CommCache {
  bool valid[2] = {false, false};
  std::vector<RankEntry> entries[2];
  std::map<std::pair<uint64_t, int>, MultiTreePlan> trees_plans;
};

int DeleteCache(MPI_Comm, int, void* value, void*) {
  delete static_cast<CommCache*>(value);
  return MPI_SUCCESS;
}

// Created once, also when threads make their first calls at once
// (MPI_THREAD_MULTIPLE; a static's initialisation runs once).
int Keyval() {
  static const int keyval = [] {
    int created = MPI_KEYVAL_INVALID;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, DeleteCache, &created,
                           nullptr);
    return created;
  }();
  return keyval;
}

int CacheOf(MPI_Comm comm, CommCache** cache) {
  void* value = nullptr;
  int found = 0;
  int result = CheckMpi(MPI_Comm_get_attr(comm, Keyval(), &value, &found),
                        "MPI_Comm_get_attr");
  if (result != HETCAST_MPI_SUCCESS) return result;
  if (found) {
    *cache = static_cast<CommCache*>(value);
    return HETCAST_MPI_SUCCESS;
  }
  *cache = new CommCache;
  return CheckMpi(MPI_Comm_set_attr(comm, Keyval(), *cache),
                  "MPI_Comm_set_attr");
}

void Mix(uint64_t* hash, uint64_t value) {
  for (int byte = 0; byte < 8; ++byte) {
    *hash = (*hash ^ ((value >> (8 * byte)) & 0xff)) * 0x100000001b3ull;
  }
}

RankEntry OwnEntry(const HETCAST_MPI_Params& params) {
  RankEntry own;
  own.type = params.my_type;
  own.site = params.site_count > 0 ? params.my_site : 0;
  own.table_hash = params.table ? hetcast_table_hash(params.table) : 0;
  own.params_hash = ParamsHash(params);
  return own;
}

// The same verdict on every rank: it reads only the gathered entries.
int CheckEntries(const std::vector<RankEntry>& entries,
                 const HETCAST_MPI_Params& params) {
  const bool node = params.model == HETCAST_MODEL_NODE;
  const int64_t limit =
      static_cast<int64_t>(node ? params.type_count : params.cluster_count);
  for (size_t rank = 0; rank < entries.size(); ++rank) {
    const RankEntry& entry = entries[rank];
    if (entry.params_hash != entries[0].params_hash) {
      return Fail(HETCAST_MPI_ERR_MISMATCH,
                  "rank " + std::to_string(rank) +
                      " passed other model parameters than rank 0");
    }
    if (entry.table_hash != entries[0].table_hash) {
      return Fail(HETCAST_MPI_ERR_MISMATCH,
                  "rank " + std::to_string(rank) + "'s table (hash " +
                      std::to_string(entry.table_hash) +
                      ") differs from rank 0's (hash " +
                      std::to_string(entries[0].table_hash) + ")");
    }
    if (entry.type < 0 || entry.type >= limit) {
      return Fail(HETCAST_MPI_ERR_TYPE,
                  "rank " + std::to_string(rank) + " has " +
                      (node ? "node type " : "cluster ") +
                      std::to_string(entry.type) + "; the model has " +
                      std::to_string(limit) + (node ? " types" : " clusters"));
    }
    if (params.site_count > 0 &&
        (entry.site < 0 ||
         entry.site >= static_cast<int64_t>(params.site_count))) {
      return Fail(HETCAST_MPI_ERR_TYPE,
                  "rank " + std::to_string(rank) + " has site " +
                      std::to_string(entry.site) + "; the model has " +
                      std::to_string(params.site_count) + " sites");
    }
  }
  return HETCAST_MPI_SUCCESS;
}

int Gather(MPI_Comm comm, const RankEntry& own,
           std::vector<RankEntry>* entries) {
  int size = 0;
  MPI_Comm_size(comm, &size);
  entries->resize(size);
  return CheckMpi(MPI_Allgather(&own, sizeof(own), MPI_BYTE, entries->data(),
                                sizeof(own), MPI_BYTE, comm),
                  "MPI_Allgather");
}

}  // namespace

uint64_t ParamsHash(const HETCAST_MPI_Params& params) {
  uint64_t hash = 0xcbf29ce484222325ull;
  Mix(&hash, params.model);
  Mix(&hash, params.algorithm);
  Mix(&hash, params.type_count);
  for (size_t t = 0; params.costs && t < params.type_count; ++t) {
    Mix(&hash, params.costs[t]);
  }
  Mix(&hash, params.cluster_count);
  Mix(&hash, params.inter_cost);
  Mix(&hash, static_cast<uint64_t>(params.postal));
  Mix(&hash, params.matching);
  Mix(&hash, params.degrees != nullptr);
  for (size_t c = 0; params.degrees && c < params.cluster_count; ++c) {
    Mix(&hash, params.degrees[c]);
  }
  Mix(&hash, params.segment_bytes);
  Mix(&hash, params.mpi_bcast_ticks);
  for (const uint64_t* rates :
       {params.send_ps_per_byte, params.receive_ps_per_byte}) {
    Mix(&hash, rates != nullptr);
    for (size_t t = 0; rates && t < params.type_count; ++t)
      Mix(&hash, rates[t]);
  }
  Mix(&hash, params.site_count);
  for (size_t s = 0; params.uplink_ps_per_byte && s < params.site_count; ++s) {
    Mix(&hash, params.uplink_ps_per_byte[s]);
  }
  return hash;
}

int CommTypes(MPI_Comm comm, const HETCAST_MPI_Params& params,
              std::vector<int>* types, std::vector<int>* sites) {
  CommCache* cache = nullptr;
  int result = CacheOf(comm, &cache);
  if (result != HETCAST_MPI_SUCCESS) return result;
  const int model = params.model == HETCAST_MODEL_NODE ? 0 : 1;
  std::vector<RankEntry>& entries = cache->entries[model];
  const RankEntry own = OwnEntry(params);
  if (!cache->valid[model]) {
    result = Gather(comm, own, &entries);
    if (result != HETCAST_MPI_SUCCESS) return result;
    cache->valid[model] = true;
  } else {
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    const RankEntry& cached = entries[rank];
    if (cached.type != own.type || cached.site != own.site ||
        cached.table_hash != own.table_hash ||
        cached.params_hash != own.params_hash) {
      return Fail(HETCAST_MPI_ERR_CHANGED,
                  "rank " + std::to_string(rank) +
                      "'s type, table or model parameters differ from those "
                      "gathered on this communicator; use MPI_Comm_dup");
    }
  }
  result = CheckEntries(entries, params);
  if (result != HETCAST_MPI_SUCCESS) return result;
  types->resize(entries.size());
  for (size_t r = 0; r < entries.size(); ++r) {
    (*types)[r] = static_cast<int>(entries[r].type);
  }
  if (sites != nullptr) {
    sites->resize(entries.size());
    for (size_t r = 0; r < entries.size(); ++r) {
      (*sites)[r] = static_cast<int>(entries[r].site);
    }
  }
  return HETCAST_MPI_SUCCESS;
}

int TreesPlanOf(MPI_Comm comm, const HETCAST_MPI_Params& params,
                const std::vector<int>& types, const std::vector<int>& sites,
                int root, const MultiTreePlan** plan) {
  CommCache* cache = nullptr;
  const int result = CacheOf(comm, &cache);
  if (result != HETCAST_MPI_SUCCESS) return result;
  const std::pair<uint64_t, int> key(ParamsHash(params), root);
  auto found = cache->trees_plans.find(key);
  if (found == cache->trees_plans.end()) {
    if (cache->trees_plans.size() >= kMaxTreesPlans) {
      cache->trees_plans.clear();
    }
    found = cache->trees_plans
                .emplace(key, MultiPortPlan(
                                  TypeRatesPlatform(
                                      params.send_ps_per_byte,
                                      params.receive_ps_per_byte, types, sites,
                                      params.site_count > 0
                                          ? params.uplink_ps_per_byte
                                          : nullptr),
                                  root, params.segment_bytes))
                .first;
  }
  *plan = &found->second;
  return HETCAST_MPI_SUCCESS;
}

}  // namespace mpi
}  // namespace hetcast
