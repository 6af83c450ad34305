// file_io_test.cc: the tools' bounded reads and safe writes
// (tools/gen/gen_command.h): limits exact on both sides, only regular files.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tools/gen/gen_command.h"

namespace hetcast {
namespace {

using ::testing::HasSubstr;

std::string TempPath(const char* name) {
  return ::testing::TempDir() + "/" + name;
}

void WriteText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

TEST(ReadFileBytes, TheLimitIsExact) {
  const std::string path = TempPath("eleven");
  WriteText(path, "hello world");  // 11 bytes.
  absl::StatusOr<std::string> fits = ReadFileBytes(path, 11);
  ASSERT_TRUE(fits.ok()) << fits.status();
  EXPECT_EQ(*fits, "hello world");
  absl::StatusOr<std::string> over = ReadFileBytes(path, 10);
  ASSERT_FALSE(over.ok());
  EXPECT_THAT(std::string(over.status().message()),
              HasSubstr("is 11 bytes; at most 10 are read"));
  size_t size = 0;
  absl::StatusOr<std::vector<uint64_t>> table = ReadTableFile(path, &size, 11);
  ASSERT_TRUE(table.ok()) << table.status();
  EXPECT_EQ(size, 11u);
  EXPECT_EQ(std::memcmp(table->data(), "hello world", 11), 0);
  EXPECT_FALSE(ReadTableFile(path, &size, 10).ok());
}

// Bytes this process has read so far (rchar of /proc/self/io), or -1 where
// the kernel does not say.
int64_t BytesReadSoFar() {
  std::ifstream io("/proc/self/io");
  std::string key;
  int64_t value = -1;
  while (io >> key >> value) {
    if (key == "rchar:") return value;
  }
  return -1;
}

// A table file is checked by its header before the rest is read: a file of
// kMaxTableFileBytes (sparse: it takes no disk) whose identifier is not
// HCT1 is refused after a few bytes, not read whole into memory.
TEST(ReadTableFile, ChecksTheIdentifierBeforeReadingTheRest) {
  const std::string path = TempPath("not_a_table");
  WriteText(path, "\x08\0\0\0\x04\0\0\0JSON");
  ASSERT_EQ(truncate(path.c_str(), static_cast<off_t>(kMaxTableFileBytes)), 0);
  const int64_t before = BytesReadSoFar();
  size_t size = 0;
  absl::StatusOr<std::vector<uint64_t>> table = ReadTableFile(path, &size);
  const int64_t after = BytesReadSoFar();
  ASSERT_FALSE(table.ok());
  EXPECT_THAT(std::string(table.status().message()),
              HasSubstr("is not a valid hetcast table: its file identifier "
                        "(bytes 8 to 11) is not HCT1"));
  EXPECT_EQ(size, kMaxTableFileBytes);
  if (before >= 0 && after >= 0) {
    EXPECT_LT(after - before, 1 << 16);
  }
  unlink(path.c_str());
}

// A file with the identifier is read whole, its header bytes included; one
// shorter than the header is read whole too (hetcast_table_open then says
// it is truncated).
TEST(ReadTableFile, ReadsATableWholeAfterItsHeader) {
  const std::string path = TempPath("table_like");
  const std::string bytes("\x0c\0\0\0\x04\0\0\0HCT1tail", 16);
  WriteText(path, bytes);
  size_t size = 0;
  absl::StatusOr<std::vector<uint64_t>> table = ReadTableFile(path, &size);
  ASSERT_TRUE(table.ok()) << table.status();
  ASSERT_EQ(size, bytes.size());
  EXPECT_EQ(std::memcmp(table->data(), bytes.data(), bytes.size()), 0);
  WriteText(path, bytes.substr(0, kTableHeaderBytes - 1));
  table = ReadTableFile(path, &size);
  ASSERT_TRUE(table.ok()) << table.status();
  EXPECT_EQ(size, kTableHeaderBytes - 1);
}

// The default limit of JSON inputs: kMaxTextFileBytes read, one more not.
TEST(ReadFileBytes, TheJsonLimitIsExact) {
  const std::string path = TempPath("limit");
  WriteText(path, std::string(kMaxTextFileBytes, ' '));
  absl::StatusOr<std::string> fits = ReadFileBytes(path);
  ASSERT_TRUE(fits.ok()) << fits.status();
  EXPECT_EQ(fits->size(), kMaxTextFileBytes);
  WriteText(path, std::string(kMaxTextFileBytes + 1, ' '));
  EXPECT_FALSE(ReadFileBytes(path).ok());
}

TEST(ReadFileBytes, RefusesWhatIsNotARegularFile) {
  for (const char* path : {"/dev/zero", "/dev/null", "/"}) {
    absl::StatusOr<std::string> bytes = ReadFileBytes(path);
    ASSERT_FALSE(bytes.ok()) << path;
    EXPECT_THAT(std::string(bytes.status().message()),
                HasSubstr("is not a regular file"));
  }
  absl::StatusOr<std::string> missing = ReadFileBytes(TempPath("nothing"));
  ASSERT_FALSE(missing.ok());
  EXPECT_THAT(std::string(missing.status().message()), HasSubstr("nothing"));
}

TEST(WriteFileSafely, ReplacesRegularFilesOnly) {
  const std::string path = TempPath("written");
  WriteText(path, "old contents, longer than the new");
  ASSERT_TRUE(WriteFileSafely(path, "new", "--out").ok());
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)),
                   std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "new");

  const std::string link = TempPath("link");
  std::remove(link.c_str());
  ASSERT_EQ(symlink(path.c_str(), link.c_str()), 0);
  absl::Status through_link = WriteFileSafely(link, "x", "--out");
  EXPECT_THAT(std::string(through_link.message()),
              HasSubstr("--out: '" + link + "' exists and is not a regular"));
  struct stat info;
  ASSERT_EQ(lstat(link.c_str(), &info), 0);
  EXPECT_TRUE(S_ISLNK(info.st_mode)) << "the link itself is left alone";
}

}  // namespace
}  // namespace hetcast
