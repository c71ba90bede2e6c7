#include "pipeline/shape_recording.hpp"

#include <chrono>

#include "circuit/stacked/circuit_shape.hpp"
#include "circuit/stacked/record_shape.hpp"
#include "util/error.hpp"

namespace cuzk::pipeline {

ShapeRecording ShapeRecording::start(porep::RegisteredSealProof proof) {
  ShapeRecording r;
  r.state_ = std::make_shared<State>();
  r.state_->proof = proof;
  r.state_->result = std::async(std::launch::async, [proof] {
    namespace stacked = circuit::stacked;
    const auto start = std::chrono::steady_clock::now();
    auto shape = std::make_shared<stacked::PartitionRecording>(
        stacked::record_partition_blocks(stacked::circuit_shape(porep::seal_proof_info(proof))));
    const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
    return RecordedShape{std::move(shape), seconds.count()};
  });
  return r;
}

porep::RegisteredSealProof ShapeRecording::proof() const {
  if (state_ == nullptr) throw Error("no shape recording was started");
  return state_->proof;
}

RecordedShape ShapeRecording::take() const {
  if (state_ == nullptr) throw Error("no shape recording was started");
  const std::lock_guard lock(state_->mutex);
  if (!state_->result.valid()) throw Error("the circuit's shape failed or was taken earlier");
  return state_->result.get();
}

}  // namespace cuzk::pipeline
