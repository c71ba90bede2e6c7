#include "sealing/update/structured_tree.hpp"

#include <doctest/doctest.h>

#include <vector>

#include "sealing/merkle_tree.hpp"
#include "sealing/pseudo_random.hpp"
#include "util/error.hpp"

using namespace cuzk;
using cuzk::sealing::FullMerkleTree;
using cuzk::sealing::StructuredMerkleTree;
using cuzk::sealing::TreeHasher;

namespace {

// Leaves that depend on (i >> slice_bits, i % period) only, as the contract requires.
sealing::LeafFunction patterned(std::uint64_t period, std::uint32_t slice_bits) {
  const sealing::PseudoRandomDomains values(3, "structured tree test");
  return [values, period, slice_bits](std::uint64_t i) {
    return values.at(i % period, i >> slice_bits);
  };
}

void check_against_full(TreeHasher hasher, const porep::PathShape& shape, std::uint64_t period,
                        std::uint32_t slice_bits) {
  const sealing::LeafFunction leaf = patterned(period, slice_bits);
  std::vector<porep::Domain> leaves(sealing::leaf_count(shape));
  for (std::uint64_t i = 0; i < leaves.size(); ++i) leaves[i] = leaf(i);
  const FullMerkleTree full(hasher, shape, leaves);
  const StructuredMerkleTree structured(hasher, shape, leaf, period, slice_bits);
  CHECK(structured.root() == full.root());
  for (std::uint64_t i : {std::uint64_t{0}, std::uint64_t{63}, std::uint64_t{1000},
                          leaves.size() / 2 + 5, leaves.size() - 1}) {
    INFO("leaf " << i);
    const sealing::MerkleOpening a = structured.open(i);
    const sealing::MerkleOpening b = full.open(i);
    CHECK(a.leaf == b.leaf);
    CHECK(a.siblings == b.siblings);
    CHECK(a.indices == b.indices);
  }
}

}  // namespace

TEST_CASE("a structured tree equals the full tree of the same leaves") {
  // A 64 GiB-like TreeR in miniature (8-ary base, 8-ary sub, binary top) and a binary TreeD,
  // with slices both below and above a base tree, and the period equal to a slice.
  const porep::PathShape tree_r{.base_arity = 8,
                                .base_levels = 3,
                                .sub_arity = 8,
                                .sub_levels = 1,
                                .top_arity = 2,
                                .top_levels = 1};  // 8192 leaves
  const porep::PathShape tree_d{.base_arity = 2, .base_levels = 13};
  for (const auto& [period, slice_bits] :
       {std::pair<std::uint64_t, std::uint32_t>{64, 8}, {64, 11}, {512, 12}, {1024, 10}}) {
    INFO("period " << period << ", slices of 2^" << slice_bits);
    check_against_full(TreeHasher::kPoseidon, tree_r, period, slice_bits);
    check_against_full(TreeHasher::kSha256, tree_d, period, slice_bits);
  }
}

TEST_CASE("a structured tree refuses a pattern that does not tile it") {
  const porep::PathShape shape{.base_arity = 2, .base_levels = 6};
  CHECK_THROWS_AS(StructuredMerkleTree(TreeHasher::kSha256, shape, patterned(48, 5), 48, 5),
                  cuzk::Error);  // not a power of two
  CHECK_THROWS_AS(StructuredMerkleTree(TreeHasher::kSha256, shape, patterned(64, 5), 64, 5),
                  cuzk::Error);  // period above a slice
  CHECK_THROWS_AS(StructuredMerkleTree(TreeHasher::kSha256, shape, patterned(8, 7), 8, 7),
                  cuzk::Error);  // a slice above the tree
  CHECK_THROWS_AS(StructuredMerkleTree(TreeHasher::kSha256, shape, patterned(8, 3), 8, 3).open(64),
                  cuzk::Error);
}
