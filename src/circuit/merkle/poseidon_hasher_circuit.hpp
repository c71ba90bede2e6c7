// filecoin-hashers' PoseidonFunction in the circuit: every node hash is neptune's legacy Poseidon
// circuit on the allocated children, used in place.
#pragma once

#include <span>
#include <vector>

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/num.hpp"
#include "circuit/poseidon/poseidon_gadget.hpp"
#include "hashers/poseidon.hpp"
#include "hashers/poseidon_hasher.hpp"

namespace cuzk::circuit::merkle {

using hashers::kPoseidonMdArity;

// hash2_circuit and hash_leaf_circuit: Poseidon arity 2 on [a, b]. 311 constraints.
template <ConstraintSystem CS>
AllocatedNum poseidon_hash2_circuit(CS& cs, const AllocatedNum& a, const AllocatedNum& b) {
  const AllocatedNum preimage[] = {a, b};
  return poseidon::poseidon_hash(cs, std::span<const AllocatedNum>(preimage),
                                 hashers::poseidon::poseidon_constants(2));
}

// hash_multi_leaf_circuit: Poseidon with arity leaves.size() (2, 4, 8, 11, 16, 24 or 36).
template <ConstraintSystem CS>
AllocatedNum poseidon_multi_leaf_circuit(CS& cs, std::span<const AllocatedNum> leaves) {
  return poseidon::poseidon_hash(cs, leaves, hashers::poseidon::poseidon_constants(leaves.size()));
}

// hash_md_circuit: the chain of poseidon_hash_md. Before each link's hash, every slot its chunk
// leaves empty is filled with a new, unconstrained variable holding 0 ("padding i"); the link is
// hashed in scope "hash md k". 1,385 constraints per link.
template <ConstraintSystem CS>
AllocatedNum poseidon_hash_md_circuit(CS& cs, std::span<const AllocatedNum> elements) {
  if (elements.size() < 2) {
    throw std::invalid_argument("Poseidon hash_md circuit needs at least two elements");
  }
  const hashers::poseidon::PoseidonConstants& constants =
      hashers::poseidon::poseidon_constants(kPoseidonMdArity);
  AllocatedNum acc = elements[0];
  std::vector<AllocatedNum> preimage(kPoseidonMdArity);
  std::size_t link = 0;
  for (std::size_t start = 1; start < elements.size(); start += kPoseidonMdArity - 1, ++link) {
    const std::size_t n = std::min(kPoseidonMdArity - 1, elements.size() - start);
    preimage[0] = acc;
    for (std::size_t i = 0; i < n; ++i) preimage[i + 1] = elements[start + i];
    for (std::size_t i = n + 1; i < kPoseidonMdArity; ++i) {
      auto scope = cs.scope("padding", i);
      preimage[i] = AllocatedNum::alloc(cs, [] { return Fr::zero(); });
    }
    auto scope = cs.scope("hash md", link);
    acc = poseidon::poseidon_hash(cs, std::span<const AllocatedNum>(preimage), constants);
  }
  return acc;
}

// The Merkle-hasher policy of the PoR gadget for Poseidon trees.
struct PoseidonMerkleHasher {
  template <ConstraintSystem CS>
  static AllocatedNum hash_multi_leaf(CS& cs, std::span<const AllocatedNum> leaves) {
    return poseidon_multi_leaf_circuit(cs, leaves);
  }
  static Fr hash_multi_leaf_native(std::span<const Fr> leaves) {
    return hashers::poseidon::hash(leaves);
  }
};

}  // namespace cuzk::circuit::merkle
