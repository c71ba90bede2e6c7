// Reads the @noble/curves vectors (test/vectors/bls12_381_*.json, made by
// scripts/gen-bls-vectors.mjs) into cuzk types. A malformed value throws, failing the test.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "bls12_381/fp12.hpp"
#include "test_vectors.hpp"
#include "util/hex.hpp"

namespace cuzk::test {

// The whole document, parsed once; elements stay valid while the holder lives.
class BlsVectors {
 public:
  explicit BlsVectors(const std::string& name)
      : json_(load_vector_file(name)), root_(parser_.parse(json_).value()) {}
  simdjson::dom::element operator[](std::string_view key) const { return root_[key].value(); }

 private:
  simdjson::padded_string json_;
  simdjson::dom::parser parser_;
  simdjson::dom::element root_;
};

inline std::string_view str(simdjson::dom::element e) { return e.get_string().value(); }

template <class F>
F field_hex(simdjson::dom::element e) {
  const auto f = F::from_hex(str(e));
  if (!f) throw std::runtime_error("bad field element in vectors: " + std::string(str(e)));
  return *f;
}

inline bls12_381::Fp2 fp2_of(simdjson::dom::element e) {
  simdjson::dom::array a = e.get_array().value();
  return bls12_381::Fp2{field_hex<bls12_381::Fp>(a.at(0).value()),
                        field_hex<bls12_381::Fp>(a.at(1).value())};
}

// 12 Fp values in tower order c0.c0.c0, c0.c0.c1, c0.c1.c0, ..., c1.c2.c1.
inline bls12_381::Fp12 fp12_of(simdjson::dom::element e) {
  simdjson::dom::array a = e.get_array().value();
  auto c2 = [&](std::size_t i) {
    return bls12_381::Fp2{field_hex<bls12_381::Fp>(a.at(2 * i).value()),
                          field_hex<bls12_381::Fp>(a.at(2 * i + 1).value())};
  };
  return bls12_381::Fp12{bls12_381::Fp6{c2(0), c2(1), c2(2)}, bls12_381::Fp6{c2(3), c2(4), c2(5)}};
}

inline std::vector<std::uint8_t> bytes_of(simdjson::dom::element e) {
  auto b = cuzk::from_hex(str(e));
  if (!b) throw std::runtime_error("bad hex in vectors");
  return *b;
}

}  // namespace cuzk::test
