// arena.h: carves typed arrays out of a caller-provided workspace.
//
// The runtime never calls malloc. Each algorithm asks an Arena for its
// scratch arrays; the same code run against a measuring Arena (no buffer)
// reports how many bytes the real call will need, so the `*_sizes` functions
// can never disagree with what the algorithms take (the pattern of zstd's
// `initStatic` and TFLite Micro's arena).
#ifndef HETCAST_RUNTIME_ARENA_H_
#define HETCAST_RUNTIME_ARENA_H_

#include <stddef.h>
#include <stdint.h>

namespace hetcast {
namespace internal {

class Arena {
 public:
  // An arena that hands out nothing and only adds up the requests.
  Arena() : base_(nullptr), capacity_(SIZE_MAX), measuring_(true) {}
  Arena(void* base, size_t capacity)
      : base_(static_cast<unsigned char*>(base)),
        capacity_(base == nullptr ? 0 : capacity),
        measuring_(false) {}

  // Returns `count` uninitialised T, or nullptr when the request does not
  // fit (or when measuring). Sticky: after one failure, failed() is true.
  template <typename T>
  T* Allocate(size_t count) {
    return static_cast<T*>(AllocateBytes(count, sizeof(T), alignof(T)));
  }

  // Allocate's work for every type, written once (not once per T).
  void* AllocateBytes(size_t count, size_t size, size_t alignment) {
    size_t bytes;
    if (__builtin_mul_overflow(count, size, &bytes)) {
      failed_ = true;
      return nullptr;
    }
    // Worst-case padding keeps the measured size independent of where the
    // caller's buffer happens to start.
    size_t padded;
    if (__builtin_add_overflow(bytes, alignment - 1, &padded) ||
        __builtin_add_overflow(used_, padded, &padded) || padded > capacity_) {
      failed_ = true;
      return nullptr;
    }
    if (measuring_) {
      used_ = padded;
      return nullptr;
    }
    uintptr_t start = reinterpret_cast<uintptr_t>(base_ + used_);
    uintptr_t aligned = (start + alignment - 1) & ~(uintptr_t{alignment} - 1);
    used_ = padded;
    return reinterpret_cast<void*>(aligned);
  }

  bool failed() const { return failed_; }
  size_t used() const { return used_; }

 private:
  unsigned char* base_;
  size_t capacity_;
  size_t used_ = 0;
  bool measuring_;
  bool failed_ = false;
};

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_ARENA_H_
