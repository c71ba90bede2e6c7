// Generated C1 outputs (sealing/c1_generator.hpp) for every API variant: the 2 KiB ones
// really sealed, the 32 and 64 GiB ones sparse. Each must parse with the full checks of
// porep::parse_c1, pass the native validator, and be deterministic; each kind of corruption must
// be named by the validator. A C1 sealed under a network's own porep_id or API version
// (porep::PorepOverrides) must check under them and only under them.
#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "hashers/sha256.hpp"
#include "porep/c1_parser.hpp"
#include "porep/registered_proof.hpp"
#include "porep/replica_id.hpp"
#include "sealing/c1_generator.hpp"
#include "sealing/c1_validator.hpp"
#include "sealing/c1_writer.hpp"
#include "util/error.hpp"
#include "util/hex.hpp"

#include "temp_dir.hpp"

namespace {

namespace porep = cuzk::porep;
namespace sealing = cuzk::sealing;

using porep::RegisteredSealProof;

sealing::GenerateC1Options options_for(RegisteredSealProof proof, std::uint64_t data_seed = 1) {
  sealing::GenerateC1Options o;
  o.proof = proof;
  o.data_seed = data_seed;
  o.identity.prover_id = porep::prover_id_from_actor_id(1000);
  o.identity.sector_id = 7;
  o.identity.ticket.fill(1);
  o.seed.fill(2);
  return o;
}

sealing::ProverSector sector_of(const sealing::GenerateC1Options& o) {
  return {.prover_id = o.identity.prover_id, .sector_id = o.identity.sector_id};
}

std::string generate_json(const sealing::GenerateC1Options& o) {
  return sealing::c1_inner_json(sealing::generate_c1(o));
}

// The validator's verdict on a generated output after `tamper` changed it.
template <class Tamper>
std::string defect_after(const sealing::GenerateC1Options& o, Tamper&& tamper) {
  sealing::SealCommitOutput out = sealing::generate_c1(o);
  tamper(out);
  const porep::C1Output c1 =
      porep::parse_c1(sealing::c1_inner_json(out), porep::C1Checks::kStructure);
  const auto d = sealing::find_c1_defect(c1, sector_of(o));
  return d ? d->message() : "valid";
}

void flip(porep::Domain& d) { d[0] ^= 1; }

std::string defect_of(const porep::C1Output& c1,
                      const std::optional<sealing::ProverSector>& sector = std::nullopt) {
  const auto d = sealing::find_c1_defect(c1, sector);
  return d ? d->message() : "valid";
}

std::string digest_hex(const std::string& s) {
  return cuzk::to_hex(
      cuzk::hashers::sha256(std::span(reinterpret_cast<const std::uint8_t*>(s.data()), s.size())));
}

}  // namespace

TEST_CASE("gen-c1: 2 KiB sealed C1s of every variant parse and validate") {
  for (RegisteredSealProof proof :
       {RegisteredSealProof::kStackedDrg2KiBV1, RegisteredSealProof::kStackedDrg2KiBV1_1,
        RegisteredSealProof::kStackedDrg2KiBV1_1_Feat_SyntheticPoRep,
        RegisteredSealProof::kStackedDrg2KiBV1_2_Feat_NonInteractivePoRep}) {
    const auto& info = porep::seal_proof_info(proof);
    INFO(info.name);
    const auto o = options_for(proof);
    const std::string json = generate_json(o);
    const porep::C1Output c1 = porep::parse_c1(json, porep::C1Checks::kFull);
    CHECK(c1.registered_proof == proof);
    CHECK(c1.partitions == info.partitions);
    CHECK(c1.challenges_per_partition == info.challenges_per_partition);
    CHECK(defect_of(c1, sector_of(o)) == "valid");
  }
}

// About 12 s on 2 cores (the parents' Feistel and Poseidon dominate): run on demand with
// --no-skip -tc="*8 MiB*".
TEST_CASE("gen-c1: an 8 MiB sealed C1 parses and validates" * doctest::skip()) {
  const auto o = options_for(RegisteredSealProof::kStackedDrg8MiBV1_1);
  const porep::C1Output c1 = porep::parse_c1(generate_json(o), porep::C1Checks::kFull);
  CHECK(c1.partitions == 1);
  CHECK(defect_of(c1, sector_of(o)) == "valid");
}

