// Sealing and checking a C1 under a network's own porep_id or API version (porep::PorepOverrides).
// The overrides reach replica_id, the graph and the challenges of gen-c1, the C1 parser's full
// checks and the native validator; a C1 sealed under them checks only under them. Overrides equal
// to what another registered proof implies reproduce that proof's C1 byte for byte.
#include <doctest/doctest.h>

#include <string>

#include "porep/c1_parser.hpp"
#include "porep/registered_proof.hpp"
#include "porep/replica_id.hpp"
#include "sealing/c1_generator.hpp"
#include "sealing/c1_validator.hpp"
#include "sealing/c1_writer.hpp"
#include "util/error.hpp"

namespace {

namespace porep = cuzk::porep;
namespace sealing = cuzk::sealing;

using porep::RegisteredSealProof;

constexpr RegisteredSealProof kProof = RegisteredSealProof::kStackedDrg2KiBV1_1;

porep::PorepId custom_porep_id() {
  porep::PorepId id{};
  for (std::size_t i = 0; i < id.size(); ++i) id[i] = static_cast<std::uint8_t>(0x31 * (i + 1));
  return id;
}

sealing::GenerateC1Options options(RegisteredSealProof proof, const porep::PorepOverrides& o) {
  sealing::GenerateC1Options g;
  g.proof = proof;
  g.data_seed = 3;
  g.identity.prover_id = porep::prover_id_from_actor_id(1234);
  g.identity.sector_id = 9;
  g.identity.ticket.fill(0x33);
  g.seed.fill(0x44);
  g.overrides = o;
  return g;
}

sealing::ProverSector sector_of(const sealing::GenerateC1Options& g) {
  return {.prover_id = g.identity.prover_id, .sector_id = g.identity.sector_id};
}

std::string defect_of(const porep::C1Output& c1, const sealing::GenerateC1Options& g) {
  const auto d = sealing::find_c1_defect(c1, sector_of(g));
  return d ? d->message() : "valid";
}

}  // namespace

TEST_CASE("a C1 sealed under a custom porep_id checks under it, and only under it") {
  const porep::PorepOverrides custom{.porep_id = custom_porep_id(), .api_version = {}};
  const auto g = options(kProof, custom);
  const sealing::SealCommitOutput out = sealing::generate_c1(g);
  // replica_id = SHA-256(prover_id || sector_id BE || ticket || comm_d || porep_id), truncated.
  CHECK(out.replica_id == porep::replica_id(g.identity.prover_id, g.identity.sector_id,
                                            g.identity.ticket, out.comm_d, custom_porep_id()));
  const std::string json = sealing::c1_inner_json(out);

  const porep::C1Output c1 = porep::parse_c1(json, porep::C1Checks::kFull, custom);
  CHECK(c1.overrides == custom);
  CHECK(c1.config().porep_id == custom_porep_id());
  CHECK(defect_of(c1, g) == "valid");

  // Under mainnet's porep_id the parents (and with a sector identity, replica_id) differ.
  CHECK_THROWS_WITH_AS(porep::parse_c1(json, porep::C1Checks::kFull),
                       doctest::Contains("replica_column_proofs.drg_parents"), cuzk::Error);
  porep::C1Output mainnet = porep::parse_c1(json, porep::C1Checks::kStructure);
  CHECK(defect_of(mainnet, g).find("replica_id") == 0);
  CHECK(sealing::find_c1_defect(mainnet)->message().find("drg_parents") != std::string::npos);
}

TEST_CASE("an API version override changes the graph: 1.0.0 puts the DRG predecessor last") {
  const porep::PorepOverrides v1_0{.porep_id = {}, .api_version = porep::ApiVersion::kV1_0_0};
  const auto g = options(kProof, v1_0);
  const std::string json = sealing::c1_inner_json(sealing::generate_c1(g));
  CHECK(defect_of(porep::parse_c1(json, porep::C1Checks::kStructure, v1_0), g) == "valid");
  // The same porep_id, so replica_id agrees; the parents do not.
  const std::string mainnet = defect_of(porep::parse_c1(json, porep::C1Checks::kStructure), g);
  CHECK(mainnet.find("drg_parents") != std::string::npos);
}

TEST_CASE("overrides that name another proof's porep_id and version reproduce its C1 exactly") {
  // StackedDrg2KiBV1_1 told porep_id 00.. and API 1.0.0 is StackedDrg2KiBV1 in all but name;
  // StackedDrg2KiBV1 told StackedDrg2KiBV1_1's values is that one.
  const std::pair<RegisteredSealProof, RegisteredSealProof> pairs[] = {
      {RegisteredSealProof::kStackedDrg2KiBV1_1, RegisteredSealProof::kStackedDrg2KiBV1},
      {RegisteredSealProof::kStackedDrg2KiBV1, RegisteredSealProof::kStackedDrg2KiBV1_1},
  };
  for (const auto& [proof, as] : pairs) {
    INFO(porep::seal_proof_info(proof).name << " as " << porep::seal_proof_info(as).name);
    const porep::PorepOverrides overrides{.porep_id = porep::porep_id(as),
                                          .api_version = porep::seal_proof_info(as).api_version};
    sealing::SealCommitOutput told = sealing::generate_c1(options(proof, overrides));
    const sealing::SealCommitOutput real = sealing::generate_c1(options(as, {}));
    CHECK(told.comm_r == real.comm_r);
    CHECK(told.replica_id == real.replica_id);
    told.registered_proof = as;
    CHECK(sealing::c1_inner_json(told) == sealing::c1_inner_json(real));
  }
}

TEST_CASE("synthetic PoRep with a custom porep_id; an API version before 1.2.0 is refused") {
  const RegisteredSealProof synthetic =
      RegisteredSealProof::kStackedDrg2KiBV1_1_Feat_SyntheticPoRep;
  const porep::PorepOverrides custom{.porep_id = custom_porep_id(), .api_version = {}};
  const auto g = options(synthetic, custom);
  const std::string json = sealing::c1_inner_json(sealing::generate_c1(g));
  CHECK(defect_of(porep::parse_c1(json, porep::C1Checks::kFull, custom), g) == "valid");
  CHECK_THROWS_AS(porep::parse_c1(json, porep::C1Checks::kFull), cuzk::Error);

  const porep::PorepOverrides old{.porep_id = {}, .api_version = porep::ApiVersion::kV1_1_0};
  CHECK_THROWS_WITH_AS(sealing::generate_c1(options(synthetic, old)),
                       doctest::Contains("needs API version 1.2.0 or later, not 1.1.0"),
                       cuzk::Error);
}
