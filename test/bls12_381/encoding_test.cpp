// Point encodings: known answers and rejections from @noble/curves, round trips, tampering.
#include <doctest/doctest.h>

#include <map>
#include <random>
#include <string>

#include "bls12_381/encoding.hpp"
#include "bls12_381/vector_parsing.hpp"

using namespace cuzk::bls12_381;
using cuzk::test::BlsVectors;
using cuzk::test::bytes_of;
using cuzk::test::field_hex;
using cuzk::test::str;

namespace {

// Decoding dispatched on the group, so one test body serves G1 and G2.
template <class Curve>
struct Codec;
template <>
struct Codec<G1Curve> {
  static constexpr const char* kVectors = "bls12_381_g1.json";
  static constexpr const char* kRejectKey = "g1";
  static auto decode(std::span<const std::uint8_t> b, SubgroupCheck c) { return decode_g1(b, c); }
};
template <>
struct Codec<G2Curve> {
  static constexpr const char* kVectors = "bls12_381_g2.json";
  static constexpr const char* kRejectKey = "g2";
  static auto decode(std::span<const std::uint8_t> b, SubgroupCheck c) { return decode_g2(b, c); }
};

DecodeError error_named(std::string_view name) {
  static const std::map<std::string_view, DecodeError> kByName = {
      {"bad_flags", DecodeError::kBadFlags},
      {"non_canonical", DecodeError::kNonCanonical},
      {"not_on_curve", DecodeError::kNotOnCurve},
      {"not_in_subgroup", DecodeError::kNotInSubgroup}};
  return kByName.at(name);
}

}  // namespace

TEST_CASE_TEMPLATE("generator multiples and their encodings match noble", Curve, G1Curve, G2Curve) {
  using C = Codec<Curve>;
  const BlsVectors v(C::kVectors);
  std::size_t cases = 0;
  for (auto c : v["multiples"].get_array()) {
    const Fr k = field_hex<Fr>(c["k"]);
    INFO("k = " << k.to_hex());
    const AffinePoint<Curve> p = (JacobianPoint<Curve>::generator() * k).to_affine();
    CHECK(cuzk::to_hex(encode_compressed(p)) == str(c["compressed"]));
    CHECK(cuzk::to_hex(encode_uncompressed(p)) == str(c["uncompressed"]));
    for (const SubgroupCheck check : {SubgroupCheck::kNo, SubgroupCheck::kYes}) {
      const auto compressed = C::decode(bytes_of(c["compressed"]), check);
      const auto uncompressed = C::decode(bytes_of(c["uncompressed"]), check);
      REQUIRE(compressed.has_value());
      REQUIRE(uncompressed.has_value());
      CHECK(*compressed == p);
      CHECK(*uncompressed == p);
    }
    ++cases;
  }
  CHECK(cases == 13);  // 12 multiples and infinity
}

TEST_CASE_TEMPLATE("each rejected encoding from noble fails with its own error", Curve, G1Curve,
                   G2Curve) {
  using C = Codec<Curve>;
  const BlsVectors v("bls12_381_rejects.json");
  std::map<DecodeError, int> seen;
  for (auto c : v[C::kRejectKey].get_array()) {
    INFO(str(c["name"]));
    const DecodeError expected = error_named(str(c["error"]));
    const auto bytes = bytes_of(c["bytes"]);
    const auto checked = C::decode(bytes, SubgroupCheck::kYes);
    REQUIRE_FALSE(checked.has_value());
    CHECK(checked.error() == expected);
    const auto unchecked = C::decode(bytes, SubgroupCheck::kNo);
    if (expected == DecodeError::kNotInSubgroup) {
      // Without the check the point decodes, and is on the curve.
      REQUIRE(unchecked.has_value());
      CHECK(unchecked->is_on_curve());
      CHECK_FALSE(is_in_subgroup(*unchecked));
    } else {
      REQUIRE_FALSE(unchecked.has_value());
      CHECK(unchecked.error() == expected);
    }
    ++seen[expected];
  }
  CHECK(seen[DecodeError::kBadFlags] == 7);
  CHECK(seen[DecodeError::kNonCanonical] >= 2);
  CHECK(seen[DecodeError::kNotOnCurve] == 2);
  CHECK(seen[DecodeError::kNotInSubgroup] == 2);
}

TEST_CASE_TEMPLATE("random points round trip through both encodings", Curve, G1Curve, G2Curve) {
  using C = Codec<Curve>;
  std::mt19937_64 rng(31);
  for (int i = 0; i < 10; ++i) {
    const auto p = (JacobianPoint<Curve>::generator() * Fr::random(rng)).to_affine();
    for (const auto& point : {p, -p}) {  // both signs of y
      const auto compressed = encode_compressed(point);
      const auto uncompressed = encode_uncompressed(point);
      const auto a = C::decode(compressed, SubgroupCheck::kYes);
      const auto b = C::decode(uncompressed, SubgroupCheck::kYes);
      REQUIRE(a.has_value());
      REQUIRE(b.has_value());
      CHECK(*a == point);
      CHECK(*b == point);
    }
    CHECK((encode_compressed(p)[0] & 0x20) != (encode_compressed(-p)[0] & 0x20));
  }
}

TEST_CASE("fixed-size decoders: wrong length and form") {
  const auto g1 = encode_compressed(G1Affine::generator());
  CHECK(decode_g1(std::span<const std::uint8_t>(g1).first(47), SubgroupCheck::kNo).error() ==
        DecodeError::kBadLength);
  CHECK(decode_g2(g1, SubgroupCheck::kNo).error() == DecodeError::kBadLength);
  // A G1 compressed encoding read as the uncompressed G2's first half is a different length.
  const auto g2 = encode_uncompressed(G2Affine::generator());
  CHECK(decode_g1(g2, SubgroupCheck::kNo).error() == DecodeError::kBadLength);
  // The fixed-extent entry points agree with the dispatching ones.
  CHECK(decode_g1_compressed(g1, SubgroupCheck::kYes).value() == G1Affine::generator());
  CHECK(decode_g2_uncompressed(g2, SubgroupCheck::kYes).value() == G2Affine::generator());
  CHECK(
      decode_g2_compressed(encode_compressed(G2Affine::generator()), SubgroupCheck::kYes).value() ==
      G2Affine::generator());
  CHECK(decode_g1_uncompressed(encode_uncompressed(G1Affine::generator()), SubgroupCheck::kYes)
            .value() == G1Affine::generator());
  // Infinity.
  const auto inf = encode_compressed(G1Affine::identity());
  CHECK(inf[0] == 0xc0);
  CHECK(decode_g1_compressed(inf, SubgroupCheck::kYes).value().is_identity());
  CHECK(std::string(to_string(DecodeError::kNotInSubgroup)) ==
        "point not in the prime-order subgroup");
}

TEST_CASE("flipping any flag bit of a valid encoding is caught or changes the point") {
  const G1Affine p = (G1Jacobian::generator() * Fr::from_u64(7)).to_affine();
  auto compressed = encode_compressed(p);
  for (const std::uint8_t bit : {0x80, 0x40}) {
    auto tampered = compressed;
    tampered[0] ^= bit;
    CHECK(decode_g1_compressed(tampered, SubgroupCheck::kNo).error() == DecodeError::kBadFlags);
  }
  compressed[0] ^= 0x20;  // the sign bit: the other root, i.e. -p
  CHECK(decode_g1_compressed(compressed, SubgroupCheck::kYes).value() == -p);
}
