// Wall-clock timing for benchmarks (never for tests): runs a body a given number of times and
// reports nanoseconds per run.
#pragma once

#include <chrono>
#include <cstddef>

namespace cuzk {

// Keeps the compiler from discarding a value whose computation is being timed.
template <class T>
inline void do_not_optimize(const T& value) {
  asm volatile("" : : "r,m"(value) : "memory");
}

template <class Body>
double ns_per_op(std::size_t iterations, Body&& body) {
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < iterations; ++i) body();
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::nano>(stop - start).count() /
         static_cast<double>(iterations);
}

}  // namespace cuzk
