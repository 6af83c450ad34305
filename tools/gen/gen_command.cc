// gen_command.cc: profile files -> exact DP -> table file.
#include "tools/gen/gen_command.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "flatbuffers/flatbuffers.h"
#include "tables/hetcast_table_generated.h"
#include "tools/gen/exact_dp.h"
#include "tools/gen/profile.h"
#include "tools/gen/ptas_flags.h"
#include "tools/gen/ptas_table.h"
#include "tools/gen/table_writer.h"
#include "tools/progress.h"

namespace hetcast {

namespace {

std::string Errno() { return std::strerror(errno); }

// Opens `path` for reading without blocking (a FIFO with no writer would
// block a plain open) and checks that it is a regular file of at most
// `max_bytes`. Returns the descriptor and its size.
absl::StatusOr<int> OpenRegularFile(const std::string& path, size_t max_bytes,
                                    size_t* size) {
  const int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    return absl::NotFoundError(
        absl::StrFormat("cannot open '%s': %s", path, Errno()));
  }
  struct stat info;
  if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    close(fd);
    return absl::InvalidArgumentError(
        absl::StrFormat("'%s' is not a regular file", path));
  }
  if (static_cast<uint64_t>(info.st_size) > max_bytes) {
    close(fd);
    return absl::InvalidArgumentError(
        absl::StrFormat("'%s' is %d bytes; at most %d are read", path,
                        info.st_size, max_bytes));
  }
  *size = static_cast<size_t>(info.st_size);
  return fd;
}

// Reads the next `size` bytes into `out`; a file that ends before them
// shrank while being read.
absl::Status ReadPrefix(int fd, const std::string& path, char* out,
                        size_t size) {
  size_t done = 0;
  while (done < size) {
    const ssize_t got = read(fd, out + done, size - done);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      return absl::DataLossError(
          absl::StrFormat("cannot read '%s': %s", path,
                          got == 0 ? "it shrank while being read" : Errno()));
    }
    done += static_cast<size_t>(got);
  }
  return absl::OkStatus();
}

// Reads the remaining `size` bytes into `out`; a file that changed size
// while being read is an error.
absl::Status ReadExactly(int fd, const std::string& path, char* out,
                         size_t size) {
  absl::Status prefix = ReadPrefix(fd, path, out, size);
  if (!prefix.ok()) return prefix;
  char extra;
  if (read(fd, &extra, 1) > 0) {
    return absl::DataLossError(
        absl::StrFormat("cannot read '%s': it grew while being read", path));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::string> ReadFileBytes(const std::string& path,
                                          size_t max_bytes) {
  size_t size = 0;
  absl::StatusOr<int> fd = OpenRegularFile(path, max_bytes, &size);
  if (!fd.ok()) return fd.status();
  std::string bytes(size, '\0');
  absl::Status read = ReadExactly(*fd, path, bytes.data(), size);
  close(*fd);
  if (!read.ok()) return read;
  return bytes;
}

absl::StatusOr<std::vector<uint64_t>> ReadTableFile(const std::string& path,
                                                    size_t* size,
                                                    size_t max_bytes) {
  absl::StatusOr<int> fd = OpenRegularFile(path, max_bytes, size);
  if (!fd.ok()) return fd.status();
  // The header first: a file that is no table costs its first bytes, not
  // up to max_bytes of memory and reading. A shorter file is read whole
  // and left to hetcast_table_open, which names what is missing.
  char header[kTableHeaderBytes];
  absl::Status read = absl::OkStatus();
  if (*size >= kTableHeaderBytes) {
    read = ReadPrefix(*fd, path, header, kTableHeaderBytes);
    if (read.ok() &&
        !flatbuffers::BufferHasIdentifier(header, fb::HetcastTableIdentifier(),
                                          /*size_prefixed=*/true)) {
      read = absl::InvalidArgumentError(absl::StrFormat(
          "'%s' is not a valid hetcast table: its file identifier (bytes 8 "
          "to 11) is not %s; the rest was not read",
          path, fb::HetcastTableIdentifier()));
    }
  }
  std::vector<uint64_t> aligned;
  if (read.ok()) {
    aligned.resize((*size + 7) / 8);
    char* bytes = reinterpret_cast<char*>(aligned.data());
    const size_t done = *size >= kTableHeaderBytes ? kTableHeaderBytes : 0;
    if (done > 0) std::memcpy(bytes, header, done);  // bytes is null when empty
    read = ReadExactly(*fd, path, bytes + done, *size - done);
  }
  close(*fd);
  if (!read.ok()) return read;
  return aligned;
}

absl::Status WriteFileSafely(const std::string& path, const std::string& bytes,
                             const char* flag) {
  struct stat info;
  if (lstat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: '%s' exists and is not a regular file; it is left as it is", flag,
        path));
  }
  std::string temporary = path + ".tmp.XXXXXX";
  const int fd = mkstemp(temporary.data());
  if (fd < 0) {
    return absl::PermissionDeniedError(absl::StrFormat(
        "%s: cannot create a file beside '%s': %s", flag, path, Errno()));
  }
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t put = write(fd, bytes.data() + done, bytes.size() - done);
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) break;
    done += static_cast<size_t>(put);
  }
  const bool closed = close(fd) == 0;
  if (done != bytes.size() || !closed || chmod(temporary.c_str(), 0644) != 0 ||
      rename(temporary.c_str(), path.c_str()) != 0) {
    const std::string why = Errno();
    unlink(temporary.c_str());
    return absl::DataLossError(
        absl::StrFormat("%s: cannot write '%s': %s", flag, path, why));
  }
  return absl::OkStatus();
}

