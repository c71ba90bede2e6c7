// An output file that appears whole or not at all. Bytes go to a temporary file beside the target
// (same directory, so the final rename is atomic on POSIX file systems); commit() flushes it to
// disk and renames it over the target. If commit() is never reached (an exception, a failed
// verification) the destructor removes the temporary file, so no partial or wrong output is left.
//
// A process killed at any moment (SIGKILL, out of memory) leaves nothing at the target either.
// Where the file system supports O_TMPFILE (ext4, xfs, btrfs, tmpfs) the temporary has no name
// until commit() links it as <target>.tmp.XXXXXX just before the rename, so a kill leaves nothing
// at all; elsewhere it is a named <target>.tmp.XXXXXX from the start. Every temporary is locked
// (flock) by its writer for as long as it lives, and each new AtomicFile for a target removes the
// temporaries of that target that no process holds and nobody wrote for a minute: what killed
// runs left, never a file that another process is still writing (the minute covers the instant
// between creating a named temporary and locking it). Two processes writing one target each
// write their own temporary, and the target ends up whole from one of them.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <span>

#include "util/unique_fd.hpp"

namespace cuzk {

// Where the bytes wait for commit(). kNamed is the fallback of file systems without O_TMPFILE;
// tests choose it to exercise that path anywhere.
enum class TemporaryFile : std::uint8_t { kUnnamedWhereSupported, kNamed };

// How long an unlocked temporary must have been left alone before it counts as stale.
inline constexpr std::chrono::seconds kStaleTemporaryAge{60};

class AtomicFile {
 public:
  // Removes the target's stale temporaries, then creates this one; throws cuzk::Error naming the
  // path if it cannot (a missing or read-only directory).
  explicit AtomicFile(std::filesystem::path target,
                      TemporaryFile temporary = TemporaryFile::kUnnamedWhereSupported);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // Throws cuzk::Error naming the target on a failed write (disk full, file too large).
  void write(std::span<const std::uint8_t> bytes);
  // fsync, rename over the target, fsync the directory. After commit() the object owns nothing.
  void commit();

  const std::filesystem::path& target() const { return target_; }

 private:
  void name_temporary();

  std::filesystem::path target_;
  std::filesystem::path temporary_;  // empty while the temporary has no name
  UniqueFd fd_;
};

// The temporaries an AtomicFile for `target` may leave while it writes: <target>.tmp.XXXXXX.
bool is_atomic_file_temporary(const std::filesystem::path& target,
                              const std::filesystem::path& candidate);

}  // namespace cuzk
