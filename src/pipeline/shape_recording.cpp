#include "pipeline/shape_recording.hpp"

#include <chrono>

#include "circuit/stacked/circuit_shape.hpp"
#include "circuit/stacked/record_shape.hpp"
#include "util/error.hpp"

namespace cuzk::pipeline {

ShapeRecording ShapeRecording::start(porep::RegisteredSealProof proof) {
  return start(circuit::stacked::circuit_shape(porep::seal_proof_info(proof)));
}

ShapeRecording ShapeRecording::start(const circuit::stacked::CircuitShape& shape) {
  ShapeRecording r;
  r.state_ = std::make_shared<State>();
  r.state_->shape = shape;
  r.state_->result = std::async(std::launch::async, [shape] {
    const auto start = std::chrono::steady_clock::now();
    auto recording = std::make_shared<circuit::stacked::PartitionRecording>(
        circuit::stacked::record_partition_blocks(shape));
    const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
    return RecordedShape{std::move(recording), seconds.count()};
  });
  return r;
}

const circuit::stacked::CircuitShape& ShapeRecording::shape() const {
  if (state_ == nullptr) throw Error("no shape recording was started");
  return state_->shape;
}

RecordedShape ShapeRecording::take() const {
  if (state_ == nullptr) throw Error("no shape recording was started");
  const std::lock_guard lock(state_->mutex);
  if (!state_->result.valid()) throw Error("the circuit's shape failed or was taken earlier");
  return state_->result.get();
}

}  // namespace cuzk::pipeline
