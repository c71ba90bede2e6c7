#include "util/file_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "util/error.hpp"

namespace cuzk {

FileLock::FileLock(const std::filesystem::path& path)
    : path_(path), fd_(::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644)) {
  if (!fd_) {
    throw Error(path.string() + ": cannot create the lock file: " + std::strerror(errno));
  }
  while (::flock(fd_.get(), LOCK_EX) != 0) {
    if (errno != EINTR) throw Error(path.string() + ": cannot lock: " + std::strerror(errno));
  }
}

}  // namespace cuzk
