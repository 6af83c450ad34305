// render.h: `hetcast render`: a schedule as a picture.
//
//   hetcast render [--to svg|dot] REQUEST FLAGS OF hetcast plan
//   hetcast plan ... --format json | hetcast render --plan - [--to dot]
//
// The schedule comes from planning the request flags of `model` (as
// `hetcast plan` would) or from a plan's JSON (--plan FILE, '-' for stdin),
// read back through the same FlatBuffers schema that wrote it
// (tables/cli_output.fbs). --to svg draws a Gantt chart (gantt_svg.h);
// --to dot a Graphviz graph: the tree (node, cluster and graph models) or
// the deliveries (multi-source).
#ifndef HETCAST_TOOLS_CLI_RENDER_H_
#define HETCAST_TOOLS_CLI_RENDER_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace hetcast {

// `given`: the flags set on the command line (underscored names).
absl::StatusOr<std::string> RenderCommand(
    const std::string& model, const std::vector<std::string>& given);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_RENDER_H_
