// Where `cuzk serve` listens, as --listen gives it and curio's [Cuzk] Address names it: a Unix
// socket, "unix:///run/cuzk.sock" (also "unix:/run/cuzk.sock", or "unix:cuzk.sock" relative to the
// working directory), or TCP, "HOST:PORT" ("127.0.0.1:9820", "[::1]:9820", "localhost:9820";
// port 0 takes a free one). The API has no authentication, so only a Unix socket or a loopback
// host is local; anything else is remote, and the command line refuses it without --allow-remote.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace cuzk::serve {

inline constexpr std::string_view kDefaultListen = "127.0.0.1:9820";

struct ListenAddress {
  bool unix_socket = false;
  std::filesystem::path socket_path;  // absolute, for a Unix socket
  std::string host;                   // for TCP, without brackets
  std::uint16_t port = 0;
  bool local = false;  // a Unix socket or a loopback host

  // What grpc::ServerBuilder::AddListeningPort takes: "unix:/abs/path" or "host:port".
  std::string grpc_uri() const;
  // For messages: "unix:///abs/path" or "host:port" (with the port given, or the one chosen).
  std::string display(std::uint16_t bound_port = 0) const;
};

// Throws cuzk::Error with one line for a form it does not know, a bad port, or a socket path
// longer than the 107 bytes a Unix socket address holds.
ListenAddress parse_listen_address(std::string_view text);

}  // namespace cuzk::serve
