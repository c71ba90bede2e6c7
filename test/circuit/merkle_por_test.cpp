// The PoR (Merkle inclusion) gadget against storage-proofs-core's por_circuit.rs counts, with paths
// taken from a native tree of the same shape: satisfiable, public inputs (challenge, root), blank
// circuits of the same size, and wrong roots or indices rejected.
#include "circuit/merkle/por.hpp"

#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "circuit/counting_cs.hpp"
#include "circuit/merkle/poseidon_hasher_circuit.hpp"
#include "circuit/merkle/sha256_hasher_circuit.hpp"
#include "circuit/test_cs.hpp"

namespace {

using cuzk::bls12_381::Fr;
using namespace cuzk::circuit;
using namespace cuzk::circuit::merkle;
using namespace cuzk::hashers;

// A native tree: the base trees side by side, then sub-tree roots over groups of base roots, then
// the top root over the sub-tree roots.
template <class Hasher>
class NativeTree {
 public:
  NativeTree(const TreeShape& shape, std::vector<Fr> leaves) : shape_(shape) {
    const std::size_t sub = shape.sub_arity ? shape.sub_arity : 1;
    const std::size_t top = shape.top_arity ? shape.top_arity : 1;
    base_leaves_ = leaves.size() / (sub * top);
    for (std::size_t b = 0; b < sub * top; ++b) {
      std::vector<std::vector<Fr>> rows;
      rows.emplace_back(leaves.begin() + b * base_leaves_, leaves.begin() + (b + 1) * base_leaves_);
      while (rows.back().size() > 1) rows.push_back(hash_groups(rows.back(), shape.base_arity));
      base_.push_back(std::move(rows));
      base_roots_.push_back(base_.back().back()[0]);
    }
    sub_roots_ = shape.sub_arity ? hash_groups(base_roots_, sub) : base_roots_;
    root_ = shape.top_arity ? hash_groups(sub_roots_, top)[0] : sub_roots_[0];
    leaves_ = std::move(leaves);
  }

  const Fr& root() const { return root_; }
  const Fr& leaf(std::size_t i) const { return leaves_[i]; }

  AuthPath path(std::size_t challenge) const {
    const std::size_t b = challenge / base_leaves_;
    std::size_t j = challenge % base_leaves_;
    AuthPath p;
    for (std::size_t level = 0; level + 1 < base_[b].size(); ++level) {
      p.base.push_back(level_of(base_[b][level], j, shape_.base_arity));
      j /= shape_.base_arity;
    }
    if (shape_.sub_arity) p.sub = level_of(base_roots_, b, shape_.sub_arity);
    if (shape_.top_arity) p.top = level_of(sub_roots_, b / shape_.sub_arity, shape_.top_arity);
    return p;
  }

 private:
  static std::vector<Fr> hash_groups(const std::vector<Fr>& row, std::size_t arity) {
    std::vector<Fr> up;
    for (std::size_t i = 0; i < row.size(); i += arity) {
      up.push_back(Hasher::hash_multi_leaf_native(std::span(row).subspan(i, arity)));
    }
    return up;
  }
  static PathLevel level_of(const std::vector<Fr>& row, std::size_t pos, std::size_t arity) {
    PathLevel level;
    level.index = pos % arity;
    const std::size_t start = pos - pos % arity;
    for (std::size_t k = start; k < start + arity; ++k) {
      if (k != pos) level.siblings.emplace_back(row[k]);
    }
    return level;
  }

  TreeShape shape_;
  std::size_t base_leaves_ = 0;
  std::vector<std::vector<std::vector<Fr>>> base_;
  std::vector<Fr> base_roots_, sub_roots_, leaves_;
  Fr root_;
};

std::size_t base_tree_count(const TreeShape& s) {
  return (s.sub_arity ? s.sub_arity : 1) * (s.top_arity ? s.top_arity : 1);
}

// The leaf values are canonical field elements; SHA-256 trees store trimmed values below 2^254.
template <class Hasher>
std::vector<Fr> random_leaves(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> leaves;
  for (std::size_t i = 0; i < n; ++i) {
    auto bytes = Fr::random(rng).to_bytes_le();
    bytes[31] &= 0x3f;
    leaves.push_back(*Fr::from_bytes_le(bytes));
  }
  return leaves;
}

// por_circuit.rs's test_por_circuit for one challenge, plus the blank circuit's size.
template <class Hasher>
void check_por(const TreeShape& shape, bool private_root, std::size_t constraints,
               std::span<const std::size_t> challenges) {
  const std::size_t leaves = 64 * base_tree_count(shape);
  const NativeTree<Hasher> tree(shape, random_leaves<Hasher>(leaves, leaves + shape.base_arity));
  for (const std::size_t c : challenges) {
    INFO("challenge " << c);
    TestCS cs;
    por_circuit<Hasher>(cs, shape, tree.path(c), tree.leaf(c), tree.root(), private_root);
    CHECK(cs.num_constraints() == constraints);
    CHECK(cs.num_inputs() == (private_root ? 2u : 3u));
    CHECK(cs.is_satisfied());
    CHECK(cs.inputs()[1] == Fr::from_u64(c));  // the packed index bits are the challenge
    if (!private_root) CHECK(cs.inputs()[2] == tree.root());
  }
  CountingCS blank;
  por_circuit<Hasher>(blank, shape, AuthPath::blank(shape, leaves), std::nullopt, std::nullopt,
                      private_root);
  CHECK(blank.num_constraints() == constraints);
  CHECK(blank.num_inputs() == (private_root ? 2u : 3u));
}

}  // namespace

