#include "porep/update/public_inputs.hpp"

#include <string>

#include "porep/update/domain_fr.hpp"
#include "util/error.hpp"

namespace cuzk::porep::update {

std::uint64_t k_and_h_select(const UpdateStatement& statement) {
  const UpdateProofInfo& info = update_proof_info(statement.registered_proof);
  if (statement.k >= info.partitions) {
    throw Error("partition " + std::to_string(statement.k) + " of a " + std::string(info.name) +
                " proof, which has " + std::to_string(info.partitions));
  }
  const auto selector = h_select(info, statement.h);
  if (!selector) {
    throw Error("h = " + std::to_string(statement.h) + " is not allowed for " +
                std::string(info.name));
  }
  return std::uint64_t{statement.k} | (*selector << info.partition_bits());
}

std::array<bls12_381::Fr, kUpdatePublicInputCount> update_public_inputs(
    const UpdateStatement& statement) {
  return {bls12_381::Fr::from_u64(k_and_h_select(statement)),
          canonical_fr(statement.comm_r_old, "comm_r_old"),
          canonical_fr(statement.comm_d_new, "comm_d_new"),
          canonical_fr(statement.comm_r_new, "comm_r_new")};
}

}  // namespace cuzk::porep::update
