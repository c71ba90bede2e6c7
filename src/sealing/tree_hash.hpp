// How the three trees of a sealed sector hash, on 32-byte values: tree D is binary SHA-256 with
// the fr32 trim (filecoin-hashers' Sha256Function), trees C and R_last are Poseidon of the node's
// arity (PoseidonFunction::multi_node: 8 at base and sub levels, 2 at the 64 GiB top level), and a
// tree C leaf is the Poseidon hash of a node's column (stacked/vanilla/hash.rs).
#pragma once

#include <cstdint>
#include <span>

#include "porep/c1_output.hpp"
#include "porep/domain.hpp"

namespace cuzk::sealing {

enum class TreeHasher : std::uint8_t { kSha256, kPoseidon };

// A node from its children, in child order. kPoseidon takes 2, 4, 8 or 16 children and throws
// cuzk::Error if one of them is not a canonical field element.
porep::Domain hash_children(TreeHasher hasher, std::span<const porep::Domain> children);

// Poseidon of arity rows.size() (2 or 11) over a node's labels in layers 1..L.
porep::Domain column_hash(std::span<const porep::Domain> rows);

// The root an inclusion path leads to: at each level the running value is inserted at position
// indices[level] among that level's arity - 1 siblings, and the arity values are hashed.
porep::Domain root_from_path(TreeHasher hasher, const porep::Domain& leaf,
                             const porep::PathShape& shape, std::span<const porep::Domain> siblings,
                             std::span<const std::uint8_t> indices);

// comm_r = Poseidon2(comm_c, comm_r_last).
porep::Domain comm_r_from_roots(const porep::Domain& comm_c, const porep::Domain& comm_r_last);

// Field addition of a label and a data node (encode.rs): the replica node. Both must be canonical.
porep::Domain encode_node(const porep::Domain& key, const porep::Domain& data);

}  // namespace cuzk::sealing
