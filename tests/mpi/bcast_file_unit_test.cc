// bcast_file_unit_test.cc: the MPI-free parts of hetcast-bcast-file
// (tools/mpi/bcast_file.h): FNV-1a against the published test vectors, the
// target's placeholders, the temporary name, the default plan and chunks.

#include <string>

#include "gtest/gtest.h"
#include "tools/mpi/bcast_file.h"

namespace hetcast {
namespace mpi {
namespace {

uint64_t Hash(const std::string& text) {
  return Fnv1a64(text.data(), text.size());
}

// The vectors of the FNV authors' reference test suite (fnv-1a, 64 bits).
TEST(Fnv1a64, PublishedVectors) {
  EXPECT_EQ(Hash(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(Hash("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(Hash("foobar"), 0x85944171f73967e8ULL);
}

TEST(Fnv1a64, PiecesGiveTheWhole) {
  const std::string text = "hetcast broadcasts a file in chunks";
  for (size_t cut = 0; cut <= text.size(); ++cut) {
    const uint64_t first = Fnv1a64(text.data(), cut);
    EXPECT_EQ(Fnv1a64(text.data() + cut, text.size() - cut, first), Hash(text));
  }
}

TEST(ExpandTargetPath, Placeholders) {
  std::string path;
  EXPECT_EQ(ExpandTargetPath("/scratch/%h/in-%r.dat", "node7", 12, &path), "");
  EXPECT_EQ(path, "/scratch/node7/in-12.dat");
  EXPECT_EQ(ExpandTargetPath("100%%-%h", "a", 0, &path), "");
  EXPECT_EQ(path, "100%-a");
  EXPECT_NE(ExpandTargetPath("/x/%q", "a", 0, &path), "");
  EXPECT_NE(ExpandTargetPath("/x/%", "a", 0, &path), "");
  EXPECT_NE(ExpandTargetPath("/x/", "a", 0, &path), "");
  EXPECT_NE(ExpandTargetPath("", "a", 0, &path), "");
}

TEST(TemporaryPattern, HiddenInTheTargetsDirectory) {
  EXPECT_EQ(TemporaryPattern("/tmp/d/f.bin"),
            "/tmp/d/.f.bin.hetcast-bcast-file.XXXXXX");
  EXPECT_EQ(TemporaryPattern("f"), "./.f.hetcast-bcast-file.XXXXXX");
  EXPECT_EQ(TemporaryPattern("/f"), "/.f.hetcast-bcast-file.XXXXXX");
  EXPECT_EQ(TargetDirectory("/f"), "/");
  EXPECT_EQ(TargetDirectory("a/b/c"), "a/b");
}

TEST(DefaultFilePlan, IsAValidChain) {
  for (int hosts = 1; hosts <= 5; ++hosts) {
    const MultiTreePlan plan = DefaultFilePlan(hosts);
    EXPECT_EQ(CheckMultiTreePlan(plan, hosts), "");
    ASSERT_EQ(plan.trees.size(), 1u);
    for (int r = 0; r + 1 < hosts; ++r) {
      EXPECT_EQ(plan.trees[0].children[r], std::vector<int>{r + 1});
    }
    EXPECT_TRUE(plan.trees[0].children[hosts - 1].empty());
  }
}

TEST(ChunkBytes, WholeSegments) {
  EXPECT_EQ(ChunkBytes(8192, 1000), 8000u);
  EXPECT_EQ(ChunkBytes(999, 1000), 1000u);
  EXPECT_EQ(ChunkBytes(4096, 4096), 4096u);
}

TEST(ProgressText, BytesRateAndTimeLeft) {
  EXPECT_EQ(ProgressText(uint64_t{1} << 29, uint64_t{1} << 30, 2.0),
            "512.0 MiB of 1.00 GiB (50%), 256.0 MiB/s, 2.0 s left");
  EXPECT_EQ(ProgressText(0, 100, 0.0), "0 B of 100 B (0%)");
  EXPECT_EQ(ByteText(1023), "1023 B");
  EXPECT_EQ(ByteText(1536), "1.50 KiB");
}

}  // namespace
}  // namespace mpi
}  // namespace hetcast
