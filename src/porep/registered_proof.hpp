// The registered seal proofs (rust-filecoin-proofs-api `RegisteredSealProof`) and every number of
// the PoRep that follows from one: sector geometry, graph degrees, challenge counts, tree shape,
// porep_id and the v28 parameter files. The values live in one table in registered_proof.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace cuzk::porep {

using PorepId = std::array<std::uint8_t, 32>;

inline constexpr std::uint64_t kNodeBytes = 32;  // one Fr-sized node of the sector
// DRG parents per node, the immediate predecessor included (drgraph.rs BASE_DEGREE).
inline constexpr std::uint32_t kBaseDegree = 6;
inline constexpr std::uint32_t kExpanderDegree = 8;  // Feistel parents (graph.rs EXP_DEGREE)
inline constexpr std::uint32_t kParentCount = kBaseDegree + kExpanderDegree;
inline constexpr std::uint32_t kTotalParents = 37;  // label hash slots (proof.rs TOTAL_PARENTS)
// The circuits were sized for at most this many challenges (constants.rs).
inline constexpr std::uint32_t kMaxChallengesPerPartition = 18;
// Synthetic PoRep draws min(nodes, this) synthetic challenges (challenges.rs).
inline constexpr std::uint64_t kMaxSyntheticChallenges = std::uint64_t{1} << 18;
inline constexpr std::uint32_t kParameterVersion = 28;  // the "v28-" of parameter file names

// The enumerator value is the registered proof id that forms bytes 0..8 of porep_id.
enum class RegisteredSealProof : std::uint8_t {
  kStackedDrg2KiBV1 = 0,
  kStackedDrg8MiBV1 = 1,
  kStackedDrg512MiBV1 = 2,
  kStackedDrg32GiBV1 = 3,
  kStackedDrg64GiBV1 = 4,
  kStackedDrg2KiBV1_1 = 5,
  kStackedDrg8MiBV1_1 = 6,
  kStackedDrg512MiBV1_1 = 7,
  kStackedDrg32GiBV1_1 = 8,
  kStackedDrg64GiBV1_1 = 9,
  kStackedDrg2KiBV1_1_Feat_SyntheticPoRep = 10,
  kStackedDrg8MiBV1_1_Feat_SyntheticPoRep = 11,
  kStackedDrg512MiBV1_1_Feat_SyntheticPoRep = 12,
  kStackedDrg32GiBV1_1_Feat_SyntheticPoRep = 13,
  kStackedDrg64GiBV1_1_Feat_SyntheticPoRep = 14,
  kStackedDrg2KiBV1_2_Feat_NonInteractivePoRep = 15,
  kStackedDrg8MiBV1_2_Feat_NonInteractivePoRep = 16,
  kStackedDrg512MiBV1_2_Feat_NonInteractivePoRep = 17,
  kStackedDrg32GiBV1_2_Feat_NonInteractivePoRep = 18,
  kStackedDrg64GiBV1_2_Feat_NonInteractivePoRep = 19,
};
inline constexpr std::size_t kRegisteredSealProofCount = 20;

// For PoRep only the graph's parent order and the expander's integer width depend on the version
// (V1_0_0 against the later two), and synthetic and non-interactive PoRep need V1_2_0; challenge
// derivation follows the feature, not the version, and the circuit is the same for all three.
// In order: a later version compares greater.
enum class ApiVersion : std::uint8_t { kV1_0_0, kV1_1_0, kV1_2_0 };

// How the porep challenges of a partition are derived (challenges.hpp).
enum class ChallengeMode : std::uint8_t { kInteractive, kSynthetic, kNonInteractive };

// Arity of the base, sub and top levels of trees C and R_last; 0 means the level is absent.
// Tree D is always binary.
struct TreeShape {
  std::uint32_t base_arity = 8;
  std::uint32_t sub_arity = 0;
  std::uint32_t top_arity = 0;
  friend bool operator==(const TreeShape&, const TreeShape&) = default;
};

// The Groth16 parameter files of one sector size. Every variant of a size shares them, since the
// file identifier names neither porep_id, version nor features. Their published digests and cids
// are in prover/params/published_parameters.hpp.
struct ParameterFiles {
  std::string_view identifier_sha256;  // hex SHA-256 of parameter_identifier(), in the file name
};