double ExactWorkEstimate(const ProfileSpec& profile) {
  if (profile.types.empty()) return 0;
  size_t slowest = 0;
  for (size_t j = 1; j < profile.types.size(); ++j) {
    if (profile.types[j].cost > profile.types[slowest].cost) slowest = j;
  }
  double work = static_cast<double>(profile.types.size());
  for (size_t j = 0; j < profile.types.size(); ++j) {
    const double l = profile.types[j].limit;
    if (j != slowest) {
      work *= (l + 1) * (l + 2) / 2;  // Sum over the states of l_j + 1.
      continue;
    }
    // Rule 2 of exact_dp.cc: the slowest type's digit by bisection.
    double steps = 1;
    while (std::exp2(steps) < l + 2) ++steps;
    work *= (l + 1) * steps;
  }
  return work;
}

absl::Status CheckExactWork(const ProfileSpec& profile) {
  const double work = ExactWorkEstimate(profile);
  if (work <= kMaxExactWork) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrFormat(
      "profile '%s': the exact DP's work estimate (k x prod "
      "(limit+1)(limit+2)/2 over the types but the slowest, x (limit+1) x "
      "log2(limit+2) for the slowest) is %.3g, past its limit 2^34 (%.3g; "
      "docs/limits.md); lower the limits, or use --method ptas",
      profile.name, work, kMaxExactWork));
}

double PtasTableWorkEstimate(const ProfileSpec& profile) {
  double states = 1;
  for (const NodeTypeSpec& t : profile.types) states *= t.limit + 1.0;
  return static_cast<double>(profile.types.size()) * states * states;
}

absl::Status CheckPtasTableWork(const ProfileSpec& profile) {
  const double work = PtasTableWorkEstimate(profile);
  if (work <= kMaxPtasTableWork) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrFormat(
      "profile '%s': a PTAS table's work estimate (k x prod (limit+1)^2, "
      "entries x states) is %.3g, past its limit 2^24 (docs/limits.md); "
      "lower the limits",
      profile.name, work));
}

