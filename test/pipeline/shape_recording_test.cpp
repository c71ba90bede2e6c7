// The shape recorded on its own thread: the recording a copy takes is record_partition_blocks's
// for a seal proof and record_update_partition's for an update proof (the ones the GPU session
// proves from), handed over once, and a failure to take says why.
#include <doctest/doctest.h>

#include "circuit/stacked/circuit_shape.hpp"
#include "circuit/stacked/record_shape.hpp"
#include "circuit/update/update_record.hpp"
#include "circuit/update/update_shape.hpp"
#include "pipeline/shape_recording.hpp"
#include "prover/params/parameter_files.hpp"
#include "util/error.hpp"

namespace cuzk::pipeline {
namespace {

using porep::RegisteredSealProof;

TEST_CASE("a shape recorded on its own thread is the partition's recording, taken once") {
  constexpr RegisteredSealProof kProof = RegisteredSealProof::kStackedDrg8MiBV1_1;
  const ShapeRecording recording = ShapeRecording::start(kProof);
  const ShapeRecording copy = recording;  // as the CLI hands it to the session
  REQUIRE(copy.valid());
  CHECK(copy.shape() == PartitionShape(circuit::stacked::circuit_shape(kProof)));

  const RecordedShape taken = copy.take();
  const auto* blocks = std::get_if<circuit::stacked::PartitionRecording>(&taken.r1cs);
  REQUIRE(blocks != nullptr);
  CHECK(taken.seconds > 0);
  const circuit::stacked::PartitionRecording expected = circuit::stacked::record_partition_blocks(
      circuit::stacked::circuit_shape(porep::seal_proof_info(kProof)));
  CHECK(blocks->layout.challenges == expected.layout.challenges);
  CHECK(blocks->size().num_constraints == expected.size().num_constraints);
  CHECK(blocks->a.column == expected.a.column);
  CHECK(blocks->b.coeff == expected.b.coeff);
  CHECK(blocks->c.row_start == expected.c.row_start);
  CHECK(blocks->coefficients == expected.coefficients);
  CHECK(std::get<circuit::stacked::PartitionLayout>(witness_layout(taken.r1cs)).challenges ==
        expected.layout.challenges);

  // Handed over once: no copy can take it again.
  CHECK_THROWS_WITH_AS(recording.take(), doctest::Contains("taken earlier"), Error);
}

TEST_CASE("an update proof's shape is its partition's whole R1CS, of the parameters' lengths") {
  constexpr auto kUpdate = porep::update::RegisteredUpdateProof::kStackedDrg2KiBV1;
  const ShapeRecording recording = ShapeRecording::start(kUpdate);
  CHECK(recording.shape() == PartitionShape(circuit::update::update_shape(kUpdate)));

  const RecordedShape taken = recording.take();
  const auto* whole = std::get_if<circuit::CompactR1cs>(&taken.r1cs);
  REQUIRE(whole != nullptr);
  const circuit::CompactR1cs expected =
      circuit::update::record_update_partition(circuit::update::update_shape(kUpdate));
  CHECK(whole->size == expected.size);
  CHECK(whole->a.column == expected.a.column);
  CHECK(whole->b.coeff == expected.b.coeff);
  CHECK(whole->c.row_start == expected.c.row_start);
  CHECK(whole->coefficients == expected.coefficients);
  CHECK(std::get<circuit::CircuitSize>(witness_layout(taken.r1cs)) == expected.size);
  CHECK(recorded_lengths(taken.r1cs) == prover::circuit_parameter_lengths(kUpdate));
  CHECK(b_input_count(taken.r1cs) == expected.b_input_density.count());
  CHECK(describe(taken.r1cs).find("challenge blocks") == std::string::npos);
}

TEST_CASE("no shape recording: nothing to take") {
  const ShapeRecording none;
  CHECK_FALSE(none.valid());
  CHECK_THROWS_AS(none.take(), Error);
  CHECK_THROWS_AS((void)none.shape(), Error);
}

}  // namespace
}  // namespace cuzk::pipeline
