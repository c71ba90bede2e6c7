// Parameter upload: bellperson's uncompressed encodings decoded on the GPU equal the CPU
// decoding; malformed points are rejected with their index.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "bls12_381/encoding.hpp"
#include "gpu_test_support.hpp"
#include "kernels/msm/bases.hpp"
#include "util/error.hpp"

namespace cuzk::kernels::test {
namespace {

template <class Curve>
std::vector<std::uint8_t> encode_all(const std::vector<bls12_381::AffinePoint<Curve>>& points) {
  std::vector<std::uint8_t> bytes;
  for (const auto& p : points) {
    const auto e = bls12_381::encode_uncompressed(p);
    bytes.insert(bytes.end(), e.begin(), e.end());
  }
  return bytes;
}

template <class Curve, class Mont>
void check_round_trip(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  INFO("n " << n);
  auto points = random_points<Curve>(n, rng);
  if (n > 3) points[3] = bls12_381::AffinePoint<Curve>::identity();
  const auto bases = DeviceBases<Mont>::from_uncompressed(kTestGpu, encode_all(points));
  REQUIRE(bases.size() == n);
  const auto back = bases.download();
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < n; ++i) mismatches += !(back[i] == to_device_layout(points[i]));
  CHECK(mismatches == 0);
}

TEST_CASE("G1 bases decode on the GPU as on the CPU" * doctest::skip(no_gpu())) {
  check_round_trip<bls12_381::G1Curve, G1AffineMont>(1, 71);
  check_round_trip<bls12_381::G1Curve, G1AffineMont>(5000, 72);
  // More than one staging chunk (2^20 points), from a repeated pattern to keep the CPU fast.
  std::mt19937_64 rng(73);
  const auto pattern = encode_all(random_points<bls12_381::G1Curve>(64, rng));
  std::vector<std::uint8_t> big;
  const std::size_t n = (std::size_t{1} << 20) + 777;
  big.reserve(n * kG1UncompressedBytes);
  while (big.size() < n * kG1UncompressedBytes)
    big.insert(big.end(), pattern.begin(),
               pattern.begin() + std::min(pattern.size(), n * kG1UncompressedBytes - big.size()));
  const auto bases = DeviceG1Bases::from_uncompressed(kTestGpu, big);
  const auto back = bases.download();
  CHECK(back[n - 1] == to_device_layout(*bls12_381::decode_g1_uncompressed(
                           std::span<const std::uint8_t, 96>(big.data() + (n - 1) * 96, 96),
                           bls12_381::SubgroupCheck::kNo)));
}

TEST_CASE("G2 bases decode on the GPU as on the CPU" * doctest::skip(no_gpu())) {
  check_round_trip<bls12_381::G2Curve, G2AffineMont>(2000, 74);
}

TEST_CASE("malformed encoded bases are rejected with their index" * doctest::skip(no_gpu())) {
  std::mt19937_64 rng(75);
  const auto good = encode_all(random_points<bls12_381::G1Curve>(10, rng));
  const auto expect_error = [&](std::size_t index, auto tamper, const char* reason) {
    auto bytes = good;
    tamper(bytes.data() + index * kG1UncompressedBytes);
    INFO(reason);
    try {
      (void)DeviceG1Bases::from_uncompressed(kTestGpu, bytes);
      FAIL("accepted a malformed point");
    } catch (const Error& e) {
      const std::string message = e.what();
      CHECK(message.find("point " + std::to_string(index) + " ") != std::string::npos);
      CHECK(message.find(reason) != std::string::npos);
    }
  };
  expect_error(
      7, [](std::uint8_t* p) { p[0] |= 0x80; }, "flags");
  expect_error(
      2, [](std::uint8_t* p) { p[0] |= 0x40; }, "flags");  // infinity with data
  expect_error(
      4, [](std::uint8_t* p) { p[95] ^= 1; }, "not on the curve");
  expect_error(
      5,
      [](std::uint8_t* p) {
        std::fill(p, p + 48, 0xff);
        p[0] = 0x1f;
      },
      "not below p");
  CHECK_THROWS(DeviceG1Bases::from_uncompressed(kTestGpu, std::span(good).first(95)));
}

}  // namespace
}  // namespace cuzk::kernels::test
