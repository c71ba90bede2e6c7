// SubmitProofRequest to job: a PoRep request's sector job (the C1 in memory, the identity from
// miner_id and sector_number, the registered proof), its priority and fingerprint, and each
// refusal in one line: the kinds cuzk does not prove, an unknown kind or registered proof, a
// sector_size that is not the proof's, no vanilla_proof. Also the circuit ids. (SnapDeals
// requests: update_request_test.cpp.)
#include <doctest/doctest.h>

#include <string>

#include "porep/replica_id.hpp"
#include "serve/circuit_id.hpp"
#include "serve/proof_request.hpp"

namespace {

namespace pb = cuzk::v1;
using cuzk::porep::RegisteredSealProof;
using cuzk::serve::job_spec;
using cuzk::serve::Priority;

pb::SubmitProofRequest porep_request() {
  pb::SubmitProofRequest r;
  r.set_request_id("porep-1000-7");
  r.set_proof_kind(pb::POREP_SEAL_COMMIT);
  r.set_sector_size(2048);
  r.set_registered_proof(5);  // StackedDrg2KiBV1_1
  r.set_priority(pb::HIGH);
  r.set_vanilla_proof("{\"SectorNum\":7}");
  r.set_sector_number(7);
  r.set_miner_id(1000);
  return r;
}

}  // namespace

TEST_CASE("a PoRep request becomes a sector job with its C1 in memory and its identity") {
  const auto spec = job_spec(porep_request());
  CHECK(spec.id == "porep-1000-7");
  CHECK(spec.kind == "porep_c2");
  CHECK(spec.priority == Priority::kHigh);
  CHECK(spec.refusal.empty());
  REQUIRE(spec.work);
  const auto& job = spec.work->sector;
  REQUIRE(job.input_bytes != nullptr);
  CHECK(*job.input_bytes == "{\"SectorNum\":7}");
  CHECK(job.input == "vanilla_proof");
  CHECK(job.output.empty());  // the proof comes back in memory
  CHECK(job.proof_type == cuzk::pipeline::ProofType::kPorep);
  CHECK(job.registered_proof ==
        cuzk::pipeline::CircuitKind(RegisteredSealProof::kStackedDrg2KiBV1_1));
  CHECK(job.identity.prover_id == cuzk::porep::prover_id_from_actor_id(1000));
  CHECK(job.identity.sector_id == 7);
  CHECK(job.verify);
}

TEST_CASE("the fingerprint: the same request sent again matches, another does not") {
  const std::string f = job_spec(porep_request()).fingerprint;
  CHECK(f.size() == 64);
  pb::SubmitProofRequest again = porep_request();
  again.set_priority(pb::LOW);  // the priority is not the request
  CHECK(job_spec(again).fingerprint == f);
  pb::SubmitProofRequest other = porep_request();
  other.set_sector_number(8);
  CHECK(job_spec(other).fingerprint != f);
  other = porep_request();
  other.set_vanilla_proof("{\"SectorNum\":8}");
  CHECK(job_spec(other).fingerprint != f);
}

TEST_CASE("sector_size 0 means the registered proof's; priorities default to NORMAL") {
  pb::SubmitProofRequest r = porep_request();
  r.set_sector_size(0);
  r.set_priority(pb::PRIORITY_UNSPECIFIED);
  const auto spec = job_spec(r);
  CHECK(spec.work.has_value());
  CHECK(spec.priority == Priority::kNormal);
  r.set_priority(static_cast<pb::Priority>(9));
  CHECK(job_spec(r).priority == Priority::kNormal);
}

TEST_CASE("refusals, one line each") {
  const auto refusal = [](pb::SubmitProofRequest r) {
    const auto spec = job_spec(r);
    CHECK_FALSE(spec.work.has_value());
    CHECK(spec.refusal.find('\n') == std::string::npos);
    return spec.refusal;
  };
  pb::SubmitProofRequest r = porep_request();
  r.set_proof_kind(pb::WINDOW_POST_PARTITION);
  CHECK(refusal(r) ==
        "WINDOW_POST_PARTITION is not supported: cuzk serve proves "
        "POREP_SEAL_COMMIT and SNAP_DEALS_UPDATE");
  CHECK(job_spec(r).kind == "window_post");
  r.set_proof_kind(pb::WINNING_POST);
  CHECK(refusal(r).starts_with("WINNING_POST is not supported"));
  r.set_proof_kind(pb::PROOF_KIND_UNSPECIFIED);
  CHECK(refusal(r) ==
        "proof_kind 0 is not a proof kind cuzk serve knows: it proves POREP_SEAL_COMMIT (1) and "
        "SNAP_DEALS_UPDATE (2)");
  r.set_proof_kind(static_cast<pb::ProofKind>(77));
  CHECK(refusal(r).starts_with("proof_kind 77 is not"));
  CHECK(job_spec(r).kind == "unknown");

  r = porep_request();
  r.set_registered_proof(20);
  CHECK(refusal(r) == "registered_proof 20 is not a registered seal proof (0 to 19)");
  r = porep_request();
  r.set_sector_size(34359738368);
  CHECK(refusal(r) == "sector_size 34359738368 does not match StackedDrg2KiBV1_1's 2048 bytes");
  r = porep_request();
  r.set_vanilla_proof("");
  CHECK(refusal(r) == "vanilla_proof is empty: a PoRep C2 needs the sector's C1 output");
}

