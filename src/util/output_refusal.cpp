#include "util/output_refusal.hpp"

#include <sys/stat.h>

namespace cuzk {

std::optional<std::string> output_refusal(const std::filesystem::path& output,
                                          const std::filesystem::path& input,
                                          std::string_view input_kind) {
  struct stat out {};
  if (::stat(output.c_str(), &out) != 0) return std::nullopt;  // a new file
  if (S_ISDIR(out.st_mode)) return output.string() + ": is a directory";
  struct stat in {};
  if (::stat(input.c_str(), &in) == 0 && in.st_dev == out.st_dev && in.st_ino == out.st_ino) {
    return output.string() + ": is the " + std::string(input_kind) + " " + input.string() +
           "; the proof may not replace its input";
  }
  return std::nullopt;
}

}  // namespace cuzk
