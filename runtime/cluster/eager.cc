// eager.cc: Eager LCF, broadcast in the basic (blocking) and the postal
// cluster models of Khuller, Kim & Wan. Not from the paper: a variant of
// LCF (§3, §6.1) built on what §3.2's bad example shows, that LCF loses
// time when a large cluster waits for the source's cluster to fill ("the
// broadcasting can be made faster by sending a message to K_1 before local
// broadcast in K_0 is finished"). The planner answers with the earlier of
// LCF and Eager LCF (LCF on ties); pinned, each gives its own schedule.
//
// Eager LCF keeps LCF's choices of whom to serve (the largest cluster not
// yet targeted, one inter-cluster message per cluster, local transfers to
// the next untargeted processor of one's own cluster) and changes when a
// holder may send across. At every instant, after the landings, cluster by
// cluster in index order (full clusters first, as LCF):
//  1. Spare holders. The idle holders h of cluster c and its r untargeted
//     processors need d = ceil(log2((h + r) / h)) ticks of doubling; only
//     s = ceil(r / (2^d - 1)) of them are needed for that (s 2^d >= s + r),
//     so h - s send across now (LCF lets them idle until c is full). In the
//     postal model a holder that sends across is back a tick later, so s is
//     the fewest with (h + s) 2^(d - 1) >= h + r. Serving early does not
//     delay c's own doubling.
//  2. Critical holders. When few clusters wait (at most twice the idle
//     holders in all; always in the postal model, where a send across costs
//     its sender one tick), one more idle holder of c sends across while
//     the largest waiting cluster u, served now, would still need longer
//     than c does without that holder: C + ceil(log2 n_u) > the doubling
//     ticks of c with h - 1 holders (h - 1 = 0: after the holder is back, C
//     or 1 ticks later, from one holder).
//  3. The remaining idle holders of clusters with untargeted processors
//     send locally.
// There is no footnote-1 interrupt (rule 1 serves waiting clusters from
// any cluster with spare holders).
//
// Validity in the model: every transfer is from a processor that holds the
// message (an idle holder) to one that has not been targeted; a processor
// sends one transfer at a time (it leaves the idle stack until the
// transfer lands, or, postal and across, until the next tick) and is the
// receiver of exactly one; local transfers take 1 tick and inter-cluster
// ones C. The tests check every schedule with the evaluator
// (hetcast_cluster_evaluate) and against the exhaustive optimum.
//
// Like LCF it visits only the instants at which something lands (the
// postal senders' returns included), so its work does not grow with C, and
// it uses LCF's workspace (LcfScratch) and nothing else.
#include "runtime/cluster/layout.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {
namespace {

// The least d >= 0 with holders * 2^d >= holders + remaining (holders >=
// 1): the ticks binomial doubling from `holders` needs to target
// `remaining` more processors. At most 32 (remaining < 2^31).
uint64_t EagerDoublingTicks(uint64_t holders, uint64_t remaining) {
  uint64_t ticks = 0;
  for (uint64_t reach = holders; reach < holders + remaining; reach *= 2) {
    ++ticks;
  }
  return ticks;
}

// Rule 1: how many of `holders` idle holders local doubling needs to
// target `remaining` processors in EagerDoublingTicks(holders, remaining).
uint64_t EagerLocalSenders(uint64_t holders, uint64_t remaining, bool postal) {
  if (remaining == 0) return 0;
  const uint64_t d = EagerDoublingTicks(holders, remaining);  // >= 1
  if (!postal) {
    const uint64_t growth = (uint64_t{1} << d) - 1;
    return (remaining + growth - 1) / growth;
  }
  const uint64_t step = uint64_t{1} << (d - 1);
  const uint64_t need = (holders + remaining + step - 1) / step;
  return need > holders ? need - holders : 0;
}

class EagerRun {
 public:
  EagerRun(const ClusterLayout& l, const LcfScratch& s)
      : l_(l),
        s_(s),
        postal_(l.request->postal != 0),
        holders_(l, s, postal_),
        waiting_(l.k - 1) {}

  // Rules 1 and 2 for the clusters that are (`full`) or are not full.
  void ServeWaiting(uint64_t t, bool full) {
    for (uint32_t c = 0; c < l_.k && next_target_ < waiting_; ++c) {
      if ((s_.received[c] == l_.size[c]) != full) continue;
      const uint64_t idle = s_.idle_count[c];
      if (idle == 0) continue;
      uint64_t spare =
          idle - EagerLocalSenders(idle, l_.size[c] - s_.informed[c], postal_);
      while (spare-- > 0 && next_target_ < waiting_) ServeNext(c, t);
      const bool few_waiting =
          postal_ || waiting_ - next_target_ <= 2 * holders_.idle_total();
      while (few_waiting && s_.idle_count[c] > 0 && next_target_ < waiting_ &&
             s_.informed[c] < l_.size[c] && Critical(c)) {
        ServeNext(c, t);
      }
    }
  }

  // Rule 3.
  void BroadcastLocally(uint64_t t) {
    for (uint32_t c = 0; c < l_.k; ++c) {
      while (s_.idle_count[c] > 0 && s_.informed[c] < l_.size[c]) {
        holders_.Send(holders_.PopIdle(c), c, c, t);
      }
    }
  }

  ClusterHolders& holders() { return holders_; }

 private:
  void ServeNext(uint32_t c, uint64_t t) {
    holders_.Send(holders_.PopIdle(c), c, s_.order[next_target_++], t);
  }

  // Rule 2's test for one more idle holder of cluster c.
  bool Critical(uint32_t c) const {
    const uint64_t left = s_.idle_count[c] - 1;
    const uint64_t remaining = l_.size[c] - s_.informed[c];
    const uint64_t own =
        left > 0 ? EagerDoublingTicks(left, remaining)
                 : (postal_ ? 1 : l_.cost) + EagerDoublingTicks(1, remaining);
    const uint64_t largest = l_.size[s_.order[next_target_]];
    return l_.cost + EagerDoublingTicks(1, largest - 1) > own;
  }

  const ClusterLayout& l_;
  const LcfScratch& s_;
  const bool postal_;
  ClusterHolders holders_;
  const uint32_t waiting_;  // Clusters other than cluster 0.
  uint32_t next_target_ = 0;
};

}  // namespace

size_t RunEagerLcf(const ClusterLayout& l, const LcfScratch& s) {
  EagerRun run(l, s);
  ClusterHolders& holders = run.holders();
  for (uint64_t t = 0; holders.total_received() < l.n;) {
    if (s.work != nullptr) ++s.work->steps;
    holders.Land(t);
    if (holders.total_received() == l.n) break;
    run.ServeWaiting(t, /*full=*/true);
    run.ServeWaiting(t, /*full=*/false);
    run.BroadcastLocally(t);
    t = holders.NextEventTime();
    if (t == HETCAST_NEVER) break;  // Cannot happen: something is in flight.
  }
  return holders.written();
}

}  // namespace internal
}  // namespace hetcast
