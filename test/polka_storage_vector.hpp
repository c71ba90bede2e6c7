// The outside PoRep proof of ../shared/vectors/polka-storage-2kib-porep.json: a 2 KiB sector that
// the eigerco/polka-storage project proved with rust-fil-proofs and bellperson, under its own test
// parameters, an all-zero porep_id and API version 1.2.0 (StackedDrg2KiBV1_1's circuit). Read from
// ../shared at run time; a missing file or field fails the test.
#pragma once

#include <simdjson.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "porep/registered_proof.hpp"
#include "prover/seal/seal_verifier.hpp"
#include "test_vectors.hpp"
#include "util/hex.hpp"

namespace cuzk::test {

struct PolkaStorageVector {
  prover::seal::SealStatement statement;  // with the vector's porep_id and API version
  std::vector<std::uint8_t> proof;        // 192 bytes: one partition, compressed A | B | C
  std::vector<std::uint8_t> vk;           // bellperson's .vk layout
};

namespace detail {

inline std::string_view polka_field(simdjson::ondemand::document& doc, const char* key) {
  std::string_view s;
  if (doc[key].get_string().get(s) != simdjson::SUCCESS) {
    throw std::runtime_error(std::string("polka-storage vector: no string field ") + key);
  }
  return s;
}

inline std::vector<std::uint8_t> polka_bytes(simdjson::ondemand::document& doc, const char* key) {
  auto bytes = from_hex(polka_field(doc, key));
  if (!bytes) throw std::runtime_error(std::string("polka-storage vector: ") + key + " is not hex");
  return *bytes;
}

inline porep::Domain polka_domain(simdjson::ondemand::document& doc, const char* key) {
  const std::vector<std::uint8_t> bytes = polka_bytes(doc, key);
  porep::Domain d{};
  if (bytes.size() != d.size()) {
    throw std::runtime_error(std::string("polka-storage vector: ") + key + " is not 32 bytes");
  }
  std::copy(bytes.begin(), bytes.end(), d.begin());
  return d;
}

}  // namespace detail

inline PolkaStorageVector load_polka_storage_vector() {
  const simdjson::padded_string json = load_shared_vector_file("polka-storage-2kib-porep.json");
  simdjson::ondemand::parser parser;
  simdjson::ondemand::document doc = parser.iterate(json);
  PolkaStorageVector v;
  prover::seal::SealStatement& s = v.statement;
  // "StackedDrg2KiBV1_1 circuit and parameters shape (...)": the name is the first word.
  const std::string_view shape = detail::polka_field(doc, "registered_proof");
  const auto proof = porep::seal_proof_from_name(shape.substr(0, shape.find(' ')));
  if (!proof) throw std::runtime_error("polka-storage vector: unknown registered_proof");
  s.proof = *proof;
  s.overrides.porep_id = detail::polka_domain(doc, "porep_id");
  s.overrides.api_version = porep::api_version_from_name(detail::polka_field(doc, "api_version"));
  if (!s.overrides.api_version) throw std::runtime_error("polka-storage vector: api_version");
  std::uint64_t sector_id = 0;
  if (doc["sector_id"].get_uint64().get(sector_id) != simdjson::SUCCESS) {
    throw std::runtime_error("polka-storage vector: no sector_id");
  }
  s.sector_id = sector_id;
  s.prover_id = detail::polka_domain(doc, "prover_id");
  s.ticket = detail::polka_domain(doc, "ticket");
  s.seed = detail::polka_domain(doc, "seed");
  s.comm_r = detail::polka_domain(doc, "comm_r");
  s.comm_d = detail::polka_domain(doc, "comm_d");
  v.proof = detail::polka_bytes(doc, "proof");
  v.vk = detail::polka_bytes(doc, "vk_bellperson");
  return v;
}

}  // namespace cuzk::test
