// A SNAP_DEALS_UPDATE request to job: a 2 KiB sector's update (made by sealing's generator, as
// `cuzk gen-update` makes one) sent as curio sends it, RegisteredUpdateProof number, raw 32-byte
// commitments and one bincode PartitionProofBytes per partition, becomes an update job holding
// exactly that input; each refusal is one line naming the field: an unknown registered proof, a
// sector_size that is not the proof's, no partition proofs or the wrong count, a commitment of
// the wrong length or not a canonical scalar, a partition proof's corrupted bytes or counts. The
// fingerprint covers the update's fields.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "pipeline/circuit_kind.hpp"
#include "porep/update/partition_proof_bincode.hpp"
#include "sealing/update/update_generator.hpp"
#include "serve/proof_request.hpp"

namespace {

namespace pb = cuzk::v1;
namespace pu = cuzk::porep::update;
using cuzk::serve::job_spec;

constexpr std::uint64_t kMiner = 1000;
constexpr std::uint64_t kSector = 2;

// One 2 KiB update for every case (sealing the old sector takes a moment).
const pu::UpdateInput& update_2kib() {
  static const pu::UpdateInput input = [] {
    cuzk::sealing::GenerateUpdateOptions options;
    options.proof = pu::RegisteredUpdateProof::kStackedDrg2KiBV1;
    return cuzk::sealing::generate_update(options);
  }();
  return input;
}

std::string bytes_string(const std::vector<std::uint8_t>& bytes) {
  return {bytes.begin(), bytes.end()};
}

std::string domain_string(const cuzk::porep::Domain& d) { return {d.begin(), d.end()}; }

pb::SubmitProofRequest update_request() {
  const pu::UpdateInput& input = update_2kib();
  pb::SubmitProofRequest r;
  r.set_request_id("snap-1000-2");
  r.set_proof_kind(pb::SNAP_DEALS_UPDATE);
  r.set_sector_size(2048);
  r.set_registered_proof(0);  // RegisteredUpdateProof StackedDrg2KiBV1
  r.set_priority(pb::NORMAL);
  for (const pu::PartitionProof& p : input.partitions) {
    r.add_vanilla_proofs(bytes_string(pu::encode_partition_proof(p)));
  }
  r.set_comm_r_old(domain_string(input.comm_r_old));
  r.set_comm_r_new(domain_string(input.comm_r_new));
  r.set_comm_d_new(domain_string(input.comm_d_new));
  r.set_miner_id(kMiner);
  r.set_sector_number(kSector);
  return r;
}

std::string refusal(const pb::SubmitProofRequest& r) {
  const auto spec = job_spec(r);
  CHECK_FALSE(spec.work.has_value());
  CHECK(spec.kind == "snap_update");
  CHECK(spec.refusal.find('\n') == std::string::npos);
  return spec.refusal;
}

}  // namespace

TEST_CASE("a SnapDeals request becomes an update job holding the input its fields are") {
  const pu::UpdateInput& want = update_2kib();
  REQUIRE(want.partitions.size() == 1);
  const auto spec = job_spec(update_request());
  CHECK(spec.id == "snap-1000-2");
  CHECK(spec.kind == "snap_update");
  CHECK(spec.refusal.empty());
  REQUIRE(spec.work);
  const auto& job = spec.work->sector;
  CHECK(job.proof_type == cuzk::pipeline::ProofType::kUpdate);
  CHECK(job.input == "vanilla_proofs");
  CHECK(job.input_bytes == nullptr);
  CHECK(job.output.empty());  // the proof comes back in memory
  CHECK(job.registered_proof ==
        cuzk::pipeline::CircuitKind(pu::RegisteredUpdateProof::kStackedDrg2KiBV1));
  // The update proof commits to no sector identity; the job names none (the pipeline refuses one).
  CHECK_FALSE(job.identity.prover_id.has_value());
  CHECK_FALSE(job.identity.sector_id.has_value());
  CHECK(job.verify);
  REQUIRE(job.update_input != nullptr);
  const pu::UpdateInput& got = *job.update_input;
  CHECK(got.proof == pu::RegisteredUpdateProof::kStackedDrg2KiBV1);
  CHECK(got.comm_r_old == want.comm_r_old);
  CHECK(got.comm_d_new == want.comm_d_new);
  CHECK(got.comm_r_new == want.comm_r_new);
  REQUIRE(got.partitions.size() == 1);
  CHECK(pu::encode_partition_proof(got.partitions[0]) ==
        pu::encode_partition_proof(want.partitions[0]));
  CHECK(got.miner_id == kMiner);
  CHECK(got.sector_number == kSector);
}

TEST_CASE("sector_size 0 means the registered update proof's") {
  pb::SubmitProofRequest r = update_request();
  r.set_sector_size(0);
  CHECK(job_spec(r).work.has_value());
}

