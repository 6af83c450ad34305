// why_test.cc: the C API's one error channel (hetcast.h, "Conventions":
// `const char** why`). Each case breaks one documented rule of one public
// function and expects the status the header documents and a reason that
// names what is wrong (the argument, the field or the limit). Together the
// cases reach every reason the runtime's sources hold (EveryReasonIsReached,
// why_reasons.py, why_exempt.txt) but the two only a 32-bit size_t reaches
// (why_32bit.txt, which //tests/firmware:why32_test reaches on a Cortex-M4);
// a failure no check explains would get its
// status's name, which no case gets. api_null_test.c reaches every public
// function with NULL and zeroed arguments and checks that each says why.
// The cases are in why_<model>_cases.cc (why_cases.h), one list per public
// function or group of them.
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tables/default_table.h"
#include "tests/planner/why_cases.h"

namespace hetcast {
namespace testing {
namespace {

using ::testing::HasSubstr;

// Every case of why_<model>_cases.cc.
std::vector<WhyCase> Cases() {
  std::vector<WhyCase> cases;
  for (auto part : {NodeSizeCases,           NodePlanCases,
                    NodeEvaluateCases,       ClusterSizeCases,
                    ClusterPlanCases,        ClusterEvaluateCases,
                    NonblockingSizeCases,    NonblockingCheckCases,
                    NonblockingPlanCases,    NonblockingEvaluateCases,
                    GraphSizeCases,          GraphPlanCases,
                    GraphEvaluateCases,      GraphViolationCases,
                    PlannerSizeCases,        PlannerPlanCases,
                    PlannerParticipantCases, TableLookupCases,
                    TableBufferCases,        TableProfileCases,
                    TableEntryCases,         PtasFaultCases}) {
    for (WhyCase& c : part()) cases.push_back(std::move(c));
  }
  return cases;
}

TEST(Why, EveryCaseSaysWhatIsWrong) {
  for (const WhyCase& c : Cases()) {
    const char* why = nullptr;
    EXPECT_EQ(c.call(&why), c.status) << c.name;
    ASSERT_NE(why, nullptr) << c.name;
    EXPECT_THAT(why, HasSubstr(c.names)) << c.name;
    // NULL is allowed and changes nothing but the reason.
    EXPECT_EQ(c.call(nullptr), c.status) << c.name;
  }
}

// The reasons the runtime can give (why_reasons.py): its sources' string
// literals but names and citations (why_exempt.txt) and the reasons
// why32_test reaches (why_32bit.txt).
struct Reason {
  const char* where;
  const char* text;
};
constexpr Reason kReasons[] = {
#include "tests/planner/why_reasons.inc"
};

// The cases together reach every reason, and each gets one of them: none
// gets its status's name, the reason of a failure no check explains.
TEST(Why, EveryReasonIsReached) {
  std::set<std::string> reached;
  for (const WhyCase& c : Cases()) {
    const char* why = nullptr;
    c.call(&why);
    if (why != nullptr) reached.insert(why);
  }
  std::set<std::string> known;
  for (const Reason& reason : kReasons) {
    known.insert(reason.text);
    EXPECT_EQ(reached.count(reason.text), 1u)
        << reason.where << ": no case reaches \"" << reason.text << "\"";
  }
  for (const std::string& why : reached) {
    EXPECT_EQ(known.count(why), 1u)
        << "a case got \"" << why << "\", which is no reason of runtime/";
  }
}

// The tables the table faults start from open.
TEST(Why, TheFaultCasesStartFromAValidTable) {
  const char* why = nullptr;
  EXPECT_EQ(OpenExactTable(&why), HETCAST_OK) << why;
  EXPECT_EQ(OpenPtasTable(&why), HETCAST_OK) << why;
}

TEST(Why, SuccessLeavesWhyAlone) {
  const char* const kUnset = "unset";
  const char* why = kUnset;
  const hetcast_node_request r = Node();
  hetcast_node_sizes sizes;
  ASSERT_EQ(hetcast_node_plan_sizes(&r, &sizes, &why), HETCAST_OK);
  EXPECT_EQ(why, kUnset);
  hetcast_table table;
  ASSERT_EQ(hetcast_table_open(hetcast_default_table,
                               hetcast_default_table_size, &table, &why),
            HETCAST_OK);
  EXPECT_EQ(why, kUnset);
}

// The graph evaluator's violations each have a sentence of their own.
TEST(Why, GraphViolationsHaveTheirOwnSentence) {
  const hetcast_graph_request r = Graph();
  hetcast_graph_answer answer;
  ASSERT_EQ(hetcast_graph_plan(&r, HETCAST_ALGORITHM_MCPH, g_workspace,
                               sizeof(g_workspace), g_edges, 64, g_slots, 64,
                               &answer, nullptr),
            HETCAST_OK);
  const hetcast_graph_route route = {0, 1};
  hetcast_graph_schedule schedule = {answer.period,
                                     1,
                                     1,
                                     &route,
                                     1,
                                     g_edges,
                                     answer.tree_edge_count,
                                     g_slots,
                                     answer.slot_count};
  schedule.period = 0;  // HETCAST_GRAPH_BAD_PERIOD.
  hetcast_graph_evaluation evaluation;
  const char* why = nullptr;
  EXPECT_EQ(hetcast_graph_evaluate(&r, &schedule, g_workspace,
                                   sizeof(g_workspace), &evaluation, &why),
            HETCAST_INVALID_SCHEDULE);
  EXPECT_EQ(evaluation.violation, HETCAST_GRAPH_BAD_PERIOD);
  ASSERT_NE(why, nullptr);
  EXPECT_THAT(why, HasSubstr("period"));
}

}  // namespace
}  // namespace testing
}  // namespace hetcast
