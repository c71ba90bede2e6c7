// The registered update proofs (rust-filecoin-proofs-api `RegisteredUpdateProof`, the SnapDeals
// "EmptySectorUpdate" proof) and every number that follows from one: sector geometry, partitions,
// challenges, h, the apex tree, TreeR's shape and the v28 parameter files. The values live in one
// table in update_proof.cpp; storage-proofs-update/src/constants.rs is where they come from.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "porep/registered_proof.hpp"

namespace cuzk::porep::update {

// The enumerator value is the API's discriminant (the enum is append-only there).
enum class RegisteredUpdateProof : std::uint8_t {
  kStackedDrg2KiBV1 = 0,
  kStackedDrg8MiBV1 = 1,
  kStackedDrg512MiBV1 = 2,
  kStackedDrg32GiBV1 = 3,
  kStackedDrg64GiBV1 = 4,
};
inline constexpr std::size_t kRegisteredUpdateProofCount = 5;

// The circuit hard-codes six allowed values of h per sector size and takes h_select = 2^index as
// a public input instead of h (constants.rs `hs`); production uses index 3 (`h_default`).
inline constexpr std::size_t kHChoiceCount = 6;
inline constexpr std::size_t kDefaultHIndex = 3;

struct UpdateProofInfo {
  RegisteredUpdateProof proof;
  std::string_view name;      // the serde name, as "registered_proof" in update input files
  std::uint64_t sector_size;  // bytes
  std::uint64_t nodes;        // sector_size / kNodeBytes
  std::uint32_t partitions;   // constants.rs `partition_count`
  std::uint32_t challenges_per_partition;              // constants.rs `challenge_count`
  std::array<std::uint32_t, kHChoiceCount> h_choices;  // constants.rs `hs`
  std::uint32_t apex_leaves;           // leaves of each partition's apex tree (`apex_leaf_count`)
  TreeShape tree;                      // TreeR (old and new); TreeD is binary
  std::string_view identifier_sha256;  // hex SHA-256 of parameter_identifier(), in the file name

  std::uint64_t id() const { return static_cast<std::uint64_t>(proof); }
  // The h filecoin-proofs proves with (sector_update_config.rs takes constants.rs `h_default`).
  std::uint32_t h() const { return h_choices[kDefaultHIndex]; }
  // log2 of nodes, partitions and apex_leaves: the bit lengths vanilla.rs `PublicParams` keeps.
  std::uint32_t challenge_bits() const;
  std::uint32_t partition_bits() const;
  std::uint32_t apex_leaf_bits() const;
};

const UpdateProofInfo& update_proof_info(RegisteredUpdateProof proof);
std::span<const UpdateProofInfo, kRegisteredUpdateProofCount> all_update_proofs();
std::optional<RegisteredUpdateProof> update_proof_from_name(std::string_view name);
// The API's discriminant (0 to 4), as filecoin-ffi and curio send a registered update proof.
std::optional<RegisteredUpdateProof> update_proof_from_id(std::uint64_t id);
std::optional<RegisteredUpdateProof> update_proof_from_sector_size(std::uint64_t sector_size);
// Every name in id order, joined by `separator`, for help texts and unknown-name errors.
std::string update_proof_names(std::string_view separator);

// 2^(first index of h in h_choices), the circuit's public selector of h (constants.rs
// `h_select`), or nullopt if h is not allowed. The test sizes list 1 six times, so their default
// h selects with 1, not 2^kDefaultHIndex.
std::optional<std::uint64_t> h_select(const UpdateProofInfo& info, std::uint32_t h);

// "empty_sector_update::PublicParams{ sector_nodes: N }": the string whose SHA-256 names the
// parameter files (vanilla.rs `identifier`).
std::string parameter_identifier(const UpdateProofInfo& info);
// "v28-empty-sector-update-merkletree-poseidon_hasher-8-8-0-<sha256>" (compound.rs
// `cache_prefix` and parameter_cache.rs `cache_identifier`); append ".params", ".vk" or ".meta".
std::string parameter_file_stem(const UpdateProofInfo& info);

}  // namespace cuzk::porep::update
