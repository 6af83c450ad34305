// plan_nonblocking.cc: JSON request -> hetcast_plan() -> text or JSON.
#include "tools/cli/plan_nonblocking.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "flatbuffers/idl.h"
#include "tables/nonblocking_request_generated.h"
#include "tables/nonblocking_request_schema.h"
#include "tools/cli/explain.h"
#include "tools/cli/json_output.h"
#include "tools/cli/plan_output.h"
#include "tools/cli/plan_writer.h"
#include "tools/gen/gen_command.h"
#include "tools/json_verifier.h"
#include "tools/plan.h"

namespace hetcast {

namespace {

// "nodes": one object per node (the runtime checks their number and
// overheads).
absl::Status ReadNodes(const nonblocking_request::Request& root,
                       NonblockingRequest* out) {
  const size_t n = root.nodes() == nullptr ? 0 : root.nodes()->size();
  for (size_t v = 0; v < n; ++v) {
    const nonblocking_request::Node* node =
        root.nodes()->Get(static_cast<uint32_t>(v));
    if (node == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrFormat("nodes[%d]: missing", v));
    }
    out->send_fixed.push_back(node->send_fixed());
    out->send_per_byte.push_back(node->send_per_byte());
    out->recv_fixed.push_back(node->recv_fixed());
    out->recv_per_byte.push_back(node->recv_per_byte());
  }
  return absl::OkStatus();
}

// "link_per_byte" (an n x n matrix, row = sender) or
// "uniform_link_per_byte".
absl::Status ReadLinks(const nonblocking_request::Request& root, size_t n,
                       NonblockingRequest* out) {
  out->link_matrix = root.link_per_byte() != nullptr;
  // The CLI's own memory limit, checked before the n x n matrix below is
  // made: at most HETCAST_NONBLOCKING_MAX_CELLS (2^24) link entries, 4,096
  // nodes (past that the matrix may not fit in memory).
  if (n > 4096) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "nodes: %d nodes; the CLI's n x n link matrix holds at most "
        "HETCAST_NONBLOCKING_MAX_CELLS (2^24) entries, 4,096 nodes",
        n));
  }
  if (!out->link_matrix) {
    out->link.assign(n * n, root.uniform_link_per_byte());
    return absl::OkStatus();
  }
  if (root.link_per_byte()->size() != n * n) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "link_per_byte: %d entries, a %d x %d matrix needs %d (row = "
        "sender)",
        root.link_per_byte()->size(), n, n, n * n));
  }
  out->link.assign(root.link_per_byte()->begin(), root.link_per_byte()->end());
  return absl::OkStatus();
}

// messages[m] as given (the runtime checks source, length and
// destinations).
absl::Status ReadMessage(const nonblocking_request::Message* msg, uint32_t m,
                         NonblockingRequest* out) {
  if (msg == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrFormat("messages[%d]: missing", m));
  }
  std::vector<uint32_t> dests;
  if (msg->destinations() != nullptr) {
    dests.assign(msg->destinations()->begin(), msg->destinations()->end());
  }
  out->destinations.push_back(dests);
  out->messages.push_back(
      hetcast_nonblocking_message{msg->source(), msg->length(), nullptr, 0});
  return absl::OkStatus();
}

// The JSON path (and value) of what the runtime rejected.
std::string JsonPathOf(const NonblockingRequest& in,
                       const hetcast_nonblocking_rejection& rejection) {
  const size_t i = rejection.index;
  switch (rejection.field) {
    case HETCAST_NONBLOCKING_FIELD_NODE_COUNT:
      return absl::StrFormat("nodes (%d of them)", in.send_fixed.size());
    case HETCAST_NONBLOCKING_FIELD_NODE:
      return absl::StrFormat("nodes[%d]", i);
    case HETCAST_NONBLOCKING_FIELD_LINK:
      return in.link_matrix ? absl::StrFormat("link_per_byte[%d]", i)
                            : std::string("uniform_link_per_byte");
    case HETCAST_NONBLOCKING_FIELD_MESSAGES:
      return "messages";
    case HETCAST_NONBLOCKING_FIELD_SOURCE:
      return absl::StrFormat("messages[%d].source = %d", i,
                             in.messages[i].source);
    case HETCAST_NONBLOCKING_FIELD_LENGTH:
      return absl::StrFormat("messages[%d].length = %d", i,
                             in.messages[i].length);
    case HETCAST_NONBLOCKING_FIELD_DESTINATIONS:
      return absl::StrFormat("messages[%d].destinations", i);
    case HETCAST_NONBLOCKING_FIELD_DESTINATION:
      return absl::StrFormat("messages[%d].destinations[%d] = %d", i,
                             rejection.item,
                             in.destinations[i][rejection.item]);
    default:
      return "request";
  }
}

