// The generator's Merkle trees: a sparse tree whose filler returns a full tree's
// nodes is that tree (same root, same openings); a periodic tree is the full tree of the repeated
// data; every opening climbs back to its root; a 32 GiB-shaped sparse tree opens with a Sub proof
// and a 64 GiB-shaped one with a Top proof (an untouched leaf cannot be opened).
#include <doctest/doctest.h>

#include <random>
#include <tuple>
#include <vector>

#include "sealing/merkle_tree.hpp"
#include "sealing/tree_hash.hpp"
#include "util/error.hpp"

namespace {

namespace porep = cuzk::porep;
namespace sealing = cuzk::sealing;

using sealing::TreeHasher;

std::vector<porep::Domain> random_leaves(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<porep::Domain> out(n);
  for (auto& d : out) {
    for (auto& b : d) b = static_cast<std::uint8_t>(rng());
    d = porep::truncate_to_fr32(d);
  }
  return out;
}

bool climbs_to_root(const sealing::MerkleOpening& m, TreeHasher hasher) {
  return sealing::root_from_path(hasher, m.leaf, m.shape, m.siblings, m.indices) == m.root;
}

std::uint64_t node_index(const sealing::MerkleOpening& m) {
  std::uint64_t index = 0, weight = 1;
  for (std::uint32_t l = 0; l < m.indices.size(); ++l) {
    index += m.indices[l] * weight;
    weight *= m.shape.arity(l);
  }
  return index;
}

}  // namespace

TEST_CASE("sealing trees: full, sparse and periodic trees agree") {
  // 8-4-2 over 64 leaves: base, sub and top levels of different arities.
  const porep::PathShape shape = porep::column_tree_path(64, {8, 4, 2});
  const auto leaves = random_leaves(64, 1);
  const sealing::FullMerkleTree full(TreeHasher::kPoseidon, shape, leaves);

  // A filler computing any node of the full tree from its leaves.
  const sealing::NodeFiller from_full = [&](std::uint32_t level, std::uint64_t index) {
    std::uint64_t width = 1;
    for (std::uint32_t l = 0; l < level; ++l) width *= shape.arity(l);
    std::vector<porep::Domain> nodes(leaves.begin() + index * width,
                                     leaves.begin() + (index + 1) * width);
    for (std::uint32_t l = 0; l < level; ++l) {
      std::vector<porep::Domain> up;
      for (std::size_t i = 0; i < nodes.size(); i += shape.arity(l)) {
        up.push_back(sealing::hash_children(TreeHasher::kPoseidon,
                                            std::span(nodes).subspan(i, shape.arity(l))));
      }
      nodes = up;
    }
    return nodes.front();
  };
  const sealing::SparseMerkleTree sparse(TreeHasher::kPoseidon, shape,
                                         {{5, leaves[5]}, {40, leaves[40]}, {63, leaves[63]}},
                                         from_full);
  CHECK(sparse.root() == full.root());
  for (std::uint64_t leaf : {0, 5, 31, 40, 63}) {
    INFO("leaf " << leaf);
    const sealing::MerkleOpening a = full.open(leaf);
    CHECK(a.leaf == leaves[leaf]);
    CHECK(node_index(a) == leaf);
    CHECK(climbs_to_root(a, TreeHasher::kPoseidon));
    if (leaf != 5 && leaf != 40 && leaf != 63) continue;  // not given to the sparse tree
    const sealing::MerkleOpening b = sparse.open(leaf);
    CHECK(b.leaf == a.leaf);
    CHECK(b.siblings == a.siblings);
    CHECK(b.indices == a.indices);
  }
  CHECK_THROWS(sparse.open(0));
  CHECK_THROWS(full.open(64));

  // Tree D: 256 leaves repeating 16 values.
  const porep::PathShape binary = porep::data_tree_path(256);
  const auto period = random_leaves(16, 2);
  std::vector<porep::Domain> repeated;
  for (int r = 0; r < 16; ++r) repeated.insert(repeated.end(), period.begin(), period.end());
  const sealing::FullMerkleTree full_d(TreeHasher::kSha256, binary, repeated);
  const sealing::PeriodicMerkleTree periodic(TreeHasher::kSha256, binary, period);
  CHECK(periodic.root() == full_d.root());
  for (std::uint64_t leaf : {0, 17, 200, 255}) {
    INFO("leaf " << leaf);
    const sealing::MerkleOpening a = full_d.open(leaf);
    const sealing::MerkleOpening b = periodic.open(leaf);
    CHECK(b.leaf == a.leaf);
    CHECK(b.siblings == a.siblings);
    CHECK(b.indices == a.indices);
    CHECK(climbs_to_root(b, TreeHasher::kSha256));
  }
  CHECK_THROWS(sealing::PeriodicMerkleTree(TreeHasher::kSha256, binary, random_leaves(12, 3)));
}

TEST_CASE("sealing trees: sparse 32 and 64 GiB trees open with Sub and Top proofs") {
  const sealing::NodeFiller filler = [](std::uint32_t level, std::uint64_t index) {
    porep::Domain d{};
    d[0] = static_cast<std::uint8_t>(level);
    for (int i = 0; i < 8; ++i) d[1 + i] = static_cast<std::uint8_t>(index >> (8 * i));
    return d;
  };
  for (const auto& [nodes, tree, kind] :
       {std::tuple{std::uint64_t{1} << 30, porep::TreeShape{8, 8, 0}, porep::MerkleProofKind::kSub},
        std::tuple{std::uint64_t{1} << 31, porep::TreeShape{8, 8, 2},
                   porep::MerkleProofKind::kTop}}) {
    const porep::PathShape shape = porep::column_tree_path(nodes, tree);
    const std::uint64_t last = nodes - 1;
    const auto leaves = random_leaves(2, 4);
    const sealing::SparseMerkleTree t(TreeHasher::kPoseidon, shape,
                                      {{12345, leaves[0]}, {last, leaves[1]}}, filler);
    for (std::uint64_t leaf : {std::uint64_t{12345}, last}) {
      INFO("nodes " << nodes << ", leaf " << leaf);
      const sealing::MerkleOpening m = t.open(leaf);
      CHECK(m.shape.kind() == kind);
      CHECK(node_index(m) == leaf);
      CHECK(climbs_to_root(m, TreeHasher::kPoseidon));
    }
    CHECK(t.open(last).leaf == leaves[1]);
    CHECK_THROWS_AS(t.open(777), cuzk::Error);  // untouched: its path would not verify
  }
}
