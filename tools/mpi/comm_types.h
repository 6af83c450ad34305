// comm_types.h: the ranks' types, gathered once per communicator and model,
// and the model-trees plans made from them, cached on the communicator as an
// MPI attribute.

#ifndef HETCAST_TOOLS_MPI_COMM_TYPES_H_
#define HETCAST_TOOLS_MPI_COMM_TYPES_H_

#include <vector>

#include "tools/mpi/hetcast_mpi.h"
#include "tools/mpi/multi_tree_plan.h"

namespace hetcast {
namespace mpi {

// Every rank's type (node model) or cluster label (cluster model) of
// `comm`. The first call for a communicator and model is collective (one
// MPI_Allgather of each rank's type, table hash and parameter hash); later
// ones read the cache. Checks every rank's entry against the model (type
// range, equal table and parameter hashes) from the gathered data alone, so
// all ranks return the same error. HETCAST_MPI_ERR_CHANGED when this rank's
// own entry differs from the cached one.
// `sites` (when not null) gets every rank's site (my_site; all 0 when the
// parameters have no sites), checked against site_count likewise.
int CommTypes(MPI_Comm comm, const HETCAST_MPI_Params& params,
              std::vector<int>* types, std::vector<int>* sites = nullptr);

// The model-trees plan from `root` of `comm` (MultiPortPlan of the
// TypeRatesPlatform of the parameters' rates over `types`, with the
// parameters' uplinks over `sites` when it has sites, in the parameters'
// segment size; site_trees.h, degree_tree.h), planned on the first
// call for these parameters and root and cached on the communicator. The
// communicator must have passed CommTypes() with these parameters.
int TreesPlanOf(MPI_Comm comm, const HETCAST_MPI_Params& params,
                const std::vector<int>& types, const std::vector<int>& sites,
                int root, const MultiTreePlan** plan);

// FNV-1a (64-bit) over the parameters every rank must share.
uint64_t ParamsHash(const HETCAST_MPI_Params& params);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_COMM_TYPES_H_
