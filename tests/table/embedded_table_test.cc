// embedded_table_test.cc: hetcast_table() (tables/hetcast_table.bzl) used
// from another package: the embedded array holds exactly the bytes of the
// table file the same macro wrote, aligned for hetcast_table_open, and opens.
#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>

#include "gtest/gtest.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tests/table/fig1_table.h"

namespace {

TEST(HetcastTableMacro, EmbeddedBytesEqualTheTableFile) {
  std::ifstream file("tests/table/fig1.hct", std::ios::binary);
  ASSERT_TRUE(file.good());
  const std::string bytes((std::istreambuf_iterator<char>(file)),
                          std::istreambuf_iterator<char>());
  ASSERT_EQ(bytes.size(), hetcast_fig1_table_size);
  EXPECT_EQ(bytes,
            std::string(reinterpret_cast<const char*>(hetcast_fig1_table),
                        hetcast_fig1_table_size));
  EXPECT_EQ(
      reinterpret_cast<uintptr_t>(hetcast_fig1_table) % HETCAST_TABLE_ALIGNMENT,
      0u);
  hetcast_table table;
  const char* error = "";
  ASSERT_EQ(hetcast_table_open(hetcast_fig1_table, hetcast_fig1_table_size,
                               &table, &error),
            HETCAST_OK)
      << error;
  hetcast_profile profile;
  ASSERT_EQ(hetcast_profile_open(&table, 0, &profile, nullptr), HETCAST_OK);
  hetcast_profile_info info;
  hetcast_profile_get_info(&profile, &info, nullptr);
  EXPECT_STREQ(info.name, "fig1");
}

}  // namespace
