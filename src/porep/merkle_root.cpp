#include "porep/merkle_root.hpp"

#include <array>

#include "hashers/poseidon_hasher.hpp"
#include "hashers/sha256_hasher.hpp"
#include "util/error.hpp"

namespace cuzk::porep {
namespace {

using bls12_381::Fr;

// The largest arity any tree here has.
constexpr std::size_t kMaxChildren = 16;

}  // namespace

Domain hash_children(TreeHasher hasher, std::span<const Domain> children) {
  if (hasher == TreeHasher::kSha256) return hashers::sha256_multi_node(children);
  if (children.size() > kMaxChildren) throw Error("Poseidon node with too many children");
  std::array<Fr, kMaxChildren> parts;
  for (std::size_t i = 0; i < children.size(); ++i) {
    const auto fr = domain_to_fr(children[i]);
    if (!fr) throw Error("a Poseidon tree value is not below the field modulus");
    parts[i] = *fr;
  }
  return fr_to_domain(hashers::poseidon_multi_node(std::span(parts).first(children.size())));
}

Domain root_from_path(TreeHasher hasher, const Domain& leaf, const PathShape& shape,
                      std::span<const Domain> siblings, std::span<const std::uint8_t> indices) {
  if (siblings.size() != shape.sibling_count() || indices.size() != shape.levels()) {
    throw Error("inclusion path of the wrong length");
  }
  std::array<Domain, kMaxChildren> children;
  Domain current = leaf;
  std::size_t next_sibling = 0;
  for (std::uint32_t level = 0; level < shape.levels(); ++level) {
    const std::uint32_t arity = shape.arity(level);
    if (indices[level] >= arity || arity > kMaxChildren) throw Error("inclusion path position");
    for (std::uint32_t slot = 0, s = 0; slot < arity; ++slot) {
      children[slot] = slot == indices[level] ? current : siblings[next_sibling + s++];
    }
    next_sibling += arity - 1;
    current = hash_children(hasher, std::span(children).first(arity));
  }
  return current;
}

}  // namespace cuzk::porep