TEST_CASE(
    "circuit ids: curio's porep-32g, snap-32g and so on, the smaller sizes by the same rule") {
  using cuzk::porep::update::RegisteredUpdateProof;
  using cuzk::serve::circuit_for_id;
  using cuzk::serve::circuit_id;
  using Kind = cuzk::pipeline::CircuitKind;
  CHECK(circuit_id(RegisteredSealProof::kStackedDrg32GiBV1_1) == "porep-32g");
  CHECK(circuit_id(RegisteredSealProof::kStackedDrg32GiBV1_2_Feat_NonInteractivePoRep) ==
        "porep-32g");
  CHECK(circuit_id(RegisteredSealProof::kStackedDrg64GiBV1) == "porep-64g");
  CHECK(circuit_id(RegisteredSealProof::kStackedDrg512MiBV1_1) == "porep-512m");
  CHECK(circuit_id(RegisteredSealProof::kStackedDrg8MiBV1_1) == "porep-8m");
  CHECK(circuit_id(RegisteredSealProof::kStackedDrg2KiBV1_1) == "porep-2k");
  CHECK(circuit_id(RegisteredUpdateProof::kStackedDrg32GiBV1) == "snap-32g");
  CHECK(circuit_id(RegisteredUpdateProof::kStackedDrg64GiBV1) == "snap-64g");
  CHECK(circuit_id(RegisteredUpdateProof::kStackedDrg2KiBV1) == "snap-2k");
  CHECK(circuit_for_id("porep-32g") == Kind(RegisteredSealProof::kStackedDrg32GiBV1_1));
  CHECK(circuit_for_id("porep-2k") == Kind(RegisteredSealProof::kStackedDrg2KiBV1_1));
  CHECK(circuit_for_id("snap-32g") == Kind(RegisteredUpdateProof::kStackedDrg32GiBV1));
  CHECK(circuit_for_id("snap-512m") == Kind(RegisteredUpdateProof::kStackedDrg512MiBV1));
  CHECK(circuit_for_id("snap-2k") == Kind(RegisteredUpdateProof::kStackedDrg2KiBV1));
  CHECK_FALSE(circuit_for_id("wpost-32g"));
  CHECK_FALSE(circuit_for_id("porep-16g"));
  CHECK_FALSE(circuit_for_id("snap-16g"));
  CHECK(cuzk::serve::circuit_ids() ==
        "porep-2k, porep-8m, porep-512m, porep-32g, porep-64g, snap-2k, snap-8m, snap-512m, "
        "snap-32g, snap-64g");
}

TEST_CASE("a kind's label (metrics, job table) and its GetStatus name (curio's daemon's)") {
  using cuzk::serve::kind_label;
  using cuzk::serve::kind_status_name;
  CHECK(kind_label(pb::POREP_SEAL_COMMIT) == "porep_c2");
  CHECK(kind_label(pb::SNAP_DEALS_UPDATE) == "snap_update");
  CHECK(kind_label(pb::WINDOW_POST_PARTITION) == "window_post");
  CHECK(kind_label(pb::WINNING_POST) == "winning_post");
  CHECK(kind_label(99) == "unknown");
  CHECK(kind_status_name(kind_label(pb::POREP_SEAL_COMMIT)) == "porep-c2");
  CHECK(kind_status_name(kind_label(pb::SNAP_DEALS_UPDATE)) == "snap-update");
  CHECK(kind_status_name(kind_label(pb::WINDOW_POST_PARTITION)) == "window-post");
  CHECK(kind_status_name(kind_label(pb::WINNING_POST)) == "winning-post");
}
