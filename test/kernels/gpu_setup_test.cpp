// The GPU test setup against the CPU's: fixed-base products and their encodings (edge scalars,
// random ones, several chunks of the page-locked ring), a sink that fails mid-stream, the setup's
// scalars with the Lagrange basis from the GPU NTT, and whole parameter files for 2 KiB and 8 MiB
// sectors written by the GPU setup and by the in-memory CPU setup from the same toxic waste,
// compared byte for byte. Skipped without a GPU; the lead runs it on the H200.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "bls12_381/encoding.hpp"
#include "gpu_test_support.hpp"
#include "kernels/msm/fixed_base.hpp"
#include "prover/groth16_circuits.hpp"
#include "prover/params/mapped_file.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/params/parameters.hpp"
#include "prover/params/test_parameter_marker.hpp"
#include "prover/setup/setup_scalars.hpp"
#include "prover/setup/test_parameters.hpp"
#include "prover/setup/test_setup.hpp"
#include "temp_dir.hpp"
#include "util/error.hpp"

namespace cuzk::kernels::test {
namespace {

namespace fs = std::filesystem;
using bls12_381::G1Jacobian;
using bls12_381::G2Jacobian;

// Scalars that stress the 16-bit windows: zero, small values, digit and window boundaries, the
// largest digits of the top window, r - 1, and repeats.
std::vector<Fr> edge_scalars() {
  const Fr two = Fr::from_u64(2);
  std::vector<Fr> s = {Fr::zero(),
                       Fr::one(),
                       two,
                       Fr::from_u64(3),
                       Fr::from_u64(65535),
                       Fr::from_u64(65536),
                       Fr::from_u64(65537),
                       Fr::from_u64(0xffff0000ull),
                       Fr::from_u64(0xffffffffull),
                       Fr::from_u64(~0ull),
                       two.pow(240),
                       two.pow(254),
                       two.pow(240) * Fr::from_u64(0x7fff),
                       -Fr::one(),
                       -two,
                       Fr::zero(),
                       Fr::one()};
  return s;
}

std::vector<Fr> with_random(std::vector<Fr> s, std::size_t n, std::mt19937_64& rng) {
  while (s.size() < n) s.push_back(Fr::random(rng));
  return s;
}

template <class Encoding>
std::vector<std::uint8_t> collect(FixedBaseProducts& products, std::span<const Fr> scalars, bool g2,
                                  std::size_t chunk_points) {
  std::vector<std::uint8_t> out;
  constexpr std::size_t kBytes = std::tuple_size_v<Encoding>;
  const auto sink = [&](std::span<const std::uint8_t> bytes) {
    CHECK(bytes.size() % kBytes == 0);
    CHECK(bytes.size() <= chunk_points * kBytes);
    out.insert(out.end(), bytes.begin(), bytes.end());
  };
  if (g2) {
    products.encode_g2(scalars, sink);
  } else {
    products.encode_g1(scalars, sink);
  }
  return out;
}

// The number of points whose encoding differs from base * scalar on the CPU.
template <class Jacobian>
std::size_t mismatches(const Jacobian& base, std::span<const Fr> scalars,
                       const std::vector<std::uint8_t>& bytes) {
  using Encoding = decltype(bls12_381::encode_uncompressed(base.to_affine()));
  constexpr std::size_t kBytes = std::tuple_size_v<Encoding>;
  REQUIRE(bytes.size() == scalars.size() * kBytes);
  std::size_t bad = 0;
  for (std::size_t i = 0; i < scalars.size(); ++i) {
    const Encoding e = bls12_381::encode_uncompressed((base * scalars[i]).to_affine());
    if (!std::equal(e.begin(), e.end(), bytes.begin() + i * kBytes)) {
      if (bad < 5) std::printf("point %zu differs\n", i);
      ++bad;
    }
  }
  return bad;
}

TEST_CASE("GPU fixed-base products encode as base * scalar on the CPU" * doctest::skip(no_gpu())) {
  std::mt19937_64 rng(81);
  const G1Jacobian g1 = G1Jacobian::generator() * Fr::random(rng);
  const G2Jacobian g2 = G2Jacobian::generator() * Fr::random(rng);
  constexpr std::size_t kChunk = 1000;
  FixedBaseProducts products(kTestGpu, to_device_layout(g1.to_affine()),
                             to_device_layout(g2.to_affine()), kChunk);

  const std::vector<Fr> s1 = with_random(edge_scalars(), 2500, rng);  // three chunks
  const auto b1 = collect<std::array<std::uint8_t, 96>>(products, s1, false, kChunk);
  CHECK(mismatches(g1, s1, b1) == 0);
  const std::vector<Fr> s2 = with_random(edge_scalars(), 1200, rng);  // two chunks
  const auto b2 = collect<std::array<std::uint8_t, 192>>(products, s2, true, kChunk);
  CHECK(mismatches(g2, s2, b2) == 0);
  // Exactly one chunk, and nothing at all.
  const std::vector<Fr> s3(s1.begin(), s1.begin() + kChunk);
  CHECK(collect<std::array<std::uint8_t, 96>>(products, s3, false, kChunk) ==
        std::vector<std::uint8_t>(b1.begin(), b1.begin() + kChunk * 96));
  CHECK(collect<std::array<std::uint8_t, 96>>(products, {}, false, kChunk).empty());
}

TEST_CASE("GPU fixed-base products: consecutive scalars over many ring chunks" *
          doctest::skip(no_gpu())) {
  std::mt19937_64 rng(82);
  const G1Jacobian g1 = G1Jacobian::generator() * Fr::random(rng);
  const G2Jacobian g2 = G2Jacobian::generator() * Fr::random(rng);
  constexpr std::size_t kChunk = std::size_t{1} << 18;
  FixedBaseProducts products(kTestGpu, to_device_layout(g1.to_affine()),
                             to_device_layout(g2.to_affine()), kChunk);
  // (c + i) * g1 for i < n: one CPU addition each as the reference.
  const std::size_t n = 3 * kChunk + 5;
  const Fr c = Fr::random(rng);
  std::vector<Fr> scalars(n);
  std::vector<G1Jacobian> expected(n);
  G1Jacobian p = g1 * c;
  for (std::size_t i = 0; i < n; ++i) {
    scalars[i] = c + Fr::from_u64(i);
    expected[i] = p;
    p += g1;
  }
  std::vector<bls12_381::G1Affine> affine(n);
  bls12_381::batch_to_affine<bls12_381::G1Curve>(expected, affine);
  const auto bytes = collect<std::array<std::uint8_t, 96>>(products, scalars, false, kChunk);
  REQUIRE(bytes.size() == n * 96);
  std::size_t bad = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const auto e = bls12_381::encode_uncompressed(affine[i]);
    bad += !std::equal(e.begin(), e.end(), bytes.begin() + i * 96);
  }
  CHECK(bad == 0);
}

TEST_CASE("GPU fixed-base products: a failing sink stops the stream, the object stays usable" *
          doctest::skip(no_gpu())) {
  std::mt19937_64 rng(83);
  const G1Jacobian g1 = G1Jacobian::generator() * Fr::random(rng);
  const G2Jacobian g2 = G2Jacobian::generator() * Fr::random(rng);
  FixedBaseProducts products(kTestGpu, to_device_layout(g1.to_affine()),
                             to_device_layout(g2.to_affine()), 100);
  const std::vector<Fr> scalars = with_random({}, 450, rng);
  int calls = 0;
  CHECK_THROWS_WITH_AS(products.encode_g1(scalars,
                                          [&](std::span<const std::uint8_t>) {
                                            if (++calls == 2) throw Error("sink full");
                                          }),
                       "sink full", Error);
  CHECK(calls == 2);
  const auto bytes = collect<std::array<std::uint8_t, 96>>(products, scalars, false, 100);
  CHECK(mismatches(g1, std::span<const Fr>(scalars), bytes) == 0);
}

TEST_CASE("setup scalars: the GPU NTT's Lagrange basis gives the CPU's" * doctest::skip(no_gpu())) {
  cuzk::test::RandomCircuit circuit;
  circuit.inputs = 3;
  circuit.constraints = 5000;
  const auto r = prover::record_circuit(circuit);
  std::mt19937_64 rng(84);
  const auto w = prover::ToxicWaste::random(rng);
  const auto gpu = prover::setup_scalars(r, w, prover::SetupDevice::kGpu);
  const auto cpu = prover::setup_scalars(r, w, prover::SetupDevice::kCpu);
  CHECK(gpu.h == cpu.h);
  CHECK(gpu.ic == cpu.ic);
  CHECK(gpu.l == cpu.l);
  CHECK(gpu.a == cpu.a);
  CHECK(gpu.b == cpu.b);
}

// "h[123]" for a byte offset into a .params file of these lengths.
std::string locate(std::size_t offset, const prover::VectorLengths& n) {
  const std::size_t vk = prover::parameter_file_sizes({n.ic, 0, 0, 0, 0, 0}).vk;
  if (offset < vk) return "the verifying key, byte " + std::to_string(offset);
  std::size_t at = vk;
  const std::pair<const char*, std::pair<std::size_t, std::size_t>> vectors[] = {
      {"h", {n.h, 96}},
      {"l", {n.l, 96}},
      {"a", {n.a, 96}},
      {"b_g1", {n.b_g1, 96}},
      {"b_g2", {n.b_g2, 192}}};
  for (const auto& [name, shape] : vectors) {
    const std::size_t end = at + 4 + shape.first * shape.second;
    if (offset < end) {
      return offset < at + 4
                 ? std::string(name) + "'s length"
                 : std::string(name) + "[" + std::to_string((offset - at - 4) / shape.second) + "]";
    }
    at = end;
  }
  return "past the end";
}

void check_seal_setup(porep::RegisteredSealProof proof, std::uint64_t seed) {
  INFO(porep::seal_proof_info(proof).name);
  std::mt19937_64 rng(seed);
  const auto waste = prover::ToxicWaste::random(rng);
  const cuzk::test::TempDir dir("gpu_setup");
  const auto paths = prover::parameter_paths(dir.path(), proof);
  prover::TestParameterWriter writer(paths);
  const auto report = prover::write_seal_test_parameters(
      proof, waste, writer, prover::SetupDevice::kGpu,
      [](const std::string& line) { std::printf("  %s\n", line.c_str()); });
  for (const auto& [phase, seconds] : report.phases)
    std::printf("  %s %.2f s\n", phase.c_str(), seconds);
  CHECK(prover::read_test_marker(paths.params).size() == 2);

  const prover::Parameters cpu = prover::generate_seal_test_parameters(proof, waste);
  const std::vector<std::uint8_t> expected = prover::encode_parameters(cpu);
  const prover::MappedFile file(paths.params);
  const auto bytes = file.bytes();
  CHECK(bytes.size() == expected.size());
  CHECK(report.sizes.params == expected.size());
  const std::size_t common = std::min(bytes.size(), expected.size());
  std::size_t first = common;
  for (std::size_t i = 0; i < common; ++i) {
    if (bytes[i] != expected[i]) {
      first = i;
      break;
    }
  }
  INFO("first difference at byte " << first << ": " << locate(first, report.lengths));
  CHECK(first == common);

  std::vector<std::uint8_t> vk;
  prover::append_encoding(cpu.vk, vk);
  const prover::MappedFile vk_file(paths.vk);
  CHECK(std::vector<std::uint8_t>(vk_file.bytes().begin(), vk_file.bytes().end()) == vk);
}

TEST_CASE("GPU setup writes the CPU setup's .params and .vk bytes: 2 KiB and 8 MiB" *
          doctest::skip(no_gpu())) {
  check_seal_setup(porep::RegisteredSealProof::kStackedDrg2KiBV1_1, 85);
  check_seal_setup(porep::RegisteredSealProof::kStackedDrg8MiBV1_1, 86);
}

}  // namespace
}  // namespace cuzk::kernels::test