namespace {

// "wrote T.hct (B bytes): 2 profiles: lab (exact, 64 states), big (PTAS
// eps 1/10, 4096 states)".
std::string Summary(const std::string& out_path, size_t bytes,
                    const std::vector<SolvedProfile>& solved,
                    const Epsilon& eps) {
  std::vector<std::string> parts;
  for (const SolvedProfile& s : solved) {
    const bool ptas = s.table.time.empty();
    parts.push_back(absl::StrFormat(
        "%s (%s, %d states)", s.profile.name,
        ptas ? absl::StrFormat("PTAS eps %d/%d", eps.numerator, eps.denominator)
             : "exact",
        StateCount(s.profile)));
  }
  return absl::StrFormat("wrote %s (%d bytes): %d profile%s: %s", out_path,
                         bytes, solved.size(), solved.size() == 1 ? "" : "s",
                         absl::StrJoin(parts, ", "));
}

}  // namespace

absl::Status GenerateTableFile(const std::vector<std::string>& profile_paths,
                               const std::string& out_path,
                               const GenOptions& gen) {
  if (profile_paths.empty()) {
    return absl::InvalidArgumentError("--profile: give at least one file");
  }
  if (gen.method != "auto" && gen.method != "exact" && gen.method != "ptas") {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--method: '%s' is not one of auto, exact, ptas", gen.method));
  }
  absl::StatusOr<Epsilon> eps = ParseEpsilon(gen.epsilon);
  if (!eps.ok()) return eps.status();
  if (gen.threads < 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--threads: %d is negative; give 0 (every core) or a number of "
        "worker threads from 1",
        gen.threads));
  }
  const int threads = gen.threads;
  std::vector<SolvedProfile> solved;
  ProgressLine progress("hetcast gen");
  for (const std::string& path : profile_paths) {
    absl::StatusOr<std::string> json = ReadFileBytes(path);
    if (!json.ok()) return json.status();
    absl::StatusOr<ProfileSpec> profile = ParseProfileJson(*json);
    if (!profile.ok()) {
      return absl::InvalidArgumentError(
          absl::StrFormat("%s: %s", path, profile.status().message()));
    }
    DpOptions options;
    options.threads = threads;
    const std::string name = profile->name;
    options.progress = [&progress, &name](uint64_t done, uint64_t total) {
      progress.Report(absl::StrFormat("profile '%s': states", name), done,
                      total);
    };
    const bool ptas =
        gen.method == "ptas" ||
        (gen.method == "auto" && ExactWorkEstimate(*profile) > kMaxExactWork);
    if (!ptas) {
      absl::Status within = CheckExactWork(*profile);
      if (!within.ok()) {
        return absl::InvalidArgumentError(
            absl::StrFormat("%s: %s", path, within.message()));
      }
    }
    if (ptas) {
      const absl::Status within = CheckPtasTableWork(*profile);
      absl::StatusOr<PtasEntries> entries =
          within.ok() ? SolvePtasProfile(*profile, *eps, options.progress)
                      : absl::StatusOr<PtasEntries>(within);
      if (!entries.ok()) {
        // "auto" came here past the exact DP's limit: say so too.
        const std::string past_exact =
            gen.method == "auto"
                ? absl::StrFormat(
                      " (past the exact DP's limit too: its work "
                      "estimate is %.3g, the limit 2^34)",
                      ExactWorkEstimate(*profile))
                : "";
        return absl::Status(
            entries.status().code(),
            absl::StrFormat("%s: %s%s", path, entries.status().message(),
                            past_exact));
      }
      SolvedProfile s;
      s.profile = *std::move(profile);
      s.ptas = *std::move(entries);
      solved.push_back(std::move(s));
      continue;
    }
    absl::StatusOr<ExactTable> table = SolveExact(*profile, options);
    if (!table.ok()) {
      return absl::InvalidArgumentError(
          absl::StrFormat("%s: %s", path, table.status().message()));
    }
    SolvedProfile s;
    s.profile = *std::move(profile);
    s.table = *std::move(table);
    solved.push_back(std::move(s));
  }
  absl::StatusOr<std::string> bytes = WriteTable(solved);
  if (!bytes.ok()) return bytes.status();
  absl::Status written = WriteFileSafely(out_path, *bytes, "--out");
  if (!written.ok()) return written;
  progress.Done(Summary(out_path, bytes->size(), solved, *eps), gen.summary);
  return absl::OkStatus();
}

}  // namespace hetcast
