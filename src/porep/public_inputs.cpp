#include "porep/public_inputs.hpp"

#include <string>

#include "porep/challenges.hpp"
#include "util/error.hpp"

namespace cuzk::porep {
namespace {

using bls12_381::Fr;

Fr canonical_fr(const Domain& d, const char* what) {
  const auto fr = domain_to_fr(d);
  if (!fr) throw Error(std::string("public inputs: ") + what + " is not below the field modulus");
  return *fr;
}

}  // namespace

std::vector<Fr> public_inputs_for_challenges(const StackedGraph& graph,
                                             const SealPublicValues& values,
                                             std::span<const std::uint64_t> challenges) {
  std::vector<Fr> inputs;
  inputs.reserve(3 + challenges.size() * (kParentCount + 4));
  inputs.push_back(canonical_fr(values.replica_id, "replica_id"));
  inputs.push_back(canonical_fr(values.comm_d, "comm_d"));
  inputs.push_back(canonical_fr(values.comm_r, "comm_r"));
  for (const std::uint64_t challenge : challenges) {
    if (challenge >= graph.nodes()) {
      throw Error("public inputs: challenge " + std::to_string(challenge) +
                  " is outside a graph of " + std::to_string(graph.nodes()) + " nodes");
    }
    const Fr c = Fr::from_u64(challenge);
    inputs.push_back(c);  // tree D inclusion of the data node
    for (const std::uint32_t parent : graph.parents(static_cast<std::uint32_t>(challenge))) {
      inputs.push_back(Fr::from_u64(parent));  // tree C inclusion of each parent's column
    }
    inputs.push_back(c);  // the challenge as a UInt64
    inputs.push_back(c);  // tree R_last inclusion of the replica node
    inputs.push_back(c);  // tree C inclusion of the challenged column
  }
  return inputs;
}

std::vector<Fr> partition_public_inputs(const PorepConfig& config, const StackedGraph& graph,
                                        const SealPublicValues& values, std::uint32_t k) {
  if (k >= config.partitions) {
    throw Error("public inputs: partition " + std::to_string(k) + " of " +
                std::to_string(config.partitions));
  }
  const std::vector<std::uint64_t> challenges =
      partition_challenges(config, values.replica_id, values.comm_r, values.seed, k);
  return public_inputs_for_challenges(graph, values, challenges);
}

}  // namespace cuzk::porep
