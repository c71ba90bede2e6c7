// The R1CS matrices of a circuit in the compact form the GPU path records once per circuit shape
// and evaluates a = A·w, b = B·w, c = C·w from: compressed sparse rows of 32-bit columns and
// 32-bit coefficient ids into one table of distinct coefficients. A 32 GiB partition has 722 M
// non-zero terms but only a few thousand distinct coefficients (±2^k from SHA-256's packing,
// Poseidon's constants), so a term costs 8 bytes instead of 40.
//
// Rows hold the merged non-zero terms in bellpepper's order (inputs by index, then aux by index):
// exactly what the fingerprint hashes, so the recorded matrices can be pinned to rust-fil-proofs'.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "bls12_381/fields.hpp"
#include "circuit/bit_vector.hpp"
#include "circuit/fingerprint_hasher.hpp"
#include "circuit/linear_combination.hpp"
#include "circuit/variable.hpp"
#include "util/default_init_allocator.hpp"

namespace cuzk::circuit {

using bls12_381::Fr;

// A column: aux j is j, input i is kInputColumn | i (so a row's columns keep bellpepper's order
// only within inputs and within aux; rows store inputs first).
inline constexpr std::uint32_t kInputColumn = std::uint32_t{1} << 31;

inline std::uint32_t column_of(Variable v) {
  return v.is_input() ? kInputColumn | static_cast<std::uint32_t>(v.index())
                      : static_cast<std::uint32_t>(v.index());
}
inline Variable variable_of(std::uint32_t column) {
  return (column & kInputColumn) != 0 ? Variable::input(column & ~kInputColumn)
                                      : Variable::aux(column);
}

// Distinct coefficients, each with a small id. Ids 0 and 1 are 1 and -1 (most terms), so a kernel
// can skip the multiplication for them.
class CoefficientTable {
 public:
  static constexpr std::uint32_t kOne = 0;
  static constexpr std::uint32_t kMinusOne = 1;
  static constexpr std::uint32_t kDropped = ~std::uint32_t{0};

  CoefficientTable();
  // c's id, c being interned on first sight, or kDropped for 0: a recording keeps no zero term.
  // A 32 GiB partition's recording looks up 40 M coefficients: 70 % are ±1, compared directly
  // (the first limb tells most others from them); the others are among 2,466 values (SHA-256's
  // ±2^k, Poseidon's constants), found in an open-addressing table, at the first probe 95 % of
  // the time.
  [[gnu::always_inline]] std::uint32_t id_of(const Fr& c) {
    const bls12_381::Limbs<4>& l = c.montgomery_limbs();
    const bls12_381::Limbs<4>& one = detail::kOne.montgomery_limbs();
    const bls12_381::Limbs<4>& minus_one = detail::kMinusOne.montgomery_limbs();
    if (l[0] == one[0] && detail::same_limbs(l, one)) return kOne;
    if (l[0] == minus_one[0] && detail::same_limbs(l, minus_one)) return kMinusOne;
    if ((l[0] | l[1] | l[2] | l[3]) == 0) return kDropped;
    const std::size_t mask = ids_.size() - 1;
    for (std::size_t i = slot_of(l);; i = (i + 1) & mask) {
      if (detail::same_limbs(limbs_[i], l)) return ids_[i];
      if (ids_[i] == kEmpty) return insert(c, i);
    }
  }
  std::span<const Fr> values() const { return values_; }
  std::size_t size() const { return values_.size(); }

 private:
  static constexpr std::uint32_t kEmpty = ~std::uint32_t{0};  // never an id

  std::size_t slot_of(const bls12_381::Limbs<4>& l) const {
    // Fibonacci hashing of two limbs: Montgomery forms, even of 2^k, look random.
    return static_cast<std::size_t>(((l[0] ^ l[1]) * 0x9e3779b97f4a7c15ULL) >> (64 - log_slots_));
  }
  // Adds c at the empty slot i; keeps the table at most half full.
  std::uint32_t insert(const Fr& c, std::size_t i);

  std::vector<Fr> values_;
  // The slots' values and ids. An empty slot holds the value 0, which is never interned (zero
  // terms are dropped), and the id kEmpty.
  unsigned log_slots_ = 6;
  std::vector<bls12_381::Limbs<4>> limbs_;
  std::vector<std::uint32_t> ids_;
};

// A 32 GiB partition's arrays hold 7.3 GB, sized without zeroing: the recorder writes every
// element, on every thread. (Transparent huge pages were slower here: measured 4.3 s against
// 3.1 s to size and fill 4 GB on the 2-core machine, where madvise'd mappings stall in
// compaction.)
using IndexVector = std::vector<std::uint32_t, DefaultInitAllocator<std::uint32_t>>;

struct CompactMatrix {
  IndexVector row_start{0};  // rows() + 1 offsets into column and coeff
  IndexVector column;
  IndexVector coeff;  // ids into the shape's CoefficientTable

  std::size_t rows() const { return row_start.size() - 1; }
  std::size_t nonzeros() const { return column.size(); }
};

// Sizes m for `rows` rows of `nonzeros` terms (row_start[0] = 0), leaving the rest unwritten for
// a copy to fill. Throws cuzk::Error past the 32-bit offsets.
void size_matrix(CompactMatrix& m, std::size_t rows, std::size_t nonzeros);

// A whole circuit shape, as recorded.
struct CompactR1cs {
  CircuitSize size;  // constraints include any appended input rows
  CompactMatrix a, b, c;
  std::vector<Fr> coefficients;  // CoefficientTable::values()
  // The prover's densities (aux in A; inputs and aux in B), from the recorded columns.
  BitVector a_aux_density, b_input_density, b_aux_density;
};

// <row i of m, w>: for checks on the CPU.
Fr row_dot(const CompactMatrix& m, std::span<const Fr> coefficients, std::size_t i,
           std::span<const Fr> inputs, std::span<const Fr> aux);

// The densities of `r` from its matrices (fills the three bitmaps).
void compute_densities(CompactR1cs& r);

}  // namespace cuzk::circuit
