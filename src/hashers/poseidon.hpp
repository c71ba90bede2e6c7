// Native Poseidon over BLS12-381's Fr, as neptune v11 computes it for Filecoin (MerkleTree domain
// tag): the state is [tag, preimage..., 0...], the output is state[1] after the permutation.
#pragma once

#include <span>

#include "bls12_381/fields.hpp"
#include "hashers/poseidon_constants.hpp"

namespace cuzk::hashers::poseidon {

// The fast path: round keys pre-compressed behind the S-boxes and sparse partial-round mixes
// (neptune's default OptimizedStatic mode). A preimage shorter than the arity leaves the remaining
// slots zero, as neptune's Poseidon::input does (filecoin-hashers' hash_md relies on it); a longer
// one throws std::invalid_argument.
bls12_381::Fr hash(std::span<const bls12_381::Fr> preimage, const PoseidonConstants& constants);

// hash() with the Standard constants of arity preimage.size() (2, 4, 8, 11, 16, 24 or 36).
bls12_381::Fr hash(std::span<const bls12_381::Fr> preimage);

// The textbook permutation on a full state (neptune's hash_correct): every round adds its Grain
// keys, applies x^5 to all elements (full rounds) or to element 0 (partial rounds), then mixes with
// the MDS matrix. Slow; it is the reference the fast path is tested against.
void permute_reference(std::span<bls12_381::Fr> state, const PoseidonConstants& constants);

// The optimized permutation on a full state of constants.width elements.
void permute(std::span<bls12_381::Fr> state, const PoseidonConstants& constants);

// The mix that follows round `round` (0-based over all R_F + R_P rounds) in the optimized
// schedule: pre_sparse after the last initial full round, sparse[k] after partial round k, the MDS
// matrix otherwise. For callers that step through the rounds themselves (the circuit's trace).
void mix_after_round(std::span<bls12_381::Fr> state, const PoseidonConstants& constants,
                     std::size_t round);

// hash() computed with permute_reference.
bls12_381::Fr hash_reference(std::span<const bls12_381::Fr> preimage,
                             const PoseidonConstants& constants);

}  // namespace cuzk::hashers::poseidon
