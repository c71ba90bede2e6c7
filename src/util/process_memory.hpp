// The process's own memory use, as the kernel reports it (Linux /proc/self/status).
#pragma once

#include <cstddef>

namespace cuzk {

// Peak resident set size (VmHWM) in bytes, or 0 where the kernel does not report it.
std::size_t peak_rss_bytes();

}  // namespace cuzk
