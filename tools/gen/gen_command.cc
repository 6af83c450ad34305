// gen_command.cc: profile files -> exact DP -> table file.
#include "tools/gen/gen_command.h"

#include <chrono>
#include <cstdio>
#include <cstring>

#include "absl/strings/str_format.h"
#include "tools/gen/exact_dp.h"
#include "tools/gen/profile.h"
#include "tools/gen/ptas.h"
#include "tools/gen/table_writer.h"

namespace hetcast {

absl::StatusOr<std::string> ReadFileBytes(const std::string& path) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) {
    return absl::NotFoundError(
        absl::StrFormat("cannot open '%s': %s", path, std::strerror(errno)));
  }
  std::string bytes;
  char buffer[1 << 16];
  size_t got;
  while ((got = std::fread(buffer, 1, sizeof(buffer), file)) > 0) {
    bytes.append(buffer, got);
  }
  const bool failed = std::ferror(file) != 0;
  std::fclose(file);
  if (failed) {
    return absl::DataLossError(absl::StrFormat("cannot read '%s'", path));
  }
  return bytes;
}

absl::StatusOr<std::vector<uint64_t>> ReadTableFile(const std::string& path,
                                                    size_t* size) {
  absl::StatusOr<std::string> bytes = ReadFileBytes(path);
  if (!bytes.ok()) return bytes.status();
  std::vector<uint64_t> aligned((bytes->size() + 7) / 8);
  if (!bytes->empty())
    std::memcpy(aligned.data(), bytes->data(), bytes->size());
  *size = bytes->size();
  return aligned;
}

double ExactWorkEstimate(const ProfileSpec& profile) {
  double work = static_cast<double>(profile.types.size());
  for (const NodeTypeSpec& t : profile.types) {
    const double l = t.limit;
    work *= (l + 1) * (l + 2) / 2;
  }
  return work;
}

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
  const int threads = gen.threads;
  std::vector<SolvedProfile> solved;
  const auto start = std::chrono::steady_clock::now();
  auto last_print = start;
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
    options.progress = [&](uint64_t done, uint64_t total) {
      const auto now = std::chrono::steady_clock::now();
      const double elapsed = std::chrono::duration<double>(now - start).count();
      if (elapsed > 2.0 &&
          std::chrono::duration<double>(now - last_print).count() > 2.0) {
        std::fprintf(
            stderr,
            "hetcast gen: profile '%s': %llu/%llu states (%.0f%%) "
            "after %.1f s\n",
            name.c_str(), static_cast<unsigned long long>(done),
            static_cast<unsigned long long>(total),
            100.0 * static_cast<double>(done) / static_cast<double>(total),
            elapsed);
        last_print = now;
      }
    };
    const bool ptas =
        gen.method == "ptas" ||
        (gen.method == "auto" && ExactWorkEstimate(*profile) > kAutoExactWork);
    if (ptas) {
      absl::StatusOr<PtasEntries> entries =
          SolvePtasProfile(*profile, *eps, options.progress);
      if (!entries.ok()) {
        return absl::Status(
            entries.status().code(),
            absl::StrFormat("%s: %s", path, entries.status().message()));
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
  std::FILE* file = std::fopen(out_path.c_str(), "wb");
  if (file == nullptr) {
    return absl::PermissionDeniedError(absl::StrFormat(
        "--out: cannot create '%s': %s", out_path, std::strerror(errno)));
  }
  const bool written =
      std::fwrite(bytes->data(), 1, bytes->size(), file) == bytes->size();
  const bool closed = std::fclose(file) == 0;
  if (!written || !closed) {
    std::remove(out_path.c_str());
    return absl::DataLossError(
        absl::StrFormat("--out: cannot write '%s'", out_path));
  }
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  if (elapsed > 2.0) {
    std::fprintf(stderr, "hetcast gen: wrote %s (%zu bytes) in %.1f s\n",
                 out_path.c_str(), bytes->size(), elapsed);
  }
  return absl::OkStatus();
}

}  // namespace hetcast
