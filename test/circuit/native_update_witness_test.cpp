// The EmptySectorUpdate witness computed natively (circuit/update/native_update_witness.hpp)
// against the reference: one WitnessCS synthesizing the gadgets in order (synthesize in
// update_circuit.hpp). The same compact witness, byte for byte, for every partition of a really
// sealed 2 KiB update and a partition of a structured 8 MiB update, made by `cuzk gen-update`'s
// generator and turned into circuits as the prover does (circuit_from_vanilla); the same witness
// where a tampered value makes the gadgets' differ, and the same refusal where they throw (a new
// label that is not the encoding, a missing value, a path of the wrong shape). The plan's
// stretches add up to the registered sizes' pinned counts. A 512 MiB partition is compared in
// native_update_witness_512mib_test.cpp.
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <utility>

#include "circuit/update/from_vanilla.hpp"
#include "circuit/update/native_update_witness.hpp"
#include "circuit/update/update_circuit.hpp"
#include "circuit/witness_cs.hpp"
#include "native_update_test_input.hpp"
#include "update_r1cs_vectors.hpp"
#include "util/error.hpp"
#include "witness_compare.hpp"

namespace {

using namespace cuzk;
using namespace cuzk::circuit;
using namespace cuzk::circuit::update;
using bls12_381::Fr;
using porep::update::RegisteredUpdateProof;
using test::sequential_update_witness;

const UpdateCircuit& sealed_2kib_circuit() {
  static const UpdateCircuit circuit = [] {
    const porep::update::UpdateInput input =
        test::generate_update_input(RegisteredUpdateProof::kStackedDrg2KiBV1);
    REQUIRE(input.partitions.size() == 1);
    return circuit_from_vanilla(input.statement(0), input.partitions[0]);
  }();
  return circuit;
}

const NativeUpdateWitnessPlan& plan_2kib() {
  static const NativeUpdateWitnessPlan plan(update_shape(RegisteredUpdateProof::kStackedDrg2KiBV1));
  return plan;
}

// The message both throw with, or "" where one does not throw.
std::string refusal(const UpdateCircuit& circuit, bool native) {
  try {
    if (native) {
      native_update_witness(plan_2kib(), circuit);
    } else {
      sequential_update_witness(circuit);
    }
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

void check_same_refusal(const UpdateCircuit& circuit, const std::string& expected_start) {
  const std::string native = refusal(circuit, true);
  CHECK(native == refusal(circuit, false));
  CHECK(native.rfind(expected_start, 0) == 0);
}

}  // namespace

TEST_CASE("native update witness equals WitnessCS: every partition of a sealed 2 KiB update") {
  const porep::update::UpdateInput input =
      test::generate_update_input(RegisteredUpdateProof::kStackedDrg2KiBV1);
  for (std::uint32_t k = 0; k < input.partitions.size(); ++k) {
    INFO("partition " << k);
    test::check_native_update_witness(
        plan_2kib(), circuit_from_vanilla(input.statement(k), input.partitions[k]));
  }
}

TEST_CASE("native update witness equals WitnessCS: partition 3 of a structured 8 MiB update") {
  const porep::update::UpdateInput input =
      test::generate_update_input(RegisteredUpdateProof::kStackedDrg8MiBV1);
  REQUIRE(input.partitions.size() == 4);
  const NativeUpdateWitnessPlan plan(update_shape(RegisteredUpdateProof::kStackedDrg8MiBV1));
  UpdateCircuit circuit = circuit_from_vanilla(input.statement(3), input.partitions[3]);
  const CompactWitness good = test::check_native_update_witness(plan, circuit);

  INFO("a tampered partition path sibling: the apex root's path, in the prefix's tail");
  const std::size_t top = circuit.shape.challenge_bit_len - 1;
  for (UpdateChallengeProof& proof : circuit.private_inputs.challenge_proofs) {
    *proof.path_d_new[top][0] += Fr::one();  // validate wants every challenge's the same
  }
  CHECK(!(test::check_native_update_witness(plan, circuit) == good));
}

TEST_CASE("native update witness: values 0 and 1 are filed as bits, as WitnessCS files them") {
  UpdateCircuit circuit = sealed_2kib_circuit();
  UpdatePrivateInputs& priv = circuit.private_inputs;
  priv.comm_c = Fr::one();
  priv.apex_leafs[2] = Fr::zero();
  UpdateChallengeProof& proof = priv.challenge_proofs[1];
  proof.leaf_r_old = Fr::zero();
  proof.leaf_d_new = Fr::one();
  proof.leaf_r_new.reset();  // no longer the encoding, and not checked without a value
  proof.path_r_old[0][3] = Fr::one();
  proof.path_r_new[1][0] = Fr::zero();
  proof.path_d_new[0][0] = Fr::one();
  test::check_native_update_witness(plan_2kib(), circuit);
}

TEST_CASE("native update witness: a tampered value changes it where it changes the gadgets'") {
  const UpdateCircuit& good = sealed_2kib_circuit();
  const CompactWitness good_witness = native_update_witness(plan_2kib(), good);
  struct Tamper {
    const char* what;
    std::optional<Fr>& (*value)(UpdatePrivateInputs&);
  };
  const Tamper tampers[] = {
      {"a TreeDNew sibling",
       [](UpdatePrivateInputs& p) -> std::optional<Fr>& {
         return p.challenge_proofs[4].path_d_new[1][0];
       }},
      {"a TreeROld sibling",
       [](UpdatePrivateInputs& p) -> std::optional<Fr>& {
         return p.challenge_proofs[0].path_r_old[0][6];
       }},
      {"an apex leaf",
       [](UpdatePrivateInputs& p) -> std::optional<Fr>& { return p.apex_leafs[5]; }},
      {"comm_c", [](UpdatePrivateInputs& p) -> std::optional<Fr>& { return p.comm_c; }},
      {"root_r_new", [](UpdatePrivateInputs& p) -> std::optional<Fr>& { return p.root_r_new; }},
  };
  for (const Tamper& t : tampers) {
    INFO("a wrong " << t.what);
    UpdateCircuit circuit = good;
    *t.value(circuit.private_inputs) += Fr::one();
    CHECK(!(test::check_native_update_witness(plan_2kib(), circuit) == good_witness));
  }
  {
    INFO("a TreeDNew sibling above the apex leaf is no input of the circuit: nothing changes");
    UpdateCircuit circuit = good;
    *circuit.private_inputs.challenge_proofs[4].path_d_new[4][0] += Fr::one();
    CHECK(native_update_witness(plan_2kib(), circuit) == good_witness);
  }
}

TEST_CASE("native update witness: refuses what the gadgets refuse, with the same message") {
  constexpr const char* kWrongLabel = "empty sector update circuit: challenge 2's new label";
  constexpr const char* kMissing = "circuit synthesis: a witness value is missing";
  struct Refusal {
    const char* what;
    void (*tamper)(UpdateCircuit&);
    const char* message_start;
  };
  // Captureless lambdas, so that they convert to the table's function pointers.
  const Refusal refusals[] = {
      {"leaf_d_new: the new label is no longer the encoding",
       [](UpdateCircuit& c) { *c.private_inputs.challenge_proofs[2].leaf_d_new += Fr::one(); },
       kWrongLabel},
      {"leaf_r_new, likewise",
       [](UpdateCircuit& c) { *c.private_inputs.challenge_proofs[2].leaf_r_new += Fr::one(); },
       kWrongLabel},
      {"a missing sibling after a wrong label: the label, met first",
       [](UpdateCircuit& c) {
         *c.private_inputs.challenge_proofs[2].leaf_r_new += Fr::one();
         c.private_inputs.challenge_proofs[7].path_r_new[0][1].reset();
       },
       kWrongLabel},
      {"a missing comm_c before a wrong label: the missing value, met first",
       [](UpdateCircuit& c) {
         *c.private_inputs.challenge_proofs[2].leaf_r_new += Fr::one();
         c.private_inputs.comm_c.reset();
       },
       kMissing},
      {"a missing old label",
       [](UpdateCircuit& c) { c.private_inputs.challenge_proofs[9].leaf_r_old.reset(); }, kMissing},
      {"a missing public input", [](UpdateCircuit& c) { c.public_inputs.comm_r_new.reset(); },
       kMissing},
      {"a TreeR path row too short",
       [](UpdateCircuit& c) { c.private_inputs.challenge_proofs[3].path_r_old[1].pop_back(); },
       "empty sector update circuit: a TreeROld path has the wrong shape"},
  };
  for (const Refusal& r : refusals) {
    INFO(r.what);
    UpdateCircuit circuit = sealed_2kib_circuit();
    r.tamper(circuit);
    check_same_refusal(circuit, r.message_start);
  }

  INFO("a partition of another shape than the plan's");
  const UpdateCircuit blank = blank_update_circuit(update_shape(kSectorSize4KiB));
  CHECK_THROWS_WITH_AS(native_update_witness(plan_2kib(), blank),
                       "native update witness: a partition of another shape than the plan's",
                       Error);
}

TEST_CASE("native update plan: the stretches add up to every registered size's pinned counts") {
  for (const auto& v : test::kUpdateR1csVectors) {
    INFO(v.name);
    const NativeUpdateWitnessPlan plan(update_shape(v.proof));
    CHECK(plan.total() == v.digest.size);
    std::size_t aux = 0;
    for (const NativeUpdateTask& task : plan.tasks()) {
      CHECK(task.aux_start == aux);
      aux += task.num_aux;
    }
    CHECK(aux == v.digest.size.num_aux);
    CHECK(plan.tasks().front().num_inputs == UpdateShape::num_inputs() - 1);
  }
}
