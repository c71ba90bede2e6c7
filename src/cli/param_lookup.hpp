// Where the Groth16 parameters are looked for, as rust-fil-proofs looks (settings.rs): the
// --params-dir option, else the environment variable FIL_PROOFS_PARAMETER_CACHE, else
// /var/tmp/filecoin-proof-parameters. The file names come from prover/params/parameter_files.hpp.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace cuzk::cli {

inline constexpr const char* kParameterCacheEnv = "FIL_PROOFS_PARAMETER_CACHE";
inline constexpr const char* kDefaultParameterCache = "/var/tmp/filecoin-proof-parameters";

struct ParameterDir {
  std::filesystem::path path;
  std::string origin;  // how it was chosen, e.g. "given by --params-dir"
};

// `option` is --params-dir's value, empty when not given. An empty variable counts as unset.
ParameterDir parameter_dir(const std::string& option);

// Throws cuzk::Error naming the file and where it looked unless the file exists, e.g.
// "missing parameters: v28-...vk not found in /var/tmp/filecoin-proof-parameters (the default:
// neither --params-dir nor FIL_PROOFS_PARAMETER_CACHE is set); insecure test parameters: cuzk
// params generate --registered-proof StackedDrg2KiBV1_1".
// `proof_option` is the option that names the proof to `cuzk params generate`.
void require_parameter_file(const std::filesystem::path& file, const ParameterDir& dir,
                            const std::string& proof_name,
                            std::string_view proof_option = "--registered-proof");

}  // namespace cuzk::cli
