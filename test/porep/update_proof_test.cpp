#include "porep/update/update_proof.hpp"

#include <doctest/doctest.h>

#include "hashers/sha256.hpp"
#include "porep/update/vanilla_proof.hpp"
#include "util/hex.hpp"

using namespace cuzk::porep;
using namespace cuzk::porep::update;

namespace {

struct UpdateSizeExpectation {
  const char* name;
  std::uint64_t sector_size;
  std::uint64_t nodes;
  std::uint32_t partitions;
  std::uint32_t challenges;
  std::uint32_t h;
  std::uint64_t h_select;
  std::uint32_t apex_leaves;
  TreeShape tree;
  std::uint32_t tree_r_levels;
  const char* file_stem;
};

// rust-fil-proofs 87348a74, storage-proofs-update/src/constants.rs: partition_count (lines 63-73),
// challenge_count (76-82), hs and h_default (96-108; the API proves with h_default,
// filecoin-proofs/src/types/sector_update_config.rs line 22), h_select (112-121: the first index
// of h, so the test size's h = 1 selects with 1), apex_leaf_count (124-130),
// validate_tree_r_shape (132-152). File stems: filecoin-proofs/parameters.json's v28
// "empty-sector-update" entries. Names: rust-filecoin-proofs-api src/registry.rs lines 119-126.
constexpr UpdateSizeExpectation kSizes[] = {
    {"StackedDrg2KiBV1",
     2048,
     64,
     1,
     10,
     1,
     1,
     8,
     {8, 0, 0},
     2,
     "v28-empty-sector-update-merkletree-poseidon_hasher-8-0-0-"
     "fb9e095bebdd77511c0269b967b4d87ba8b8a525edaa0e165de23ba454510194"},
    {"StackedDrg8MiBV1",
     8388608,
     262144,
     4,
     10,
     10,
     8,
     128,
     {8, 0, 0},
     6,
     "v28-empty-sector-update-merkletree-poseidon_hasher-8-0-0-"
     "92180959e1918d26350b8e6cfe217bbdd0a2d8de51ebec269078b364b715ad63"},
    {"StackedDrg512MiBV1",
     536870912,
     16777216,
     16,
     86,
     10,
     8,
     128,
     {8, 0, 0},
     8,
     "v28-empty-sector-update-merkletree-poseidon_hasher-8-0-0-"
     "61fa69f38b9cc771ba27b670124714b4ea77fbeae05e377fb859c4a43b73a30c"},
    {"StackedDrg32GiBV1",
     34359738368,
     1073741824,
     16,
     86,
     10,
     8,
     128,
     {8, 8, 0},
     10,
     "v28-empty-sector-update-merkletree-poseidon_hasher-8-8-0-"
     "3b7f44a9362e3985369454947bc94022e118211e49fd672d52bec1cbfd599d18"},
    {"StackedDrg64GiBV1",
     68719476736,
     2147483648,
     16,
     86,
     10,
     8,
     128,
     {8, 8, 2},
     11,
     "v28-empty-sector-update-merkletree-poseidon_hasher-8-8-2-"
     "102e1444a7e9a97ebf1e3d6855dcc77e66c011ea66f936d9b2c508f87f2f83a7"},
};

}  // namespace

TEST_CASE("every registered update proof has the Rust's constants") {
  REQUIRE(all_update_proofs().size() == std::size(kSizes));
  for (std::size_t i = 0; i < std::size(kSizes); ++i) {
    const UpdateSizeExpectation& want = kSizes[i];
    INFO(want.name);
    const auto proof = update_proof_from_name(want.name);
    REQUIRE(proof.has_value());
    CHECK(static_cast<std::size_t>(*proof) == i);  // the API's discriminant
    CHECK(update_proof_from_sector_size(want.sector_size) == proof);
    CHECK(update_proof_from_id(i) == proof);
    const UpdateProofInfo& info = update_proof_info(*proof);
    CHECK(info.sector_size == want.sector_size);
    CHECK(info.nodes == want.nodes);
    CHECK(info.partitions == want.partitions);
    CHECK(info.challenges_per_partition == want.challenges);
    CHECK(info.h() == want.h);
    CHECK(h_select(info, info.h()) == want.h_select);
    CHECK(info.apex_leaves == want.apex_leaves);
    CHECK(info.tree == want.tree);
    CHECK(tree_r_path(info).levels() == want.tree_r_levels);
    CHECK(tree_d_path(info).levels() == info.challenge_bits());
    CHECK(parameter_file_stem(info) == want.file_stem);
    // The stem's digest is that of the identifier string (parameter_cache.rs cache_identifier).
    const std::string id = parameter_identifier(info);
    CHECK(cuzk::to_hex(cuzk::hashers::sha256(
              std::span(reinterpret_cast<const std::uint8_t*>(id.data()), id.size()))) ==
          info.identifier_sha256);
  }
}

TEST_CASE("update proof lookups refuse what the API does not name") {
  CHECK_FALSE(update_proof_from_name("StackedDrg32GiBV1_1").has_value());
  CHECK_FALSE(update_proof_from_sector_size(4096).has_value());
  CHECK_FALSE(update_proof_from_id(5).has_value());  // the seal proofs' numbers go further
  CHECK(update_proof_names(", ") ==
        "StackedDrg2KiBV1, StackedDrg8MiBV1, StackedDrg512MiBV1, StackedDrg32GiBV1, "
        "StackedDrg64GiBV1");
  const UpdateProofInfo& info = update_proof_info(RegisteredUpdateProof::kStackedDrg32GiBV1);
  CHECK(h_select(info, 7) == 1u);
  CHECK(h_select(info, 12) == 32u);
  CHECK_FALSE(h_select(info, 13).has_value());
}
