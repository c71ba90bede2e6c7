#include "porep/registered_proof.hpp"

#include <doctest/doctest.h>

#include "hashers/sha256.hpp"
#include "util/error.hpp"
#include "util/hex.hpp"

using namespace cuzk::porep;
using cuzk::hashers::sha256;

namespace {

// docs/spec c1-and-groth16-files.md section 2.2, read from filecoin-proofs constants.rs.
struct SizeExpectation {
  std::uint64_t sector_size;
  std::uint64_t nodes;
  std::uint32_t layers;
  std::uint32_t partitions;
  std::uint32_t ni_partitions;
  std::uint32_t challenges_per_partition;
  TreeShape tree;
  const char* tag;
};

constexpr SizeExpectation kSizes[] = {
    {2048, 64, 2, 1, 13, 2, {8, 0, 0}, "StackedDrg2KiBV1"},
    {8388608, 262144, 2, 1, 13, 2, {8, 0, 0}, "StackedDrg8MiBV1"},
    {536870912, 16777216, 2, 1, 13, 2, {8, 0, 0}, "StackedDrg512MiBV1"},
    {34359738368, 1073741824, 11, 10, 126, 18, {8, 8, 0}, "StackedDrg32GiBV1"},
    {68719476736, 2147483648, 11, 10, 126, 18, {8, 8, 2}, "StackedDrg64GiBV1"},
};

}  // namespace

TEST_CASE("the registered seal proof table has the spec's numbers for every variant") {
  const char* suffixes[] = {"V1", "V1_1", "V1_1_Feat_SyntheticPoRep",
                            "V1_2_Feat_NonInteractivePoRep"};
  const char* sizes[] = {"2KiB", "8MiB", "512MiB", "32GiB", "64GiB"};
  const ApiVersion versions[] = {ApiVersion::kV1_0_0, ApiVersion::kV1_1_0, ApiVersion::kV1_2_0,
                                 ApiVersion::kV1_2_0};
  const ChallengeMode modes[] = {ChallengeMode::kInteractive, ChallengeMode::kInteractive,
                                 ChallengeMode::kSynthetic, ChallengeMode::kNonInteractive};
  REQUIRE(all_seal_proofs().size() == 20);
  for (std::size_t variant = 0; variant < 4; ++variant) {
    for (std::size_t s = 0; s < 5; ++s) {
      const std::size_t id = 5 * variant + s;
      const std::string name = std::string("StackedDrg") + sizes[s] + suffixes[variant];
      INFO(name);
      const SealProofInfo& info = all_seal_proofs()[id];
      const SizeExpectation& e = kSizes[s];
      const bool ni = variant == 3;
      CHECK(info.name == name);
      CHECK(info.id() == id);
      CHECK(seal_proof_from_name(name) == info.proof);
      CHECK(seal_proof_from_id(id) == info.proof);
      CHECK(&seal_proof_info(info.proof) == &info);
      CHECK(info.api_version == versions[variant]);
      CHECK(info.challenge_mode == modes[variant]);
      CHECK(info.sector_size == e.sector_size);
      CHECK(info.nodes == e.nodes);
      CHECK(info.layers == e.layers);
      CHECK(info.partitions == (ni ? e.ni_partitions : e.partitions));
      CHECK(info.challenges_per_partition == e.challenges_per_partition);
      CHECK(info.tree == e.tree);
      CHECK(info.vanilla_proof_tag == e.tag);
      // porep_id: the id as u64 LE, a zero nonce, zero padding (registry.rs porep_id).
      PorepId expected_id{};
      expected_id[0] = static_cast<std::uint8_t>(id);
      CHECK(porep_id(info.proof) == expected_id);
      const PorepConfig config = porep_config(info.proof);
      CHECK(config.nodes == e.nodes);
      CHECK(config.porep_id == expected_id);
      CHECK(config.challenge_mode == modes[variant]);
    }
  }
  CHECK_FALSE(seal_proof_from_name("StackedDrg32GiBV2").has_value());
  CHECK_FALSE(seal_proof_from_id(20).has_value());
}

TEST_CASE("minimum challenges: 176 and 2253 for production sizes, 2 and 26 for test sizes") {
  const auto& interactive = seal_proof_info(RegisteredSealProof::kStackedDrg32GiBV1_1);
  const auto& ni =
      seal_proof_info(RegisteredSealProof::kStackedDrg32GiBV1_2_Feat_NonInteractivePoRep);
  const auto& small_ni =
      seal_proof_info(RegisteredSealProof::kStackedDrg2KiBV1_2_Feat_NonInteractivePoRep);
  CHECK(interactive.minimum_challenges == 176);
  CHECK(ni.minimum_challenges == 2253);
  CHECK(small_ni.minimum_challenges == 26);
  CHECK(interactive.partitions * interactive.challenges_per_partition == 180);
  CHECK(ni.partitions * ni.challenges_per_partition == 2268);
}

