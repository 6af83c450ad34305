// depth_first.h: reading a table's send chains in depth-first id order
// (node_role_descent.h), shared by the descent query and the depth-first
// reconstruction.
//
// A sender's remaining state's decision is its next send: the child's type
// l and subtree y. With ids in depth-first order, the nodes before a child
// are counted by adding the states passed (disjoint subtrees of one tree:
// no digit carries), so a child's id is one digit of that sum.
#ifndef HETCAST_RUNTIME_TABLE_DEPTH_FIRST_H_
#define HETCAST_RUNTIME_TABLE_DEPTH_FIRST_H_

#include <stdint.h>

#include "flatbuffers/flatbuffers.h"
#include "runtime/config.h"
#include "runtime/table/resolve.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {

// A sender's next send: the first child's type and subtree of its
// remaining state.
struct ChainDecision {
  uint32_t type;
  uint64_t subtree;
};

// A sender in a chain walk: its type, remaining state, when its next send
// starts, and the nodes before its next child in depth-first order (a state
// index: the sum of the counts passed).
struct ChainSender {
  uint32_t type;
  uint64_t state;
  uint64_t start;
  uint64_t before;
};

// Entry e of the profile, as a little-endian word of type Word (the
// profile's entry width), or of the width the profile says (Word = void).
template <typename Word>
inline uint64_t ChainEntry(const ProfileView& v, uint64_t e) {
  return flatbuffers::EndianScalar(reinterpret_cast<const Word*>(v.entries)[e]);
}
template <>
inline uint64_t ChainEntry<void>(const ProfileView& v, uint64_t e) {
  return v.Entry(e);
}

// The chain reader over entries of type Word (ChainEntry).
template <typename Word>
struct ChainReader {
  const ProfileView& v;
  const Resolved& resolved;
  const TableLayout& layout;

  // The source, before its first send.
  ChainSender Source() const {
    return ChainSender{resolved.source, resolved.state, 0, 0};
  }
  ChainDecision Next(const ChainSender& s) const {
    const uint64_t word = ChainEntry<Word>(v, s.type * v.state_count + s.state);
    return ChainDecision{
        static_cast<uint32_t>(word >> v.time_bits) & v.type_mask,
        word >> v.split_shift};
  }
  // Type l's count in `state`: TableStateDigit in 32 bits, since states
  // are below HETCAST_TABLE_MAX_ENTRIES (2^25) and so are the sums of
  // disjoint subtrees' states.
  uint32_t Digit(uint64_t state, uint32_t l) const {
    return static_cast<uint32_t>(state) / static_cast<uint32_t>(v.stride[l]) %
           (v.limit[l] + 1);
  }
  // The id of the node of type l that has `before` nodes before it.
  uint32_t IdAt(uint32_t l, uint64_t before) const {
    return TableIdOf(layout, resolved, l, Digit(before, l));
  }
  // The child of `s`'s next send, d, as a sender before its first send.
  ChainSender Child(const ChainSender& s, const ChainDecision& d) const {
    return ChainSender{d.type, d.subtree, s.start + v.cost[s.type],
                       s.before + v.stride[d.type]};
  }
  // Moves `*s` past its next send, d.
  void Pass(const ChainDecision& d, ChainSender* s) const {
    const uint64_t subtree = v.stride[d.type] + d.subtree;
    s->before += subtree;
    s->state -= subtree;
    s->start += v.cost[s->type];
  }
};

// Runs fn(reader) with the reader of the profile's entry width: one
// instantiation per width, or in the size build (runtime/config.h) one that
// reads the width at run time.
template <typename Fn>
void WithChainReader(const ProfileView& v, const Resolved& resolved,
                     const TableLayout& layout, Fn fn) {
  if constexpr (kOptimizeSize) {
    fn(ChainReader<void>{v, resolved, layout});
  } else if (v.entry_bytes == 4) {
    fn(ChainReader<uint32_t>{v, resolved, layout});
  } else {
    fn(ChainReader<uint64_t>{v, resolved, layout});
  }
}

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_TABLE_DEPTH_FIRST_H_
