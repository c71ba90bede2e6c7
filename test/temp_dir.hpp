// A fresh scratch directory for a test (mkdtemp under the system's temporary directory), removed
// with everything in it when the object goes away.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <string>
#include <system_error>

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

}  // namespace cuzk::test
