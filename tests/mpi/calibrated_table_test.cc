// calibrated_table_test.cc: the exact table that hetcast-calibrate embeds
// in a cluster file (tools/mpi/calibrated_table.h), checked against FNF on
// every broadcast the table covers (FNF's tree is a schedule of the same
// model, so the optimum is never later), through the writer and the
// library's parser (the rule runs the same table), and its refusals.

#include "tools/mpi/calibrated_table.h"

#include <functional>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tools/mpi/cluster_file.h"
#include "tools/mpi/cluster_file_writer.h"
#include "tools/mpi/measure.h"

namespace hetcast {
namespace mpi {
namespace {

// The ranks' types of a broadcast from a host of type `source` to `counts`
// destinations of each type.
std::vector<int> Ranks(size_t source, const std::vector<size_t>& counts) {
  std::vector<int> types = {static_cast<int>(source)};
  for (size_t t = 0; t < counts.size(); ++t) {
    types.insert(types.end(), counts[t], static_cast<int>(t));
  }
  return types;
}

// The forecast completion in ticks with `algorithm` (and the table).
uint64_t Ticks(const std::vector<uint64_t>& costs, const hetcast_table* table,
               hetcast_algorithm algorithm, const std::vector<int>& types) {
  HETCAST_MPI_Params params = {};
  params.model = HETCAST_MODEL_NODE;
  params.costs = costs.data();
  params.type_count = costs.size();
  params.table = table;
  params.algorithm = algorithm;
  BcastForecast forecast;
  EXPECT_EQ(ForecastBcast(params, types, 0, &forecast), HETCAST_MPI_SUCCESS);
  EXPECT_EQ(forecast.algorithm, algorithm);
  return forecast.ticks;
}

// Every count vector up to `hosts` (one fewer of the source's type).
void ForEachCounts(const std::vector<size_t>& hosts, size_t source,
                   const std::function<void(const std::vector<size_t>&)>& f) {
  std::vector<size_t> counts(hosts.size(), 0);
  while (true) {
    size_t destinations = 0;
    for (size_t c : counts) destinations += c;
    if (destinations > 0) f(counts);
    size_t t = 0;
    while (t < counts.size() &&
           ++counts[t] > hosts[t] - (t == source ? 1 : 0)) {
      counts[t++] = 0;
    }
    if (t == counts.size()) return;
  }
}

// The cluster file's text of one "plan" range with this table, parsed by
// the library's parser.
ClusterFile Parsed(const std::vector<uint64_t>& costs,
                   const CalibratedTable& table) {
  ClusterFileDraft draft;
  draft.name = "test";
  for (size_t t = 0; t < costs.size(); ++t) {
    draft.types.push_back(
        {"type" + std::to_string(t), costs[t], {"h" + std::to_string(t)}});
  }
  DraftRange range;
  range.min_bytes = 1;
  range.max_bytes = 100;
  range.plan = true;
  range.costs = costs;
  range.table_data = table.bytes;
  range.table_hash = table.hash;
  draft.sizes = {range};
  ClusterFile file;
  std::string error;
  EXPECT_TRUE(ParseClusterFile(ClusterFileJson(draft), "", &file, &error))
      << error;
  return file;
}

TEST(CalibratedTable, NeverLaterThanFnfAndRunsFromTheFile) {
  const std::vector<uint64_t> costs = {100, 150, 310};
  const std::vector<size_t> hosts = {3, 4, 2};
  CalibratedTable table;
  ASSERT_EQ(SolveCalibratedTable(costs, hosts, "calibrated", &table), "");
  const ClusterFile file = Parsed(costs, table);
  ASSERT_EQ(file.sizes.size(), 1u);
  const SizeRule& rule = file.sizes[0];
  ASSERT_TRUE(rule.table);
  EXPECT_EQ(rule.algorithm, HETCAST_ALGORITHM_TABLE);
  EXPECT_EQ(hetcast_table_hash(&rule.table->table), table.hash);
  int compared = 0;
  for (size_t source = 0; source < costs.size(); ++source) {
    ForEachCounts(hosts, source, [&](const std::vector<size_t>& counts) {
      const std::vector<int> types = Ranks(source, counts);
      const uint64_t exact =
          Ticks(costs, &rule.table->table, HETCAST_ALGORITHM_TABLE, types);
      const uint64_t fnf = Ticks(costs, nullptr, HETCAST_ALGORITHM_FNF, types);
      EXPECT_LE(exact, fnf) << "source type " << source;
      ++compared;
    });
  }
  // Per source type, prod(hosts + 1, one fewer of its own) - 1 vectors:
  // 3 x 5 x 3 - 1, 4 x 4 x 3 - 1, 4 x 5 x 2 - 1.
  EXPECT_EQ(compared, 44 + 47 + 39);
}

TEST(CalibratedTable, SameInputSameBytes) {
  CalibratedTable a, b;
  ASSERT_EQ(SolveCalibratedTable({100, 270}, {5, 6}, "calibrated", &a), "");
  ASSERT_EQ(SolveCalibratedTable({100, 270}, {5, 6}, "calibrated", &b), "");
  EXPECT_EQ(a.bytes, b.bytes);
  EXPECT_EQ(a.hash, b.hash);
}

TEST(CalibratedTable, Refusals) {
  CalibratedTable table;
  EXPECT_NE(SolveCalibratedTable({100, 100}, {2, 2}, "calibrated", &table)
                .find("duplicates"),
            std::string::npos);
  // 4 types of 16 hosts: 4 x 17^4 entries.
  EXPECT_NE(SolveCalibratedTable({100, 120, 140, 160}, {16, 16, 16, 16},
                                 "calibrated", &table)
                .find("entries are more than"),
            std::string::npos);
  EXPECT_TRUE(table.bytes.empty());
}

TEST(CalibratedTable, WriterTellsTablesApart) {
  DraftRange fnf, exact;
  fnf.plan = exact.plan = true;
  fnf.costs = exact.costs = {100, 150};
  exact.table_data = "x";
  EXPECT_FALSE(SameRule(fnf, exact));
  EXPECT_TRUE(SameRule(exact, exact));
}

}  // namespace
}  // namespace mpi
}  // namespace hetcast
