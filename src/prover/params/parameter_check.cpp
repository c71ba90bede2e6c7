#include "prover/params/parameter_check.hpp"

#include <system_error>

#include "prover/params/test_parameter_marker.hpp"

namespace cuzk::prover {

std::string_view status_name(ParameterFileStatus status) {
  switch (status) {
    case ParameterFileStatus::kOk:
      return "ok";
    case ParameterFileStatus::kMissing:
      return "missing";
    case ParameterFileStatus::kCorrupt:
      return "corrupt";
    case ParameterFileStatus::kTestOnly:
      return "test-only";
  }
  return "?";
}

ParameterFileCheck check_parameter_file(const std::filesystem::path& dir,
                                        const PublishedParameterFile& published,
                                        const DigestProgress& progress) {
  const std::filesystem::path file = dir / published.name;
  ParameterFileCheck check;
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return check;  // kMissing
  check.digest = parameter_file_digest(file, progress);
  check.bytes = std::filesystem::file_size(file, ec);
  if (check.digest == published.digest) {
    check.status = ParameterFileStatus::kOk;
  } else if (is_marked_test_file(file, check.digest)) {
    check.status = ParameterFileStatus::kTestOnly;
  } else {
    check.status = ParameterFileStatus::kCorrupt;
  }
  return check;
}

}  // namespace cuzk::prover
