// The 32 GiB C1 of ../shared/vectors/c1-32gib-sparse.json.gz (test/c1_32gib.hpp), which
// rust-fil-proofs' own vanilla verifier accepts with the prover id of miner 1000 and sector 11:
// cuzk's validator must accept it too, and reject it for another sector id (the replica id no
// longer matches).
#include <doctest/doctest.h>

#include <string>

#include "c1_32gib.hpp"
#include "porep/replica_id.hpp"
#include "sealing/c1_validator.hpp"

namespace porep = cuzk::porep;
namespace sealing = cuzk::sealing;

TEST_CASE("rust-fil-proofs' 32 GiB C1 passes the vanilla checks with its ids only") {
  const porep::C1Output c1 = cuzk::test::load_c1_32gib();
  CHECK(c1.registered_proof == porep::RegisteredSealProof::kStackedDrg32GiBV1_1);
  CHECK(c1.partitions == 10);
  const porep::ProverId prover = porep::prover_id_from_actor_id(cuzk::test::kC1MinerId);
  const auto defect =
      sealing::find_c1_defect(c1, sealing::ProverSector{prover, cuzk::test::kC1SectorId});
  CHECK_MESSAGE(!defect, (defect ? defect->message() : std::string()));
  CHECK(sealing::find_c1_defect(c1, sealing::ProverSector{prover, cuzk::test::kC1SectorId + 1}));
}
