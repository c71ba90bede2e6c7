// A read-only memory map of a whole file (a 32 GiB sector's .params is 47 GB, so it is paged in on
// demand rather than read). Move-only; unmaps and closes in the destructor.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>

namespace cuzk::prover {

class MappedFile {
 public:
  // Throws cuzk::Error naming the path if the file cannot be opened or mapped. An empty file maps
  // to an empty span.
  explicit MappedFile(const std::filesystem::path& path);
  ~MappedFile();
  MappedFile(MappedFile&& other) noexcept;
  MappedFile& operator=(MappedFile&& other) noexcept;
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  std::span<const std::uint8_t> bytes() const { return {data_, size_}; }
  const std::filesystem::path& path() const { return path_; }

 private:
  void release() noexcept;

  std::filesystem::path path_;
  const std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace cuzk::prover
