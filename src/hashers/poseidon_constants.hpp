// Everything a Poseidon hash of one arity needs, derived in code exactly as neptune v11's
// PoseidonConstants::new_with_strength_and_type does for HashType::MerkleTree: round numbers,
// Grain round constants, the Cauchy MDS matrix, the compressed ("optimized static") round
// constants and the sparse partial-round matrices. The same object drives the native hash and the
// circuit gadget, whose R1CS coefficients are these constants.
#pragma once

#include <cstddef>
#include <vector>

#include "bls12_381/fields.hpp"
#include "hashers/matrix.hpp"
#include "hashers/mds.hpp"
#include "hashers/round_numbers.hpp"

namespace cuzk::hashers::poseidon {

struct PoseidonConstants {
  using Fr = bls12_381::Fr;

  std::size_t arity = 0;
  std::size_t width = 0;  // arity + 1: the domain tag, then the preimage
  Strength strength = Strength::kStandard;
  std::size_t full_rounds = 0;
  std::size_t half_full_rounds = 0;
  std::size_t partial_rounds = 0;
  Fr domain_tag;  // 2^arity - 1, the MerkleTree tag

  std::vector<Fr> round_constants;  // (R_F + R_P) * width, from Grain
  Matrix mds{0};
  Matrix mds_inverse{0};

  // The optimized schedule. compressed_round_constants has width * R_F + R_P entries: the round-0
  // keys, added before the first S-boxes, then one key per S-box added after it (none after the
  // last full round). Mixing after initial full round h-1 uses pre_sparse, after partial round k
  // uses sparse[k], and after every other round uses mds.
  std::vector<Fr> compressed_round_constants;
  Matrix pre_sparse{0};
  std::vector<SparseMatrix> sparse;

  // Builds the constants for a MerkleTree hash of `arity` inputs (1 <= arity <= 36, neptune's
  // range).
  static PoseidonConstants generate(std::size_t arity, Strength strength);
};

// The Standard-strength MerkleTree constants Filecoin uses, for arity 2, 4, 8, 11, 16, 24 or 36
// (36 is filecoin-hashers' hash_md arity). Each is built on first use, once, thread-safely, and
// never changes. Any other arity throws std::invalid_argument.
const PoseidonConstants& poseidon_constants(std::size_t arity);

// True for the arities poseidon_constants accepts.
bool is_supported_arity(std::size_t arity);

}  // namespace cuzk::hashers::poseidon
