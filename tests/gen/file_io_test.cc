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
