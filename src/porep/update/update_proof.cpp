#include "porep/update/update_proof.hpp"

#include <algorithm>
#include <array>
#include <bit>

namespace cuzk::porep::update {
namespace {

constexpr std::array<std::uint32_t, kHChoiceCount> kTestSizeHs = {1, 1, 1, 1, 1, 1};
constexpr std::array<std::uint32_t, kHChoiceCount> kProductionHs = {7, 8, 9, 10, 11, 12};

// constants.rs: partition_count, challenge_count, hs, apex_leaf_count and validate_tree_r_shape,
// evaluated at each size; the digests are those of parameters.json's v28 update files.
constexpr std::array<UpdateProofInfo, kRegisteredUpdateProofCount> kUpdateProofs = {{
    {RegisteredUpdateProof::kStackedDrg2KiBV1,
     "StackedDrg2KiBV1",
     2048,
     64,
     1,
     10,
     kTestSizeHs,
     8,
     {8, 0, 0},
     "fb9e095bebdd77511c0269b967b4d87ba8b8a525edaa0e165de23ba454510194"},
    {RegisteredUpdateProof::kStackedDrg8MiBV1,
     "StackedDrg8MiBV1",
     std::uint64_t{8} << 20,
     std::uint64_t{1} << 18,
     4,
     10,
     kProductionHs,
     128,
     {8, 0, 0},
     "92180959e1918d26350b8e6cfe217bbdd0a2d8de51ebec269078b364b715ad63"},
    {RegisteredUpdateProof::kStackedDrg512MiBV1,
     "StackedDrg512MiBV1",
     std::uint64_t{512} << 20,
     std::uint64_t{1} << 24,
     16,
     86,
     kProductionHs,
     128,
     {8, 0, 0},
     "61fa69f38b9cc771ba27b670124714b4ea77fbeae05e377fb859c4a43b73a30c"},
    {RegisteredUpdateProof::kStackedDrg32GiBV1,
     "StackedDrg32GiBV1",
     std::uint64_t{32} << 30,
     std::uint64_t{1} << 30,
     16,
     86,
     kProductionHs,
     128,
     {8, 8, 0},
     "3b7f44a9362e3985369454947bc94022e118211e49fd672d52bec1cbfd599d18"},
    {RegisteredUpdateProof::kStackedDrg64GiBV1,
     "StackedDrg64GiBV1",
     std::uint64_t{64} << 30,
     std::uint64_t{1} << 31,
     16,
     86,
     kProductionHs,
     128,
     {8, 8, 2},
     "102e1444a7e9a97ebf1e3d6855dcc77e66c011ea66f936d9b2c508f87f2f83a7"},
}};

constexpr bool table_is_consistent() {
  for (std::size_t i = 0; i < kUpdateProofs.size(); ++i) {
    const UpdateProofInfo& p = kUpdateProofs[i];
    if (static_cast<std::size_t>(p.proof) != i) return false;
    if (p.nodes * kNodeBytes != p.sector_size) return false;
    if (!std::has_single_bit(p.nodes) || !std::has_single_bit(p.partitions)) return false;
    if (!std::has_single_bit(p.apex_leaves)) return false;
    // Every partition's share of TreeD must hold its apex tree.
    if (p.nodes / p.partitions < p.apex_leaves) return false;
  }
  return true;
}
static_assert(table_is_consistent());

}  // namespace

std::uint32_t UpdateProofInfo::challenge_bits() const {
  return static_cast<std::uint32_t>(std::countr_zero(nodes));
}
std::uint32_t UpdateProofInfo::partition_bits() const {
  return static_cast<std::uint32_t>(std::countr_zero(partitions));
}
std::uint32_t UpdateProofInfo::apex_leaf_bits() const {
  return static_cast<std::uint32_t>(std::countr_zero(apex_leaves));
}

const UpdateProofInfo& update_proof_info(RegisteredUpdateProof proof) {
  return kUpdateProofs[static_cast<std::size_t>(proof)];
}

std::span<const UpdateProofInfo, kRegisteredUpdateProofCount> all_update_proofs() {
  return kUpdateProofs;
}

std::optional<RegisteredUpdateProof> update_proof_from_name(std::string_view name) {
  for (const UpdateProofInfo& p : kUpdateProofs) {
    if (p.name == name) return p.proof;
  }
  return std::nullopt;
}

std::optional<RegisteredUpdateProof> update_proof_from_id(std::uint64_t id) {
  for (const UpdateProofInfo& p : kUpdateProofs) {
    if (p.id() == id) return p.proof;
  }
  return std::nullopt;
}

std::optional<RegisteredUpdateProof> update_proof_from_sector_size(std::uint64_t sector_size) {
  for (const UpdateProofInfo& p : kUpdateProofs) {
    if (p.sector_size == sector_size) return p.proof;
  }
  return std::nullopt;
}

std::string update_proof_names(std::string_view separator) {
  std::string names;
  for (const UpdateProofInfo& p : kUpdateProofs) {
    if (!names.empty()) names += separator;
    names += p.name;
  }
  return names;
}

std::optional<std::uint64_t> h_select(const UpdateProofInfo& info, std::uint32_t h) {
  // The first match, as constants.rs `h_select` takes it (the test sizes list 1 six times).
  const auto it = std::find(info.h_choices.begin(), info.h_choices.end(), h);
  if (it == info.h_choices.end()) return std::nullopt;
  return std::uint64_t{1} << (it - info.h_choices.begin());
}

std::string parameter_identifier(const UpdateProofInfo& info) {
  return "empty_sector_update::PublicParams{ sector_nodes: " + std::to_string(info.nodes) + " }";
}

std::string parameter_file_stem(const UpdateProofInfo& info) {
  // Appended piece by piece: GCC 12 warns (-Wrestrict, falsely) on "literal" + std::string&&.
  std::string stem = "v";
  stem += std::to_string(kParameterVersion);
  stem += "-empty-sector-update-";
  stem += tree_display(info.tree);
  stem += '-';
  stem += info.identifier_sha256;
  return stem;
}

}  // namespace cuzk::porep::update
