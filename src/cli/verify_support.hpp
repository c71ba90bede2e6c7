// What the verifying commands (verify, verify-update) share: where the verifying key is found,
// and how what is not a verdict is reported (unreadable or malformed input, a key of another
// circuit, a proof of the wrong size): one line on stderr and exit 2, so that exit 1 always means
// "invalid".
#pragma once

#include <cstdio>
#include <exception>
#include <filesystem>
#include <string>
#include <string_view>

#include "cli/cli.hpp"
#include "cli/param_lookup.hpp"
#include "util/error.hpp"

namespace cuzk::cli {

// Runs `check`; a cuzk::Error it throws is rethrown with the file's name in front, so that the
// one line an operator reads says which file is wrong.
template <class Check>
void naming_file(const std::filesystem::path& file, const Check& check) {
  try {
    check();
  } catch (const Error& e) {
    throw Error(file.string() + ": " + e.what());
  }
}

// --vk's value when given, else the proof's .vk in the parameter directory (`vk_in`, called with
// the directory), which must exist (require_parameter_file, naming the proof and its option).
template <class VkIn>
std::filesystem::path verifying_key_file(const std::string& vk_option,
                                         const std::string& params_dir, const VkIn& vk_in,
                                         const std::string& proof_name,
                                         std::string_view proof_option) {
  if (!vk_option.empty()) return vk_option;
  const ParameterDir dir = parameter_dir(params_dir);
  std::filesystem::path path = vk_in(dir.path);
  require_parameter_file(path, dir, proof_name, proof_option);
  return path;
}

// The exit code of `verify` (kExitSuccess for valid, kExitFailure for invalid), or kExitUsage
// with the error's line on stderr. Usage errors of the command line pass through to cli::run.
template <class Verify>
int verify_exit_code(const Verify& verify) {
  try {
    return verify();
  } catch (const CLI::Error&) {
    throw;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cuzk: %s\n", e.what());
    return kExitUsage;
  }
}

}  // namespace cuzk::cli
