// The EmptySectorUpdate partition's compact R1CS as record_update_partition records it, challenges
// on threads: its digest (digest_recorded: counts, both fingerprints, non-zeros and densities) is
// the pinned one of update_r1cs_vectors.hpp at 2 KiB and 8 MiB, its densities are the pinned
// counts, and at 2 KiB it is, array for array, what one sequential ShapeCS records over the blank
// circuit followed by bellperson's input rows.
#include "circuit/update/update_record.hpp"

#include <doctest/doctest.h>

#include <utility>

#include "circuit/shape_cs.hpp"
#include "circuit/update/update_circuit.hpp"
#include "update_r1cs_vectors.hpp"

namespace {

using namespace cuzk::circuit;
using cuzk::porep::update::RegisteredUpdateProof;

const cuzk::test::UpdateR1csVector& vector_of(RegisteredUpdateProof proof) {
  for (const auto& v : cuzk::test::kUpdateR1csVectors) {
    if (v.proof == proof) return v;
  }
  FAIL("no pinned R1CS for the update proof");
  throw;  // unreachable: FAIL throws
}

// Compared whole without printing millions of entries on a failure.
template <class A, class B>
bool same(const A& a, const B& b) {
  return a == b;
}

void check_pinned(RegisteredUpdateProof proof) {
  const cuzk::test::UpdateR1csVector& v = vector_of(proof);
  INFO(v.name);
  const CompactR1cs r = update::record_update_partition(update::update_shape(proof));
  const CircuitSize& synthesized = v.digest.size;
  CHECK(r.size == CircuitSize{synthesized.num_inputs, synthesized.num_aux,
                              synthesized.num_constraints + synthesized.num_inputs});
  CHECK(r.a.nonzeros() == v.digest.nnz_with_input_rows.a);
  CHECK(r.b.nonzeros() == v.digest.nnz_with_input_rows.b);
  CHECK(r.c.nonzeros() == v.digest.nnz_with_input_rows.c);
  // The densities the prover reads are the recording's own bitmaps.
  CHECK(r.a_aux_density.count() == v.digest.density.a_aux);
  CHECK(r.b_input_density.count() == v.digest.density.b_input);
  CHECK(r.b_aux_density.count() == v.digest.density.b_aux);
  CHECK(digest_recorded(r) == v.digest);
}

}  // namespace

TEST_CASE("update record: 2 KiB is the pinned R1CS") {
  check_pinned(RegisteredUpdateProof::kStackedDrg2KiBV1);
}

TEST_CASE("update record: 8 MiB is the pinned R1CS") {
  check_pinned(RegisteredUpdateProof::kStackedDrg8MiBV1);
}

TEST_CASE("update record: 2 KiB equals one sequential ShapeCS with the input rows") {
  const update::UpdateShape shape = update::update_shape(RegisteredUpdateProof::kStackedDrg2KiBV1);
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
