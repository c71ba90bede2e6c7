// An exclusive flock() on a lock file, held from construction to destruction. The kernel drops it
// when its holder dies, SIGKILL included, so a killed process never leaves a stale lock. The lock
// file is created when missing and never removed: removing it would let a later process lock a
// new file of the same name while an earlier one still holds the old.
#pragma once

#include <filesystem>

#include "util/unique_fd.hpp"

namespace cuzk {

class FileLock {
 public:
  // Waits until no other process holds the lock. Throws cuzk::Error naming the path if the lock
  // file cannot be created or locked (a read-only or missing directory).
  explicit FileLock(const std::filesystem::path& path);

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  UniqueFd fd_;
};

}  // namespace cuzk
