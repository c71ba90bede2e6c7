#include "pipeline/shape_recording.hpp"

#include <chrono>

#include "util/error.hpp"

namespace cuzk::pipeline {

ShapeRecording ShapeRecording::start(const CircuitKind& kind) {
  return start(partition_shape(kind));
}

ShapeRecording ShapeRecording::start(const PartitionShape& shape) {
  ShapeRecording r;
  r.state_ = std::make_shared<State>();
  r.state_->shape = shape;
  r.state_->result = std::async(std::launch::async, [shape] {
    const auto start = std::chrono::steady_clock::now();
    RecordedR1cs recording = record_partition_r1cs(shape);
    const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
    return RecordedShape{std::move(recording), seconds.count()};
  });
  return r;
}

const PartitionShape& ShapeRecording::shape() const {
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
