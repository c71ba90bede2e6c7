// filecoin-hashers' PoseidonFunction, natively: how Filecoin's Poseidon Merkle trees (tree_c,
// tree_r_last) and comm_r hash their nodes. A domain element is an Fr; as bytes it is the 32-byte
// canonical little-endian encoding (blstrs' to_repr), and bytes at or above r are rejected.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "bls12_381/fields.hpp"

namespace cuzk::hashers {

using bls12_381::Fr;

// The arity filecoin-hashers' hash_md chains with (PoseidonMDArity).
inline constexpr std::size_t kPoseidonMdArity = 36;

// Poseidon of arity 2 on [a, b]: hash2, and the Merkle node(left, right).
Fr poseidon_hash2(const Fr& a, const Fr& b);

// A Merkle node over parts.size() children, for 2, 4, 8 or 16 children (multi_node). Other counts
// throw std::invalid_argument.
Fr poseidon_multi_node(std::span<const Fr> parts);

// The Merkle-Damgard chain hash_md: acc = x[0]; then for each run of up to 35 further elements,
// acc = Poseidon36([acc, run..., 0...]). Needs at least two elements (throws otherwise).
Fr poseidon_hash_md(std::span<const Fr> input);

// hash(data): data split into 32-byte little-endian elements, hashed with the arity equal to their
// count (2, 4, 8 or 16). nullopt if an element is not below r; throws for other lengths.
std::optional<Fr> poseidon_hash_bytes(std::span<const std::uint8_t> data);

// A leaf is stored as is (leaf(x) = x).
inline Fr poseidon_leaf(const Fr& x) { return x; }

}  // namespace cuzk::hashers
