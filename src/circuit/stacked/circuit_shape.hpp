// The shape of one partition's StackedDRG circuit: everything that decides its R1CS and nothing
// that decides only witness values. Taken from a registered seal proof (every variant of a sector
// size has the same shape) or given by hand, e.g. for rust-fil-proofs' small test circuits
// (storage-proofs-porep/tests/stacked_circuit.rs: 8 nodes per base tree, 2 layers, 1 challenge).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "circuit/merkle/por.hpp"
#include "porep/registered_proof.hpp"

namespace cuzk::circuit::stacked {

struct CircuitShape {
  std::uint64_t nodes = 0;       // sector nodes (32 bytes each): the leaves of trees D, C, R_last
  std::uint32_t layers = 0;      // labelling layers; the column hash arity, so 2 or 11
  std::uint32_t challenges = 0;  // challenges in one partition
  porep::TreeShape tree;         // trees C and R_last; tree D is always binary SHA-256

  // Public inputs, ONE included: replica_id, comm_d, comm_r, then 18 per challenge.
  std::uint64_t num_inputs() const { return 4 + 18 * std::uint64_t{challenges}; }

  merkle::TreeShape data_tree() const { return {2, 0, 0}; }
  merkle::TreeShape column_tree() const {
    return {tree.base_arity, tree.sub_arity, tree.top_arity};
  }

  // Throws cuzk::Error naming the first field that no circuit can be built for: layers other
  // than 2 or 11 (rust-fil-proofs' column hash has no other arity), no challenge, a node count
  // that is not a power of two or does not fill the tree shape, an arity outside {2, 4, 8}.
  void validate() const;

  friend bool operator==(const CircuitShape&, const CircuitShape&) = default;
};

CircuitShape circuit_shape(const porep::SealProofInfo& info);
CircuitShape circuit_shape(porep::RegisteredSealProof proof);

// "8-8-2" (base-sub-top, 0 for an absent level), as in parameter file names. nullopt unless it is
// three decimal numbers joined by '-'; the arities themselves are checked by validate().
std::optional<porep::TreeShape> parse_tree_shape(std::string_view text);
std::string format_tree_shape(const porep::TreeShape& tree);

}  // namespace cuzk::circuit::stacked
