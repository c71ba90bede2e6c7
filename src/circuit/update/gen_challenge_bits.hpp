// gadgets.rs gen_challenge_bits: each challenge's random bits for one partition. Digest j of the
// partition is H(comm_r_new, k·digests_per_partition + j) under the gen-randomness Poseidon; its
// 255 bits give floor(254 / bits_per_challenge) challenges, the last digest only the challenges
// still missing. Per digest: digest_index and its constraint (1), the hash (311), the bits (256).
#pragma once

#include <span>
#include <vector>

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/boolean.hpp"
#include "circuit/gadgets/multipack.hpp"
#include "circuit/gadgets/num.hpp"
#include "circuit/poseidon/poseidon_gadget.hpp"
#include "circuit/update/binary_decomposition.hpp"
#include "hashers/poseidon_gen_randomness.hpp"

namespace cuzk::circuit::update {

// Challenges one digest yields (Fr::CAPACITY / bits_per_challenge).
constexpr std::size_t challenges_per_digest(std::size_t bits_per_challenge) {
  return kPackCapacity / bits_per_challenge;
}

// Digests per partition: ceil(challenges / challenges_per_digest). (The Rust rounds an f32
// quotient up, which is exact for these small integers.)
constexpr std::size_t digests_per_partition(std::size_t challenges,
                                            std::size_t bits_per_challenge) {
  const std::size_t per_digest = challenges_per_digest(bits_per_challenge);
  return (challenges + per_digest - 1) / per_digest;
}

// The Poseidon circuit of the update's randomness (phi, rho and the challenge digests).
template <ConstraintSystem CS>
AllocatedNum gen_randomness_hash_circuit(CS& cs, const AllocatedNum& a, const AllocatedNum& b) {
  const AllocatedNum preimage[] = {a, b};
  return poseidon::poseidon_hash(cs, std::span<const AllocatedNum>(preimage),
                                 hashers::poseidon::gen_randomness_constants());
}

// `challenges` chunks of `bits_per_challenge` bits, least significant first.
template <ConstraintSystem CS>
std::vector<std::vector<AllocatedBit>> gen_challenge_bits(CS& cs, const AllocatedNum& comm_r_new,
                                                          const AllocatedNum& partition,
                                                          std::size_t challenges,
                                                          std::size_t bits_per_challenge) {
  const std::size_t per_digest = challenges_per_digest(bits_per_challenge);
  const std::size_t digests = digests_per_partition(challenges, bits_per_challenge);
  const Fr digests_fr = Fr::from_u64(digests);

  std::vector<std::vector<AllocatedBit>> generated;
  generated.reserve(challenges);
  for (std::size_t j = 0; j < digests; ++j) {
    const Fr j_fr = Fr::from_u64(j);
    AllocatedNum digest_index;
    {
      auto scope = cs.scope("digest_index", j);
      digest_index = AllocatedNum::alloc(
          cs, [&] { return require_value(partition.value()) * digests_fr + j_fr; });
    }
    // digests_per_partition and j enter as constants; j = 0 leaves a zero ONE term, as in the
    // Rust, which the fingerprint and the densities skip.
    cs.enforce(Name("digest_index == k * digests_per_partition + j", j),
               LinearCombination(partition.variable(), digests_fr).add(Variable::one(), j_fr),
               LinearCombination(Variable::one()), LinearCombination(digest_index.variable()));

    AllocatedNum digest;
    {
      auto scope = cs.scope("digest", j);
      digest = gen_randomness_hash_circuit(cs, comm_r_new, digest_index);
    }
    std::vector<AllocatedBit> digest_bits;
    {
      auto scope = cs.scope("digest_bits", j);
      digest_bits = allocated_num_to_allocated_bits(cs, digest);
    }
    const std::size_t take = j + 1 == digests ? challenges - generated.size() : per_digest;
    for (std::size_t c = 0; c < take; ++c) {
      const auto first = digest_bits.begin() + static_cast<std::ptrdiff_t>(c * bits_per_challenge);
      generated.emplace_back(first, first + static_cast<std::ptrdiff_t>(bits_per_challenge));
    }
  }
  return generated;
}

}  // namespace cuzk::circuit::update
