// The circuit fingerprint of bellpepper-core's TestConstraintSystem::hash (util_cs/test_cs.rs),
// shared by TestCS (over its stored constraints) and FingerprintCS (as constraints arrive).
//
// BLAKE2s-256 over: three big-endian u64s, #inputs (ONE included), #aux, #constraints; then for
// every constraint, for A, B and C in turn: a big-endian u64 with the number of terms whose
// merged coefficient is non-zero, then those terms in order (inputs by index, then aux by index),
// each as the byte 'I' or 'A', the index as a big-endian u64 and the canonical coefficient as 32
// big-endian bytes. The counts come FIRST in the Rust, so a streaming hasher must know them
// before the first constraint (FingerprintCS takes them from a CountingCS pass).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "circuit/linear_combination.hpp"

namespace cuzk::circuit {

struct CircuitSize {
  std::size_t num_inputs = 0;  // ONE included
  std::size_t num_aux = 0;
  std::size_t num_constraints = 0;
  friend bool operator==(const CircuitSize&, const CircuitSize&) = default;
};

class FingerprintHasher {
 public:
  explicit FingerprintHasher(const CircuitSize& size);
  ~FingerprintHasher();
  FingerprintHasher(const FingerprintHasher&) = delete;
  FingerprintHasher& operator=(const FingerprintHasher&) = delete;

  // Normalizes the combinations in place when needed (merging repeated variables).
  void add_constraint(LinearCombination& a, LinearCombination& b, LinearCombination& c);
  // For combinations that are already normalized (TestCS stores them so).
  void add_normalized_constraint(const LinearCombination& a, const LinearCombination& b,
                                 const LinearCombination& c);

  // 64 lowercase hex digits. The hasher cannot be used afterwards.
  std::string finish();

 private:
  void add_lc(const LinearCombination& lc);
  void put(const std::uint8_t* bytes, std::size_t n);
  void put_u64(std::uint64_t v);
  void flush_buffer();

  struct EvpDeleter {
    void operator()(void* ctx) const noexcept;
  };
  std::unique_ptr<void, EvpDeleter> ctx_;
  std::vector<std::uint8_t> buffer_;
};

}  // namespace cuzk::circuit
