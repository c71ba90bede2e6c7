#include "cli/param_lookup.hpp"

#include <cstdlib>
#include <system_error>

#include "util/error.hpp"

namespace cuzk::cli {

ParameterDir parameter_dir(const std::string& option) {
  if (!option.empty()) return {option, "given by --params-dir"};
  const char* env = std::getenv(kParameterCacheEnv);
  if (env != nullptr && *env != '\0') return {env, std::string("from $") + kParameterCacheEnv};
  return {kDefaultParameterCache,
          std::string("the default: neither --params-dir nor ") + kParameterCacheEnv + " is set"};
}

void require_parameter_file(const std::filesystem::path& file, const ParameterDir& dir,
                            const std::string& proof_name, std::string_view proof_option) {
  std::error_code ec;
  if (std::filesystem::is_regular_file(file, ec)) return;
  throw Error("missing parameters: " + file.filename().string() + " not found in " +
              dir.path.string() + " (" + dir.origin +
              "); insecure test parameters: cuzk params generate " + std::string(proof_option) +
              " " + proof_name);
}

}  // namespace cuzk::cli
