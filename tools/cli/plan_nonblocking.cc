// plan_nonblocking.cc: JSON request -> plan -> text or JSON.
#include "tools/cli/plan_nonblocking.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "flatbuffers/idl.h"
#include "tables/nonblocking_request_generated.h"
#include "tables/nonblocking_request_schema.h"
#include "tools/plan.h"
#include "tools/cli/plan_output.h"

namespace hetcast {

void NbRequest::Finish() {
  for (size_t m = 0; m < messages.size(); ++m) {
    messages[m].destinations = destinations[m].data();
    messages[m].destination_count = destinations[m].size();
  }
  request.node_count = send_fixed.size();
  request.send_fixed = send_fixed.data();
  request.send_per_byte = send_per_byte.data();
  request.recv_fixed = recv_fixed.data();
  request.recv_per_byte = recv_per_byte.data();
  request.link_per_byte = link.data();
  request.messages = messages.data();
  request.message_count = messages.size();
}

absl::StatusOr<NbRequest> ParseNbRequest(absl::string_view json) {
  flatbuffers::IDLOptions options;
  flatbuffers::Parser parser(options);
  if (!parser.Parse(kNonblockingRequestSchema)) {
    return absl::InternalError(parser.error_);
  }
  const std::string text(json);
  if (!parser.Parse(text.c_str())) {
    return absl::InvalidArgumentError(
        absl::StrFormat("request JSON: %s", parser.error_));
  }
  flatbuffers::Verifier verifier(parser.builder_.GetBufferPointer(),
                                 parser.builder_.GetSize());
  if (!nbrequest::VerifyRequestBuffer(verifier)) {
    return absl::InvalidArgumentError("request JSON: not a Request object");
  }
  const nbrequest::Request* root =
      nbrequest::GetRequest(parser.builder_.GetBufferPointer());
  NbRequest out;
  if (root->tick() != nullptr) out.tick = root->tick()->str();
  if (root->nodes() == nullptr || root->nodes()->size() < 2) {
    return absl::InvalidArgumentError("nodes: give at least two nodes");
  }
  if (root->nodes()->size() > 4096) {
    return absl::InvalidArgumentError("nodes: at most 4096 nodes");
  }
  const size_t n = root->nodes()->size();
  for (size_t v = 0; v < n; ++v) {
    const nbrequest::Node* node = root->nodes()->Get(static_cast<uint32_t>(v));
    if (node == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrFormat("nodes[%d]: missing", v));
    }
    for (uint64_t value : {node->send_fixed(), node->send_per_byte(),
                           node->recv_fixed(), node->recv_per_byte()}) {
      if (value > HETCAST_MAX_COST) {
        return absl::InvalidArgumentError(absl::StrFormat(
            "nodes[%d]: an overhead of %d ticks exceeds 2^40", v, value));
      }
    }
    out.send_fixed.push_back(node->send_fixed());
    out.send_per_byte.push_back(node->send_per_byte());
    out.recv_fixed.push_back(node->recv_fixed());
    out.recv_per_byte.push_back(node->recv_per_byte());
  }
  if (root->link_per_byte() != nullptr) {
    if (root->link_per_byte()->size() != n * n) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "link_per_byte: %d entries, a %d x %d matrix needs %d (row = "
          "sender)",
          root->link_per_byte()->size(), n, n, n * n));
    }
    out.link.assign(root->link_per_byte()->begin(),
                    root->link_per_byte()->end());
  } else {
    out.link.assign(n * n, root->uniform_link_per_byte());
  }
  for (uint64_t x : out.link) {
    if (x > HETCAST_MAX_COST) {
      return absl::InvalidArgumentError(
          "link_per_byte: a link time exceeds 2^40 ticks per byte");
    }
  }
  if (root->messages() == nullptr || root->messages()->size() == 0) {
    return absl::InvalidArgumentError("messages: give at least one message");
  }
  for (uint32_t m = 0; m < root->messages()->size(); ++m) {
    const nbrequest::Message* msg = root->messages()->Get(m);
    if (msg == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrFormat("messages[%d]: missing", m));
    }
    if (msg->source() >= n) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "messages[%d].source: node %d does not exist (nodes 0..%d)", m,
          msg->source(), n - 1));
    }
    if (msg->length() == 0 || msg->length() >= (uint64_t{1} << 32)) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "messages[%d].length: %d; a message has 1 .. 2^32 - 1 bytes", m,
          msg->length()));
    }
    std::vector<uint32_t> dests;
    if (msg->destinations() != nullptr) {
      for (uint32_t d = 0; d < msg->destinations()->size(); ++d) {
        const uint32_t v = msg->destinations()->Get(d);
        if (v >= n) {
          return absl::InvalidArgumentError(absl::StrFormat(
              "messages[%d].destinations[%d]: node %d does not exist", m, d,
              v));
        }
        if (v == msg->source()) {
          return absl::InvalidArgumentError(absl::StrFormat(
              "messages[%d].destinations[%d]: %d is the message's source", m, d,
              v));
        }
        if (std::find(dests.begin(), dests.end(), v) != dests.end()) {
          return absl::InvalidArgumentError(absl::StrFormat(
              "messages[%d].destinations[%d]: %d is listed twice", m, d, v));
        }
        dests.push_back(v);
      }
    }
    out.destinations.push_back(dests);
    out.messages.push_back(
        hetcast_nb_message{msg->source(), msg->length(), nullptr, 0});
  }
  out.Finish();
  return out;
}

