#include "porep/public_inputs.hpp"

#include <doctest/doctest.h>

#include "porep/challenges.hpp"
#include "util/error.hpp"
#include "util/hex.hpp"

using namespace cuzk::porep;
using cuzk::bls12_381::Fr;

namespace {

Domain domain_from_hex(std::string_view hex) {
  const auto bytes = cuzk::from_hex(hex);
  REQUIRE((bytes && bytes->size() == 32));
  Domain d{};
  std::copy(bytes->begin(), bytes->end(), d.begin());
  return d;
}

// seal_regression_records-v16.json line 2 (2 KiB, V1_1_0, porep_id 5); see porep_challenges.json.
SealPublicValues record_v16_2() {
  return {
      .replica_id =
          domain_from_hex("da838d3efe2e28665cd17ebfa274f67af8c3b51dfb01e8c6bf8892e712d62006"),
      .comm_d = domain_from_hex("7e45f0925dc72593d6b296100e6ca63e3341c92a50c0e7a9461883a3c959ea28"),
      .comm_r = domain_from_hex("d67d57ea6808fd67bdedb331388b5005d3f837b6153c37ff90e720f10f34fc29"),
      .seed = domain_from_hex("56964257e0d6c11e074117b36172fff3ebd1a6ec18fa79555e58df5a9d889dcb"),
  };
}

}  // namespace

TEST_CASE("a 2 KiB partition has 39 inputs in generate_public_inputs order") {
  const PorepConfig config = porep_config(RegisteredSealProof::kStackedDrg2KiBV1_1);
  const StackedGraph graph(config);
  const SealPublicValues values = record_v16_2();
  const std::vector<Fr> inputs = partition_public_inputs(config, graph, values, 0);
  REQUIRE(inputs.size() == 39);
  CHECK(inputs[0] == *domain_to_fr(values.replica_id));
  CHECK(inputs[1] == *domain_to_fr(values.comm_d));
  CHECK(inputs[2] == *domain_to_fr(values.comm_r));
  // Challenges [57, 58] are the spec's independently derived values for this record. The parents
  // are this code's graph, whose 2 KiB parent cache matches rust-fil-proofs' manifest digest.
  const std::uint64_t expected[2][18] = {
      {57, 56, 56, 48, 50, 42, 55, 46, 41, 13, 46, 44, 31, 3, 15, 57, 57, 57},
      {58, 57, 45, 11, 54, 56, 57, 51, 52, 38, 18, 33, 8, 54, 40, 58, 58, 58},
  };
  for (std::size_t c = 0; c < 2; ++c) {
    for (std::size_t j = 0; j < 18; ++j) {
      INFO("challenge " << c << ", input " << j);
      CHECK(inputs[3 + 18 * c + j] == Fr::from_u64(expected[c][j]));
    }
  }
}

TEST_CASE("a 32 GiB partition has 327 inputs; each block is c, 14 parents, c, c, c") {
  const PorepConfig config = porep_config(RegisteredSealProof::kStackedDrg32GiBV1_1);
  const StackedGraph graph(config);
  SealPublicValues values = record_v16_2();
  for (std::uint32_t k : {0u, 9u}) {
    const std::vector<Fr> inputs = partition_public_inputs(config, graph, values, k);
    REQUIRE(inputs.size() ==
            seal_proof_info(RegisteredSealProof::kStackedDrg32GiBV1_1).public_input_count());
    REQUIRE(inputs.size() == 327);
    const auto challenges =
        interactive_challenges(config.nodes, values.replica_id, values.seed, 18, k);
    for (std::size_t i = 0; i < 18; ++i) {
      const Fr c = Fr::from_u64(challenges[i]);
      const Parents parents = graph.parents(static_cast<std::uint32_t>(challenges[i]));
      const Fr* block = inputs.data() + 3 + 18 * i;
      CHECK(block[0] == c);
      for (std::size_t j = 0; j < kParentCount; ++j)
        CHECK(block[1 + j] == Fr::from_u64(parents[j]));
      CHECK(block[15] == c);
      CHECK(block[16] == c);
      CHECK(block[17] == c);
    }
  }
  CHECK_THROWS_WITH(partition_public_inputs(config, graph, values, 10),
                    "public inputs: partition 10 of 10");
}

TEST_CASE("one challenge gives 21 inputs (22 with ONE, as stacked_circuit.rs expects)") {
  const StackedGraph graph(porep_config(RegisteredSealProof::kStackedDrg2KiBV1_1));
  const std::uint64_t challenge[] = {5};
  CHECK(public_inputs_for_challenges(graph, record_v16_2(), challenge).size() == 21);
}

TEST_CASE("non-canonical public values and out-of-graph challenges are rejected") {
  const StackedGraph graph(porep_config(RegisteredSealProof::kStackedDrg2KiBV1_1));
  SealPublicValues values = record_v16_2();
  values.comm_r.fill(0xff);
  const std::uint64_t challenge[] = {5};
  CHECK_THROWS_WITH(public_inputs_for_challenges(graph, values, challenge),
                    "public inputs: comm_r is not below the field modulus");
  const std::uint64_t outside[] = {64};
  CHECK_THROWS_WITH(public_inputs_for_challenges(graph, record_v16_2(), outside),
                    "public inputs: challenge 64 is outside a graph of 64 nodes");
}
