// The public inputs of one partition's circuit, in the order the circuit inputizes them
// (stacked/circuit/proof.rs `generate_public_inputs`). The constant ONE that Groth16 puts first is
// not included: a partition with c challenges has 3 + 18c inputs here (327 for 32 GiB).
//   0 replica_id, 1 comm_d, 2 comm_r (each as Fr, little-endian bytes), then per challenge:
//   the challenge (tree D index), 6 DRG parents, 8 expander parents (tree C indices), the
//   challenge again (its UInt64), again (tree R_last index) and again (its column in tree C).
// A Merkle inclusion input is the node index itself: the packed path bits are its LE binary form.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "bls12_381/fields.hpp"
#include "porep/domain.hpp"
#include "porep/graph.hpp"
#include "porep/registered_proof.hpp"

namespace cuzk::porep {

// What a verifier knows about a sector; C2 takes it from the C1 file.
struct SealPublicValues {
  Domain replica_id{};
  Domain comm_d{};
  Domain comm_r{};
  Domain seed{};
};

// Inputs for the given challenges (usually partition_challenges(...)). Throws cuzk::Error if
// replica_id, comm_d or comm_r is not a canonical Fr or a challenge is outside the graph.
std::vector<bls12_381::Fr> public_inputs_for_challenges(const StackedGraph& graph,
                                                        const SealPublicValues& values,
                                                        std::span<const std::uint64_t> challenges);

// Derives partition k's challenges from config.challenge_mode, then the inputs.
std::vector<bls12_381::Fr> partition_public_inputs(const PorepConfig& config,
                                                   const StackedGraph& graph,
                                                   const SealPublicValues& values, std::uint32_t k);

}  // namespace cuzk::porep