absl::StatusOr<std::string> PlanNbRequest(const NbRequest& in,
                                          const std::string& algorithm,
                                          const std::string& format) {
  hetcast_algorithm pin;
  if (algorithm == "fef") {
    pin = HETCAST_ALGORITHM_FEF;
  } else if (algorithm == "ecf") {
    pin = HETCAST_ALGORITHM_ECF;
  } else if (algorithm == "wr") {
    pin = HETCAST_ALGORITHM_WR;
  } else if (algorithm == "wrp") {
    pin = HETCAST_ALGORITHM_WRP;
  } else if (algorithm.empty()) {
    pin = HETCAST_ALGORITHM_NONE;  // The planner's choice: WRP.
  } else {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--algorithm: '%s' is not one of wrp, wr, ecf, fef", algorithm));
  }
  hetcast_request request = {};
  request.model = HETCAST_MODEL_NONBLOCKING;
  request.algorithm = pin;
  request.nonblocking = &in.request;
  absl::StatusOr<Planned> planned = PlanRequest(request);
  if (!planned.ok()) return planned.status();
  const hetcast_answer& answer = planned->info.answer;
  const std::vector<hetcast_nb_task>& tasks = planned->tasks;
  const std::vector<size_t>& begin = planned->list_begin;
  const char* name = AlgorithmName(answer.algorithm);
  // Transfers: each send with its receive's times.
  std::vector<const hetcast_nb_task*> recv_of(
      in.request.node_count * in.request.message_count, nullptr);
  for (const hetcast_nb_task& t : tasks) {
    if (t.op == HETCAST_NB_RECV) {
      recv_of[t.message * in.request.node_count + t.node] = &t;
    }
  }
  std::vector<const hetcast_nb_task*> sends;
  for (const hetcast_nb_task& t : tasks) {
    if (t.op == HETCAST_NB_SEND) sends.push_back(&t);
  }
  std::sort(sends.begin(), sends.end(),
            [](const hetcast_nb_task* a, const hetcast_nb_task* b) {
              return a->start < b->start ||
                     (a->start == b->start && a->node < b->node);
            });
  std::string out;
  if (format == "json") {
    out = absl::StrFormat(
        "{\"model\":\"nonblocking\",\"algorithm\":\"%s\",\"exact\":%s,"
        "\"tick\":\"%s\",\"completion_time\":%d,\"lower_bound\":%d,"
        "\"lower_bound_kind\":\"earliest_reach\",\"nodes\":[",
        name, answer.exact ? "true" : "false", in.tick, answer.completion_time,
        answer.lower_bound);
    for (size_t v = 0; v < in.request.node_count; ++v) {
      absl::StrAppend(&out, v == 0 ? "" : ",", "{\"id\":", v, ",\"tasks\":[");
      for (size_t t = begin[v]; t < begin[v + 1]; ++t) {
        const hetcast_nb_task& x = tasks[t];
        absl::StrAppend(&out, t == begin[v] ? "" : ",", "{\"op\":\"",
                        x.op == HETCAST_NB_SEND ? "send" : "recv",
                        "\",\"partner\":", x.partner,
                        ",\"source\":", in.request.messages[x.message].source,
                        ",\"message\":", x.message, ",\"start\":", x.start,
                        ",\"end\":", x.end, "}");
      }
      absl::StrAppend(&out, "]}");
    }
    absl::StrAppend(&out, "],\"transfers\":[");
    for (size_t i = 0; i < sends.size(); ++i) {
      const hetcast_nb_task& s = *sends[i];
      const hetcast_nb_task& r =
          *recv_of[s.message * in.request.node_count + s.partner];
      absl::StrAppend(&out, i == 0 ? "" : ",", "{\"from\":", s.node,
                      ",\"to\":", s.partner,
                      ",\"source\":", in.request.messages[s.message].source,
                      ",\"message\":", s.message, ",\"start\":", s.start,
                      ",\"arrival\":", s.arrival,
                      ",\"receive_start\":", std::max(r.start, r.arrival),
                      ",\"end\":", r.end, "}");
    }
    absl::StrAppend(&out, "]}\n");
    return out;
  }
  out = absl::StrFormat(
      "model: nonblocking    algorithm: %s    exact: %s\n"
      "completion time: %d %s\nlower bound: %d (earliest reach, Wu, Yeh & Liu "
      "§3.1)\n",
      name, answer.exact ? "yes" : "no", answer.completion_time, in.tick,
      answer.lower_bound);
  for (size_t v = 0; v < in.request.node_count; ++v) {
    absl::StrAppend(&out, "node ", v, ":");
    for (size_t t = begin[v]; t < begin[v + 1]; ++t) {
      const hetcast_nb_task& x = tasks[t];
      absl::StrAppend(&out, "  ", x.op == HETCAST_NB_SEND ? "send m" : "recv m",
                      x.message, x.op == HETCAST_NB_SEND ? "->" : "<-",
                      x.partner, " [", x.start, ",", x.end, ")");
    }
    absl::StrAppend(&out, "\n");
  }
  return out;
}

}  // namespace hetcast
