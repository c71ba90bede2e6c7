// A SubmitProofRequest as a job (job.hpp): the kind's label, the priority, the fingerprint that
// tells the same request sent again, and the sector job to prove: a PoRep C2's (its C1 in memory)
// or a SnapDeals update's (its fields decoded: update_request.hpp). Everything else is a refusal,
// one line, that ends the job FAILED at once:
//   the other kinds (Window and Winning PoSt): not supported;
//   an unknown kind, an unknown registered proof, a sector_size that is not the proof's, an empty
//   vanilla_proof (PoRep), and whatever update_request.hpp refuses (SnapDeals: the partition
//   count, a commitment's length or value, a partition proof's bytes).
// What a PoRep C1 itself holds (its form, its registered proof, its replica_id against miner_id
// and sector_number), and whether an update's vanilla proofs verify, is checked by the prover,
// and fails the job there.
#pragma once

#include <string>
#include <string_view>

#include "cuzk/v1/proving.pb.h"
#include "serve/job.hpp"

namespace cuzk::serve {

// The name messages about the request's C1 start with.
inline constexpr const char* kVanillaProofName = "vanilla_proof";

JobSpec job_spec(const cuzk::v1::SubmitProofRequest& request);

// The metrics' label of a wire ProofKind: "porep_c2", "snap_update", "window_post",
// "winning_post", or "unknown". The job table counts jobs by it too.
std::string kind_label(int proof_kind);

// GetStatus' name of a kind, from its label: hyphens where the label has underscores
// ("porep-c2", "snap-update"), as curio's own daemon names its queues and running jobs there.
std::string kind_status_name(std::string_view label);

// PRIORITY_UNSPECIFIED and unknown values are kNormal.
Priority priority_from(int priority);

}  // namespace cuzk::serve
