// Filecoin's published parameter files: the generated table of parameters.json, the digest
// rust-fil-proofs compares them by (BLAKE2b-512, first 32 hex digits, streamed over the file), and
// the vector lengths a file's header must have.
#include <doctest/doctest.h>
#include <openssl/evp.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "porep/registered_proof.hpp"
#include "prover/params/parameter_digest.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/params/published_parameters.hpp"
#include "temp_dir.hpp"
#include "test_vectors.hpp"
#include "util/error.hpp"
#include "util/hex.hpp"

namespace {

namespace fs = std::filesystem;
namespace prover = cuzk::prover;
using cuzk::porep::RegisteredSealProof;

std::vector<std::uint8_t> pattern(std::size_t n) {
  std::vector<std::uint8_t> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::uint8_t>(i * 131 + (i >> 9));
  return v;
}

void write_bytes(const fs::path& p, const std::vector<std::uint8_t>& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
}

// OpenSSL's BLAKE2b-512, first 16 bytes in hex: an implementation independent of cuzk's.
std::string openssl_digest(const std::vector<std::uint8_t>& bytes) {
  std::uint8_t full[64];
  unsigned n = 0;
  REQUIRE(EVP_Digest(bytes.data(), bytes.size(), full, &n, EVP_blake2b512(), nullptr) == 1);
  return cuzk::to_hex(std::span(full, 16));
}

}  // namespace

TEST_CASE("the published table is parameters.json v28: 44 files, sorted, of five sizes") {
  const auto files = prover::published_parameter_files();
  CHECK(files.size() == 44);
  CHECK(std::is_sorted(files.begin(), files.end(),
                       [](const auto& a, const auto& b) { return a.name < b.name; }));
  std::map<std::string, int> kinds;
  std::map<std::uint64_t, int> sizes;
  for (const auto& f : files) {
    INFO(f.name);
    kinds[std::string(f.name.substr(0, f.name.find("-merkletree")))] += 1;
    sizes[f.sector_size] += 1;
    CHECK(f.digest.size() == 32);
    CHECK(f.cid.size() == 46);
    CHECK(prover::find_published_parameter_file(f.name) == &f);
  }
  CHECK(kinds == std::map<std::string, int>{{"v28-empty-sector-update", 10},
                                            {"v28-empty-sector-update-poseidon", 4},
                                            {"v28-proof-of-spacetime-fallback", 20},
                                            {"v28-stacked-proof-of-replication", 10}});
  CHECK(sizes ==
        std::map<std::uint64_t, int>{
            {2048, 8}, {8388608, 8}, {536870912, 8}, {34359738368, 10}, {68719476736, 10}});
  CHECK(prover::find_published_parameter_file("v28-fil-inner-product-v1.srs") == nullptr);
  CHECK(prover::find_published_parameter_file("") == nullptr);
}

TEST_CASE("every registered seal proof's files are published, with the spec's digests") {
  for (const auto& info : cuzk::porep::all_seal_proofs()) {
    INFO(info.name);
    const prover::PublishedSealFiles files = prover::published_seal_files(info.proof);
    const prover::ParameterPaths paths = prover::parameter_paths("/cache", info.proof);
    CHECK(files.params.name == paths.params.filename().string());
    CHECK(files.vk.name == paths.vk.filename().string());
    CHECK(files.params.sector_size == info.sector_size);
    CHECK(files.vk.sector_size == info.sector_size);
  }
  // ../shared/spec/c1-and-groth16-files.md §2.6, copied there from parameters.json by hand.
  struct Row {
    RegisteredSealProof proof;
    const char* params_digest;
    const char* params_cid;
    const char* vk_digest;
    const char* vk_cid;
  };
  const Row rows[] = {
      {RegisteredSealProof::kStackedDrg2KiBV1_1, "434fb1338ecfaf0f59256f30dde4968f",
       "QmWceMgnWYLopMuM4AoGMvGEau7tNe5UK83XFjH5V9B17h", "dc1ade9929ade1708238f155343044ac",
       "QmamahpFCstMUqHi2qGtVoDnRrsXhid86qsfvoyCTKJqHr"},
      {RegisteredSealProof::kStackedDrg32GiBV1_1, "6a388072a518cf46ebd661f5cc46900a",
       "QmengpM684XLQfG8754ToonszgEg2bQeAGUan5uXTHUQzJ", "0c7b4aac1c40fdb7eb82bc355b41addf",
       "Qmf93EMrADXAK6CyiSfE8xx45fkMfR3uzKEPCvZC1n2kzb"},
      {RegisteredSealProof::kStackedDrg64GiBV1_2_Feat_NonInteractivePoRep,
       "1801f8a6e1b00bceb00cc27314bb5ce3", "QmS7ye6Ri2MfFzCkcUJ7FQ6zxDKuJ6J6B8k5PN7wzSR9sX",
       "a89884252c04c298d0b3c81bfd884164", "QmehSmC6BhrgRZakPDta2ewoH9nosNzdjCqQRXsNFNUkLN"},
  };
  for (const Row& r : rows) {
    const prover::PublishedSealFiles files = prover::published_seal_files(r.proof);
    CHECK(files.params.digest == r.params_digest);
    CHECK(files.params.cid == r.params_cid);
    CHECK(files.vk.digest == r.vk_digest);
    CHECK(files.vk.cid == r.vk_cid);
  }
}

