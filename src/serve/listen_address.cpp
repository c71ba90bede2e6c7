#include "serve/listen_address.hpp"

#include <sys/un.h>

#include <charconv>

#include "util/error.hpp"

namespace cuzk::serve {

namespace {

// 127.0.0.0/8, ::1 and localhost: the loopback addresses.
bool is_loopback(std::string_view host) {
  if (host == "localhost" || host == "::1") return true;
  if (!host.starts_with("127.")) return false;
  int dots = 0;
  for (const char c : host) {
    if (c == '.') {
      ++dots;
    } else if (c < '0' || c > '9') {
      return false;
    }
  }
  return dots == 3;
}

ListenAddress unix_address(std::string_view text, std::string_view path) {
  if (path.empty()) throw Error("--listen '" + std::string(text) + "': no socket path");
  ListenAddress a;
  a.unix_socket = true;
  a.local = true;
  a.socket_path = std::filesystem::absolute(std::filesystem::path(path)).lexically_normal();
  constexpr std::size_t kMax = sizeof(sockaddr_un::sun_path) - 1;
  if (a.socket_path.native().size() > kMax) {
    throw Error("--listen '" + std::string(text) + "': the socket path has " +
                std::to_string(a.socket_path.native().size()) + " bytes; a Unix socket's holds " +
                std::to_string(kMax));
  }
  return a;
}

}  // namespace

std::string ListenAddress::grpc_uri() const {
  if (unix_socket) return "unix:" + socket_path.string();
  const bool v6 = host.find(':') != std::string::npos;
  return (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

std::string ListenAddress::display(std::uint16_t bound_port) const {
  if (unix_socket) return "unix://" + socket_path.string();
  ListenAddress shown = *this;
  if (bound_port != 0) shown.port = bound_port;
  return shown.grpc_uri();
}

ListenAddress parse_listen_address(std::string_view text) {
  if (text.starts_with("unix://")) return unix_address(text, text.substr(7));
  if (text.starts_with("unix:")) return unix_address(text, text.substr(5));
  const std::string bad = "--listen '" + std::string(text) +
                          "': expected unix:///PATH or HOST:PORT (e.g. 127.0.0.1:9820)";
  const std::size_t colon = text.rfind(':');
  if (colon == std::string_view::npos || colon == 0) throw Error(bad);
  std::string_view host = text.substr(0, colon);
  const std::string_view port = text.substr(colon + 1);
  if (host.starts_with('[')) {
    if (!host.ends_with(']') || host.size() < 3) throw Error(bad);
    host = host.substr(1, host.size() - 2);
  } else if (host.find(':') != std::string_view::npos) {
    throw Error(bad + "; an IPv6 host goes in brackets, [::1]:9820");
  }
  unsigned value = 0;
  const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
  if (port.empty() || ec != std::errc() || end != port.data() + port.size() || value > 65535) {
    throw Error("--listen '" + std::string(text) + "': the port must be a number from 0 to 65535");
  }
  ListenAddress a;
  a.host = std::string(host);
  a.port = static_cast<std::uint16_t>(value);
  a.local = is_loopback(host);
  return a;
}

}  // namespace cuzk::serve
