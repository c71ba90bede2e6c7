#include "porep/update/update_input_checks.hpp"

#include <algorithm>
#include <utility>

#include "porep/update/partition_proof_bincode.hpp"

namespace cuzk::porep::update {

std::optional<std::string> partition_count_problem(std::size_t count, const UpdateProofInfo& info) {
  if (count == info.partitions) return std::nullopt;
  return "has " + std::to_string(count) + " partition proofs, expected " +
         std::to_string(info.partitions) + " for " + std::string(info.name);
}

Expected<PartitionProof, std::string> decode_partition_bytes(std::span<const std::uint8_t> bytes,
                                                             const UpdateProofInfo& info) {
  auto proof = decode_partition_proof(bytes, info);
  if (!proof) return Unexpected{describe(proof.error())};
  // The decoder takes any count (as the Rust deserializer does); the circuit takes only these.
  if (proof->apex_leafs.size() != info.apex_leaves) {
    return Unexpected{"has " + std::to_string(proof->apex_leafs.size()) +
                      " apex leaves, expected " + std::to_string(info.apex_leaves)};
  }
  if (proof->challenge_proofs.size() != info.challenges_per_partition) {
    return Unexpected{"has " + std::to_string(proof->challenge_proofs.size()) +
                      " challenge proofs, expected " +
                      std::to_string(info.challenges_per_partition)};
  }
  return std::move(proof.value());
}

Expected<Domain, std::string> commitment_from_bytes(std::span<const std::uint8_t> bytes) {
  Domain d{};
  if (bytes.size() != d.size()) {
    return Unexpected{"is " + std::to_string(bytes.size()) + " bytes, expected 32"};
  }
  std::copy(bytes.begin(), bytes.end(), d.begin());
  if (!is_canonical_fr(d)) {
    return Unexpected{std::string("is not below the BLS12-381 scalar field modulus")};
  }
  return d;
}

}  // namespace cuzk::porep::update