TEST_CASE("PoR over Poseidon trees: por_circuit.rs counts") {
  struct Case {
    TreeShape shape;
    bool private_root;
    std::size_t constraints;
  };
  const Case cases[] = {
      {{2, 0, 0}, false, 1'887}, {{4, 0, 0}, false, 1'164}, {{8, 0, 0}, false, 1'063},
      {{8, 2, 0}, false, 1'377}, {{8, 4, 2}, false, 1'764}, {{8, 8, 0}, false, 1'593},
      {{8, 8, 2}, false, 1'907}, {{8, 2, 4}, false, 1'764}, {{2, 0, 0}, true, 1'886},
      {{4, 0, 0}, true, 1'163},  {{8, 0, 0}, true, 1'062},
  };
  for (const Case& k : cases) {
    INFO("shape " << k.shape.base_arity << "-" << k.shape.sub_arity << "-" << k.shape.top_arity
                  << (k.private_root ? " private" : " public"));
    const std::size_t leaves = 64 * base_tree_count(k.shape);
    const std::size_t challenges[] = {0, leaves / 2 + 3, leaves - 1};
    check_por<PoseidonMerkleHasher>(k.shape, k.private_root, k.constraints, challenges);
  }
}

TEST_CASE("PoR over SHA-256 trees: por_circuit.rs counts") {
  // A witness run costs about a second each; arity 4 shares every code path with 2 and 8, so
  // its count is checked on the blank circuit only.
  const std::size_t challenges[] = {37};
  check_por<Sha256MerkleHasher>({2, 0, 0}, false, 272'295, challenges);
  check_por<Sha256MerkleHasher>({4, 0, 0}, false, 216'258, {});
  check_por<Sha256MerkleHasher>({8, 0, 0}, false, 250'987, challenges);
}

TEST_CASE("PoR rejects a wrong root or a wrong index") {
  const TreeShape shape{8, 8, 2};
  const std::size_t leaves = 64 * 16;
  const NativeTree<PoseidonMerkleHasher> tree(shape,
                                              random_leaves<PoseidonMerkleHasher>(leaves, 1));
  {
    TestCS cs;
    por_circuit<PoseidonMerkleHasher>(cs, shape, tree.path(100), tree.leaf(100),
                                      tree.root() + Fr::one(), false);
    CHECK(cs.which_is_unsatisfied() == "enforce root is correct");
  }
  {
    // The path of leaf 100 with leaf 101's index at the bottom level.
    AuthPath path = tree.path(100);
    path.base[0].index = *path.base[0].index ^ 1;
    TestCS cs;
    por_circuit<PoseidonMerkleHasher>(cs, shape, path, tree.leaf(100), tree.root(), false);
    CHECK(cs.which_is_unsatisfied() == "enforce root is correct");
  }
  {
    // A sibling changed in the witness after synthesis breaks its level's insertion.
    TestCS cs;
    por_circuit<PoseidonMerkleHasher>(cs, shape, tree.path(5), tree.leaf(5), tree.root(), true);
    REQUIRE(cs.is_satisfied());
    const std::string sibling = "sub/merkle tree hash 0/path element 3/num";
    cs.set(sibling, cs.get(sibling) + Fr::one());
    CHECK(cs.which_is_unsatisfied().has_value());
  }
}

TEST_CASE("enforce_inclusion on allocated leaf and root: levels + 2 constraints, 1 input") {
  const TreeShape shape{8, 8, 0};
  const std::size_t leaves = 64 * 8;
  const NativeTree<PoseidonMerkleHasher> tree(shape,
                                              random_leaves<PoseidonMerkleHasher>(leaves, 2));
  TestCS cs;
  const AllocatedNum leaf = AllocatedNum::alloc(cs, [&] { return tree.leaf(77); });
  {
    auto scope = cs.scope("root");
    const AllocatedNum root = AllocatedNum::alloc(cs, [&] { return tree.root(); });
    enforce_inclusion<PoseidonMerkleHasher>(cs, shape, tree.path(77), leaf, root);
  }
  CHECK(cs.num_constraints() == 3 * 530 + 2);  // two base levels and the sub level, all arity 8
  CHECK(cs.num_inputs() == 2);
  CHECK(cs.inputs()[1] == Fr::from_u64(77));
  CHECK(cs.is_satisfied());
  CHECK(base_path_length(shape, leaves) == 2);
  CHECK_THROWS_AS(base_path_length(shape, leaves + 8), std::invalid_argument);
}
