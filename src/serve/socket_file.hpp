// The file of a Unix socket the daemon listens on. Before it binds: a socket file left by a
// daemon that died (nothing accepts on it) is removed, while one that a live process still serves
// on, or a path that is not a socket, is refused. After it stops: the file is removed if it is
// still the one it bound (another daemon may have taken the path since).
#pragma once

#include <sys/types.h>

#include <filesystem>

namespace cuzk::serve {

// Throws cuzk::Error with one line: "PATH: another process is serving on this socket", "PATH:
// exists and is not a socket", or the system's reason.
void prepare_socket_path(const std::filesystem::path& path);

// Remembers the socket file as bound; the destructor removes it if it is still that file.
class SocketFile {
 public:
  explicit SocketFile(std::filesystem::path path);  // call once bound
  ~SocketFile();
  SocketFile(const SocketFile&) = delete;
  SocketFile& operator=(const SocketFile&) = delete;

 private:
  std::filesystem::path path_;
  dev_t device_ = 0;
  ino_t inode_ = 0;
  bool known_ = false;
};

}  // namespace cuzk::serve