TEST_CASE("the registered proof is the RegisteredUpdateProof's number, and must agree") {
  pb::SubmitProofRequest r = update_request();
  r.set_registered_proof(5);  // StackedDrg2KiBV1_1 among the seal proofs: not an update proof
  CHECK(refusal(r) == "registered_proof 5 is not a registered update proof (0 to 4)");
  r.set_registered_proof(3);  // StackedDrg32GiBV1: the request's size is 2 KiB
  CHECK(refusal(r) ==
        "sector_size 2048 does not match StackedDrg32GiBV1 update's 34359738368 bytes");
  r = update_request();
  r.set_sector_size(8 << 20);
  CHECK(refusal(r) == "sector_size 8388608 does not match StackedDrg2KiBV1 update's 2048 bytes");
}

TEST_CASE("the partition proofs: none, too many, corrupted bytes, wrong counts") {
  pb::SubmitProofRequest r = update_request();
  const std::string proof = r.vanilla_proofs(0);
  r.clear_vanilla_proofs();
  CHECK(refusal(r) ==
        "vanilla_proofs is empty: a SnapDeals update needs the sector's partition proofs (1 for "
        "StackedDrg2KiBV1 update)");
  r.add_vanilla_proofs(proof);
  r.add_vanilla_proofs(proof);
  CHECK(refusal(r) == "vanilla_proofs: has 2 partition proofs, expected 1 for StackedDrg2KiBV1");

  const pu::UpdateProofInfo& info =
      pu::update_proof_info(pu::RegisteredUpdateProof::kStackedDrg2KiBV1);
  const auto reason_of = [&info](const std::string& bytes) {
    const auto decoded = pu::decode_partition_proof(
        {reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()}, info);
    REQUIRE_FALSE(decoded.has_value());
    return pu::describe(decoded.error());
  };
  r = update_request();
  const std::string truncated = proof.substr(0, proof.size() - 5);
  r.set_vanilla_proofs(0, truncated);
  const std::string reason = refusal(r);
  CHECK(reason == "vanilla_proofs[0]: " + reason_of(truncated));
  CHECK(reason.ends_with(": the bytes end inside a value"));
  r.set_vanilla_proofs(0, proof + '\0');
  CHECK(refusal(r).ends_with("bytes are left after the partition proof"));
  r.set_vanilla_proofs(0, "garbage");
  CHECK(refusal(r).starts_with("vanilla_proofs[0]: comm_c at byte 0: "));

  // Well-formed bincode with one challenge proof too few: the circuit's count is checked too.
  pu::PartitionProof short_proof = update_2kib().partitions[0];
  short_proof.challenge_proofs.pop_back();
  r.set_vanilla_proofs(0, bytes_string(pu::encode_partition_proof(short_proof)));
  CHECK(refusal(r) ==
        "vanilla_proofs[0]: has " + std::to_string(info.challenges_per_partition - 1) +
            " challenge proofs, expected " + std::to_string(info.challenges_per_partition));
}

TEST_CASE("the commitments: 32 raw bytes each, a canonical scalar") {
  pb::SubmitProofRequest r = update_request();
  r.set_comm_r_old(r.comm_r_old().substr(1));
  CHECK(refusal(r) == "comm_r_old: is 31 bytes, expected 32");
  r = update_request();
  r.set_comm_d_new(std::string(8, '\x01') + r.comm_d_new());  // a CID's prefix left on
  CHECK(refusal(r) == "comm_d_new: is 40 bytes, expected 32");
  r = update_request();
  r.clear_comm_r_new();
  CHECK(refusal(r) == "comm_r_new: is 0 bytes, expected 32");
  r = update_request();
  r.set_comm_r_new(std::string(32, '\xff'));
  CHECK(refusal(r) == "comm_r_new: is not below the BLS12-381 scalar field modulus");
}

TEST_CASE("the fingerprint covers the partition proofs and the commitments") {
  const std::string f = job_spec(update_request()).fingerprint;
  CHECK(f.size() == 64);
  pb::SubmitProofRequest again = update_request();
  again.set_priority(pb::HIGH);
  CHECK(job_spec(again).fingerprint == f);
  CHECK(job_spec(update_request()).fingerprint != [] {
    pb::SubmitProofRequest porep = update_request();
    porep.set_proof_kind(pb::POREP_SEAL_COMMIT);
    return job_spec(porep).fingerprint;
  }());

  pb::SubmitProofRequest other = update_request();
  std::string flipped = other.comm_r_new();
  flipped[0] = static_cast<char>(flipped[0] ^ 1);
  other.set_comm_r_new(flipped);
  CHECK(job_spec(other).fingerprint != f);
  // The same bytes under another commitment's name are another request.
  other = update_request();
  other.set_comm_r_old(update_request().comm_r_new());
  other.set_comm_r_new(update_request().comm_r_old());
  CHECK(job_spec(other).fingerprint != f);
  other = update_request();
  std::string partition = other.vanilla_proofs(0);
  partition.back() = static_cast<char>(partition.back() ^ 1);
  other.set_vanilla_proofs(0, partition);
  CHECK(job_spec(other).fingerprint != f);
  // One partition's bytes split in two is another request, not the same bytes again.
  other = update_request();
  const std::string whole = other.vanilla_proofs(0);
  other.set_vanilla_proofs(0, whole.substr(0, 100));
  other.add_vanilla_proofs(whole.substr(100));
  CHECK(job_spec(other).fingerprint != f);
}
