// The input of `cuzk prove-update`: one sector's update statement and every partition's vanilla
// proof, as rust-filecoin-proofs-api `generate_empty_sector_update_proof_with_vanilla` takes them
// (registered proof, comm_r_old, comm_r_new, comm_d_new, Vec<PartitionProofBytes>), decoded.
// update_input_json.hpp reads and writes it as a file.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "porep/domain.hpp"
#include "porep/update/update_proof.hpp"
#include "porep/update/vanilla_proof.hpp"

namespace cuzk::porep::update {

struct UpdateInput {
  RegisteredUpdateProof proof{};
  Domain comm_r_old{};
  Domain comm_d_new{};
  Domain comm_r_new{};
  std::vector<PartitionProof> partitions;  // [k], info().partitions of them
  // Whose sector this is, when the producer knows: for messages and job names only, since the
  // update proof does not commit to either.
  std::optional<std::uint64_t> miner_id;
  std::optional<std::uint64_t> sector_number;

  const UpdateProofInfo& info() const { return update_proof_info(proof); }
  UpdateStatement statement(std::uint32_t k) const {
    return update_statement(proof, comm_r_old, comm_d_new, comm_r_new, k);
  }
};

}  // namespace cuzk::porep::update