TEST_CASE("public input counts: 327 for 32 and 64 GiB, 39 for test sizes (ONE not counted)") {
  CHECK(seal_proof_info(RegisteredSealProof::kStackedDrg32GiBV1_1).public_input_count() == 327);
  CHECK(seal_proof_info(RegisteredSealProof::kStackedDrg64GiBV1_1).public_input_count() == 327);
  CHECK(seal_proof_info(RegisteredSealProof::kStackedDrg2KiBV1).public_input_count() == 39);
  CHECK(seal_proof_info(RegisteredSealProof::kStackedDrg512MiBV1_2_Feat_NonInteractivePoRep)
            .public_input_count() == 39);
}

TEST_CASE("parameter identifiers hash to the names in parameters.json") {
  for (const SealProofInfo& info : all_seal_proofs()) {
    INFO(info.name);
    const std::string identifier = parameter_identifier(info);
    const auto digest = sha256(
        std::span(reinterpret_cast<const std::uint8_t*>(identifier.data()), identifier.size()));
    CHECK(cuzk::to_hex(digest) == info.parameters.identifier_sha256);
  }
  const auto& info = seal_proof_info(RegisteredSealProof::kStackedDrg32GiBV1_1);
  CHECK(parameter_identifier(info) ==
        "layered_drgporep::PublicParams{ graph: stacked_graph::StackedGraph{expansion_degree: 8 "
        "base_graph: drgraph::BucketGraph{size: 1073741824; degree: 6; hasher: poseidon_hasher} "
        "}, challenges: LayerChallenges { layers: 11, max_count: 18 }, tree: "
        "merkletree-poseidon_hasher-8-8-0 }");
  CHECK(parameter_file_stem(info) ==
        "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-8-0-sha256_hasher-"
        "82a357d2f2ca81dc61bb45f4a762807aedee1b0a53fd6c4e77b46a01bfef7820");
}

TEST_CASE("porep_config with overrides: a network's porep_id and API version, nothing else") {
  PorepId custom{};
  for (std::size_t i = 0; i < custom.size(); ++i) custom[i] = static_cast<std::uint8_t>(0xa0 + i);
  for (const SealProofInfo& info : all_seal_proofs()) {
    INFO(info.name);
    const PorepConfig base = porep_config(info.proof);
    CHECK(porep_config(info.proof, PorepOverrides{}) == base);
    PorepConfig expected = base;
    expected.porep_id = custom;
    expected.api_version = ApiVersion::kV1_2_0;
    CHECK(porep_config(info.proof, {.porep_id = custom, .api_version = ApiVersion::kV1_2_0}) ==
          expected);
    expected.api_version = base.api_version;
    CHECK(porep_config(info.proof, {.porep_id = custom, .api_version = {}}) == expected);

    // Synthetic and non-interactive PoRep are first supported in 1.2.0 (api_version.rs).
    const bool feature = info.challenge_mode != ChallengeMode::kInteractive;
    for (const ApiVersion older : {ApiVersion::kV1_0_0, ApiVersion::kV1_1_0}) {
      if (feature) {
        CHECK_THROWS_WITH_AS(porep_config(info.proof, {.porep_id = {}, .api_version = older}),
                             doctest::Contains("needs API version 1.2.0 or later"), cuzk::Error);
      } else {
        CHECK(porep_config(info.proof, {.porep_id = {}, .api_version = older}).api_version ==
              older);
      }
    }
  }
}

TEST_CASE("API versions are named as rust-fil-proofs prints them") {
  CHECK(api_version_name(ApiVersion::kV1_0_0) == "1.0.0");
  CHECK(api_version_name(ApiVersion::kV1_1_0) == "1.1.0");
  CHECK(api_version_name(ApiVersion::kV1_2_0) == "1.2.0");
  for (const ApiVersion v : {ApiVersion::kV1_0_0, ApiVersion::kV1_1_0, ApiVersion::kV1_2_0}) {
    CHECK(api_version_from_name(api_version_name(v)) == v);
  }
  CHECK_FALSE(api_version_from_name("1.3.0").has_value());
  CHECK_FALSE(api_version_from_name("V1_1_0").has_value());
  CHECK_FALSE(api_version_from_name("1.1").has_value());
  CHECK(ApiVersion::kV1_0_0 < ApiVersion::kV1_1_0);
  CHECK(ApiVersion::kV1_1_0 < ApiVersion::kV1_2_0);
}

TEST_CASE("seal_proof_names lists every registered proof once, in id order") {
  const std::string names = seal_proof_names(", ");
  CHECK(
      names.starts_with("StackedDrg2KiBV1, StackedDrg8MiBV1, StackedDrg512MiBV1, "
                        "StackedDrg32GiBV1, StackedDrg64GiBV1, StackedDrg2KiBV1_1, "));
  CHECK(names.ends_with(", StackedDrg64GiBV1_2_Feat_NonInteractivePoRep"));
  const std::string lines = seal_proof_names("\n");
  std::size_t start = 0;
  std::uint64_t id = 0;
  for (std::size_t end = 0; end != std::string::npos; start = end + 1, ++id) {
    end = lines.find('\n', start);
    const std::string name = lines.substr(start, end - start);
    INFO(name);
    CHECK(seal_proof_from_name(name) == seal_proof_from_id(id));
  }
  CHECK(id == kRegisteredSealProofCount);
}
