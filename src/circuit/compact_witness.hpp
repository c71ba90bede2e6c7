// One partition's witness as the GPU path moves it: the public inputs, and the aux assignment
// with the values 0 and 1 packed one bit each (almost all of a PoRep witness: SHA-256's bits) and
// every other value listed with its index. A 32 GiB partition's 130 M aux values take 16 MiB of
// bits and about 1.5 M wide values, instead of 4.2 GB of field elements.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "bls12_381/fields.hpp"
#include "circuit/bit_vector.hpp"

namespace cuzk::circuit {

using bls12_381::Fr;

struct WideValue {
  std::uint64_t aux_index;
  Fr value;
  friend bool operator==(const WideValue&, const WideValue&) = default;
};

struct CompactWitness {
  std::vector<Fr> inputs;  // ONE first
  std::size_t num_aux = 0;
  BitVector bits;               // bit j: aux j when it is 0 or 1 (0 for a wide value)
  std::vector<WideValue> wide;  // every other aux value, by increasing index

  // Aux j as a field element (binary search in wide).
  Fr aux(std::size_t j) const;
  // The whole aux assignment as field elements (for checks and CPU consumers).
  std::vector<Fr> expand_aux() const;

  friend bool operator==(const CompactWitness&, const CompactWitness&) = default;
};

// ORs the bits of `src` into `dst` starting at bit `offset`. Words that other writers may share
// (the first and last one touched) are updated atomically, so blocks of one witness can be placed
// from different threads; the words in between must belong to this block alone.
void place_bits(std::span<std::uint64_t> dst, std::size_t offset, const BitVector& src);

}  // namespace cuzk::circuit
