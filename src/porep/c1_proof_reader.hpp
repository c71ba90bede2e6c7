// Internal to the C1 reader: reads one challenge's vanilla proof (stacked/vanilla/params.rs
// `Proof`) into a ChallengeProof, checking every count against the sector's layout.
#pragma once

#include <cstddef>
#include <cstdint>

#include "porep/c1_json.hpp"
#include "porep/c1_output.hpp"

namespace cuzk::porep::detail {

// The shape every challenge proof of one sector size has.
struct ProofLayout {
  std::uint64_t nodes = 0;
  std::uint32_t layers = 0;
  PathShape data_path;    // tree D
  PathShape column_path;  // trees C and R_last

  static ProofLayout for_sector(std::uint64_t nodes, std::uint32_t layers, const TreeShape& tree);
  // Domains one proof stores: tree-D siblings, 16 tree-C/R_last sibling sets (R_last, c_x,
  // 6 + 8 parents), 15 columns of `layers` rows, and kTotalParents labels per labeling and
  // encoding proof. Roots and leaves are held inline in MerkleProof.
  std::size_t values_per_proof() const;
  std::size_t indices_per_proof() const;
};

class ChallengeProofReader {
 public:
  explicit ChallengeProofReader(const ProofLayout& layout) : layout_(layout) {}

  // path's location names the partition and challenge.
  ChallengeProof read(od::value value, JsonPath& path);

 private:
  void read_proof_fields(od::value value, JsonPath& path);
  void read_merkle_proof(od::value value, const PathShape& shape, MerkleProof& out, JsonPath& path);
  void read_path_segment(od::value value, const PathShape& shape, std::uint32_t first_level,
                         std::uint32_t levels, std::uint32_t arity, std::span<Domain> siblings,
                         std::span<std::uint8_t> indices, JsonPath& path);
  void read_column_proof(od::value value, ColumnProof& out, JsonPath& path);
  void read_labeling_proof(od::value value, LabelingProof& out, JsonPath& path);
  void check_indices(JsonPath& path) const;

  std::span<Domain> take_values(std::size_t n);
  std::span<std::uint8_t> take_indices(std::size_t n);

  const ProofLayout& layout_;
  ChallengeProof* proof_ = nullptr;  // the proof being read
};

}  // namespace cuzk::porep::detail
