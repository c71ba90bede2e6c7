// A fresh scratch directory for a test (mkdtemp under the system's temporary directory), removed
// with everything in it when the object goes away.
#pragma once

#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include "util/error.hpp"

namespace cuzk::test {

class TempDir {
 public:
  // `prefix` names the directory (cuzk_<prefix>_XXXXXX) so that a leftover says whose it is.
  explicit TempDir(const std::string& prefix) {
    std::string pattern =
        (std::filesystem::temp_directory_path() / ("cuzk_" + prefix + "_XXXXXX")).string();
    if (mkdtemp(pattern.data()) == nullptr) throw Error("mkdtemp failed for " + pattern);
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

// The names of the entries in `dir`, sorted: a failed command must add none, not even a
// temporary.
inline std::vector<std::string> file_names(const std::filesystem::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    names.push_back(e.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace cuzk::test
