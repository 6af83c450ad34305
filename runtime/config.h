// config.h: the runtime's build options.
//
// HETCAST_OPTIMIZE_SIZE
//
// Defined when the library is compiled (`-DHETCAST_OPTIMIZE_SIZE`, as the
// firmware build tests/firmware/cross_build.sh does; in Bazel,
// `--//runtime:optimize_size`), the runtime trades host speed for code size
// and stack, for firmware:
//  - transfers are sorted by heapsort instead of std::sort;
//  - hetcast_profile_completion has no separate fast path, and the node
//    model's lower bound keeps only its heap queue (lower_bound.cc);
//  - no copies of per-type arrays on the stack for the compiler's sake.
// Answers, and the reasons failures give in `why`, are byte for byte those
// of the default build (the host tests run under the option too, and
// tests/firmware compares a size-optimized Cortex-M4 build with the default
// host build). Only the workspace a `*_sizes` function asks for may differ,
// never upwards.
#ifndef HETCAST_RUNTIME_CONFIG_H_
#define HETCAST_RUNTIME_CONFIG_H_

namespace hetcast {
namespace internal {

#if defined(HETCAST_OPTIMIZE_SIZE)
constexpr bool kOptimizeSize = true;
#else
constexpr bool kOptimizeSize = false;
#endif

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_CONFIG_H_
