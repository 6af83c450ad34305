// graph_files.h: test helper: a platform of tests/testdata/graph/ as a
// GraphInstance (the parser's ids: file order after pruning).
#ifndef HETCAST_TESTS_GRAPH_GRAPH_FILES_H_
#define HETCAST_TESTS_GRAPH_GRAPH_FILES_H_

#include <fstream>
#include <sstream>
#include <string>

#include "gtest/gtest.h"
#include "tests/graph/graph_test_util.h"
#include "tools/graph/platform.h"

namespace hetcast {

inline GraphInstance GraphInstanceFromFile(const std::string& name) {
  std::ifstream in("tests/testdata/graph/" + name);
  std::stringstream text;
  text << in.rdbuf();
  absl::StatusOr<GraphPlatform> p = ParseGraphPlatform(text.str());
  EXPECT_TRUE(p.ok()) << name << ": " << p.status();
  GraphInstance g;
  if (!p.ok()) return g;
  g.node_count = p->names.size();
  g.edges = p->edges;
  g.source = p->source;
  g.targets = p->targets;
  return g;
}

}  // namespace hetcast

#endif  // HETCAST_TESTS_GRAPH_GRAPH_FILES_H_
