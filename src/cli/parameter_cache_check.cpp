#include "cli/parameter_cache_check.hpp"

#include <cstdio>
#include <filesystem>
#include <map>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/cli.hpp"
#include "cli/param_lookup.hpp"
#include "cli/progress.hpp"
#include "cli/registered_proof_option.hpp"
#include "porep/registered_proof.hpp"
#include "prover/params/parameter_check.hpp"
#include "prover/params/published_parameters.hpp"
#include "prover/params/test_parameter_marker.hpp"

namespace cuzk::cli {
namespace {

namespace seal = prover::seal;
using prover::ParameterFileStatus;

// Files at least this large get a progress line per tenth hashed.
constexpr std::uint64_t kProgressBytes = std::uint64_t{256} << 20;

// "2KiB", "32GiB", or a number of bytes.
std::uint64_t parse_sector_size(const std::string& text) {
  for (const porep::SealProofInfo& info : porep::all_seal_proofs()) {
    if (text == std::to_string(info.sector_size)) return info.sector_size;
    for (const auto& [unit, shift] : {std::pair{"KiB", 10}, {"MiB", 20}, {"GiB", 30}}) {
      const std::uint64_t size = info.sector_size >> shift;
      if ((size << shift) == info.sector_size && text == std::to_string(size) + unit) {
        return info.sector_size;
      }
    }
  }
  throw CLI::ValidationError("--sector-size '" + text +
                             "': expected a sector size such as 2KiB, 8MiB, 512MiB, 32GiB, 64GiB");
}

std::vector<const prover::PublishedParameterFile*> files_to_check(const CacheCheckOptions& o) {
  std::vector<const prover::PublishedParameterFile*> files;
  if (!o.registered_proof.empty()) {
    const prover::PublishedSealFiles seal_files =
        prover::published_seal_files(registered_proof_option(o.registered_proof));
    return {&seal_files.params, &seal_files.vk};
  }
  if (!o.registered_update_proof.empty()) {
    const prover::PublishedSealFiles update_files =
        prover::published_update_files(registered_update_proof_option(o.registered_update_proof));
    return {&update_files.params, &update_files.vk};
  }
  const std::uint64_t size = o.sector_size.empty() ? 0 : parse_sector_size(o.sector_size);
  for (const prover::PublishedParameterFile& f : prover::published_parameter_files()) {
    if (size == 0 || f.sector_size == size) files.push_back(&f);
  }
  return files;
}

std::string gigabytes(std::uint64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f GB", static_cast<double>(bytes) / 1e9);
  return buf;
}

// The line of one file on stdout: its status in a column, then what a user needs to act on it.
std::string report_line(const prover::PublishedParameterFile& f,
                        const prover::ParameterFileCheck& check, const std::filesystem::path& dir) {
  const std::string name(f.name);
  switch (check.status) {
    case ParameterFileStatus::kOk:
      return "ok         " + name;
    case ParameterFileStatus::kMissing:
      return "MISSING    " + name;
    case ParameterFileStatus::kCorrupt:
      return "CORRUPT    " + name + ": " + std::to_string(check.bytes) + " bytes, digest " +
             check.digest + ", published " + std::string(f.digest);
    case ParameterFileStatus::kTestOnly:
      return "TEST-ONLY  " + name + ": INSECURE test parameters (" +
             prover::test_marker_path(dir / name).filename().string() + ")";
  }
  return name;
}

}  // namespace

int check_parameter_cache(const CacheCheckOptions& o) {
  const std::vector<const prover::PublishedParameterFile*> files = files_to_check(o);
  const bool all_required =
      !o.registered_proof.empty() || !o.registered_update_proof.empty() || !o.sector_size.empty();
  const ParameterDir dir = parameter_dir(o.params_dir);
  const Progress progress("cuzk params", verbosity_from_flags(o.quiet, false));
  progress.log("checking " + std::to_string(files.size()) + " published files in " +
               dir.path.string() + " (" + dir.origin + ")");

  std::map<ParameterFileStatus, std::size_t> counts;
  for (const prover::PublishedParameterFile* f : files) {
    int last_tenth = 0;
    const auto report = [&](std::uint64_t done, std::uint64_t total) {
      if (total < kProgressBytes) return;
      const int tenth = static_cast<int>(done * 10 / total);
      if (tenth == last_tenth) return;
      last_tenth = tenth;
      progress.log(std::string(f->name) + ": " + std::to_string(tenth * 10) + "% of " +
                   gigabytes(total));
    };
    const prover::ParameterFileCheck check = prover::check_parameter_file(dir.path, *f, report);
    ++counts[check.status];
    std::printf("%s\n", report_line(*f, check, dir.path).c_str());
    std::fflush(stdout);  // a check of the 32 GiB files takes minutes: show each as it ends
  }
  const std::size_t ok = counts[ParameterFileStatus::kOk];
  const std::size_t missing = counts[ParameterFileStatus::kMissing];
  const std::size_t corrupt = counts[ParameterFileStatus::kCorrupt];
  const std::size_t test_only = counts[ParameterFileStatus::kTestOnly];
  std::printf("%zu ok, %zu missing, %zu corrupt, %zu test-only\n", ok, missing, corrupt, test_only);
  std::fflush(stdout);
  if (corrupt + test_only > 0) {
    std::fprintf(stderr, "cuzk: %zu parameter file(s) in %s are not Filecoin's published ones\n",
                 corrupt + test_only, dir.path.string().c_str());
    return kExitFailure;
  }
  if (ok == 0 || (all_required && missing > 0)) {
    std::fprintf(stderr, "cuzk: %zu published parameter file(s) missing in %s\n", missing,
                 dir.path.string().c_str());
    return kExitFailure;
  }
  return kExitSuccess;
}

}  // namespace cuzk::cli
