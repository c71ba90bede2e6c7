// The prefix and challenge 0 recorded part by part on threads (record_parts.hpp) against one
// ShapeCS pass over them: the same layout and, array for array, the same rows, columns and
// coefficient ids, at every registered sector size's shape (32 GiB included: its data path is
// the largest part, and its labels the most).
#include <doctest/doctest.h>

#include <cstddef>

#include "circuit/stacked/record_parts.hpp"
#include "porep/registered_proof.hpp"

using namespace cuzk::circuit;
namespace porep = cuzk::porep;

namespace {

void check_same_layout(const stacked::PartitionLayout& got, const stacked::PartitionLayout& want) {
  CHECK(got.challenges == want.challenges);
  CHECK(got.prefix == want.prefix);
  CHECK(got.block == want.block);
  CHECK(got.prefix_nonzeros == want.prefix_nonzeros);
  CHECK(got.block_nonzeros == want.block_nonzeros);
  REQUIRE(got.parts.size() == want.parts.size());
  for (std::size_t k = 0; k < got.parts.size(); ++k) {
    INFO("part " << k);
    CHECK(got.parts[k].part == want.parts[k].part);
    CHECK(got.parts[k].index == want.parts[k].index);
    CHECK(got.parts[k].start == want.parts[k].start);
    CHECK(got.parts[k].size == want.parts[k].size);
  }
}

// Array equality, with the first difference named when there is one.
void check_same(const IndexVector& got, const IndexVector& want, const char* what) {
  INFO(what);
  REQUIRE(got.size() == want.size());
  std::size_t first = got.size();
  for (std::size_t i = 0; i < got.size() && first == got.size(); ++i) {
    if (got[i] != want[i]) first = i;
  }
  INFO("first difference at " << first);
  CHECK(first == got.size());
}

void check_same_matrix(const CompactMatrix& got, const CompactMatrix& want) {
  check_same(got.row_start, want.row_start, "row starts");
  check_same(got.column, want.column, "columns");
  check_same(got.coeff, want.coeff, "coefficient ids");
}

}  // namespace

TEST_CASE("the prefix and challenge 0 recorded part by part equal one pass over them") {
  for (const porep::RegisteredSealProof proof :
       {porep::RegisteredSealProof::kStackedDrg2KiBV1_1,
        porep::RegisteredSealProof::kStackedDrg8MiBV1_1,
        porep::RegisteredSealProof::kStackedDrg512MiBV1_1,
        porep::RegisteredSealProof::kStackedDrg32GiBV1_1}) {
    INFO(porep::seal_proof_info(proof).name);
    const stacked::CircuitShape shape = stacked::circuit_shape(proof);
    const stacked::BlockRecording parts = stacked::record_blocks(shape);
    const stacked::BlockRecording one_pass = stacked::record_blocks_in_one_pass(shape);
    check_same_layout(parts.layout, one_pass.layout);
    CHECK(parts.rows.size == one_pass.rows.size);
    check_same_matrix(parts.rows.a, one_pass.rows.a);
    check_same_matrix(parts.rows.b, one_pass.rows.b);
    check_same_matrix(parts.rows.c, one_pass.rows.c);
    CHECK(parts.rows.coefficients == one_pass.rows.coefficients);
  }
}

TEST_CASE("a shape of three challenges and two layers is recorded part by part too") {
  // Not a registered size: no known counts to reserve or check against.
  stacked::CircuitShape shape =
      stacked::circuit_shape(porep::RegisteredSealProof::kStackedDrg2KiBV1_1);
  shape.layers = 2;
  shape.challenges = 3;
  const stacked::BlockRecording parts = stacked::record_blocks(shape);
  const stacked::BlockRecording one_pass = stacked::record_blocks_in_one_pass(shape);
  check_same_layout(parts.layout, one_pass.layout);
  check_same_matrix(parts.rows.a, one_pass.rows.a);
  check_same_matrix(parts.rows.b, one_pass.rows.b);
  check_same_matrix(parts.rows.c, one_pass.rows.c);
  CHECK(parts.rows.coefficients == one_pass.rows.coefficients);
}