// The runtime's checks of the request (hetcast_nonblocking_check), reported at
// their JSON path.
// The checks without workspace (the limits among them) come first: the
// workspace of a request past the limits may not fit in memory.
absl::Status CheckRequest(const NonblockingRequest& in) {
  hetcast_nonblocking_rejection rejection;
  const char* why = "";
  std::vector<unsigned char> workspace;
  if (hetcast_nonblocking_check(&in.request, nullptr, 0, &rejection, &why) ==
      HETCAST_OK) {
    hetcast_nonblocking_sizes sizes;
    if (hetcast_nonblocking_plan_sizes(&in.request, &sizes, nullptr) ==
        HETCAST_OK) {
      workspace.resize(sizes.workspace_bytes);
    }
    if (workspace.empty() ||
        hetcast_nonblocking_check(&in.request, workspace.data(),
                                  workspace.size(), &rejection,
                                  &why) == HETCAST_OK) {
      return absl::OkStatus();
    }
  }
  return absl::InvalidArgumentError(
      absl::StrCat(JsonPathOf(in, rejection), ": ", why));
}

// --algorithm as the planner's pin; empty leaves the choice (the earlier of
// WRP and critical-first) to it.
absl::StatusOr<hetcast_algorithm> PinFromName(const std::string& algorithm) {
  if (algorithm.empty()) return HETCAST_ALGORITHM_NONE;
  std::vector<std::string> names;
  const hetcast_algorithm pin =
      ModelAlgorithmByName(HETCAST_MODEL_NONBLOCKING, algorithm, &names);
  if (pin != HETCAST_ALGORITHM_NONE) return pin;
  return absl::InvalidArgumentError(
      absl::StrFormat("--algorithm: '%s' is not one of %s", algorithm,
                      absl::StrJoin(names, ", ")));
}

// The sends in order of (start, node), each with its receive.
struct NonblockingTransfers {
  std::vector<const hetcast_nonblocking_task*> sends;
  std::vector<const hetcast_nonblocking_task*>
      recv_of;  // [message * n + node].
};

NonblockingTransfers TransfersOf(
    const NonblockingRequest& in,
    const std::vector<hetcast_nonblocking_task>& tasks) {
  NonblockingTransfers out;
  out.recv_of.assign(in.request.node_count * in.request.message_count, nullptr);
  for (const hetcast_nonblocking_task& t : tasks) {
    if (t.op == HETCAST_NONBLOCKING_RECV) {
      out.recv_of[t.message * in.request.node_count + t.node] = &t;
    }
  }
  for (const hetcast_nonblocking_task& t : tasks) {
    if (t.op == HETCAST_NONBLOCKING_SEND) out.sends.push_back(&t);
  }
  std::sort(
      out.sends.begin(), out.sends.end(),
      [](const hetcast_nonblocking_task* a, const hetcast_nonblocking_task* b) {
        return a->start < b->start ||
               (a->start == b->start && a->node < b->node);
      });
  return out;
}

// Node `v`'s task list, as the JSON has it.
void WriteNonblockingNode(const NonblockingRequest& in, const Planned& planned,
                          size_t v, JsonWriter* json) {
  json->StartObject();
  json->U64("id", v);
  json->StartArray("tasks");
  for (size_t t = planned.list_begin[v]; t < planned.list_begin[v + 1]; ++t) {
    const hetcast_nonblocking_task& x = planned.tasks[t];
    json->StartObject();
    json->Str("op", x.op == HETCAST_NONBLOCKING_SEND ? "send" : "recv");
    json->U64("partner", x.partner);
    json->U64("source", in.request.messages[x.message].source);
    json->U64("message", x.message);
    json->U64("start", x.start);
    json->U64("end", x.end);
    json->EndObject();
  }
  json->EndArray();
  json->EndObject();
}

// Every transfer in order of (start, sender), with its receive.
void WriteNonblockingTransfers(const NonblockingRequest& in,
                               const Planned& planned, JsonWriter* json) {
  json->StartArray("transfers");
  const NonblockingTransfers all = TransfersOf(in, planned.tasks);
  for (const hetcast_nonblocking_task* send : all.sends) {
    const hetcast_nonblocking_task& s = *send;
    const hetcast_nonblocking_task& r =
        *all.recv_of[s.message * in.request.node_count + s.partner];
    json->StartObject();
    json->U64("from", s.node);
    json->U64("to", s.partner);
    json->U64("source", in.request.messages[s.message].source);
    json->U64("message", s.message);
    json->U64("start", s.start);
    json->U64("arrival", s.arrival);
    json->U64("receive_start", std::max(r.start, r.arrival));
    json->U64("end", r.end);
    json->EndObject();
  }
  json->EndArray();
}

