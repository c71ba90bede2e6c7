#include "porep/registered_proof.hpp"

#include <cstdio>

#include "util/error.hpp"

namespace cuzk::porep {
namespace {

// One row per sector size: filecoin-proofs constants.rs (layers, partitions, minimum challenges,
// NI partitions and challenges, shapes) and the parameter file identifiers (parameters.json).
struct SizeRow {
  std::uint64_t sector_size;
  std::uint32_t layers;
  std::uint32_t partitions;
  std::uint32_t minimum_challenges;
  std::uint32_t ni_partitions;
  std::uint32_t ni_minimum_challenges;
  TreeShape tree;
  std::string_view vanilla_proof_tag;
  ParameterFiles parameters;
};

constexpr std::array<SizeRow, 5> kSizes = {{
    {std::uint64_t{1} << 11,
     2,
     1,
     2,
     13,
     26,
     {8, 0, 0},
     "StackedDrg2KiBV1",
     {"032d3138d22506ec0082ed72b2dcba18df18477904e35bafee82b3793b06832f"}},
    {std::uint64_t{1} << 23,
     2,
     1,
     2,
     13,
     26,
     {8, 0, 0},
     "StackedDrg8MiBV1",
     {"ecd683648512ab1765faa2a5f14bab48f676e633467f0aa8aad4b55dcb0652bb"}},
    {std::uint64_t{1} << 29,
     2,
     1,
     2,
     13,
     26,
     {8, 0, 0},
     "StackedDrg512MiBV1",
     {"6babf46ce344ae495d558e7770a585b2382d54f225af8ed0397b8be7c3fcd472"}},
    {std::uint64_t{1} << 35,
     11,
     10,
     176,
     126,
     2253,
     {8, 8, 0},
     "StackedDrg32GiBV1",
     {"82a357d2f2ca81dc61bb45f4a762807aedee1b0a53fd6c4e77b46a01bfef7820"}},
    {std::uint64_t{1} << 36,
     11,
     10,
     176,
     126,
     2253,
     {8, 8, 2},
     "StackedDrg64GiBV1",
     {"96f1b4a04c5c51e4759bbf224bbc2ef5a42c7100f16ec0637123f16a845ddfb2"}},
}};

// The serde names, in id order: id = 5 * variant + size index.
constexpr std::array<std::string_view, kRegisteredSealProofCount> kNames = {
    "StackedDrg2KiBV1",
    "StackedDrg8MiBV1",
    "StackedDrg512MiBV1",
    "StackedDrg32GiBV1",
    "StackedDrg64GiBV1",
    "StackedDrg2KiBV1_1",
    "StackedDrg8MiBV1_1",
    "StackedDrg512MiBV1_1",
    "StackedDrg32GiBV1_1",
    "StackedDrg64GiBV1_1",
    // The synthetic variants are API version 1.2 although their names say 1_1 (registry.rs).
    "StackedDrg2KiBV1_1_Feat_SyntheticPoRep",
    "StackedDrg8MiBV1_1_Feat_SyntheticPoRep",
    "StackedDrg512MiBV1_1_Feat_SyntheticPoRep",
    "StackedDrg32GiBV1_1_Feat_SyntheticPoRep",
    "StackedDrg64GiBV1_1_Feat_SyntheticPoRep",
    "StackedDrg2KiBV1_2_Feat_NonInteractivePoRep",
    "StackedDrg8MiBV1_2_Feat_NonInteractivePoRep",
    "StackedDrg512MiBV1_2_Feat_NonInteractivePoRep",
    "StackedDrg32GiBV1_2_Feat_NonInteractivePoRep",
    "StackedDrg64GiBV1_2_Feat_NonInteractivePoRep",
};

// Indexed by ApiVersion.
constexpr std::array<std::string_view, 3> kApiVersionNames = {"1.0.0", "1.1.0", "1.2.0"};

struct VariantRow {
  ApiVersion api_version;
  ChallengeMode challenge_mode;
};
constexpr std::array<VariantRow, 4> kVariants = {{
    {ApiVersion::kV1_0_0, ChallengeMode::kInteractive},
    {ApiVersion::kV1_1_0, ChallengeMode::kInteractive},
    {ApiVersion::kV1_2_0, ChallengeMode::kSynthetic},
    {ApiVersion::kV1_2_0, ChallengeMode::kNonInteractive},
}};

constexpr std::uint32_t div_ceil(std::uint32_t x, std::uint32_t y) { return (x + y - 1) / y; }

constexpr SealProofInfo make_info(std::size_t id) {
  const SizeRow& size = kSizes[id % kSizes.size()];
  const VariantRow& variant = kVariants[id / kSizes.size()];
  // Non-interactive PoRep has its own partition and challenge counts; synthetic PoRep keeps the
  // interactive ones (porep_config.rs `enable_feature`, constants.rs).
  const bool ni = variant.challenge_mode == ChallengeMode::kNonInteractive;
  const std::uint32_t partitions = ni ? size.ni_partitions : size.partitions;
  const std::uint32_t minimum = ni ? size.ni_minimum_challenges : size.minimum_challenges;
  return SealProofInfo{
      .proof = static_cast<RegisteredSealProof>(id),
      .name = kNames[id],
      .api_version = variant.api_version,
      .challenge_mode = variant.challenge_mode,
      .sector_size = size.sector_size,
      .nodes = size.sector_size / kNodeBytes,
      .layers = size.layers,
      .partitions = partitions,
      .minimum_challenges = minimum,
      .challenges_per_partition = div_ceil(minimum, partitions),
      .tree = size.tree,
      .vanilla_proof_tag = size.vanilla_proof_tag,
      .parameters = size.parameters,
  };
}

constexpr std::array<SealProofInfo, kRegisteredSealProofCount> make_table() {
  std::array<SealProofInfo, kRegisteredSealProofCount> table{};
  for (std::size_t id = 0; id < table.size(); ++id) table[id] = make_info(id);
  return table;
}

constexpr std::array<SealProofInfo, kRegisteredSealProofCount> kTable = make_table();

static_assert(kTable.size() == kSizes.size() * kVariants.size());
static_assert(kTable[8].challenges_per_partition == 18 &&
              kTable[18].challenges_per_partition == 18);
static_assert(kTable[0].challenges_per_partition == 2 && kTable[15].challenges_per_partition == 2);
static_assert([] {
  for (const SealProofInfo& info : kTable) {
    if (info.challenges_per_partition > kMaxChallengesPerPartition) return false;
  }
  return true;
}());

}  // namespace

std::uint32_t SealProofInfo::public_input_count() const {
  // replica_id, comm_d, comm_r, then per challenge: the tree-D index, 6 DRG and 8 expander parent
  // indices, the challenge as UInt64, the R_last index and the column index.
  return 3 + (2 + kParentCount + 2) * challenges_per_partition;
}

const SealProofInfo& seal_proof_info(RegisteredSealProof proof) {
  return kTable.at(static_cast<std::size_t>(proof));
}

std::span<const SealProofInfo, kRegisteredSealProofCount> all_seal_proofs() { return kTable; }

std::optional<RegisteredSealProof> seal_proof_from_name(std::string_view name) {
  for (const SealProofInfo& info : kTable) {
    if (info.name == name) return info.proof;
  }
  return std::nullopt;
}

std::string seal_proof_names(std::string_view separator) {
  std::string out;
  for (const SealProofInfo& info : kTable) {
    if (!out.empty()) out += separator;
    out += info.name;
  }
  return out;
}

std::optional<RegisteredSealProof> seal_proof_from_id(std::uint64_t id) {
  if (id >= kTable.size()) return std::nullopt;
  return static_cast<RegisteredSealProof>(id);
}

PorepId porep_id(RegisteredSealProof proof) {
  const std::uint64_t id = seal_proof_info(proof).id();
  constexpr std::uint64_t kNonce = 0;  // registry.rs: no proof has ever needed another nonce
  PorepId out{};
  for (std::size_t i = 0; i < 8; ++i) {
    out[i] = static_cast<std::uint8_t>(id >> (8 * i));
    out[8 + i] = static_cast<std::uint8_t>(kNonce >> (8 * i));
  }
  return out;
}

PorepConfig porep_config(RegisteredSealProof proof) {
  const SealProofInfo& info = seal_proof_info(proof);
  return PorepConfig{
      .nodes = info.nodes,
      .layers = info.layers,
      .partitions = info.partitions,
      .challenges_per_partition = info.challenges_per_partition,
      .tree = info.tree,
      .porep_id = porep_id(proof),
      .api_version = info.api_version,
      .challenge_mode = info.challenge_mode,
  };
}

PorepConfig porep_config(RegisteredSealProof proof, const PorepOverrides& overrides) {
  PorepConfig config = porep_config(proof);
  if (overrides.porep_id) config.porep_id = *overrides.porep_id;
  if (overrides.api_version) {
    // Both features are first supported in 1.2.0, the newest version; ApiVersion is in order.
    if (config.challenge_mode != ChallengeMode::kInteractive &&
        *overrides.api_version < ApiVersion::kV1_2_0) {
      throw Error(std::string(seal_proof_info(proof).name) +
                  " needs API version 1.2.0 or later, not " +
                  std::string(api_version_name(*overrides.api_version)));
    }
    config.api_version = *overrides.api_version;
  }
  return config;
}

std::string_view api_version_name(ApiVersion version) {
  return kApiVersionNames.at(static_cast<std::size_t>(version));
}

std::optional<ApiVersion> api_version_from_name(std::string_view name) {
  for (std::size_t i = 0; i < kApiVersionNames.size(); ++i) {
    if (kApiVersionNames[i] == name) return static_cast<ApiVersion>(i);
  }
  return std::nullopt;
}

std::string tree_display(const TreeShape& tree) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "merkletree-poseidon_hasher-%u-%u-%u", tree.base_arity,
                tree.sub_arity, tree.top_arity);
  return buf;
}

std::string parameter_identifier(const SealProofInfo& info) {
  return "layered_drgporep::PublicParams{ graph: stacked_graph::StackedGraph{expansion_degree: " +
         std::to_string(kExpanderDegree) +
         " base_graph: drgraph::BucketGraph{size: " + std::to_string(info.nodes) +
         "; degree: " + std::to_string(kBaseDegree) +
         "; hasher: poseidon_hasher} }, challenges: LayerChallenges { layers: " +
         std::to_string(info.layers) +
         ", max_count: " + std::to_string(info.challenges_per_partition) +
         " }, tree: " + tree_display(info.tree) + " }";
}

std::string parameter_file_stem(const SealProofInfo& info) {
  std::string stem = "v";
  stem += std::to_string(kParameterVersion);
  stem += "-stacked-proof-of-replication-";
  stem += tree_display(info.tree);
  stem += "-sha256_hasher-";
  stem += info.parameters.identifier_sha256;
  return stem;
}

}  // namespace cuzk::porep
