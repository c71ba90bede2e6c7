// Test parameters written under Filecoin's file names are marked and never taken for published
// ones; a set is written whole or not at all, by one writer at a time.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "groth16_circuits.hpp"
#include "host_faults.hpp"
#include "porep/registered_proof.hpp"
#include "prover/params/mapped_parameters.hpp"
#include "prover/params/parameter_check.hpp"
#include "prover/params/parameter_digest.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/params/published_parameters.hpp"
#include "prover/params/test_parameter_marker.hpp"
#include "prover/params/verifying_key.hpp"
#include "prover/setup/test_parameters.hpp"
#include "prover/setup/test_setup.hpp"
#include "temp_dir.hpp"
#include "util/error.hpp"

namespace {

namespace fs = std::filesystem;
namespace prover = cuzk::prover;
using prover::ParameterFileStatus;

constexpr auto kProof = cuzk::porep::RegisteredSealProof::kStackedDrg2KiBV1_1;

const cuzk::prover::Parameters& toy_parameters(std::uint64_t seed) {
  static std::map<std::uint64_t, cuzk::prover::Parameters> cache;
  auto it = cache.find(seed);
  if (it == cache.end()) {
    std::mt19937_64 rng(seed);
    it = cache
             .emplace(seed, cuzk::prover::generate_test_parameters(
                                cuzk::test::RandomCircuit{.inputs = 3, .constraints = 40},
                                cuzk::prover::ToxicWaste::random(rng)))
             .first;
  }
  return it->second;
}

std::vector<std::string> listing(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<std::uint8_t> read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string stem() {
  return cuzk::porep::parameter_file_stem(cuzk::porep::seal_proof_info(kProof));
}

}  // namespace

TEST_CASE("test marker: the text round-trips, a malformed line is refused by number") {
  const std::vector<prover::MarkedFile> files = {{"a.params", "0123456789abcdef0123456789abcdef"},
                                                 {"a.vk", "fedcba9876543210fedcba9876543210"}};
  const std::string text = prover::encode_test_marker(files);
  CHECK(text.rfind("# INSECURE TEST parameters written by `cuzk params generate`", 0) == 0);
  CHECK(prover::parse_test_marker(text, "m") == files);
  CHECK(prover::test_marker_path("/cache/v28-x.params") == "/cache/v28-x.test-only");
  CHECK(prover::test_marker_path("/cache/v28-x.vk") == "/cache/v28-x.test-only");
  for (const char* bad :
       {"a.params\n", "a.params 0123\n", "a.params 0123456789ABCDEF0123456789ABCDEF\n",
        " 0123456789abcdef0123456789abcdef\n"}) {
    INFO(bad);
    CHECK_THROWS_WITH_AS(prover::parse_test_marker(std::string("# header\n") + bad, "m"),
                         "m: line 2: expected '<file name> <32 lowercase hex digits>'",
                         cuzk::Error);
  }
}

TEST_CASE("a written test set is marked, and checks as test-only, corrupt or missing") {
  const cuzk::test::TempDir scratch("test_params_marked");
  const prover::ParameterPaths paths = prover::parameter_paths(scratch.path(), kProof);
  const auto& params = toy_parameters(1);
  prover::write_parameter_files(paths, params);
  CHECK(listing(scratch.path()) == std::vector<std::string>{stem() + ".lock", stem() + ".params",
                                                            stem() + ".test-only", stem() + ".vk"});
  CHECK(read_bytes(paths.params) == cuzk::prover::encode_parameters(params));
  CHECK(cuzk::prover::read_verifying_key_file(paths.vk) == params.vk);
  const std::string params_digest = prover::parameter_file_digest(paths.params);
  const std::string vk_digest = prover::parameter_file_digest(paths.vk);
  CHECK(prover::read_test_marker(paths.params) ==
        std::vector<prover::MarkedFile>{{paths.params.filename().string(), params_digest},
                                        {paths.vk.filename().string(), vk_digest}});

  // Against Filecoin's table: test-only, with the file's digest.
  const prover::PublishedSealFiles published = prover::published_seal_files(kProof);
  prover::ParameterFileCheck check = prover::check_parameter_file(scratch.path(), published.params);
  CHECK(check.status == ParameterFileStatus::kTestOnly);
  CHECK(check.digest == params_digest);
  CHECK(check.bytes == fs::file_size(paths.params));
  CHECK(prover::check_parameter_file(scratch.path(), published.vk).status ==
        ParameterFileStatus::kTestOnly);

  // A table that published exactly this file: ok (the digest decides, the marker does not).
  const prover::PublishedParameterFile same{published.params.name, 2048, params_digest, "Qm"};
  CHECK(prover::check_parameter_file(scratch.path(), same).status == ParameterFileStatus::kOk);

  // Damaged after it was written: corrupt, not test-only.
  auto bytes = read_bytes(paths.vk);
  bytes.back() ^= 1;
  std::ofstream(paths.vk, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
  CHECK(prover::check_parameter_file(scratch.path(), published.vk).status ==
        ParameterFileStatus::kCorrupt);

  // Without its marker a test file is still never the published one.
  fs::remove(prover::test_marker_path(paths.params));
  CHECK(prover::check_parameter_file(scratch.path(), published.params).status ==
        ParameterFileStatus::kCorrupt);
  fs::remove(paths.params);
  CHECK(prover::check_parameter_file(scratch.path(), published.params).status ==
        ParameterFileStatus::kMissing);
}

TEST_CASE("disk full while writing a test set: nothing new in place, the old set untouched") {
  const cuzk::test::TempDir scratch("test_params_full");
  const prover::ParameterPaths paths = prover::parameter_paths(scratch.path(), kProof);
  prover::write_parameter_files(paths, toy_parameters(1));
  const auto before = listing(scratch.path());
  const auto old_params = read_bytes(paths.params);
  const auto old_vk = read_bytes(paths.vk);
  const auto old_marker = read_bytes(prover::test_marker_path(paths.params));
  REQUIRE(old_params.size() > 4096);
  {
    const cuzk::test::FileSizeLimit limit(4096);
    CHECK_THROWS_WITH_AS(prover::write_parameter_files(paths, toy_parameters(2)),
                         doctest::Contains("write failed: File too large"), cuzk::Error);
  }
  CHECK(listing(scratch.path()) == before);
  CHECK(read_bytes(paths.params) == old_params);
  CHECK(read_bytes(paths.vk) == old_vk);
  CHECK(read_bytes(prover::test_marker_path(paths.params)) == old_marker);
}

TEST_CASE("a read-only parameter directory fails before any setup, leaving nothing") {
  const cuzk::test::TempDir scratch("test_params_readonly");
  const fs::path dir = cuzk::test::make_read_only_dir(scratch, "cache");
  const prover::ParameterPaths paths = prover::parameter_paths(dir, kProof);
  CHECK(cuzk::test::run_in_child(
            [&]() -> std::string {
              try {
                prover::TestParameterWriter writer(paths);
              } catch (const cuzk::Error& e) {
                const std::string what = e.what();
                return what.find("Permission denied") != std::string::npos ? "" : what;
              }
              return "no error";
            },
            cuzk::test::ChildUser::kUnprivileged) == "");
  CHECK(fs::is_empty(dir));
}

TEST_CASE("two processes writing one test set leave a matching .params, .vk and marker") {
  const cuzk::test::TempDir scratch("test_params_race");
  const prover::ParameterPaths paths = prover::parameter_paths(scratch.path(), kProof);
  const std::array<const cuzk::prover::Parameters*, 2> sets = {&toy_parameters(1),
                                                               &toy_parameters(2)};
  REQUIRE(sets[0]->vk != sets[1]->vk);
  cuzk::test::Workers writers(2, [&](int w) {
    for (int round = 0; round < 20; ++round) prover::write_parameter_files(paths, *sets[w]);
  });
  CHECK(writers.all_succeeded());
  const auto vk = cuzk::prover::read_verifying_key_file(paths.vk);
  const cuzk::prover::MappedParameters mapped(paths.params, cuzk::bls12_381::SubgroupCheck::kNo);
  CHECK(mapped.vk() == vk);
  CHECK((vk == sets[0]->vk || vk == sets[1]->vk));
  CHECK(prover::check_parameter_file(scratch.path(), prover::published_seal_files(kProof).params)
            .status == ParameterFileStatus::kTestOnly);
  CHECK(prover::check_parameter_file(scratch.path(), prover::published_seal_files(kProof).vk)
            .status == ParameterFileStatus::kTestOnly);
  CHECK(listing(scratch.path()).size() == 4);  // .lock, .params, .test-only, .vk
}
