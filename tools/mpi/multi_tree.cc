// multi_tree.cc: the pipelined multi-tree broadcast of multi_tree.h.

#include "tools/mpi/multi_tree.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace hetcast {
namespace mpi {
namespace {

// One rank's part: its parent in each tree, its segments' trees.
struct Part {
  int me = 0;
  std::vector<std::vector<int>> parents;  // [tree][rank]
  std::vector<int> segment_tree;
};

class Pipeline {
 public:
  Pipeline(char* buffer, size_t bytes, const MultiTreePlan& plan,
           const Part& part, MPI_Comm comm)
      : buffer_(buffer),
        bytes_(bytes),
        plan_(plan),
        part_(part),
        comm_(comm),
        segments_(part.segment_tree.size()),
        received_(segments_, part.me == plan.root),
        receives_(plan.window, MPI_REQUEST_NULL),
        receive_segment_(plan.window, 0),
        sends_(plan.sends_in_flight, MPI_REQUEST_NULL) {}

  int Run() {
    if (part_.me == plan_.root) {
      for (size_t i = 0; i < segments_; ++i) Forward(i);
    }
    while (true) {
      int rc = PostSends();
      if (rc == MPI_SUCCESS) rc = PostReceives();
      if (rc != MPI_SUCCESS) return rc;
      if (Idle()) return MPI_SUCCESS;
      rc = WaitOne();
      if (rc != MPI_SUCCESS) return rc;
    }
  }

 private:
  size_t SegmentBytes(size_t i) const {
    return std::min(plan_.segment_bytes, bytes_ - i * plan_.segment_bytes);
  }
  char* Segment(size_t i) const { return buffer_ + i * plan_.segment_bytes; }
  int Tag(size_t i) const {
    return kMultiTreeFirstTag + static_cast<int>(i % kMultiTreeTags);
  }

  // Queues segment i for the children of this rank in its tree.
  void Forward(size_t i) {
    for (int child : plan_.trees[part_.segment_tree[i]].children[part_.me]) {
      queued_.emplace_back(i, child);
    }
  }

  int PostSends() {
    for (MPI_Request& slot : sends_) {
      if (queued_.empty()) break;
      if (slot != MPI_REQUEST_NULL) continue;
      const auto [i, child] = queued_.front();
      queued_.pop_front();
      const int rc = MPI_Isend(Segment(i), static_cast<int>(SegmentBytes(i)),
                               MPI_BYTE, child, Tag(i), comm_, &slot);
      if (rc != MPI_SUCCESS) return rc;
    }
    return MPI_SUCCESS;
  }

  // The lowest segments this rank lacks, never two with one tag at once.
  int PostReceives() {
    while (lowest_missing_ < segments_ && received_[lowest_missing_]) {
      ++lowest_missing_;
    }
    for (size_t s = 0; s < receives_.size(); ++s) {
      if (receives_[s] != MPI_REQUEST_NULL) continue;
      while (next_receive_ < segments_ && received_[next_receive_]) {
        ++next_receive_;
      }
      if (next_receive_ >= segments_ ||
          next_receive_ >= lowest_missing_ + kMultiTreeTags) {
        break;
      }
      const size_t i = next_receive_++;
      const int parent = part_.parents[part_.segment_tree[i]][part_.me];
      receive_segment_[s] = i;
      const int rc = MPI_Irecv(Segment(i), static_cast<int>(SegmentBytes(i)),
                               MPI_BYTE, parent, Tag(i), comm_, &receives_[s]);
      if (rc != MPI_SUCCESS) return rc;
    }
    return MPI_SUCCESS;
  }

  bool Idle() const {
    const auto null = [](MPI_Request r) { return r == MPI_REQUEST_NULL; };
    return queued_.empty() && std::all_of(sends_.begin(), sends_.end(), null) &&
           std::all_of(receives_.begin(), receives_.end(), null);
  }

  // Waits for any receive or send; a received segment goes on at once.
  int WaitOne() {
    std::vector<MPI_Request> all(receives_);
    all.insert(all.end(), sends_.begin(), sends_.end());
    int index = MPI_UNDEFINED;
    const int rc = MPI_Waitany(static_cast<int>(all.size()), all.data(), &index,
                               MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS || index == MPI_UNDEFINED) return rc;
    const size_t at = static_cast<size_t>(index);
    if (at < receives_.size()) {
      receives_[at] = MPI_REQUEST_NULL;
      received_[receive_segment_[at]] = true;
      Forward(receive_segment_[at]);
    } else {
      sends_[at - receives_.size()] = MPI_REQUEST_NULL;
    }
    return MPI_SUCCESS;
  }

  char* buffer_;
  size_t bytes_;
  const MultiTreePlan& plan_;
  const Part& part_;
  MPI_Comm comm_;
  size_t segments_;
  std::vector<bool> received_;
  size_t lowest_missing_ = 0, next_receive_ = 0;
  std::vector<MPI_Request> receives_;
  std::vector<size_t> receive_segment_;
  std::vector<MPI_Request> sends_;
  std::deque<std::pair<size_t, int>> queued_;  // (segment, child), in order
};

}  // namespace

int MultiTreeBcast(void* buffer, size_t bytes, const MultiTreePlan& plan,
                   MPI_Comm comm) {
  int ranks = 0;
  Part part;
  MPI_Comm_size(comm, &ranks);
  MPI_Comm_rank(comm, &part.me);
  if (!CheckMultiTreePlan(plan, ranks).empty() ||
      (buffer == nullptr && bytes > 0)) {
    return MPI_ERR_ARG;
  }
  const size_t segments = (bytes + plan.segment_bytes - 1) / plan.segment_bytes;
  part.segment_tree = SegmentTrees(plan.trees, segments);
  part.parents.resize(plan.trees.size());
  for (size_t t = 0; t < plan.trees.size(); ++t) {
    TreeParents(plan.trees[t], ranks, plan.root, &part.parents[t]);
  }
  return Pipeline(static_cast<char*>(buffer), bytes, plan, part, comm).Run();
}

}  // namespace mpi
}  // namespace hetcast
