// The native EmptySectorUpdate witness (native_update_witness.hpp) against the partition's
// recorded R1CS (update_record.hpp), row by row as the CPU prover evaluates it: a natively built
// 2 KiB update (update_test_witness.hpp), which is refused once a value is changed, and partition 3
// of a structured 8 MiB one from `cuzk gen-update`'s generator (ten challenges, partition bits and
// path exercised). native_update_witness_test.cpp compares the same witnesses with a sequential
// WitnessCS's.
#include <doctest/doctest.h>

#include "circuit/update/from_vanilla.hpp"
#include "circuit/update/native_update_witness.hpp"
#include "circuit/update/update_circuit.hpp"
#include "circuit/update/update_record.hpp"
#include "prover/cpu_r1cs_eval.hpp"
#include "sealing/update/update_generator.hpp"
#include "update_test_witness.hpp"
#include "util/error.hpp"

namespace {

using namespace cuzk::circuit;
using cuzk::porep::update::RegisteredUpdateProof;

CompactWitness native_witness(const update::UpdateCircuit& circuit) {
  return update::native_update_witness(update::NativeUpdateWitnessPlan(circuit.shape), circuit);
}

}  // namespace

TEST_CASE(
    "native update witness: a 2 KiB update's satisfies the recorded R1CS, a changed one not") {
  const cuzk::test::NativeUpdate native(RegisteredUpdateProof::kStackedDrg2KiBV1, /*seed=*/7);
  const update::UpdateCircuit circuit = native.circuit(0);
  const CompactWitness w = native_witness(circuit);
  REQUIRE(!w.wide.empty());

  const CompactR1cs r = update::record_update_partition(circuit.shape);
  CHECK_NOTHROW(cuzk::prover::evaluate_rows(r, w));
  INFO("a changed wide value is refused");
  CompactWitness tampered = w;
  tampered.wide[tampered.wide.size() / 2].value += Fr::one();
  CHECK_THROWS_AS(cuzk::prover::evaluate_rows(r, tampered), cuzk::Error);
}

TEST_CASE(
    "native update witness: partition 3 of a structured 8 MiB update satisfies the recorded R1CS") {
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
  CHECK_NOTHROW(cuzk::prover::evaluate_rows(update::record_update_partition(circuit.shape),
                                            native_witness(circuit)));
}
