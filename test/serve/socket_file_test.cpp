// A Unix socket's file before the daemon binds it and after it stops: a stale socket (nothing
// listening) is removed, a live one or a file that is not a socket refused, a missing directory
// named; the file removed at the end only while it is still the one bound.
#include <doctest/doctest.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "serve/socket_file.hpp"
#include "temp_dir.hpp"
#include "util/error.hpp"
#include "util/unique_fd.hpp"

namespace {

namespace fs = std::filesystem;

// A socket bound at `path`, listening when asked.
cuzk::UniqueFd bound_socket(const fs::path& path, bool listening) {
  cuzk::UniqueFd fd(::socket(AF_UNIX, SOCK_STREAM, 0));
  REQUIRE(fd);
  sockaddr_un a{};
  a.sun_family = AF_UNIX;
  std::strcpy(a.sun_path, path.c_str());
  REQUIRE(::bind(fd.get(), reinterpret_cast<const sockaddr*>(&a), sizeof a) == 0);
  if (listening) REQUIRE(::listen(fd.get(), 1) == 0);
  return fd;
}

}  // namespace

TEST_CASE("prepare_socket_path: stale removed, live and non-sockets refused") {
  const cuzk::test::TempDir dir("socket_file");
  const fs::path path = dir / "cuzk.sock";
  cuzk::serve::prepare_socket_path(path);  // nothing there: fine

  {
    const cuzk::UniqueFd live = bound_socket(path, true);
    CHECK_THROWS_WITH_AS(cuzk::serve::prepare_socket_path(path),
                         (path.string() + ": another process is serving on this socket").c_str(),
                         cuzk::Error);
    CHECK(fs::exists(path));
  }
  // The listener is gone (as after a SIGKILL): the file stays, and is stale.
  REQUIRE(fs::exists(path));
  cuzk::serve::prepare_socket_path(path);
  CHECK_FALSE(fs::exists(path));

  std::ofstream(path) << "not a socket";
  CHECK_THROWS_WITH_AS(cuzk::serve::prepare_socket_path(path),
                       (path.string() + ": exists and is not a socket").c_str(), cuzk::Error);
  CHECK(fs::exists(path));
  CHECK_THROWS_WITH_AS(cuzk::serve::prepare_socket_path(dir / "no-dir" / "s.sock"),
                       doctest::Contains("does not exist"), cuzk::Error);
}

TEST_CASE("SocketFile removes its own socket, not one that replaced it") {
  const cuzk::test::TempDir dir("socket_file");
  const fs::path path = dir / "cuzk.sock";
  {
    const cuzk::UniqueFd fd = bound_socket(path, true);
    const cuzk::serve::SocketFile file(path);
  }
  CHECK_FALSE(fs::exists(path));
  {
    const cuzk::UniqueFd first = bound_socket(path, false);
    const cuzk::serve::SocketFile file(path);
    fs::remove(path);
    const cuzk::UniqueFd second = bound_socket(path, false);  // another daemon's, since
  }
  CHECK(fs::exists(path));
}
