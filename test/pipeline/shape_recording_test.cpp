// The shape recorded on its own thread: the recording a copy takes is record_partition_blocks's
// (the one the GPU session proves from), handed over once, and a failure to take says why.
#include <doctest/doctest.h>

#include "circuit/stacked/circuit_shape.hpp"
#include "circuit/stacked/record_shape.hpp"
#include "pipeline/shape_recording.hpp"
#include "util/error.hpp"

namespace cuzk::pipeline {
namespace {

using porep::RegisteredSealProof;

TEST_CASE("a shape recorded on its own thread is the partition's recording, taken once") {
  constexpr RegisteredSealProof kProof = RegisteredSealProof::kStackedDrg8MiBV1_1;
  const ShapeRecording recording = ShapeRecording::start(kProof);
  const ShapeRecording copy = recording;  // as the CLI hands it to the session
  REQUIRE(copy.valid());
  CHECK(copy.shape() == cuzk::circuit::stacked::circuit_shape(kProof));

  const RecordedShape taken = copy.take();
  REQUIRE(taken.shape != nullptr);
  CHECK(taken.seconds > 0);
  const circuit::stacked::PartitionRecording expected = circuit::stacked::record_partition_blocks(
      circuit::stacked::circuit_shape(porep::seal_proof_info(kProof)));
  CHECK(taken.shape->layout.challenges == expected.layout.challenges);
  CHECK(taken.shape->size().num_constraints == expected.size().num_constraints);
  CHECK(taken.shape->a.column == expected.a.column);
  CHECK(taken.shape->b.coeff == expected.b.coeff);
  CHECK(taken.shape->c.row_start == expected.c.row_start);
  CHECK(taken.shape->coefficients == expected.coefficients);

  // Handed over once: no copy can take it again.
  CHECK_THROWS_WITH_AS(recording.take(), doctest::Contains("taken earlier"), Error);
}

TEST_CASE("no shape recording: nothing to take") {
  const ShapeRecording none;
  CHECK_FALSE(none.valid());
  CHECK_THROWS_AS(none.take(), Error);
  CHECK_THROWS_AS((void)none.shape(), Error);
}

}  // namespace
}  // namespace cuzk::pipeline