TEST_CASE("gen-c1: 32 and 64 GiB sparse C1s parse and validate") {
  for (RegisteredSealProof proof :
       {RegisteredSealProof::kStackedDrg32GiBV1, RegisteredSealProof::kStackedDrg32GiBV1_1,
        RegisteredSealProof::kStackedDrg64GiBV1_1}) {
    INFO(porep::seal_proof_info(proof).name);
    const auto o = options_for(proof);
    const std::string json = generate_json(o);
    const porep::C1Output c1 = porep::parse_c1(json, porep::C1Checks::kFull);
    CHECK(c1.partitions == 10);
    CHECK(c1.challenges_per_partition == 18);
    CHECK(defect_of(c1, sector_of(o)) == "valid");
    if (proof == RegisteredSealProof::kStackedDrg32GiBV1_1) CHECK(generate_json(o) == json);
  }
}

TEST_CASE("gen-c1: a sparse 2 KiB replica validates too, and is not the sealed one") {
  auto o = options_for(RegisteredSealProof::kStackedDrg2KiBV1_1);
  o.method = sealing::ReplicaMethod::kSparse;
  const sealing::SealCommitOutput sparse = sealing::generate_c1(o);
  const porep::C1Output c1 = porep::parse_c1(sealing::c1_inner_json(sparse));
  CHECK(defect_of(c1, sector_of(o)) == "valid");
  o.method = sealing::ReplicaMethod::kSeal;
  CHECK(sealing::generate_c1(o).comm_r != sparse.comm_r);
}

TEST_CASE("gen-c1: synthetic and non-interactive 32 GiB cannot be sparse; a zero seed is refused") {
  for (RegisteredSealProof proof :
       {RegisteredSealProof::kStackedDrg32GiBV1_1_Feat_SyntheticPoRep,
        RegisteredSealProof::kStackedDrg64GiBV1_2_Feat_NonInteractivePoRep}) {
    CHECK_THROWS_WITH_AS(sealing::generate_c1(options_for(proof)),
                         doctest::Contains("supports only interactive PoRep"), cuzk::Error);
  }
  auto o = options_for(RegisteredSealProof::kStackedDrg2KiBV1_1);
  o.seed = {};
  CHECK_THROWS_WITH_AS(sealing::generate_c1(o), doctest::Contains("seed must not be zero"),
                       cuzk::Error);
  o = options_for(RegisteredSealProof::kStackedDrg32GiBV1_1);
  o.method = sealing::ReplicaMethod::kSeal;
  CHECK_THROWS_AS(sealing::generate_c1(o), cuzk::Error);
}

TEST_CASE("gen-c1: the same seeds give the same bytes; another data seed another sector") {
  const auto o = options_for(RegisteredSealProof::kStackedDrg2KiBV1_1);
  const std::string a = generate_json(o);
  CHECK(generate_json(o) == a);
  // Pinned so that an unintended change to the generated sector shows (the value is this
  // generator's own output, checked valid above, not an outside vector).
  CHECK(digest_hex(a) == "85200693c133a7a90dd70ec466b004ae87598a97567a862a92bc72ddd2348df6");
  const sealing::SealCommitOutput other = sealing::generate_c1(options_for(o.proof, 2));
  const porep::C1Output c1 = porep::parse_c1(a);
  CHECK(other.comm_d != c1.comm_d);
  CHECK(other.comm_r != c1.comm_r);
}

