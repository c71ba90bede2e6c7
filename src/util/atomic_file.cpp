#include "util/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "util/error.hpp"

namespace cuzk {
namespace {

std::string errno_text() { return std::strerror(errno); }

}  // namespace

AtomicFile::AtomicFile(std::filesystem::path target) : target_(std::move(target)) {
  // mkstemp wants a mutable template ending in XXXXXX.
  std::string pattern = target_.string() + ".tmp.XXXXXX";
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  fd_ = ::mkstemp(buffer.data());
  if (fd_ < 0) {
    throw Error(target_.string() + ": cannot create output file: " + errno_text());
  }
  temporary_ = buffer.data();
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) {
    ::close(fd_);
    ::unlink(temporary_.c_str());
  }
}

void AtomicFile::write(std::span<const std::uint8_t> bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw Error(target_.string() + ": write failed: " + errno_text());
    }
    done += static_cast<std::size_t>(n);
  }
}

void AtomicFile::commit() {
  // mkstemp creates 0600 files; give the result the usual 0644 of an output file. (Reading the
  // umask would need umask() twice, which is process-wide and racy under threads.)
  if (::fchmod(fd_, 0644) != 0 || ::fsync(fd_) != 0) {
    throw Error(target_.string() + ": cannot finish output file: " + errno_text());
  }
  if (::close(fd_) != 0) {
    fd_ = -1;
    ::unlink(temporary_.c_str());
    throw Error(target_.string() + ": cannot close output file: " + errno_text());
  }
  fd_ = -1;
  if (std::rename(temporary_.c_str(), target_.c_str()) != 0) {
    const std::string why = errno_text();
    ::unlink(temporary_.c_str());
    throw Error(target_.string() + ": cannot rename output into place: " + why);
  }
}

}  // namespace cuzk
