// How Filecoin's trees hash a node from its children, and the root an inclusion path leads to:
// tree D is binary SHA-256 with the fr32 trim (filecoin-hashers' Sha256Function), trees C and
// R_last (TreeR of an update) are Poseidon of the node's arity (PoseidonFunction::multi_node: 8 at
// base and sub levels, 2 at the 64 GiB top level). The protocol's verifiers (PoRep's C1 checks,
// the update proof's) and the sealing code that builds the trees share these.
#pragma once

#include <cstdint>
#include <span>

#include "porep/c1_output.hpp"
#include "porep/domain.hpp"

namespace cuzk::porep {

enum class TreeHasher : std::uint8_t { kSha256, kPoseidon };

// A node from its children, in child order. kPoseidon takes 2, 4, 8 or 16 children and throws
// cuzk::Error if one of them is not a canonical field element.
Domain hash_children(TreeHasher hasher, std::span<const Domain> children);

// The root an inclusion path leads to: at each level the running value is inserted at position
// indices[level] among that level's arity - 1 siblings, and the arity values are hashed. Throws
// cuzk::Error for a path that does not fill its shape or a position not below its arity.
Domain root_from_path(TreeHasher hasher, const Domain& leaf, const PathShape& shape,
                      std::span<const Domain> siblings, std::span<const std::uint8_t> indices);

}  // namespace cuzk::porep
