// The hash of a column (one node's labels in layers 1..L): Poseidon with arity L, which
// rust-fil-proofs only defines for 2 and 11 layers (stacked/circuit/hash.rs hash_single_column).
// Trees C's leaves are these hashes.
#pragma once

#include <span>

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/num.hpp"
#include "circuit/poseidon/poseidon_gadget.hpp"
#include "hashers/poseidon.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::stacked {

inline void check_column_length(std::size_t rows) {
  if (rows != 2 && rows != 11) {
    throw Error("column hash: " + std::to_string(rows) + " rows; only 2 or 11 are defined");
  }
}

// 311 constraints for 2 rows, 598 for 11.
template <ConstraintSystem CS>
AllocatedNum hash_single_column(CS& cs, std::span<const AllocatedNum> rows) {
  check_column_length(rows.size());
  return poseidon::poseidon_hash(cs, rows, hashers::poseidon::poseidon_constants(rows.size()));
}

inline bls12_381::Fr hash_single_column_native(std::span<const bls12_381::Fr> rows) {
  check_column_length(rows.size());
  return hashers::poseidon::hash(rows);
}

}  // namespace cuzk::circuit::stacked
