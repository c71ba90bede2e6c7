// An output file that appears whole or not at all. Bytes go to a temporary file beside the target
// (same directory, so the final rename is atomic on POSIX file systems); commit() flushes it to
// disk and renames it over the target. If commit() is never reached (an exception, a failed
// verification) the destructor removes the temporary file, so no partial or wrong output is left.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>

namespace cuzk {

class AtomicFile {
 public:
  // Creates the temporary file; throws cuzk::Error naming the path if it cannot.
  explicit AtomicFile(std::filesystem::path target);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  void write(std::span<const std::uint8_t> bytes);
  // fsync, close, rename over the target. After commit() the object owns nothing.
  void commit();

  const std::filesystem::path& target() const { return target_; }
  const std::filesystem::path& temporary() const { return temporary_; }

 private:
  std::filesystem::path target_;
  std::filesystem::path temporary_;
  int fd_ = -1;
};

}  // namespace cuzk
