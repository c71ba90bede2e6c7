#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "bls12_381/encoding.hpp"
#include "groth16_circuits.hpp"
#include "prover/cpu_backend.hpp"
#include "prover/params/mapped_parameters.hpp"
#include "prover/params/params_error.hpp"
#include "prover/prover.hpp"
#include "prover/setup/test_setup.hpp"
#include "prover/verifier.hpp"
#include "temp_dir.hpp"

namespace {

using cuzk::bls12_381::Fp;
using cuzk::bls12_381::Fr;
using cuzk::bls12_381::G1Affine;
using cuzk::bls12_381::SubgroupCheck;
using namespace cuzk::prover;

using cuzk::test::TempDir;

void write_bytes(const std::filesystem::path& p, const std::vector<std::uint8_t>& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
}

const Parameters& cubic_params() {
  static const Parameters params = [] {
    std::mt19937_64 rng(77);
    return generate_test_parameters(cuzk::test::CubicCircuit{}, ToxicWaste::random(rng));
  }();
  return params;
}

// Offsets in the cubic circuit's file: vk (864 + 4 + 2*96), then h (7), l (3), a (5), b_g1 (2),
// b_g2 (2).
constexpr std::size_t kVkBytes = 864 + 4 + 2 * 96;
constexpr std::size_t kHStart = kVkBytes + 4;
constexpr std::size_t kLStart = kHStart + 7 * 96 + 4;
constexpr std::size_t kAStart = kLStart + 3 * 96 + 4;
constexpr std::size_t kB1Start = kAStart + 5 * 96 + 4;
constexpr std::size_t kB2Start = kB1Start + 2 * 96 + 4;
constexpr std::size_t kFileBytes = kB2Start + 2 * 192;

// Expects constructing and fully reading the file to fail with this kind and message fragment.
void expect_error(const std::filesystem::path& p, ParamsErrorKind kind, const std::string& fragment,
                  SubgroupCheck check = SubgroupCheck::kNo) {
  try {
    const MappedParameters mapped(p, check);
    (void)mapped.read_all();
    FAIL("no error for a malformed file; expected: " << fragment);
  } catch (const ParamsError& e) {
    INFO("message: " << e.what());
    CHECK(e.kind() == kind);
    CHECK(std::string(e.what()).find(fragment) != std::string::npos);
    CHECK(std::string(e.what()).find(p.string()) == 0);  // names the file first
  }
}

// A point on E(Fp) outside the order-r subgroup: the first x = 1, 2, ... with x^3 + 4 a square
// (the cofactor is ~2^126, so such a point is in G1 only by a negligible accident).
G1Affine off_subgroup_point() {
  for (std::uint64_t k = 1;; ++k) {
    const Fp x = Fp::from_u64(k);
    if (const auto y = (x.square() * x + Fp::from_u64(4)).sqrt()) {
      const G1Affine p = G1Affine::from_xy(x, *y);
      if (!cuzk::bls12_381::is_in_subgroup(p)) return p;
    }
  }
}

}  // namespace

TEST_CASE("params: write, map and read back; the mapped parameters prove") {
  const Parameters& params = cubic_params();
  TempDir dir("params_test");
  const auto path = dir / "cubic.params";
  write_parameters_file(path, params);
  CHECK(std::filesystem::file_size(path) == kFileBytes);

  for (SubgroupCheck check : {SubgroupCheck::kNo, SubgroupCheck::kYes}) {
    const MappedParameters mapped(path, check);
    CHECK(mapped.vk() == params.vk);
    CHECK(mapped.lengths() == InMemoryParameters(params).lengths());
    CHECK(mapped.read_all() == params);
  }

  // The .vk file is the first kVkBytes of the .params file.
  const auto vk_path = dir / "cubic.vk";
  write_verifying_key_file(vk_path, params.vk);
  CHECK(std::filesystem::file_size(vk_path) == kVkBytes);
  CHECK(read_verifying_key_file(vk_path) == params.vk);
  const auto full = encode_parameters(params);
  std::vector<std::uint8_t> vk_bytes;
  append_encoding(params.vk, vk_bytes);
  CHECK(std::equal(vk_bytes.begin(), vk_bytes.end(), full.begin()));

  // Trailing bytes: tolerated after b_g2 (as bellperson), refused after a .vk.
  auto longer = full;
  longer.push_back(0);
  write_bytes(dir / "trailing.params", longer);
  CHECK(MappedParameters(dir / "trailing.params", SubgroupCheck::kNo).read_all() == params);
  vk_bytes.push_back(0);
  write_bytes(dir / "trailing.vk", vk_bytes);
  CHECK_THROWS_AS(read_verifying_key_file(dir / "trailing.vk"), ParamsError);

  const MappedParameters mapped(path, SubgroupCheck::kNo);
  std::vector<cuzk::circuit::ProvingCS> circuits;
  circuits.push_back(synthesize_for_proving(cuzk::test::CubicCircuit{Fr::from_u64(4)}));
  CpuBackend cpu;
  const auto proofs = create_proofs(mapped, circuits, cpu);
  const std::vector<Fr> inputs = {Fr::from_u64(64 + 4 + 5)};
  CHECK(verify_proof(PreparedVerifyingKey(mapped.vk()), proofs[0], inputs));
}

