#include "porep/c1_output.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "util/error.hpp"

namespace cuzk::porep {
namespace {

// log_base(n) when n is an exact power of base (a power of two), else nullopt.
std::optional<std::uint32_t> exact_log(std::uint64_t n, std::uint32_t base) {
  if (!std::has_single_bit(n) || !std::has_single_bit(base) || base < 2) return std::nullopt;
  const auto n_bits = static_cast<std::uint32_t>(std::countr_zero(n));
  const auto base_bits = static_cast<std::uint32_t>(std::countr_zero(base));
  if (n_bits % base_bits != 0) return std::nullopt;
  return n_bits / base_bits;
}

}  // namespace

std::uint32_t PathShape::arity(std::uint32_t level) const {
  if (level < base_levels) return base_arity;
  if (level < base_levels + sub_levels) return sub_arity;
  return top_arity;
}

std::uint32_t PathShape::sibling_count() const {
  return base_levels * (base_arity - 1) + sub_levels * (sub_arity - 1) +
         top_levels * (top_arity - 1);
}

std::uint32_t PathShape::first_sibling(std::uint32_t level) const {
  const std::uint32_t in_base = std::min(level, base_levels);
  const std::uint32_t in_sub = std::min(level - in_base, sub_levels);
  const std::uint32_t in_top = level - in_base - in_sub;
  return in_base * (base_arity - 1) + in_sub * (sub_arity - 1) + in_top * (top_arity - 1);
}

MerkleProofKind PathShape::kind() const {
  if (top_levels > 0) return MerkleProofKind::kTop;
  if (sub_levels > 0) return MerkleProofKind::kSub;
  return MerkleProofKind::kSingle;
}

PathShape data_tree_path(std::uint64_t nodes) {
  const auto levels = exact_log(nodes, 2);
  if (!levels) throw Error("tree D needs a power-of-two node count, not " + std::to_string(nodes));
  return PathShape{.base_arity = 2, .base_levels = *levels};
}

PathShape column_tree_path(std::uint64_t nodes, const TreeShape& tree) {
  const std::uint64_t sub = tree.sub_arity == 0 ? 1 : tree.sub_arity;
  const std::uint64_t top = tree.top_arity == 0 ? 1 : tree.top_arity;
  const auto base_levels =
      nodes % (sub * top) == 0 ? exact_log(nodes / (sub * top), tree.base_arity) : std::nullopt;
  if (!base_levels || (tree.top_arity != 0 && tree.sub_arity == 0)) {
    throw Error(std::to_string(nodes) + " nodes do not fill a tree of shape " + tree_display(tree));
  }
  return PathShape{.base_arity = tree.base_arity,
                   .base_levels = *base_levels,
                   .sub_arity = tree.sub_arity,
                   .sub_levels = tree.sub_arity == 0 ? 0u : 1u,
                   .top_arity = tree.top_arity,
                   .top_levels = tree.top_arity == 0 ? 0u : 1u};
}

std::span<const Domain> MerkleProof::level_siblings(std::uint32_t level) const {
  return siblings.subspan(shape.first_sibling(level), shape.arity(level) - 1);
}

std::uint64_t MerkleProof::node_index() const {
  std::uint64_t index = 0;
  std::uint64_t weight = 1;
  for (std::uint32_t level = 0; level < indices.size(); ++level) {
    index += indices[level] * weight;
    weight *= shape.arity(level);
  }
  return index;
}

std::span<const ChallengeProof> C1Output::partition(std::uint32_t k) const {
  if (k >= partitions) {
    throw Error("partition " + std::to_string(k) + " of " + std::to_string(partitions));
  }
  return std::span(proofs).subspan(std::size_t{k} * challenges_per_partition,
                                   challenges_per_partition);
}

}  // namespace cuzk::porep
