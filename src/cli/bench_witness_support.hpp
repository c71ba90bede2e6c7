// What the witness benchmarks (`cuzk bench witness`, `cuzk bench update-witness`) share: wall
// time, the fastest of N runs of a generator, one result row, and a compact witness's size.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>

#include "circuit/compact_witness.hpp"

namespace cuzk::cli {

inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Runs `generate` `repeat` times, dropping each result before the next run; the last result and
// the fastest wall time.
template <class Generate>
auto fastest_of(std::uint32_t repeat, Generate&& generate)
    -> std::pair<decltype(generate()), double> {
  decltype(generate()) out{};
  double best = 0;
  for (std::uint32_t r = 0; r < repeat; ++r) {
    out = {};
    const auto start = std::chrono::steady_clock::now();
    out = generate();
    const double seconds = seconds_since(start);
    if (r == 0 || seconds < best) best = seconds;
  }
  return {std::move(out), best};
}

inline void print_witness_row(const char* name, double seconds, std::size_t aux, int threads) {
  const double rate = static_cast<double>(aux) / seconds / 1e6;
  std::printf("%-8s %9.3f s %10.1f M aux/s %8.1f M aux/s per thread\n", name, seconds, rate,
              rate / threads);
}

// What goes to the GPU per partition (the bits, the wide values with their indices, the inputs),
// against the same witness as field elements; `what` names it.
inline void report_compact_size(const circuit::CompactWitness& w, const std::string& what) {
  const std::size_t bytes = w.bits.words().size() * sizeof(std::uint64_t) +
                            w.wide.size() * sizeof(circuit::WideValue) +
                            w.inputs.size() * sizeof(circuit::Fr);
  std::fprintf(stderr,
               "cuzk: %s compact witness: %.1f MB (%zu wide values), against %.1f MB as field "
               "elements\n",
               what.c_str(), static_cast<double>(bytes) / 1e6, w.wide.size(),
               static_cast<double>((w.num_aux + w.inputs.size()) * sizeof(circuit::Fr)) / 1e6);
}

}  // namespace cuzk::cli
