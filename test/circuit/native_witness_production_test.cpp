// The native witness generator on a real 32 GiB C1 (../shared/vectors/c1-32gib-sparse.json.gz,
// which rust-fil-proofs' verifier accepts): whole partitions generated natively, and sampled
// ranges of them (the prefix, the first and the last challenge) compared bit for bit with the
// gadgets synthesizing those ranges through WitnessCS. Labelled `production` (slow).
#include <doctest/doctest.h>

#include <vector>

#include "circuit/stacked/native_witness.hpp"
#include "circuit/stacked/partition_layout.hpp"
#include "circuit/stacked/stacked_circuit.hpp"
#include "circuit/witness_cs.hpp"
#include "porep/c1_parser.hpp"
#include "test_vectors.hpp"
#include "witness_compare.hpp"

namespace {

namespace porep = cuzk::porep;
using namespace cuzk::circuit;

}  // namespace

TEST_CASE("native witnesses of a real 32 GiB C1: the prefix and sampled challenges") {
  const porep::C1Output c1 = porep::load_c1_file(
      cuzk::test::fixture_path("c1-32gib-sparse.json").string(), porep::C1Checks::kStructure);
  REQUIRE(c1.partitions == 10);
  const stacked::CircuitShape shape =
      stacked::circuit_shape(porep::RegisteredSealProof::kStackedDrg32GiBV1_1);
  const stacked::PartitionLayout layout = stacked::partition_layout(shape);
  const stacked::NativeWitnessPlan plan(shape);
  for (const std::uint32_t k : {0u, 9u}) {
    INFO("partition " << k);
    const std::vector<stacked::StackedCircuit> circuit = {stacked::circuit_from_c1(c1, k)};
    const std::vector<CompactWitness> native = stacked::native_witnesses(circuit, layout, plan);
    REQUIRE(native.size() == 1);
    CHECK(native[0].num_aux == 130169893);
    CHECK(native[0].inputs.size() == 328);

    WitnessCS prefix;
    const stacked::PartitionWires wires = stacked::synthesize_prefix(prefix, circuit[0]);
    CHECK(cuzk::test::block_difference(native[0], prefix, CircuitSize{}) == "");
    const std::size_t i = k == 0 ? 0 : layout.challenges - 1;
    INFO("challenge " << i);
    WitnessCS block(layout.block_start(i));
    stacked::synthesize_challenge_of(block, circuit[0], wires, i);
    CHECK(cuzk::test::block_difference(native[0], block, layout.block_start(i)) == "");
  }
}
