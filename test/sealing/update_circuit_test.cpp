// The update inputs `cuzk gen-update` writes (sealing/update/) against the EmptySectorUpdate
// circuit (circuit/update/), through circuit_from_vanilla (compound.rs circuit): every partition of
// a really sealed 2 KiB update, and the last partition of a structured 8 MiB one (four partitions,
// so the partition bits and path are exercised), satisfy the circuit with the public inputs the
// protocol side computes. The vanilla proofs open the challenges porep/update/challenges.cpp
// derives (checked there against challenges.rs' vectors), so satisfaction also shows that the
// circuit's challenge bits are the same. A tampered opening does not satisfy it.
#include <doctest/doctest.h>

#include <optional>

#include "circuit/proving_cs.hpp"
#include "circuit/update/from_vanilla.hpp"
#include "circuit/update/update_circuit.hpp"
#include "porep/update/public_inputs.hpp"
#include "sealing/update/update_generator.hpp"

namespace {

using namespace cuzk;
using namespace cuzk::circuit;
using porep::update::RegisteredUpdateProof;
using porep::update::UpdateInput;

UpdateInput generate(RegisteredUpdateProof proof, sealing::UpdateReplicaMethod method) {
  sealing::GenerateUpdateOptions options;
  options.proof = proof;
  options.data_seed = 5;
  options.new_data_seed = 9;
  options.method = method;
  return sealing::generate_update(options);
}

// The index of the first row with a·b != c, if any; the inputs after ONE in `inputs`.
std::optional<std::size_t> first_unsatisfied_row(const update::UpdateCircuit& circuit,
                                                 std::vector<bls12_381::Fr>* inputs = nullptr) {
  ProvingCS cs;
  update::synthesize(cs, circuit);
  if (inputs) inputs->assign(cs.inputs().begin() + 1, cs.inputs().end());
  for (std::size_t i = 0; i < cs.num_constraints(); ++i) {
    if (cs.a()[i] * cs.b()[i] != cs.c()[i]) return i;
  }
  return std::nullopt;
}

void check_partition(const UpdateInput& input, std::uint32_t k) {
  INFO("partition " << k);
  const update::UpdateCircuit circuit =
      update::circuit_from_vanilla(input.statement(k), input.partitions[k]);
  std::vector<bls12_381::Fr> inputs;
  CHECK(!first_unsatisfied_row(circuit, &inputs));
  const auto expected = porep::update::update_public_inputs(input.statement(k));
  CHECK(std::equal(inputs.begin(), inputs.end(), expected.begin(), expected.end()));
}

}  // namespace

TEST_CASE("update circuit: a really sealed 2 KiB update satisfies it") {
  const UpdateInput input =
      generate(RegisteredUpdateProof::kStackedDrg2KiBV1, sealing::UpdateReplicaMethod::kSeal);
  REQUIRE(input.partitions.size() == 1);
  check_partition(input, 0);

  INFO("a tampered TreeROld sibling does not");
  UpdateInput tampered = input;
  tampered.partitions[0].challenge_proofs[3].proof_r_old.siblings[2][0] ^= 1;
  CHECK(first_unsatisfied_row(
      update::circuit_from_vanilla(tampered.statement(0), tampered.partitions[0])));
}

TEST_CASE("update circuit: partition 3 of a structured 8 MiB update satisfies it") {
  const UpdateInput input =
      generate(RegisteredUpdateProof::kStackedDrg8MiBV1, sealing::UpdateReplicaMethod::kStructured);
  REQUIRE(input.partitions.size() == 4);
  check_partition(input, 3);
}
