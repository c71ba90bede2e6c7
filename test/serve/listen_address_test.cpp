// --listen's forms: Unix sockets (three spellings, a relative path made absolute, the length
// limit), TCP hosts and ports (IPv6 in brackets, port 0), which are local, and the refusals.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "serve/listen_address.hpp"
#include "util/error.hpp"

using cuzk::serve::parse_listen_address;

TEST_CASE("unix sockets: unix:///abs, unix:/abs, unix:relative") {
  const auto a = parse_listen_address("unix:///run/cuzk.sock");
  CHECK(a.unix_socket);
  CHECK(a.local);
  CHECK(a.socket_path == "/run/cuzk.sock");
  CHECK(a.grpc_uri() == "unix:/run/cuzk.sock");
  CHECK(a.display() == "unix:///run/cuzk.sock");
  CHECK(parse_listen_address("unix:/run/cuzk.sock").socket_path == "/run/cuzk.sock");
  CHECK(parse_listen_address("unix:cuzk.sock").socket_path ==
        std::filesystem::current_path() / "cuzk.sock");
  CHECK_THROWS_WITH_AS(parse_listen_address("unix://"), "--listen 'unix://': no socket path",
                       cuzk::Error);
  const std::string long_path = "unix:///" + std::string(120, 'a');
  CHECK_THROWS_WITH_AS(parse_listen_address(long_path),
                       doctest::Contains("a Unix socket's holds 107"), cuzk::Error);
}

TEST_CASE("TCP: loopback hosts are local, others are not") {
  const auto a = parse_listen_address("127.0.0.1:9820");
  CHECK_FALSE(a.unix_socket);
  CHECK(a.local);
  CHECK(a.host == "127.0.0.1");
  CHECK(a.port == 9820);
  CHECK(a.grpc_uri() == "127.0.0.1:9820");
  CHECK(parse_listen_address("127.3.2.1:1").local);
  CHECK(parse_listen_address("localhost:0").local);
  const auto v6 = parse_listen_address("[::1]:9820");
  CHECK(v6.local);
  CHECK(v6.host == "::1");
  CHECK(v6.grpc_uri() == "[::1]:9820");
  CHECK(v6.display(4000) == "[::1]:4000");
  CHECK_FALSE(parse_listen_address("0.0.0.0:9820").local);
  CHECK_FALSE(parse_listen_address("[::]:9820").local);
  CHECK_FALSE(parse_listen_address("192.168.1.10:9820").local);
  CHECK_FALSE(parse_listen_address("127.example.com:9820").local);
  CHECK_FALSE(parse_listen_address("prover.internal:9820").local);
}

TEST_CASE("refusals name the value and the expected form") {
  CHECK_THROWS_WITH_AS(parse_listen_address("9820"),
                       "--listen '9820': expected unix:///PATH or HOST:PORT (e.g. 127.0.0.1:9820)",
                       cuzk::Error);
  CHECK_THROWS_WITH_AS(parse_listen_address("localhost:99999"),
                       "--listen 'localhost:99999': the port must be a number from 0 to 65535",
                       cuzk::Error);
  CHECK_THROWS_WITH_AS(parse_listen_address("localhost:x"), doctest::Contains("the port must be"),
                       cuzk::Error);
  CHECK_THROWS_WITH_AS(parse_listen_address("::1:9820"), doctest::Contains("in brackets"),
                       cuzk::Error);
}
