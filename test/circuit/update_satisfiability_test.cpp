// The EmptySectorUpdate circuit on a valid witness: a 2 KiB sector update built natively
// (update_test_witness.hpp), as storage-proofs-update tests/circuit.rs builds one. It checks that
// the circuit is satisfied with tests/circuit.rs' constraint count and that the public inputs it
// allocates are the statement's, that a wrong label or path element set into the witness breaks
// the constraint that guards it, and that the blank circuit is the same R1CS; then that wrong
// witnesses (a TreeD or TreeR sibling, an apex leaf, comm_c) synthesize to unsatisfied circuits.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "circuit/fingerprint_cs.hpp"
#include "circuit/proving_cs.hpp"
#include "circuit/test_cs.hpp"
#include "circuit/update/update_circuit.hpp"
#include "tamper.hpp"
#include "update_test_witness.hpp"

namespace {

using namespace cuzk::circuit;
using namespace cuzk::circuit::update;
using cuzk::bls12_381::Fr;
using cuzk::test::NativeUpdate;
using cuzk::test::unsatisfied_after_setting;

// The index of the first row with a·b != c, if any.
std::optional<std::size_t> first_unsatisfied_row(const UpdateCircuit& circuit) {
  ProvingCS cs;
  synthesize(cs, circuit);
  for (std::size_t i = 0; i < cs.num_constraints(); ++i) {
    if (cs.a()[i] * cs.b()[i] != cs.c()[i]) return i;
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE(
    "update circuit: a natively built 2 KiB update satisfies it, with the statement's inputs") {
  const NativeUpdate update(cuzk::porep::update::RegisteredUpdateProof::kStackedDrg2KiBV1,
                            /*seed=*/7);
  const UpdateCircuit circuit = update.circuit(0);
  TestCS cs;
  synthesize(cs, circuit);

  CHECK(cs.num_constraints() == 1'705'039);  // tests/circuit.rs
  REQUIRE(cs.num_inputs() == 5);
  CHECK_MESSAGE(cs.is_satisfied(), "unsatisfied: " << cs.which_is_unsatisfied().value_or(""));
  const std::vector<Fr> expected = circuit.public_inputs.to_vector();
  CHECK(cs.inputs()[0] == Fr::one());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    INFO("input " << i + 1 << " " << cs.input_path(i + 1));
    CHECK(cs.inputs()[i + 1] == expected[i]);
  }
  // The statement's k_and_h_select: partition 0 and h = 1, which every slot of the 2 KiB hs holds;
  // h_select names the first (constants.rs h_select takes the first position), so 2^0.
  CHECK(expected[0] == Fr::from_u64(1));

  // The circuit's rho for challenge 0 is the native one.
  const std::uint32_t c0 = update.challenges(0)[0];
  CHECK(cs.get("challenge 0/rho/hash result/allocate for Elt::Num/num") == update.rho(c0));

  {
    INFO("a wrong old label breaks the new label's sum");
    const std::string leaf = "challenge 0/leaf_r_old/num";
    CHECK(unsatisfied_after_setting(cs, leaf, cs.get(leaf) + Fr::one()) ==
          "challenge 0/leaf_r_new/label_r_new == label_r_old + label_d_new * rho");
  }
  {
    INFO("a wrong TreeROld sibling breaks its insertion");
    const std::string sibling = "challenge 0/path_r_old row 0/sibling 0/num";
    const std::string failed = unsatisfied_after_setting(cs, sibling, cs.get(sibling) + Fr::one());
    CHECK(failed.rfind("challenge 0/por tree_r_old/merkle proof insert 0/", 0) == 0);
  }
  {
    INFO("a wrong apex leaf breaks the apex tree");
    const std::string failed = unsatisfied_after_setting(cs, "apex_leaf 3/num", Fr::from_u64(5));
    CHECK(failed.rfind("apex_gadget/", 0) == 0);
  }

  INFO("the blank circuit (key generation) is the same R1CS");
  const UpdateCircuit blank = blank_update_circuit(update.shape());
  CHECK(digest_of([&](auto& blank_cs) { synthesize(blank_cs, blank); }).fingerprint ==
        cs.fingerprint());
}

TEST_CASE("update circuit: a wrong witness synthesizes to an unsatisfied circuit") {
  // ProvingCS evaluates every row without TestCS's names: a fraction of the time.
  const NativeUpdate update(cuzk::porep::update::RegisteredUpdateProof::kStackedDrg2KiBV1,
                            /*seed=*/11);
  CHECK(!first_unsatisfied_row(update.circuit(0)));
  struct Tamper {
    const char* what;
    std::optional<Fr>& (*value)(UpdatePrivateInputs&);
  };
  const Tamper tampers[] = {
      {"a TreeDNew sibling: the path no longer reaches the apex leaf",
       [](UpdatePrivateInputs & p) -> auto& {return p.challenge_proofs[4].path_d_new[1][0];
}
}
, {"a TreeRNew sibling: the path no longer reaches root_r_new",
   [](UpdatePrivateInputs& p) -> auto& {return p.challenge_proofs[9].path_r_new[0][6];
}
}
, {"an apex leaf: the apex tree no longer reaches comm_d_new",
   [](UpdatePrivateInputs& p) -> auto& {return p.apex_leafs[5];
}
}
, {"comm_c: comm_r_old is no longer H(comm_c, root_r_old)",
   [](UpdatePrivateInputs& p) -> auto& {return p.comm_c;
}
}
,
}
;
for (const Tamper& t : tampers) {
  INFO("a wrong " << t.what);
  UpdateCircuit circuit = update.circuit(0);
  *t.value(circuit.private_inputs) += Fr::one();
  CHECK(first_unsatisfied_row(circuit));
}
{
  INFO("a new label that is not the encoding is refused, as the Rust asserts");
  UpdateCircuit circuit = update.circuit(0);
  *circuit.private_inputs.challenge_proofs[2].leaf_r_new += Fr::one();
  ProvingCS cs;
  CHECK_THROWS_AS(synthesize(cs, circuit), cuzk::Error);
}
}
