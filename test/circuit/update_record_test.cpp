// The EmptySectorUpdate partition's compact R1CS as record_update_partition records it, challenges
// on threads: at 2 KiB it is the pinned R1CS (update_record_pinned.hpp; 8 MiB in
// update_record_8mib_test), and at 2 KiB (room reserved for its known totals) and 1 KiB (a testing
// size, arrays grown) it is, array for array, what one sequential ShapeCS records over the blank
// circuit followed by bellperson's input rows. The totals the recorder reserves for are the pinned
// ones, and the layout places the challenges and names one that ends elsewhere.
#include "circuit/update/update_record.hpp"

#include <doctest/doctest.h>

#include <utility>

#include "circuit/shape_cs.hpp"
#include "circuit/update/update_circuit.hpp"
#include "circuit/update/update_layout.hpp"
#include "update_r1cs_vectors.hpp"
#include "update_record_pinned.hpp"
#include "util/error.hpp"

namespace {

using namespace cuzk::circuit;
using cuzk::porep::update::RegisteredUpdateProof;

// Compared whole without printing millions of entries on a failure.
template <class A, class B>
bool same(const A& a, const B& b) {
  return a == b;
}

}  // namespace

TEST_CASE("update record: 2 KiB is the pinned R1CS") {
  cuzk::test::check_recording_is_pinned(RegisteredUpdateProof::kStackedDrg2KiBV1);
}

TEST_CASE("update record: the recorder's known totals are the pinned R1CS's") {
  for (const auto& v : cuzk::test::kUpdateR1csVectors) {
    INFO(v.name);
    const auto known = update::known_record_totals(update::update_shape(v.proof));
    REQUIRE(known);
    CHECK(known->rows == v.digest.size.num_constraints + v.digest.size.num_inputs);
    CHECK(known->nonzeros[0] == v.digest.nnz_with_input_rows.a);
    CHECK(known->nonzeros[1] == v.digest.nnz_with_input_rows.b);
    CHECK(known->nonzeros[2] == v.digest.nnz_with_input_rows.c);
  }
  // A testing size has none: its recorder grows its arrays as it goes.
  CHECK(!update::known_record_totals(update::update_shape(update::kSectorSize1KiB)));
}

TEST_CASE("update record: equals one sequential ShapeCS with the input rows") {
  // 2 KiB records into room reserved for its known totals, 1 KiB (a testing size) grows its arrays.
  for (const std::uint64_t nodes : {update::kSectorSize2KiB, update::kSectorSize1KiB}) {
    INFO(update::sector_size_name(nodes));
    const update::UpdateShape shape = update::update_shape(nodes);
    ShapeCS cs;
    update::synthesize(cs, update::blank_update_circuit(shape));
    enforce_input_columns(cs);
    const CompactR1cs expected = std::move(cs).finish();
    const CompactR1cs got = update::record_update_partition(shape);

    CHECK(got.size == expected.size);
    for (const auto& [g, e] : {std::pair{&got.a, &expected.a}, std::pair{&got.b, &expected.b},
                               std::pair{&got.c, &expected.c}}) {
      CHECK(same(g->row_start, e->row_start));
      CHECK(same(g->column, e->column));
      CHECK(same(g->coeff, e->coeff));
    }
    CHECK(same(got.coefficients, expected.coefficients));
    CHECK(same(got.a_aux_density, expected.a_aux_density));
    CHECK(same(got.b_input_density, expected.b_input_density));
    CHECK(same(got.b_aux_density, expected.b_aux_density));
  }
}

TEST_CASE(
    "update layout: challenge i starts i blocks after the prefix; a block ending elsewhere "
    "is refused by name") {
  const update::UpdateShape shape = update::update_shape(RegisteredUpdateProof::kStackedDrg2KiBV1);
  update::MeasuredPrefix measured;
  measured.prefix = {5, 100, 90};
  measured.first_challenge_end = {5, 130, 110};
  measured.prefix_nonzeros = {7, 8, 9};
  measured.first_challenge_end_nonzeros = {17, 28, 39};
  const update::UpdateLayout layout = update::update_layout(shape, measured);
  CHECK(layout.block == CircuitSize{0, 30, 20});
  CHECK(layout.block_start(3) == CircuitSize{5, 190, 150});
  CHECK(layout.total() ==
        CircuitSize{5, 100 + 30 * shape.challenge_count, 90 + 20 * shape.challenge_count});
  CHECK(layout.total_nonzeros() == update::Nonzeros{7 + 10 * shape.challenge_count,
                                                    8 + 20 * shape.challenge_count,
                                                    9 + 30 * shape.challenge_count});
  CHECK_NOTHROW(update::check_update_counts(layout.block_start(4), layout.block_start(4), "x"));
  CHECK_THROWS_WITH_AS(
      update::check_update_counts({5, 221, 170}, layout.block_start(4), "challenge 3"),
      "empty sector update circuit: challenge 3 ended at 5 inputs, 221 aux, 170 constraints, the "
      "layout says 5 inputs, 220 aux, 170 constraints",
      cuzk::Error);
}