TEST_CASE("check-c1: each corruption of a 2 KiB C1 is named") {
  const auto o = options_for(RegisteredSealProof::kStackedDrg2KiBV1_1);
  CHECK(defect_after(o, [](sealing::SealCommitOutput&) {}) == "valid");
  CHECK(defect_after(o, [](auto& c) { flip(c.partitions[0][1].comm_r_last.siblings[3]); }) ==
        "partition 0, challenge 1: comm_r_last_proof: the path from the leaf does not lead to "
        "the partition's comm_r_last");
  CHECK(defect_after(
            o, [](auto& c) { flip(c.partitions[0][0].drg_parents[2].inclusion.siblings[8]); }) ==
        "partition 0, challenge 0: drg_parents[2].inclusion_proof: the path from the leaf "
        "does not lead to the partition's comm_c");
  CHECK(defect_after(o, [](auto& c) { flip(c.partitions[0][0].comm_d.siblings[5]); }) ==
        "partition 0, challenge 0: comm_d_proofs: the path from the leaf does not lead to comm_d");
  CHECK(defect_after(o, [](auto& c) { flip(c.partitions[0][1].c_x.rows[1]); }) ==
        "partition 0, challenge 1: label of layer 2 does not match its parents");
  CHECK(defect_after(o, [](auto& c) { flip(c.partitions[0][1].exp_parents[4].rows[0]); }) ==
        "partition 0, challenge 1: exp_parents[4]: the column does not hash to its tree C leaf");
  CHECK(defect_after(o, [](auto& c) { flip(c.comm_r); }) ==
        "partition 0: comm_r is not Poseidon(comm_c, comm_r_last) of this partition");
  CHECK(defect_after(o, [](auto& c) { flip(c.partitions[0][0].comm_r_last.leaf); }) ==
        "partition 0, challenge 0: the replica node is not the label of layer 2 plus the data "
        "node");
  CHECK(defect_after(o, [](auto& c) { flip(c.partitions[0][1].labeling[0].parents[36]); }) ==
        "partition 0, challenge 1: labeling_proofs[0]: its parents are not the parent columns' "
        "labels");
  // replica_id hashes the ticket, so neither can be told from another miner's sector.
  const std::string another =
      "this C1 was sealed for another miner or sector (given: f01000 sector 7), or under another "
      "porep_id than StackedDrg2KiBV1_1's";
  CHECK(defect_after(o, [](auto& c) { flip(c.replica_id); }) == another);
  CHECK(defect_after(o, [](auto& c) { c.ticket[5] ^= 1; }) == another);
  CHECK(defect_after(o, [](auto& c) {
          c.seed[5] ^= 1;
        }).starts_with("partition 0, challenge 0: challenged node "));
}

TEST_CASE("check-c1: another miner's or sector's C1 is named so, with what the C1 records") {
  // The C1 records no miner, only replica_id (a hash); the wrapper records the sector number.
  const auto o = options_for(RegisteredSealProof::kStackedDrg2KiBV1_1);
  const std::string inner = generate_json(o);
  const porep::C1Output wrapped = porep::parse_c1(sealing::c1_wrapper_json(inner, 7, 2048));
  const porep::ProverId miner_1000 = porep::prover_id_from_actor_id(1000);
  CHECK(defect_of(wrapped, sealing::ProverSector{.prover_id = miner_1000, .sector_id = 8}) ==
        "this C1 was sealed for another miner or sector (given: f01000 sector 8; the C1's "
        "wrapper says sector 7), or under another porep_id than StackedDrg2KiBV1_1's");
  const porep::ProverId miner_1001 = porep::prover_id_from_actor_id(1001);
  CHECK(defect_of(wrapped, sealing::ProverSector{.prover_id = miner_1001, .sector_id = 7}) ==
        "this C1 was sealed for another miner or sector (given: f01001 sector 7; the C1's "
        "wrapper says sector 7 too), or under another porep_id than StackedDrg2KiBV1_1's");
  // A prover id that is no actor's ID address is shown as it was given.
  porep::ProverId not_an_actor{};
  not_an_actor.fill(0xab);
  const porep::C1Output raw = porep::parse_c1(inner);
  std::string ab_hex;
  for (int i = 0; i < 32; ++i) ab_hex += "ab";
  CHECK(defect_of(raw, sealing::ProverSector{.prover_id = not_an_actor, .sector_id = 7}) ==
        "this C1 was sealed for another miner or sector (given: prover id " + ab_hex +
            " sector 7), or under another porep_id than StackedDrg2KiBV1_1's");
  // Only the identity, no proof, for commands that take the C1 as a statement.
  CHECK(sealing::find_identity_defect(wrapped, sector_of(o)) == std::nullopt);
  CHECK(sealing::find_identity_defect(wrapped, sealing::ProverSector{miner_1001, 7}).has_value());
}

