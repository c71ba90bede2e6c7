#include "prover/params/parameter_digest.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <vector>

#include "porep/blake2b.hpp"
#include "util/error.hpp"
#include "util/hex.hpp"
#include "util/unique_fd.hpp"

namespace cuzk::prover {
namespace {

constexpr std::size_t kDigestBytes = 16;  // of the 64 that BLAKE2b-512 produces
constexpr std::size_t kChunkBytes = std::size_t{8} << 20;

std::string truncated_hex(porep::Blake2b& hasher) {
  std::array<std::uint8_t, 64> full{};
  hasher.finish(full);
  return to_hex(std::span(full).first<kDigestBytes>());
}

}  // namespace

std::string parameter_digest(std::span<const std::uint8_t> bytes) {
  porep::Blake2b hasher;
  hasher.update(bytes);
  return truncated_hex(hasher);
}

std::string parameter_digest_of(porep::Blake2b& hasher) { return truncated_hex(hasher); }

std::string parameter_file_digest(const std::filesystem::path& path,
                                  const DigestProgress& progress) {
  const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  auto fail = [&](const char* what) {
    throw Error(path.string() + ": " + what + ": " + std::strerror(errno));
  };
  if (!fd) fail("cannot open");
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) fail("cannot stat");
  const auto total = static_cast<std::uint64_t>(st.st_size);
  // Sequential: the kernel reads ahead further, overlapping the disk with the hashing.
  (void)::posix_fadvise(fd.get(), 0, 0, POSIX_FADV_SEQUENTIAL);

  porep::Blake2b hasher;
  std::vector<std::uint8_t> chunk(kChunkBytes);
  std::uint64_t done = 0;
  for (;;) {
    const ssize_t n = ::read(fd.get(), chunk.data(), chunk.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("read failed");
    }
    if (n == 0) break;
    hasher.update(std::span(chunk).first(static_cast<std::size_t>(n)));
    done += static_cast<std::uint64_t>(n);
    if (progress) progress(done, total);
  }
  if (done != total) {
    throw Error(path.string() + ": changed size while it was read (" + std::to_string(total) +
                " bytes, then " + std::to_string(done) + ")");
  }
  return truncated_hex(hasher);
}

}  // namespace cuzk::prover
