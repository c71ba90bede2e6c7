// The EmptySectorUpdate partition's compact witness as update_witness builds it, challenges on
// threads: byte for byte what one sequential WitnessCS finishes with, for a natively built 2 KiB
// update (update_test_witness.hpp) and for partition 3 of a structured 8 MiB one from `cuzk
// gen-update`'s generator (ten challenges, partition bits and path exercised); in the memory it is
// given; the same when called from inside a parallel region; and both satisfy their partition's
// recording (update_record.hpp) row by row as the CPU prover evaluates it, which refuses the 2 KiB
// one once a value is changed.
#include "circuit/update/update_witness.hpp"

#include <doctest/doctest.h>

#include <memory>
#include <memory_resource>
#include <utility>
#include <vector>

#include "circuit/update/from_vanilla.hpp"
#include "circuit/update/update_circuit.hpp"
#include "circuit/update/update_record.hpp"
#include "circuit/witness_cs.hpp"
#include "prover/cpu_r1cs_eval.hpp"
#include "sealing/update/update_generator.hpp"
#include "update_test_witness.hpp"

namespace {

using namespace cuzk::circuit;
using cuzk::porep::update::RegisteredUpdateProof;

CompactWitness sequential_witness(const update::UpdateCircuit& circuit) {
  WitnessCS cs;
  update::synthesize(cs, circuit);
  return std::move(cs).finish();
}

// Part by part, so that a failure says which, without printing millions of values.
void check_same(const CompactWitness& got, const CompactWitness& expected) {
  CHECK(got.num_aux == expected.num_aux);
  CHECK(got.inputs.size() == expected.inputs.size());
  CHECK(bool(got.inputs == expected.inputs));
  CHECK(bool(got.bits == expected.bits));
  CHECK(got.wide.size() == expected.wide.size());
  CHECK(bool(got.wide == expected.wide));
}

}  // namespace

TEST_CASE("update witness: a 2 KiB update's equals the sequential one and satisfies the R1CS") {
  const cuzk::test::NativeUpdate native(RegisteredUpdateProof::kStackedDrg2KiBV1, /*seed=*/7);
  const update::UpdateCircuit circuit = native.circuit(0);
  const auto memory = std::make_shared<std::pmr::unsynchronized_pool_resource>();
  const CompactWitness w = update::update_witness(circuit, memory);
  check_same(w, sequential_witness(circuit));
  CHECK(w.memory() == memory.get());
  CHECK(!w.wide.empty());

  const CompactR1cs r = update::record_update_partition(circuit.shape);
  CHECK_NOTHROW(cuzk::prover::evaluate_rows(r, w));
  INFO("a changed wide value is refused");
  CompactWitness tampered = w;
  tampered.wide[tampered.wide.size() / 2].value += Fr::one();
  CHECK_THROWS_AS(cuzk::prover::evaluate_rows(r, tampered), cuzk::Error);
}

TEST_CASE("update witness: the same from inside a parallel region over partitions") {
  const cuzk::test::NativeUpdate native(RegisteredUpdateProof::kStackedDrg2KiBV1, /*seed=*/3);
  const update::UpdateCircuit circuit = native.circuit(0);
  std::vector<CompactWitness> witnesses(2);
#pragma omp parallel for schedule(dynamic, 1)
  for (int p = 0; p < 2; ++p) witnesses[p] = update::update_witness(circuit);
  const CompactWitness expected = sequential_witness(circuit);
  check_same(witnesses[0], expected);
  check_same(witnesses[1], expected);
}

TEST_CASE(
    "update witness: partition 3 of a structured 8 MiB update equals the sequential one and "
    "satisfies the R1CS") {
  cuzk::sealing::GenerateUpdateOptions options;
  options.proof = RegisteredUpdateProof::kStackedDrg8MiBV1;
  options.data_seed = 5;
  options.new_data_seed = 9;
  options.method = cuzk::sealing::UpdateReplicaMethod::kStructured;
  const cuzk::porep::update::UpdateInput input = cuzk::sealing::generate_update(options);
  REQUIRE(input.partitions.size() == 4);
  const update::UpdateCircuit circuit =
      update::circuit_from_vanilla(input.statement(3), input.partitions[3]);
  REQUIRE(circuit.shape.challenge_count == 10);
  const CompactWitness w = update::update_witness(circuit);
  check_same(w, sequential_witness(circuit));
  CHECK_NOTHROW(cuzk::prover::evaluate_rows(update::record_update_partition(circuit.shape), w));
}