TEST_CASE("check_c1 names the C1's file in front of every defect") {
  const cuzk::test::TempDir dir("c1_check");
  const auto o = options_for(RegisteredSealProof::kStackedDrg2KiBV1_1);
  sealing::SealCommitOutput out = sealing::generate_c1(o);
  flip(out.partitions[0][0].comm_d.siblings[5]);
  const auto path = dir / "c1.json";
  std::ofstream(path) << sealing::c1_wrapper_json(sealing::c1_inner_json(out), 7, 2048);
  const porep::C1Output c1 = porep::load_c1_file(path, porep::C1Checks::kStructure);
  CHECK_THROWS_WITH_AS(
      sealing::check_c1(c1),
      (path.string() + ": partition 0, challenge 0: comm_d_proofs: the path from the leaf does "
                       "not lead to comm_d")
          .c_str(),
      cuzk::Error);
  CHECK_THROWS_WITH_AS(
      sealing::check_c1(c1, sealing::ProverSector{porep::prover_id_from_actor_id(1000), 8}),
      (path.string() +
       ": this C1 was sealed for another miner or sector (given: f01000 sector 8; the C1's "
       "wrapper says sector 7), or under another porep_id than StackedDrg2KiBV1_1's")
          .c_str(),
      cuzk::Error);
}

TEST_CASE("check-c1: swapped 32 GiB partitions are named") {
  const auto o = options_for(RegisteredSealProof::kStackedDrg32GiBV1_1);
  sealing::SealCommitOutput out = sealing::generate_c1(o);
  const std::uint64_t second = out.partitions[3][0].c_x.index;
  const std::uint64_t first = out.partitions[2][0].c_x.index;
  std::swap(out.partitions[2], out.partitions[3]);
  const porep::C1Output c1 =
      porep::parse_c1(sealing::c1_inner_json(out), porep::C1Checks::kStructure);
  CHECK(defect_of(c1) == "partition 2, challenge 0: challenged node " + std::to_string(second) +
                             ", but replica_id and seed give " + std::to_string(first));
}

TEST_CASE("gen-c1: the lotus wrapper round-trips through the parser") {
  const auto o = options_for(RegisteredSealProof::kStackedDrg2KiBV1);
  const std::string inner = generate_json(o);
  const std::string wrapped = sealing::c1_wrapper_json(inner, 7, 2048);
  CHECK(wrapped.starts_with(
      "{\"SectorNum\":7,\"Phase1Out\":\"eyJyZWdpc3RlcmVkX3Byb29mIjoiU3RhY2tlZERyZzJLaUJWMSIs"));
  CHECK(wrapped.ends_with("\",\"SectorSize\":2048}"));
  const porep::C1Output c1 = porep::parse_c1(wrapped);
  CHECK(c1.sector_number == 7);
  CHECK(defect_of(c1, sector_of(o)) == "valid");
  CHECK_THROWS_AS(sealing::c1_wrapper_json(inner, std::uint64_t{1} << 63, 2048), cuzk::Error);
}

namespace {

porep::PorepId custom_porep_id() {
  porep::PorepId id{};
  for (std::size_t i = 0; i < id.size(); ++i) id[i] = static_cast<std::uint8_t>(0x31 * (i + 1));
  return id;
}

}  // namespace