// Each node's tasks on one line, as the text has them.
void WriteNonblockingTaskLines(const NonblockingRequest& in,
                               const Planned& planned, PlanWriter* out) {
  const std::vector<hetcast_nonblocking_task>& tasks = planned.tasks;
  const std::vector<size_t>& begin = planned.list_begin;
  for (size_t v = 0; v < in.request.node_count; ++v) {
    std::string line = absl::StrCat("node ", v, ":");
    for (size_t t = begin[v]; t < begin[v + 1]; ++t) {
      const hetcast_nonblocking_task& x = tasks[t];
      absl::StrAppend(&line, "  ",
                      x.op == HETCAST_NONBLOCKING_SEND ? "send m" : "recv m",
                      x.message, x.op == HETCAST_NONBLOCKING_SEND ? "->" : "<-",
                      x.partner, " [", x.start, ",", x.end, ")");
    }
    out->Text(absl::StrCat(line, "\n"));
  }
}

// The answer, then in JSON every node's tasks and every transfer, in text
// each node's tasks on one line.
void WriteNonblockingPlan(const NonblockingRequest& in, const Planned& planned,
                          bool explain, PlanWriter* out) {
  const hetcast_answer& answer = planned.info.answer;
  out->Head("nonblocking", AlgorithmName(answer.algorithm), answer.exact != 0);
  out->TimedAnswer(answer, &in.tick);
  if (!out->json()) {
    if (explain) out->Explain(Explain(FromPlanInfo(planned.info)));
    WriteNonblockingTaskLines(in, planned, out);
    return;
  }
  JsonWriter* json = out->Json();
  json->StartArray("nodes");
  for (size_t v = 0; v < in.request.node_count; ++v) {
    WriteNonblockingNode(in, planned, v, json);
  }
  json->EndArray();
  WriteNonblockingTransfers(in, planned, json);
  if (explain) out->Explain(Explain(FromPlanInfo(planned.info)));
}

}  // namespace

absl::StatusOr<NonblockingRequest> ParseNonblockingRequest(
    absl::string_view json) {
  flatbuffers::IDLOptions options;
  flatbuffers::Parser parser(options);
  absl::StatusOr<const nonblocking_request::Request*> root =
      ParseJsonAs<nonblocking_request::Request>(
          json, kNonblockingRequestSchema, "Request", "request JSON", &parser);
  if (!root.ok()) return root.status();
  NonblockingRequest out;
  if ((*root)->tick() != nullptr) out.tick = (*root)->tick()->str();
  absl::Status status = ReadNodes(**root, &out);
  if (!status.ok()) return status;
  const size_t n = out.send_fixed.size();
  status = ReadLinks(**root, n, &out);
  if (!status.ok()) return status;
  const auto* messages = (*root)->messages();
  const uint32_t k = messages == nullptr ? 0 : messages->size();
  for (uint32_t m = 0; m < k; ++m) {
    status = ReadMessage(messages->Get(m), m, &out);
    if (!status.ok()) return status;
  }
  out.Finish();
  status = CheckRequest(out);
  if (!status.ok()) return status;
  return out;
}

absl::StatusOr<std::string> PlanNonblockingRequest(const NonblockingRequest& in,
                                                   const std::string& algorithm,
                                                   const std::string& format,
                                                   bool explain) {
  absl::StatusOr<hetcast_algorithm> pin = PinFromName(algorithm);
  if (!pin.ok()) return pin.status();
  hetcast_request request = {};
  request.model = HETCAST_MODEL_NONBLOCKING;
  request.algorithm = *pin;
  request.nonblocking = &in.request;
  absl::StatusOr<Planned> planned = PlanRequest(request);
  if (!planned.ok()) return planned.status();
  return WrittenPlan(format == "json", [&](PlanWriter* out) {
    WriteNonblockingPlan(in, *planned, explain, out);
  });
}

absl::StatusOr<std::string> PlanNonblockingRequestFile(
    const std::string& path, const std::string& algorithm,
    const std::string& format, bool explain) {
  if (path.empty()) {
    return absl::InvalidArgumentError("--input: give the request JSON file");
  }
  absl::StatusOr<std::string> json = ReadFileBytes(path);
  if (!json.ok()) return json.status();
  absl::StatusOr<NonblockingRequest> request = ParseNonblockingRequest(*json);
  if (!request.ok()) return request.status();
  return PlanNonblockingRequest(*request, algorithm, format, explain);
}

}  // namespace hetcast
