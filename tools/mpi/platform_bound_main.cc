// platform_bound_main.cc: prints the platform's lower bound on any
// broadcast (platform_bound.h) of a SimGrid platform file and hostfile.
//
//   platform_bound --platform=platform.xml --hostfile=hostfile --bytes=M
//                  [--root=0] [--bw-factor=T:V;...] [--lat-factor=T:V;...]
//
// prints `platform_bound_seconds=S platform_bound_ps=P limiting_rank=R
// limiting_link=L` (S is P written exactly in seconds; both rounded down;
// L, last, may hold spaces: "uplinks up0,up1 (2 crossings)").
// The factors default to SimGrid 3.32's smpi/bw-factor and
// smpi/lat-factor; give the run's own when it sets them.

#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tools/mpi/platform_bound.h"
#include "tools/mpi/platform_xml.h"
#include "tools/mpi/program_args.h"
#include "tools/version.h"

namespace hetcast {
namespace mpi {
namespace {

bool ReadFile(const std::string& path, std::string* text) {
  std::ifstream in(path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  *text = buffer.str();
  return static_cast<bool>(in);
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) lines.push_back(line);
  }
  return lines;
}

int Fail(const std::string& message) {
  std::fprintf(stderr, "platform_bound: %s\n", message.c_str());
  return 2;
}

constexpr char kUsage[] =
    "usage: platform_bound --platform=platform.xml --hostfile=hostfile "
    "--bytes=M\n"
    "                      [--root=0] [--bw-factor=T:V;...] "
    "[--lat-factor=T:V;...]\n"
    "  The lower bound on any broadcast of M bytes from --root on a SimGrid\n"
    "  platform: platform_bound_seconds=S platform_bound_ps=P\n"
    "  limiting_rank=R limiting_link=L. The factors default to SimGrid\n"
    "  3.32's smpi/bw-factor and smpi/lat-factor.\n";

int Main(int argc, char** argv) {
  if (AnswerHelpOrVersion(argc, argv, "platform_bound", kUsage)) return 0;
  ProgramArgs args(
      argc, argv,
      {"platform", "hostfile", "bytes", "root", "bw-factor", "lat-factor"});
  const std::string platform_path = args.String("platform", "");
  const std::string hostfile_path = args.String("hostfile", "");
  const uint64_t bytes = args.Unsigned("bytes", 0);
  const uint64_t root = args.Unsigned("root", 0);
  const std::string bw = args.String("bw-factor", kSmpiBwFactors);
  const std::string lat = args.String("lat-factor", kSmpiLatFactors);
  if (!args.error().empty()) return Fail(args.error());
  if (platform_path.empty() || hostfile_path.empty() || bytes == 0) {
    return Fail("need --platform, --hostfile and --bytes > 0");
  }
  std::string xml, hostfile, error;
  if (!ReadFile(platform_path, &xml) || !ReadFile(hostfile_path, &hostfile)) {
    return Fail("cannot read " + platform_path + " or " + hostfile_path);
  }
  Platform platform;
  PlatformBound bound;
  if (!ParsePlatform(xml, &platform, &error) ||
      !ComputePlatformBound(platform, Lines(hostfile), root, bytes, bw, lat,
                            &bound, &error)) {
    return Fail(error);
  }
  std::printf("platform_bound_seconds=%" PRIu64 ".%012" PRIu64
              " platform_bound_ps=%" PRIu64
              " limiting_rank=%zu"
              " limiting_link=%s\n",
              bound.ps / 1000000000000, bound.ps % 1000000000000, bound.ps,
              bound.limiting_rank, bound.limiting_link.c_str());
  return 0;
}

}  // namespace
}  // namespace mpi
}  // namespace hetcast

int main(int argc, char** argv) { return hetcast::mpi::Main(argc, argv); }
