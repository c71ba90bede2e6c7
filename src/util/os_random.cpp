#include "util/os_random.hpp"

#include <sys/random.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "util/error.hpp"

namespace cuzk {

void os_random_bytes(std::span<std::uint8_t> out) {
  std::size_t done = 0;
  while (done < out.size()) {
    const ssize_t n = getrandom(out.data() + done, out.size() - done, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw Error(std::string("getrandom failed: ") + std::strerror(errno));
    }
    done += static_cast<std::size_t>(n);
  }
}

OsRandom::result_type OsRandom::operator()() {
  std::uint8_t bytes[8];
  os_random_bytes(bytes);
  result_type v = 0;
  for (std::uint8_t b : bytes) v = (v << 8) | b;
  return v;
}

}  // namespace cuzk
