#include "serve/proof_request.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>

#include "hashers/sha256.hpp"
#include "porep/registered_proof.hpp"
#include "porep/replica_id.hpp"
#include "porep/update/update_input.hpp"
#include "serve/update_request.hpp"
#include "util/hex.hpp"

namespace cuzk::serve {

namespace {

namespace pb = cuzk::v1;

void hash_u64(hashers::Sha256& h, std::uint64_t value) {
  std::array<std::uint8_t, 8> le{};
  for (std::size_t i = 0; i < le.size(); ++i) le[i] = static_cast<std::uint8_t>(value >> (8 * i));
  h.update(le);
}

// Its length first, so that no two sequences of fields hash the same bytes.
void hash_bytes(hashers::Sha256& h, const std::string& bytes) {
  hash_u64(h, bytes.size());
  h.update(bytes);
}

// SHA-256 over the fields that make a request what it is (not its priority), PoRep's and
// SnapDeals' alike: the same request sent again has the same fingerprint.
std::string fingerprint(const pb::SubmitProofRequest& r) {
  hashers::Sha256 h;
  for (const std::uint64_t value :
       {static_cast<std::uint64_t>(r.proof_kind()), r.registered_proof(), r.sector_size(),
        r.sector_number(), r.miner_id()}) {
    hash_u64(h, value);
  }
  hash_bytes(h, r.vanilla_proof());
  hash_u64(h, static_cast<std::uint64_t>(r.vanilla_proofs_size()));
  for (const std::string& partition : r.vanilla_proofs()) hash_bytes(h, partition);
  for (const std::string* commitment : {&r.comm_r_old(), &r.comm_r_new(), &r.comm_d_new()}) {
    hash_bytes(h, *commitment);
  }
  const hashers::Sha256Digest digest = h.finish();
  return to_hex(digest);
}

// The refusal of a PoRep request's fields, or its sector job.
JobSpec porep_spec(const pb::SubmitProofRequest& r, JobSpec spec) {
  const auto proof = porep::seal_proof_from_id(r.registered_proof());
  if (!proof) {
    spec.refusal = "registered_proof " + std::to_string(r.registered_proof()) +
                   " is not a registered seal proof (0 to " +
                   std::to_string(porep::kRegisteredSealProofCount - 1) + ")";
    return spec;
  }
  const porep::SealProofInfo& info = porep::seal_proof_info(*proof);
  if (r.sector_size() != 0 && r.sector_size() != info.sector_size) {
    spec.refusal = "sector_size " + std::to_string(r.sector_size()) + " does not match " +
                   std::string(info.name) + "'s " + std::to_string(info.sector_size) + " bytes";
    return spec;
  }
  if (r.vanilla_proof().empty()) {
    spec.refusal = "vanilla_proof is empty: a PoRep C2 needs the sector's C1 output";
    return spec;
  }
  ProofWork work;
  pipeline::SectorJob& job = work.sector;
  job.input = kVanillaProofName;
  job.input_bytes = std::make_shared<const std::string>(r.vanilla_proof());
  job.registered_proof = *proof;
  job.identity.prover_id = porep::prover_id_from_actor_id(r.miner_id());
  job.identity.sector_id = r.sector_number();
  job.verify = true;
  spec.work = std::move(work);
  return spec;
}

// The refusal of a SnapDeals request's fields (update_request.hpp), or its update job.
JobSpec update_spec(const pb::SubmitProofRequest& r, JobSpec spec) {
  auto input = update_input_from_request(r);
  if (!input) {
    spec.refusal = input.error();
    return spec;
  }
  ProofWork work;
  pipeline::SectorJob& job = work.sector;
  job.proof_type = pipeline::ProofType::kUpdate;
  job.input = kVanillaProofsName;
  job.registered_proof = input->proof;
  job.update_input = std::make_shared<const porep::update::UpdateInput>(std::move(input.value()));
  job.verify = true;
  spec.work = std::move(work);
  return spec;
}

}  // namespace

std::string kind_label(int proof_kind) {
  switch (proof_kind) {
    case pb::POREP_SEAL_COMMIT:
      return "porep_c2";
    case pb::SNAP_DEALS_UPDATE:
      return "snap_update";
    case pb::WINDOW_POST_PARTITION:
      return "window_post";
    case pb::WINNING_POST:
      return "winning_post";
    default:
      return "unknown";
  }
}

std::string kind_status_name(std::string_view label) {
  std::string name(label);
  std::replace(name.begin(), name.end(), '_', '-');
  return name;
}

Priority priority_from(int priority) {
  switch (priority) {
    case pb::LOW:
      return Priority::kLow;
    case pb::HIGH:
      return Priority::kHigh;
    case pb::CRITICAL:
      return Priority::kCritical;
    default:
      return Priority::kNormal;
  }
}

JobSpec job_spec(const pb::SubmitProofRequest& r) {
  JobSpec spec;
  spec.id = r.request_id();
  spec.kind = kind_label(r.proof_kind());
  spec.priority = priority_from(r.priority());
  spec.fingerprint = fingerprint(r);
  const int kind = r.proof_kind();
  if (kind == pb::POREP_SEAL_COMMIT) return porep_spec(r, std::move(spec));
  if (kind == pb::SNAP_DEALS_UPDATE) return update_spec(r, std::move(spec));
  if (pb::ProofKind_IsValid(kind) && kind != pb::PROOF_KIND_UNSPECIFIED) {
    spec.refusal = pb::ProofKind_Name(static_cast<pb::ProofKind>(kind)) +
                   " is not supported: cuzk serve proves POREP_SEAL_COMMIT and SNAP_DEALS_UPDATE";
  } else {
    spec.refusal = "proof_kind " + std::to_string(kind) +
                   " is not a proof kind cuzk serve knows: it proves POREP_SEAL_COMMIT (1) and "
                   "SNAP_DEALS_UPDATE (2)";
  }
  return spec;
}

}  // namespace cuzk::serve