TEST_CASE("gen-c1 under a custom porep_id: the C1 checks under it, and only under it") {
  const porep::PorepOverrides custom{.porep_id = custom_porep_id(), .api_version = {}};
  auto o = options_for(RegisteredSealProof::kStackedDrg2KiBV1_1);
  o.overrides = custom;
  const sealing::SealCommitOutput out = sealing::generate_c1(o);
  // replica_id = SHA-256(prover_id || sector_id BE || ticket || comm_d || porep_id), truncated.
  CHECK(out.replica_id == porep::replica_id(o.identity.prover_id, o.identity.sector_id,
                                            o.identity.ticket, out.comm_d, custom_porep_id()));
  const std::string json = sealing::c1_inner_json(out);

  const porep::C1Output c1 = porep::parse_c1(json, porep::C1Checks::kFull, custom);
  CHECK(c1.overrides == custom);
  CHECK(c1.config().porep_id == custom_porep_id());
  CHECK(defect_of(c1, sector_of(o)) == "valid");

  // Under mainnet's porep_id the parents (and with a sector identity, replica_id) differ.
  CHECK_THROWS_WITH_AS(porep::parse_c1(json, porep::C1Checks::kFull),
                       doctest::Contains("replica_column_proofs.drg_parents"), cuzk::Error);
  const porep::C1Output mainnet = porep::parse_c1(json, porep::C1Checks::kStructure);
  CHECK(defect_of(mainnet, sector_of(o)) ==
        "this C1 was sealed for another miner or sector (given: f01000 sector 7), or under "
        "another porep_id than StackedDrg2KiBV1_1's");
  // Under the custom porep_id, another sector is named with that porep_id.
  CHECK(defect_of(c1, sealing::ProverSector{o.identity.prover_id, 8}) ==
        "this C1 was sealed for another miner or sector (given: f01000 sector 8), or under "
        "another porep_id than " +
            cuzk::to_hex(custom_porep_id()));
  CHECK(defect_of(mainnet).find("drg_parents") != std::string::npos);
}

TEST_CASE("gen-c1 under API 1.0.0: the V1 parent order, the same replica_id") {
  const porep::PorepOverrides v1_0{.porep_id = {}, .api_version = porep::ApiVersion::kV1_0_0};
  auto o = options_for(RegisteredSealProof::kStackedDrg2KiBV1_1);
  o.overrides = v1_0;
  const std::string json = generate_json(o);
  CHECK(defect_of(porep::parse_c1(json, porep::C1Checks::kStructure, v1_0), sector_of(o)) ==
        "valid");
  const porep::C1Output mainnet = porep::parse_c1(json, porep::C1Checks::kStructure);
  CHECK(defect_of(mainnet, sector_of(o)).find("drg_parents") != std::string::npos);
}

TEST_CASE("gen-c1: overrides naming another proof's porep_id and version reproduce its C1") {
  // StackedDrg2KiBV1_1 told porep_id 00.. and API 1.0.0 is StackedDrg2KiBV1 in all but name, and
  // the other way round.
  const std::pair<RegisteredSealProof, RegisteredSealProof> pairs[] = {
      {RegisteredSealProof::kStackedDrg2KiBV1_1, RegisteredSealProof::kStackedDrg2KiBV1},
      {RegisteredSealProof::kStackedDrg2KiBV1, RegisteredSealProof::kStackedDrg2KiBV1_1},
  };
  for (const auto& [proof, as] : pairs) {
    INFO(porep::seal_proof_info(proof).name << " as " << porep::seal_proof_info(as).name);
    auto o = options_for(proof);
    o.overrides = {.porep_id = porep::porep_id(as),
                   .api_version = porep::seal_proof_info(as).api_version};
    sealing::SealCommitOutput told = sealing::generate_c1(o);
    const sealing::SealCommitOutput real = sealing::generate_c1(options_for(as));
    CHECK(told.comm_r == real.comm_r);
    CHECK(told.replica_id == real.replica_id);
    told.registered_proof = as;
    CHECK(sealing::c1_inner_json(told) == sealing::c1_inner_json(real));
  }
}

TEST_CASE("gen-c1: synthetic PoRep under a custom porep_id; before API 1.2.0 it is refused") {
  const porep::PorepOverrides custom{.porep_id = custom_porep_id(), .api_version = {}};
  auto o = options_for(RegisteredSealProof::kStackedDrg2KiBV1_1_Feat_SyntheticPoRep);
  o.overrides = custom;
  const std::string json = generate_json(o);
  CHECK(defect_of(porep::parse_c1(json, porep::C1Checks::kFull, custom), sector_of(o)) == "valid");
  CHECK_THROWS_AS(porep::parse_c1(json, porep::C1Checks::kFull), cuzk::Error);

  o.overrides = {.porep_id = {}, .api_version = porep::ApiVersion::kV1_1_0};
  CHECK_THROWS_WITH_AS(sealing::generate_c1(o),
                       doctest::Contains("needs API version 1.2.0 or later, not 1.1.0"),
                       cuzk::Error);
}
