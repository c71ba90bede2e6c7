#include "circuit/update/update_shape.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "util/error.hpp"

namespace cuzk::circuit::update {
namespace {

struct SizeRow {
  std::uint64_t sector_nodes;
  std::string_view name;
  merkle::TreeShape tree_r;  // validate_tree_r_shape's arities
};

// constants.rs ALLOWED_SECTOR_SIZES with each size's TreeR shape.
constexpr std::array<SizeRow, 11> kSizes = {{
    {kSectorSize1KiB, "1KiB", {8, 4, 0}},
    {kSectorSize2KiB, "2KiB", {8, 0, 0}},
    {kSectorSize4KiB, "4KiB", {8, 2, 0}},
    {kSectorSize8KiB, "8KiB", {8, 4, 0}},
    {kSectorSize16KiB, "16KiB", {8, 8, 0}},
    {kSectorSize32KiB, "32KiB", {8, 8, 2}},
    {kSectorSize8MiB, "8MiB", {8, 0, 0}},
    {kSectorSize16MiB, "16MiB", {8, 2, 0}},
    {kSectorSize512MiB, "512MiB", {8, 0, 0}},
    {kSectorSize32GiB, "32GiB", {8, 8, 0}},
    {kSectorSize64GiB, "64GiB", {8, 8, 2}},
}};

constexpr std::array<std::uint64_t, 11> kAllowed = {
    kSectorSize1KiB,   kSectorSize2KiB,  kSectorSize4KiB, kSectorSize8KiB,
    kSectorSize16KiB,  kSectorSize32KiB, kSectorSize8MiB, kSectorSize16MiB,
    kSectorSize512MiB, kSectorSize32GiB, kSectorSize64GiB};

const SizeRow& row_of(std::uint64_t sector_nodes) {
  for (const SizeRow& row : kSizes) {
    if (row.sector_nodes == sector_nodes) return row;
  }
  throw Error("empty sector update: no circuit for a sector of " + std::to_string(sector_nodes) +
              " nodes");
}

std::size_t log2_exact(std::uint64_t power_of_two) {
  return static_cast<std::size_t>(std::countr_zero(power_of_two));
}

}  // namespace

std::size_t partition_count(std::uint64_t sector_nodes) {
  row_of(sector_nodes);
  if (sector_nodes <= kSectorSize8KiB) return 1;
  if (sector_nodes <= kSectorSize32KiB) return 2;
  if (sector_nodes <= kSectorSize16MiB) return 4;
  return 16;
}

std::size_t challenge_count(std::uint64_t sector_nodes) {
  row_of(sector_nodes);
  return sector_nodes <= kSectorSize16MiB ? 10 : 86;
}

std::array<std::size_t, kHsCount> hs(std::uint64_t sector_nodes) {
  row_of(sector_nodes);
  if (sector_nodes <= kSectorSize32KiB) return {1, 1, 1, 1, 1, 1};
  return {7, 8, 9, 10, 11, 12};
}

std::size_t h_default(std::uint64_t sector_nodes) { return hs(sector_nodes)[3]; }

std::uint64_t h_select(std::uint64_t sector_nodes, std::size_t h) {
  const auto allowed = hs(sector_nodes);
  const auto it = std::find(allowed.begin(), allowed.end(), h);
  if (it == allowed.end()) {
    throw Error("empty sector update: h = " + std::to_string(h) + " is not allowed for " +
                std::string(sector_size_name(sector_nodes)));
  }
  return std::uint64_t{1} << (it - allowed.begin());
}

std::size_t apex_leaf_count(std::uint64_t sector_nodes) {
  row_of(sector_nodes);
  return sector_nodes <= kSectorSize8KiB ? 8 : 128;
}

merkle::TreeShape tree_r_shape(std::uint64_t sector_nodes) { return row_of(sector_nodes).tree_r; }

UpdateShape update_shape(std::uint64_t sector_nodes) {
  UpdateShape s;
  s.sector_nodes = sector_nodes;
  s.challenge_count = challenge_count(sector_nodes);
  s.challenge_bit_len = log2_exact(sector_nodes);
  s.partition_count = partition_count(sector_nodes);
  s.partition_bit_len = log2_exact(s.partition_count);
  s.apex_leaf_count = apex_leaf_count(sector_nodes);
  s.apex_leaf_bit_len = log2_exact(s.apex_leaf_count);
  s.tree_r = tree_r_shape(sector_nodes);
  s.hs = hs(sector_nodes);
  return s;
}

UpdateShape update_shape(porep::update::RegisteredUpdateProof proof) {
  return update_shape(porep::update::update_proof_info(proof).nodes);
}

std::span<const std::uint64_t> allowed_sector_sizes() { return kAllowed; }

std::string_view sector_size_name(std::uint64_t sector_nodes) { return row_of(sector_nodes).name; }

}  // namespace cuzk::circuit::update
