// ../shared/vectors/rust-fil-proofs-r1cs.json: one partition's R1CS as rust-fil-proofs 87348a7
// (bellperson 0.27, bellpepper-core 0.2.1) builds it, for the four stacked_circuit.rs test shapes
// and every sector size. Read by the default suite (all but 32 and 64 GiB) and by the production
// label (those two).
#pragma once

#include <doctest/doctest.h>
#include <simdjson.h>

#include <set>
#include <string>
#include <vector>

#include "circuit/fingerprint_hasher.hpp"
#include "circuit/stacked/circuit_shape.hpp"
#include "porep/registered_proof.hpp"
#include "test_vectors.hpp"

namespace cuzk::test {

struct R1csVector {
  std::string name;  // a registered proof, or test-B-S-T for a test shape
  circuit::stacked::CircuitShape shape;
  circuit::R1csDigest expected;
};

// The two circuits of the production label; every other entry belongs to the default suite.
inline const std::set<std::string> kProductionR1cs = {"StackedDrg32GiBV1_1", "StackedDrg64GiBV1_1"};

// The digest's fields in the vector's names, which `cuzk circuit --fingerprint --json` uses too.
inline circuit::R1csDigest r1cs_digest_from_json(simdjson::dom::element c) {
  circuit::R1csDigest d;
  d.size = {c["num_inputs"].get_uint64().value(), c["num_aux"].get_uint64().value(),
            c["num_constraints"].get_uint64().value()};
  d.fingerprint = std::string(c["fingerprint"].get_string().value());
  d.fingerprint_with_input_rows =
      std::string(c["fingerprint_with_input_rows"].get_string().value());
  d.nnz_with_input_rows = {c["nnz_incl_input_rows"]["A"].get_uint64().value(),
                           c["nnz_incl_input_rows"]["B"].get_uint64().value(),
                           c["nnz_incl_input_rows"]["C"].get_uint64().value()};
  d.density = {c["density"]["a_aux"].get_uint64().value(),
               c["density"]["b_input"].get_uint64().value(),
               c["density"]["b_aux"].get_uint64().value()};
  return d;
}

inline std::vector<R1csVector> load_r1cs_vectors() {
  const simdjson::padded_string json = load_shared_vector_file("rust-fil-proofs-r1cs.json");
  simdjson::dom::parser parser;
  const simdjson::dom::element root = parser.parse(json).value();
  std::vector<R1csVector> out;
  const simdjson::dom::object circuits = root["circuits"].get_object().value();
  for (const auto field : circuits) {
    const simdjson::dom::element c = field.value;
    R1csVector v;
    v.name = std::string(field.key);
    const std::string tree(c["tree"].get_string().value());
    const auto parsed_tree = circuit::stacked::parse_tree_shape(tree);
    REQUIRE_MESSAGE(parsed_tree, v.name << ": tree " << tree);
    v.shape = {c["nodes"].get_uint64().value(),
               static_cast<std::uint32_t>(c["layers"].get_uint64().value()),
               static_cast<std::uint32_t>(c["challenges_per_partition"].get_uint64().value()),
               *parsed_tree};
    v.expected = r1cs_digest_from_json(c);
    out.push_back(std::move(v));
  }
  REQUIRE(out.size() == 9);
  return out;
}

// The shape a registered proof's entry names must be the one cuzk derives for that proof.
inline void check_registered_shape(const R1csVector& v) {
  if (v.name.starts_with("test-")) return;
  const auto proof = porep::seal_proof_from_name(v.name);
  REQUIRE_MESSAGE(proof, v.name);
  CHECK(circuit::stacked::circuit_shape(*proof) == v.shape);
}

// Field by field, so that a failure says which number differs.
inline void check_digest(const circuit::R1csDigest& got, const R1csVector& v) {
  INFO(v.name);
  const auto& e = v.expected;
  CHECK(got.size.num_inputs == e.size.num_inputs);
  CHECK(got.size.num_aux == e.size.num_aux);
  CHECK(got.size.num_constraints == e.size.num_constraints);
  CHECK(got.fingerprint == e.fingerprint);
  CHECK(got.fingerprint_with_input_rows == e.fingerprint_with_input_rows);
  CHECK(got.nnz_with_input_rows.a == e.nnz_with_input_rows.a);
  CHECK(got.nnz_with_input_rows.b == e.nnz_with_input_rows.b);
  CHECK(got.nnz_with_input_rows.c == e.nnz_with_input_rows.c);
  CHECK(got.density.a_aux == e.density.a_aux);
  CHECK(got.density.b_input == e.density.b_input);
  CHECK(got.density.b_aux == e.density.b_aux);
}

}  // namespace cuzk::test
