// How the three trees of a sealed sector hash, on 32-byte values: node hashing and path roots are
// porep's (porep/merkle_root.hpp: SHA-256 for tree D, Poseidon for trees C and R_last), and a tree
// C leaf is the Poseidon hash of a node's column (stacked/vanilla/hash.rs).
#pragma once

#include <cstdint>
#include <span>

#include "porep/c1_output.hpp"
#include "porep/domain.hpp"
#include "porep/merkle_root.hpp"

namespace cuzk::sealing {

using porep::hash_children;
using porep::root_from_path;
using porep::TreeHasher;

// Poseidon of arity rows.size() (2 or 11) over a node's labels in layers 1..L.
porep::Domain column_hash(std::span<const porep::Domain> rows);

// comm_r = Poseidon2(comm_c, comm_r_last).
porep::Domain comm_r_from_roots(const porep::Domain& comm_c, const porep::Domain& comm_r_last);

// Field addition of a label and a data node (encode.rs): the replica node. Both must be canonical.
porep::Domain encode_node(const porep::Domain& key, const porep::Domain& data);

}  // namespace cuzk::sealing
