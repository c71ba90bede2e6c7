#include "circuit/stacked/circuit_shape.hpp"

#include <bit>
#include <charconv>
#include <stdexcept>

#include "util/error.hpp"

namespace cuzk::circuit::stacked {
namespace {

bool is_merkle_arity(std::uint32_t arity) { return arity == 2 || arity == 4 || arity == 8; }

}  // namespace

void CircuitShape::validate() const {
  if (layers != 2 && layers != 11) {
    throw Error("circuit shape: " + std::to_string(layers) +
                " layers; the column hash exists for 2 or 11 layers only");
  }
  if (challenges == 0) throw Error("circuit shape: a partition needs at least one challenge");
  if (nodes < 2 || !std::has_single_bit(nodes) || nodes > (std::uint64_t{1} << 32)) {
    throw Error("circuit shape: " + std::to_string(nodes) +
                " nodes; tree D needs a power of two between 2 and 2^32");
  }
  if (!is_merkle_arity(tree.base_arity) ||
      (tree.sub_arity != 0 && !is_merkle_arity(tree.sub_arity)) ||
      (tree.top_arity != 0 && !is_merkle_arity(tree.top_arity)) ||
      (tree.top_arity != 0 && tree.sub_arity == 0)) {
    throw Error("circuit shape: tree " + format_tree_shape(tree) +
                "; arities must be 2, 4 or 8, and a top level needs a sub level");
  }
  try {
    if (merkle::base_path_length(column_tree(), nodes) == 0) {
      throw std::invalid_argument("no base level");
    }
  } catch (const std::invalid_argument&) {
    throw Error("circuit shape: " + std::to_string(nodes) + " nodes do not fill a tree " +
                format_tree_shape(tree));
  }
}

CircuitShape circuit_shape(const porep::SealProofInfo& info) {
  return CircuitShape{info.nodes, info.layers, info.challenges_per_partition, info.tree};
}

CircuitShape circuit_shape(porep::RegisteredSealProof proof) {
  return circuit_shape(porep::seal_proof_info(proof));
}

std::optional<porep::TreeShape> parse_tree_shape(std::string_view text) {
  std::uint32_t parts[3] = {};
  const char* p = text.data();
  const char* const end = text.data() + text.size();
  for (int i = 0; i < 3; ++i) {
    if (i > 0) {
      if (p == end || *p != '-') return std::nullopt;
      ++p;
    }
    const auto [next, ec] = std::from_chars(p, end, parts[i]);
    if (ec != std::errc() || next == p) return std::nullopt;
    p = next;
  }
  if (p != end) return std::nullopt;
  return porep::TreeShape{parts[0], parts[1], parts[2]};
}

std::string format_tree_shape(const porep::TreeShape& tree) {
  return std::to_string(tree.base_arity) + "-" + std::to_string(tree.sub_arity) + "-" +
         std::to_string(tree.top_arity);
}

}  // namespace cuzk::circuit::stacked