struct SealProofInfo {
  RegisteredSealProof proof;
  std::string_view name;  // the serde name, as "registered_proof" in the C1 JSON
  ApiVersion api_version;
  ChallengeMode challenge_mode;
  std::uint64_t sector_size;  // bytes
  std::uint64_t nodes;        // sector_size / kNodeBytes
  std::uint32_t layers;
  std::uint32_t partitions;
  std::uint32_t minimum_challenges;        // over all partitions
  std::uint32_t challenges_per_partition;  // ceil(minimum_challenges / partitions)
  TreeShape tree;
  std::string_view vanilla_proof_tag;  // the V1 name of the size, the C1 "vanilla_proofs" key
  ParameterFiles parameters;

  std::uint64_t id() const { return static_cast<std::uint64_t>(proof); }
  std::uint32_t public_input_count() const;  // 3 + 18 per challenge, without the constant ONE
};

// A network's own choices on top of a registered proof. rust-fil-proofs takes porep_id and the
// API version as inputs (PoRepConfig::new_groth16); Filecoin mainnet derives both from the
// registered proof, other networks on the same code pick their own. Each given value replaces the
// registered proof's, and with it the graph seeds, Feistel keys, replica_id and challenges; the
// circuit, its shape and its parameter files stay the registered proof's.
struct PorepOverrides {
  std::optional<PorepId> porep_id;
  std::optional<ApiVersion> api_version;
  friend bool operator==(const PorepOverrides&, const PorepOverrides&) = default;
};

// Everything the graph, challenge and public-input code needs. Built from a registered proof, or
// by hand for records that pair a porep_id with another version (the Rust regression records do).
struct PorepConfig {
  std::uint64_t nodes = 0;
  std::uint32_t layers = 0;
  std::uint32_t partitions = 0;
  std::uint32_t challenges_per_partition = 0;
  TreeShape tree;
  PorepId porep_id{};
  ApiVersion api_version = ApiVersion::kV1_1_0;
  ChallengeMode challenge_mode = ChallengeMode::kInteractive;
  friend bool operator==(const PorepConfig&, const PorepConfig&) = default;
};

const SealProofInfo& seal_proof_info(RegisteredSealProof proof);
std::span<const SealProofInfo, kRegisteredSealProofCount> all_seal_proofs();
std::optional<RegisteredSealProof> seal_proof_from_name(std::string_view name);
// Every registered proof's name in id order, joined by `separator`: what a help text or the error
// for an unknown name lists.
std::string seal_proof_names(std::string_view separator);
std::optional<RegisteredSealProof> seal_proof_from_id(std::uint64_t id);

// porep_id = id as u64 LE in bytes 0..8, nonce (0 for every proof) as u64 LE in 8..16, then zeros.
PorepId porep_id(RegisteredSealProof proof);
PorepConfig porep_config(RegisteredSealProof proof);
// The same with a network's porep_id or API version. Throws cuzk::Error for an API version that
// predates the proof's feature: synthetic and non-interactive PoRep need 1.2.0
// (api_version.rs `first_supported_version`).
PorepConfig porep_config(RegisteredSealProof proof, const PorepOverrides& overrides);

// "1.0.0", "1.1.0", "1.2.0": the semver form rust-fil-proofs prints and parses.
std::string_view api_version_name(ApiVersion version);
std::optional<ApiVersion> api_version_from_name(std::string_view name);

// "layered_drgporep::PublicParams{ graph: stacked_graph::StackedGraph{...}, ... }": the string
// whose SHA-256 names the parameter files (vanilla/params.rs `identifier`).
std::string parameter_identifier(const SealProofInfo& info);
// "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-8-0-sha256_hasher-<sha256>";
// append ".params", ".vk" or ".meta".
std::string parameter_file_stem(const SealProofInfo& info);
// "merkletree-poseidon_hasher-8-8-0" (merkle/tree.rs `display`).
std::string tree_display(const TreeShape& tree);

}  // namespace cuzk::porep