TEST_CASE("params: every malformed-file class gets its own error naming vector and index") {
  const auto good = encode_parameters(cubic_params());
  REQUIRE(good.size() == kFileBytes);
  TempDir dir("params_test");
  const auto path = dir / "bad.params";
  auto with = [&](auto&& edit) {
    auto bytes = good;
    edit(bytes);
    write_bytes(path, bytes);
  };

  SUBCASE("truncated in the verifying key") {
    with([](auto& b) { b.resize(100); });
    expect_error(path, ParamsErrorKind::kTruncated, "truncated: vk.beta_g1");
  }
  SUBCASE("truncated in a length prefix") {
    with([](auto& b) { b.resize(kHStart - 2); });
    expect_error(path, ParamsErrorKind::kTruncated, "truncated: the length of h");
  }
  SUBCASE("truncated inside b_g2") {
    with([](auto& b) { b.resize(kFileBytes - 1); });
    expect_error(path, ParamsErrorKind::kTruncated, "truncated: b_g2 (2 points)");
  }
  SUBCASE("empty file") {
    with([](auto& b) { b.clear(); });
    expect_error(path, ParamsErrorKind::kTruncated, "truncated: vk.alpha_g1");
  }
  SUBCASE("a huge length") {
    with([](auto& b) { b[kLStart - 4] = 0xff; });
    expect_error(path, ParamsErrorKind::kTruncated, "truncated: l (4278190083 points)");
  }
  SUBCASE("h of a length no domain has") {
    // Declare 6 h points and drop one: the file stays consistent but h + 1 = 7.
    with([](auto& b) {
      b[kHStart - 1] = 6;
      b.erase(b.begin() + kHStart, b.begin() + kHStart + 96);
    });
    expect_error(path, ParamsErrorKind::kBadLength, "h has 6 points");
  }
  SUBCASE("b_g1 and b_g2 of different lengths") {
    with([](auto& b) {
      b[kB2Start - 1] = 1;
      b.resize(b.size() - 192);
    });
    expect_error(path, ParamsErrorKind::kBadLength, "b_g1 has 2 points but b_g2 has 1");
  }
  SUBCASE("empty ic") {
    with([](auto& b) {
      b[kVkBytes - 2 * 96 - 1] = 0;
      b.erase(b.begin() + kVkBytes - 2 * 96, b.begin() + kVkBytes);
    });
    expect_error(path, ParamsErrorKind::kBadLength, "ic: length 0");
  }
  SUBCASE("a point off the curve in h[1]") {
    with([](auto& b) { b[kHStart + 96 + 95] ^= 1; });
    expect_error(path, ParamsErrorKind::kBadPoint, "h[1]: point not on the curve");
    // The header still parses: vectors are decoded only when asked for.
    const MappedParameters lazy(path, SubgroupCheck::kNo);
    CHECK_NOTHROW(lazy.l());
    CHECK_THROWS_AS(lazy.h(), ParamsError);
  }
  SUBCASE("a non-canonical coordinate in b_g2[1]") {
    with([](auto& b) {
      for (std::size_t i = 0; i < 48; ++i) b[kB2Start + 192 + i] = 0xff;
      b[kB2Start + 192] = 0x1f;  // flags clear, value > p
    });
    expect_error(path, ParamsErrorKind::kBadPoint,
                 "b_g2[1]: point coordinate not below the field modulus");
  }
  SUBCASE("the compressed flag in an uncompressed point") {
    with([](auto& b) { b[kB1Start] |= 0x80; });
    expect_error(path, ParamsErrorKind::kBadPoint, "b_g1[0]: invalid flag bits");
  }
  SUBCASE("the point at infinity in l[2]") {
    with([](auto& b) {
      std::fill(b.begin() + kLStart + 2 * 96, b.begin() + kLStart + 3 * 96, 0);
      b[kLStart + 2 * 96] = 0x40;
    });
    expect_error(path, ParamsErrorKind::kPointAtInfinity, "l[2]: point at infinity");
  }
  SUBCASE("the point at infinity in ic") {
    with([](auto& b) {
      std::fill(b.begin() + kVkBytes - 96, b.begin() + kVkBytes, 0);
      b[kVkBytes - 96] = 0x40;
    });
    expect_error(path, ParamsErrorKind::kPointAtInfinity, "ic[1]: point at infinity");
  }
  SUBCASE("a bad verifying-key point fails at once") {
    with([](auto& b) { b[96 + 95] ^= 1; });
    try {
      const MappedParameters mapped(path, SubgroupCheck::kNo);
      FAIL("the verifying key must be checked when the file is opened");
    } catch (const ParamsError& e) {
      CHECK(e.kind() == ParamsErrorKind::kBadPoint);
      CHECK(std::string(e.what()).find("vk.beta_g1: point not on the curve") != std::string::npos);
    }
  }
  SUBCASE("a point outside the subgroup: found only when asked to check") {
    const auto enc = cuzk::bls12_381::encode_uncompressed(off_subgroup_point());
    with([&](auto& b) { std::copy(enc.begin(), enc.end(), b.begin() + kAStart + 3 * 96); });
    CHECK_NOTHROW(MappedParameters(path, SubgroupCheck::kNo).read_all());
    expect_error(path, ParamsErrorKind::kNotInSubgroup, "a[3]: point not in the prime-order",
                 SubgroupCheck::kYes);
  }
  SUBCASE("the verifying key is always subgroup-checked") {
    const auto enc = cuzk::bls12_381::encode_uncompressed(off_subgroup_point());
    with([&](auto& b) { std::copy(enc.begin(), enc.end(), b.begin() + 96); });
    CHECK_THROWS_AS(MappedParameters(path, SubgroupCheck::kNo), ParamsError);
  }
}

TEST_CASE("params: a missing file is an I/O error naming it") {
  try {
    const MappedParameters mapped("/nonexistent/dir/x.params", SubgroupCheck::kNo);
    FAIL("expected an error");
  } catch (const cuzk::Error& e) {
    CHECK(std::string(e.what()).find("/nonexistent/dir/x.params: cannot open") == 0);
  }
}
