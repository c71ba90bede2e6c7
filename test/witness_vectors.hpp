// ../shared/vectors/rust-fil-proofs-witness.json: SHA-256 digests of the full witness of real
// partitions as rust-fil-proofs 87348a7 synthesizes them, for the Rust-sealed 2 KiB sector of
// rust-fil-proofs-2kib-seal.json (default suite) and partitions 0 and 9 of the 32 GiB C1
// c1-32gib-sparse.json.gz (production label).
#pragma once

#include <doctest/doctest.h>
#include <simdjson.h>

#include <cstdint>
#include <string>
#include <vector>

#include "circuit/witness_digest.hpp"
#include "test_vectors.hpp"

namespace cuzk::test {

struct WitnessVector {
  std::string registered_proof;
  std::uint32_t partition = 0;
  circuit::WitnessDigest expected;
};

inline std::vector<WitnessVector> load_witness_vectors() {
  const simdjson::padded_string json = load_shared_vector_file("rust-fil-proofs-witness.json");
  simdjson::dom::parser parser;
  const simdjson::dom::element root = parser.parse(json).value();
  std::vector<WitnessVector> out;
  const simdjson::dom::array sectors = root["sectors"].get_array().value();
  for (const simdjson::dom::element sector : sectors) {
    const std::string proof(sector["registered_proof"].get_string().value());
    const simdjson::dom::array partitions = sector["partitions"].get_array().value();
    for (const simdjson::dom::element p : partitions) {
      WitnessVector v;
      v.registered_proof = proof;
      v.partition = static_cast<std::uint32_t>(p["partition"].get_uint64().value());
      v.expected.num_inputs = p["num_inputs"].get_uint64().value();
      v.expected.num_aux = p["num_aux"].get_uint64().value();
      v.expected.aux_sha256 = std::string(p["aux_sha256"].get_string().value());
      v.expected.inputs_sha256 = std::string(p["inputs_sha256"].get_string().value());
      out.push_back(std::move(v));
    }
  }
  return out;
}

// The entries of one registered proof; fails unless there are `count` of them.
inline std::vector<WitnessVector> witness_vectors_of(const std::string& registered_proof,
                                                     std::size_t count) {
  std::vector<WitnessVector> out;
  for (auto& v : load_witness_vectors()) {
    if (v.registered_proof == registered_proof) out.push_back(std::move(v));
  }
  REQUIRE(out.size() == count);
  return out;
}

inline void check_witness_digest(const circuit::WitnessDigest& got, const WitnessVector& v) {
  INFO(v.registered_proof << " partition " << v.partition);
  CHECK(got.num_inputs == v.expected.num_inputs);
  CHECK(got.num_aux == v.expected.num_aux);
  CHECK(got.aux_sha256 == v.expected.aux_sha256);
  CHECK(got.inputs_sha256 == v.expected.inputs_sha256);
}

}  // namespace cuzk::test
