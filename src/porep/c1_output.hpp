// The C1 output (rust-filecoin-proofs-api `SealCommitPhase1Output`) as plain C++ values: per
// partition, per challenge, the vanilla proof the circuit is synthesized from. Every 32-byte value
// of a challenge's proof lives in one flat vector owned by that ChallengeProof; the proof's fields
// are spans into it, so a ChallengeProof (and a C1Output) moves but never copies.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "porep/domain.hpp"
#include "porep/public_inputs.hpp"
#include "porep/registered_proof.hpp"

namespace cuzk::porep {

namespace detail {
class ChallengeProofReader;
}

// Which externally tagged variant of `ProofData` a Merkle proof is (merkle/proof.rs).
enum class MerkleProofKind : std::uint8_t { kSingle, kSub, kTop };

// The levels of an inclusion path from the leaf upward: base_levels levels of base_arity, then
// sub_levels (0 or 1) of sub_arity, then top_levels (0 or 1) of top_arity.
struct PathShape {
  std::uint32_t base_arity = 2;
  std::uint32_t base_levels = 0;
  std::uint32_t sub_arity = 0;
  std::uint32_t sub_levels = 0;
  std::uint32_t top_arity = 0;
  std::uint32_t top_levels = 0;

  std::uint32_t levels() const { return base_levels + sub_levels + top_levels; }
  std::uint32_t arity(std::uint32_t level) const;  // level < levels()
  std::uint32_t sibling_count() const;             // sum over levels of arity - 1
  std::uint32_t first_sibling(std::uint32_t level) const;
  // Top if there is a top level, else Sub if there is a sub level, else Single.
  MerkleProofKind kind() const;
  friend bool operator==(const PathShape&, const PathShape&) = default;
};

// Tree D: binary, log2(nodes) levels, always a Single proof.
PathShape data_tree_path(std::uint64_t nodes);
// Trees C and R_last. Throws cuzk::Error if nodes does not fill the shape exactly.
PathShape column_tree_path(std::uint64_t nodes, const TreeShape& tree);

struct MerkleProof {
  Domain root{};
  Domain leaf{};
  PathShape shape;
  std::span<const Domain> siblings;       // level by level; level l has arity(l) - 1 siblings
  std::span<const std::uint8_t> indices;  // per level, the position of the path's node, < arity

  std::span<const Domain> level_siblings(std::uint32_t level) const;
  // The leaf index proved: the path positions as digits in the mixed radix of the arities.
  std::uint64_t node_index() const;
};

struct ColumnProof {
  std::uint32_t index = 0;       // the node whose column this is
  std::span<const Domain> rows;  // its labels in layers 1..L
  MerkleProof inclusion;         // in tree C
};

// LabelingProof and EncodingProof of the Rust, which have the same fields.
struct LabelingProof {
  std::uint32_t layer_index = 0;
  std::uint64_t node = 0;
  std::span<const Domain> parents;  // kTotalParents values
};

class ChallengeProof {
 public:
  MerkleProof comm_d;       // "comm_d_proofs": the data leaf in tree D
  MerkleProof comm_r_last;  // "comm_r_last_proof": the replica leaf in tree R_last
  ColumnProof c_x;          // the challenged node's column
  std::array<ColumnProof, kBaseDegree> drg_parents;
  std::array<ColumnProof, kExpanderDegree> exp_parents;
  std::vector<LabelingProof> labeling;  // layers 1..L
  LabelingProof encoding;

  ChallengeProof() = default;
  ChallengeProof(ChallengeProof&&) noexcept = default;
  ChallengeProof& operator=(ChallengeProof&&) noexcept = default;
  ChallengeProof(const ChallengeProof&) = delete;  // the spans would alias the original
  ChallengeProof& operator=(const ChallengeProof&) = delete;

  std::uint64_t challenge() const { return c_x.index; }
  const Domain& comm_c() const { return c_x.inclusion.root; }

 private:
  friend class detail::ChallengeProofReader;
  std::vector<Domain> values_;  // reserved once at its final size, so the spans stay valid
  std::vector<std::uint8_t> indices_;
};

struct C1Output {
  RegisteredSealProof registered_proof{};
  Domain comm_r{};
  Domain comm_d{};
  Domain replica_id{};
  Domain seed{};
  Domain ticket{};
  std::uint32_t partitions = 0;
  std::uint32_t challenges_per_partition = 0;
  std::vector<ChallengeProof> proofs;          // partition-major: proofs[k * cpp + i]
  std::optional<std::uint64_t> sector_number;  // "SectorNum" of the wrapper, if there was one
  // The file it was read from (load_c1_file), so that later checks of it can name the file; empty
  // when parsed from memory.
  std::string source;
  // Not in the file (neither form carries them): a network's own porep_id or API version, as the
  // caller knows them. Empty for Filecoin mainnet.
  PorepOverrides overrides{};

  C1Output() = default;
  C1Output(C1Output&&) noexcept = default;
  C1Output& operator=(C1Output&&) noexcept = default;
  C1Output(const C1Output&) = delete;
  C1Output& operator=(const C1Output&) = delete;

  const SealProofInfo& info() const { return seal_proof_info(registered_proof); }
  // The registered proof's config with the overrides applied (porep_config may throw).
  PorepConfig config() const { return porep_config(registered_proof, overrides); }
  std::span<const ChallengeProof> partition(std::uint32_t k) const;
  // The roots every proof of partition k shares (checked by check_c1_consistency).
  const Domain& comm_c(std::uint32_t k) const { return partition(k).front().comm_c(); }
  const Domain& comm_r_last(std::uint32_t k) const { return partition(k).front().comm_r_last.root; }
  SealPublicValues public_values() const { return {replica_id, comm_d, comm_r, seed}; }
};

}  // namespace cuzk::porep
