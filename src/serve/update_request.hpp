// A SNAP_DEALS_UPDATE request's fields as the update input they are: the arguments of
// rust-filecoin-proofs-api `generate_empty_sector_update_proof_with_vanilla`, as curio sends them.
// - registered_proof: the RegisteredUpdateProof's number, 0 to 4 (curio's
//   abi.RegisteredUpdateProof);
// - sector_size: bytes, or 0; when given, the registered proof's;
// - vanilla_proofs: one PartitionProofBytes (bincode) per partition, in partition order;
// - comm_r_old, comm_r_new, comm_d_new: 32 raw bytes each, canonical scalars;
// - miner_id, sector_number: kept for messages only, the proof commits to neither.
// Each piece gets the update input reader's checks (porep/update/update_input_checks.hpp); the
// first that fails is the request's refusal, one line starting with the field's name. The vanilla
// proofs themselves are verified by the prover, before it proves.
#pragma once

#include <string>

#include "cuzk/v1/proving.pb.h"
#include "porep/update/update_input.hpp"
#include "util/expected.hpp"

namespace cuzk::serve {

// The name messages about the request's partition proofs start with.
inline constexpr const char* kVanillaProofsName = "vanilla_proofs";

Expected<porep::update::UpdateInput, std::string> update_input_from_request(
    const cuzk::v1::SubmitProofRequest& request);

}  // namespace cuzk::serve
