// An outside proof: ../shared/vectors/polka-storage-2kib-porep.json, a 2 KiB PoRep proof, its
// verifying key and public values, made by the eigerco/polka-storage project with rust-fil-proofs
// under an all-zero porep_id and API version 1.2.0. verify_seal must accept it under exactly that
// porep_id and version, and reject it under mainnet's StackedDrg2KiBV1_1 (porep_id 05 00..), under
// the V1 graph (API 1.0.0), with a flipped bit and for another sector.
#include <doctest/doctest.h>

#include <string>

#include "polka_storage_vector.hpp"
#include "porep/registered_proof.hpp"
#include "prover/params/verifying_key.hpp"
#include "prover/seal/seal_verifier.hpp"
#include "prover/verifier.hpp"

namespace {

namespace porep = cuzk::porep;
namespace prover = cuzk::prover;
namespace seal = cuzk::prover::seal;
using cuzk::prover::PreparedVerifyingKey;

PreparedVerifyingKey polka_key(const cuzk::test::PolkaStorageVector& v) {
  std::size_t consumed = 0;
  const auto vk = cuzk::prover::decode_verifying_key(v.vk, "polka-storage vk", consumed);
  REQUIRE(consumed == v.vk.size());
  return PreparedVerifyingKey(vk);
}

}  // namespace

TEST_CASE("polka-storage: the vector is a 2 KiB statement with porep_id zero and API 1.2.0") {
  const auto v = cuzk::test::load_polka_storage_vector();
  CHECK(v.statement.proof == porep::RegisteredSealProof::kStackedDrg2KiBV1_1);
  CHECK(v.statement.overrides.porep_id == porep::PorepId{});
  CHECK(v.statement.overrides.api_version == porep::ApiVersion::kV1_2_0);
  CHECK(v.statement.sector_id == 77);
  CHECK(v.proof.size() == 192);
  const PreparedVerifyingKey pvk = polka_key(v);
  CHECK(pvk.num_public_inputs() == 39);  // StackedDrg2KiBV1_1's circuit: 3 + 18 x 2
  const auto inputs = seal::seal_public_inputs(
      v.statement.proof, seal::seal_public_values(v.statement), v.statement.overrides);
  REQUIRE(inputs.size() == 1);
  CHECK(inputs[0].size() == 39);
}

TEST_CASE("polka-storage: verify_seal accepts the outside proof under its porep_id") {
  const auto v = cuzk::test::load_polka_storage_vector();
  const PreparedVerifyingKey pvk = polka_key(v);
  const seal::SealVerdict verdict = seal::verify_seal(pvk, v.statement, v.proof);
  INFO(verdict.reason);
  CHECK(verdict.valid);

  // Without a feature, 1.1.0 and 1.2.0 build the same graph and challenges.
  seal::SealStatement v1_1 = v.statement;
  v1_1.overrides.api_version = porep::ApiVersion::kV1_1_0;
  CHECK(seal::verify_seal(pvk, v1_1, v.proof).valid);
}

TEST_CASE("polka-storage: the same proof is rejected for any other statement") {
  const auto v = cuzk::test::load_polka_storage_vector();
  const PreparedVerifyingKey pvk = polka_key(v);

  seal::SealStatement mainnet = v.statement;
  mainnet.overrides = {};  // StackedDrg2KiBV1_1 as Filecoin mainnet derives it
  CHECK(porep::porep_config(mainnet.proof).porep_id[0] == 5);
  seal::SealVerdict verdict = seal::verify_seal(pvk, mainnet, v.proof);
  CHECK_FALSE(verdict.valid);
  CHECK(verdict.reason == "the pairing check failed");

  // Only the API version changed: V1_0_0 puts the DRG predecessor last, so parents move.
  seal::SealStatement v1_graph = v.statement;
  v1_graph.overrides.api_version = porep::ApiVersion::kV1_0_0;
  CHECK_FALSE(seal::verify_seal(pvk, v1_graph, v.proof).valid);

  seal::SealStatement other_sector = v.statement;
  other_sector.sector_id += 1;
  verdict = seal::verify_seal(pvk, other_sector, v.proof);
  CHECK_FALSE(verdict.valid);
  CHECK(verdict.reason == "the pairing check failed");

  seal::SealStatement other_comm_r = v.statement;
  other_comm_r.comm_r[0] ^= 0x01;
  CHECK_FALSE(seal::verify_seal(pvk, other_comm_r, v.proof).valid);

  // Every bit of the proof matters: a flip makes a point invalid or the pairing check fail.
  for (const std::size_t bit : {0, 7, 8 * 47 + 7, 8 * 100 + 3, 8 * 191 + 7}) {
    INFO("bit " << bit);
    auto flipped = v.proof;
    flipped[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    CHECK_FALSE(seal::verify_seal(pvk, v.statement, flipped).valid);
  }
}
