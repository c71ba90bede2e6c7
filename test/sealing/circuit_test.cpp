// The generated C1 against the StackedDRG circuit (circuit/stacked/): a really sealed 2 KiB
// sector's partition satisfies the circuit in TestCS, with the public inputs derived independently
// from the public values; a sparse replica's partition (the 32 GiB construction, here at 2 KiB)
// does too; a C1 the validator rejects for a wrong label does not.
#include <doctest/doctest.h>

#include <vector>

#include "circuit/proving_cs.hpp"
#include "circuit/stacked/stacked_circuit.hpp"
#include "circuit/test_cs.hpp"
#include "porep/c1_parser.hpp"
#include "porep/graph.hpp"
#include "porep/public_inputs.hpp"
#include "sealing/c1_generator.hpp"
#include "sealing/c1_writer.hpp"

namespace {

namespace porep = cuzk::porep;
namespace sealing = cuzk::sealing;

using namespace cuzk::circuit;
using cuzk::bls12_381::Fr;

sealing::GenerateC1Options options_for(porep::RegisteredSealProof proof,
                                       sealing::ReplicaMethod method) {
  sealing::GenerateC1Options o;
  o.proof = proof;
  o.data_seed = 3;
  o.identity.prover_id = porep::prover_id_from_actor_id(1000);
  o.identity.sector_id = 1;
  o.identity.ticket.fill(1);
  o.seed.fill(1);
  o.method = method;
  return o;
}

void check_partition_satisfies(const porep::C1Output& c1, std::uint32_t k) {
  TestCS cs;
  stacked::synthesize(cs, stacked::circuit_from_c1(c1, k));
  CHECK_MESSAGE(cs.is_satisfied(), "unsatisfied: " << cs.which_is_unsatisfied().value_or(""));
  const porep::PorepConfig config = porep::porep_config(c1.registered_proof);
  const std::vector<Fr> expected =
      porep::partition_public_inputs(config, porep::StackedGraph(config), c1.public_values(), k);
  REQUIRE(expected.size() + 1 == cs.num_inputs());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    INFO("input " << i + 1);
    CHECK(cs.inputs()[i + 1] == expected[i]);
  }
}

// The first constraint whose a * b != c in ProvingCS (much lighter than TestCS), or -1.
std::int64_t first_unsatisfied(const porep::C1Output& c1, std::uint32_t k) {
  ProvingCS cs;
  stacked::synthesize(cs, stacked::circuit_from_c1(c1, k));
  for (std::size_t i = 0; i < cs.num_constraints(); ++i) {
    if (cs.a()[i] * cs.b()[i] != cs.c()[i]) return static_cast<std::int64_t>(i);
  }
  return -1;
}

}  // namespace

TEST_CASE("gen-c1: a sealed 2 KiB partition satisfies the stacked circuit") {
  const auto o =
      options_for(porep::RegisteredSealProof::kStackedDrg2KiBV1_1, sealing::ReplicaMethod::kSeal);
  const porep::C1Output c1 = porep::parse_c1(sealing::c1_inner_json(sealing::generate_c1(o)));
  check_partition_satisfies(c1, 0);
}

TEST_CASE("gen-c1: other variants and a sparse replica satisfy it too; a wrong label does not") {
  struct Case {
    porep::RegisteredSealProof proof;
    sealing::ReplicaMethod method;
    std::uint32_t partition;
  };
  for (const Case& c : {
           Case{porep::RegisteredSealProof::kStackedDrg2KiBV1, sealing::ReplicaMethod::kSeal, 0},
           Case{porep::RegisteredSealProof::kStackedDrg2KiBV1_1_Feat_SyntheticPoRep,
                sealing::ReplicaMethod::kSeal, 0},
           Case{porep::RegisteredSealProof::kStackedDrg2KiBV1_2_Feat_NonInteractivePoRep,
                sealing::ReplicaMethod::kSeal, 12},
           Case{porep::RegisteredSealProof::kStackedDrg2KiBV1_1, sealing::ReplicaMethod::kSparse,
                0},
       }) {
    INFO(porep::seal_proof_info(c.proof).name << ", method " << int(c.method));
    const porep::C1Output c1 = porep::parse_c1(
        sealing::c1_inner_json(sealing::generate_c1(options_for(c.proof, c.method))));
    CHECK(first_unsatisfied(c1, c.partition) == -1);
  }
  // A parent's label changed: its column no longer opens in tree C.
  sealing::SealCommitOutput out = sealing::generate_c1(
      options_for(porep::RegisteredSealProof::kStackedDrg2KiBV1_1, sealing::ReplicaMethod::kSeal));
  out.partitions[0][1].drg_parents[0].rows[0][0] ^= 1;
  const porep::C1Output bad = porep::parse_c1(sealing::c1_inner_json(out));
  CHECK(first_unsatisfied(bad, 0) >= 0);
}