TEST_CASE("parameter digests: RFC 7693's BLAKE2b-512 of \"abc\", cut to 16 bytes") {
  const std::string abc = "abc";
  CHECK(prover::parameter_digest(std::span(reinterpret_cast<const std::uint8_t*>(abc.data()), 3)) ==
        "ba80a53f981c4d0d6a2797b69f12f6e9");
  CHECK(prover::parameter_digest({}) == openssl_digest({}));
}

TEST_CASE("a file's digest streams in chunks and equals the digest of its bytes") {
  const cuzk::test::TempDir scratch("param_digest");
  constexpr std::size_t kChunk = std::size_t{8} << 20;
  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{127}, std::size_t{128},
                              std::size_t{129}, kChunk - 1, kChunk, kChunk + 1, 2 * kChunk + 129}) {
    INFO(n << " bytes");
    const auto bytes = pattern(n);
    const fs::path file = scratch / "file";
    write_bytes(file, bytes);
    std::vector<std::uint64_t> seen;
    const std::string digest =
        prover::parameter_file_digest(file, [&](std::uint64_t done, std::uint64_t total) {
          CHECK(total == n);
          seen.push_back(done);
        });
    CHECK(digest == openssl_digest(bytes));
    CHECK(digest == prover::parameter_digest(bytes));
    CHECK(std::is_sorted(seen.begin(), seen.end()));
    CHECK(seen.size() == (n + kChunk - 1) / kChunk);
    if (!seen.empty()) CHECK(seen.back() == n);
  }
  CHECK_THROWS_WITH_AS(prover::parameter_file_digest(scratch / "absent"),
                       doctest::Contains("absent: cannot open: No such file or directory"),
                       cuzk::Error);
}

TEST_CASE("expected parameter lengths are rust-fil-proofs' R1CS counts, for every size") {
  // ic = inputs, h = 2^ceil(log2(constraints + inputs)) - 1, l = aux, a = inputs + A-aux density,
  // b_g1 = b_g2 = B-input + B-aux density, from the counts rust-fil-proofs itself produced.
  auto json = cuzk::test::load_shared_vector_file("rust-fil-proofs-r1cs.json");
  simdjson::ondemand::parser parser;
  auto doc = parser.iterate(json);
  auto circuits = doc["circuits"];
  for (const auto proof :
       {RegisteredSealProof::kStackedDrg2KiBV1_1, RegisteredSealProof::kStackedDrg8MiBV1_1,
        RegisteredSealProof::kStackedDrg512MiBV1_1, RegisteredSealProof::kStackedDrg32GiBV1_1,
        RegisteredSealProof::kStackedDrg64GiBV1_1}) {
    const auto& info = cuzk::porep::seal_proof_info(proof);
    INFO(info.name);
    auto c = circuits[info.name];
    const std::uint64_t inputs = c["num_inputs"].get_uint64();
    const std::uint64_t aux = c["num_aux"].get_uint64();
    const std::uint64_t constraints = c["num_constraints"].get_uint64();
    auto density = c["density"];
    const std::uint64_t a_aux = density["a_aux"].get_uint64();
    const std::uint64_t b_aux = density["b_aux"].get_uint64();
    const std::uint64_t b_input = density["b_input"].get_uint64();
    const std::uint64_t domain = std::bit_ceil(constraints + inputs);
    const cuzk::prover::VectorLengths want{inputs,         domain - 1,      aux,
                                           inputs + a_aux, b_input + b_aux, b_input + b_aux};
    CHECK(prover::expected_parameter_lengths(proof) == want);
    // Every variant of the size shares the table row (and the files).
    CHECK(prover::expected_parameter_lengths(
              static_cast<RegisteredSealProof>(static_cast<int>(proof) + 5)) == want);
  }
}

TEST_CASE("expected parameter lengths equal the lengths counted from the 2 KiB circuit") {
  CHECK(prover::expected_parameter_lengths(RegisteredSealProof::kStackedDrg2KiBV1) ==
        prover::circuit_parameter_lengths(RegisteredSealProof::kStackedDrg2KiBV1));
}
