// Whether a parameter file in the cache is the one Filecoin published: its digest against
// parameters.json (published_parameters.hpp), and, when it differs, against the marker that
// `cuzk params generate` leaves beside its test files (test_parameter_marker.hpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "prover/params/parameter_digest.hpp"
#include "prover/params/published_parameters.hpp"

namespace cuzk::prover {

enum class ParameterFileStatus : std::uint8_t {
  kOk,        // the published digest
  kMissing,   // no file of that name
  kCorrupt,   // another digest: a truncated or damaged download, or a foreign file
  kTestOnly,  // written by `cuzk params generate`, as its marker says
};

std::string_view status_name(ParameterFileStatus status);  // "ok", "missing", ...

struct ParameterFileCheck {
  ParameterFileStatus status = ParameterFileStatus::kMissing;
  std::uint64_t bytes = 0;  // the file's size, when it exists
  std::string digest;       // the file's digest, when it exists
};

// Hashes `dir`/`published.name` (parameter_file_digest) unless it is missing. Throws cuzk::Error
// if it exists but cannot be read.
ParameterFileCheck check_parameter_file(const std::filesystem::path& dir,
                                        const PublishedParameterFile& published,
                                        const DigestProgress& progress = {});

}  // namespace cuzk::prover
