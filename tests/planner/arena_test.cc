// arena_test.cc: the workspace arena every runtime function carves its
// scratch from (runtime/arena.h): the size a measuring arena reports is
// exactly the size a real one needs (one byte less fails, wherever the
// buffer starts), and byte counts that pass SIZE_MAX fail instead of
// wrapping, on both sides of each boundary.
#include "runtime/arena.h"

#include <cstddef>
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"

namespace hetcast {
namespace testing {
namespace {

using internal::Arena;

// Three uint64_t and five bytes, each with its worst-case alignment
// padding: (3 * 8 + 7) + (5 * 1 + 0) = 36 bytes.
constexpr size_t kNeeded = 36;

bool Carve(Arena* arena, uint64_t** words, uint8_t** bytes) {
  *words = arena->Allocate<uint64_t>(3);
  *bytes = arena->Allocate<uint8_t>(5);
  return !arena->failed();
}

TEST(Arena, MeasuredSizeIsExactlyWhatACarveNeeds) {
  Arena measure;
  uint64_t* words;
  uint8_t* bytes;
  EXPECT_TRUE(Carve(&measure, &words, &bytes));
  EXPECT_EQ(measure.used(), kNeeded);
  std::vector<unsigned char> buffer(kNeeded + 8);
  for (size_t start = 0; start < 8; ++start) {  // Every misalignment.
    unsigned char* base = buffer.data() + start;
    Arena fits(base, kNeeded);
    ASSERT_TRUE(Carve(&fits, &words, &bytes)) << start;
    EXPECT_EQ(reinterpret_cast<uintptr_t>(words) % alignof(uint64_t), 0u);
    EXPECT_GE(reinterpret_cast<unsigned char*>(words), base);
    EXPECT_LE(bytes + 5, base + kNeeded);
    EXPECT_GE(bytes, reinterpret_cast<unsigned char*>(words + 3));
    Arena short_by_one(base, kNeeded - 1);
    EXPECT_FALSE(Carve(&short_by_one, &words, &bytes)) << start;
    EXPECT_EQ(bytes, nullptr);
  }
}

TEST(Arena, ByteCountsPastSizeMaxFail) {
  // SIZE_MAX / 8 words are SIZE_MAX - 7 bytes, SIZE_MAX with the padding:
  // a measuring arena accepts them; one word more wraps the product.
  Arena most;
  most.Allocate<uint64_t>(SIZE_MAX / 8);
  EXPECT_FALSE(most.failed());
  EXPECT_EQ(most.used(), SIZE_MAX);
  Arena wraps;
  wraps.Allocate<uint64_t>(SIZE_MAX / 8 + 1);
  EXPECT_TRUE(wraps.failed());
  // After SIZE_MAX bytes, one byte more wraps the running total.
  most.Allocate<uint8_t>(1);
  EXPECT_TRUE(most.failed());
  // Sticky: a later request that would fit still fails.
  EXPECT_EQ(wraps.Allocate<uint8_t>(0), nullptr);
  EXPECT_TRUE(wraps.failed());
  // A real arena refuses what its capacity cannot hold, however large.
  unsigned char small[16];
  Arena real(small, sizeof(small));
  EXPECT_EQ(real.Allocate<uint64_t>(SIZE_MAX / 8), nullptr);
  EXPECT_TRUE(real.failed());
  Arena none(nullptr, 100);  // No buffer: no capacity.
  EXPECT_EQ(none.Allocate<uint8_t>(1), nullptr);
  EXPECT_TRUE(none.failed());
}

}  // namespace
}  // namespace testing
}  // namespace hetcast
