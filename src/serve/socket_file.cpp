#include "serve/socket_file.hpp"

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "util/error.hpp"
#include "util/unique_fd.hpp"

namespace cuzk::serve {

namespace {

// Whether a process accepts connections on the socket at `path`.
bool someone_listens(const std::filesystem::path& path) {
  const UniqueFd fd(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (!fd) throw Error("cannot make a Unix socket: " + std::string(std::strerror(errno)));
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  const std::string& name = path.native();
  std::memcpy(address.sun_path, name.c_str(), name.size() + 1);  // the length is checked already
  int rc = 0;
  do {
    rc = ::connect(fd.get(), reinterpret_cast<const sockaddr*>(&address), sizeof address);
  } while (rc != 0 && errno == EINTR);
  return rc == 0;
}

}  // namespace

void prepare_socket_path(const std::filesystem::path& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) {
    if (errno != ENOENT) throw Error(path.string() + ": " + std::strerror(errno));
    const std::filesystem::path dir = path.parent_path();
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) {
      throw Error(path.string() + ": the directory " + dir.string() + " does not exist");
    }
    return;
  }
  if (!S_ISSOCK(st.st_mode)) throw Error(path.string() + ": exists and is not a socket");
  if (someone_listens(path)) {
    throw Error(path.string() + ": another process is serving on this socket");
  }
  if (::unlink(path.c_str()) != 0 && errno != ENOENT) {
    throw Error(path.string() + ": cannot remove the stale socket: " + std::strerror(errno));
  }
}

SocketFile::SocketFile(std::filesystem::path path) : path_(std::move(path)) {
  struct stat st {};
  if (::lstat(path_.c_str(), &st) == 0 && S_ISSOCK(st.st_mode)) {
    device_ = st.st_dev;
    inode_ = st.st_ino;
    known_ = true;
  }
}

SocketFile::~SocketFile() {
  struct stat st {};
  if (known_ && ::lstat(path_.c_str(), &st) == 0 && st.st_dev == device_ && st.st_ino == inode_) {
    ::unlink(path_.c_str());
  }
}

}  // namespace cuzk::serve
