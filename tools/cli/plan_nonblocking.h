// plan_nonblocking.h: `hetcast plan --model nonblocking`: a JSON request
// (tables/nonblocking_request.fbs, parsed by FlatBuffers' parser) planned
// with FEF, ECF, WR or WRP, rendered as text or JSON.
#ifndef HETCAST_TOOLS_CLI_PLAN_NONBLOCKING_H_
#define HETCAST_TOOLS_CLI_PLAN_NONBLOCKING_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/cli/nonblocking_request.h"

namespace hetcast {

// Parses a request and checks it with the runtime (hetcast_nonblocking_check,
// the one place of the model's rules); errors name the JSON field (e.g.
// "messages[0].destinations[1] = 0: the node is the message's source").
absl::StatusOr<NonblockingRequest> ParseNonblockingRequest(
    absl::string_view json);

// Plans `request` with `algorithm` ("fef", "ecf", "wr", "wrp") and renders
// it ("text" or "json"; with `explain`, why and what it guarantees).
absl::StatusOr<std::string> PlanNonblockingRequest(
    const NonblockingRequest& request, const std::string& algorithm,
    const std::string& format, bool explain = false);

// `hetcast plan --model nonblocking --input PATH`: reads the request file
// at `path` (empty: an error naming --input), then PlanNonblockingRequest().
absl::StatusOr<std::string> PlanNonblockingRequestFile(
    const std::string& path, const std::string& algorithm,
    const std::string& format, bool explain = false);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_PLAN_NONBLOCKING_H_
