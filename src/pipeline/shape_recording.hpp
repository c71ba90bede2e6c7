// The partition shape a GPU session proves from (circuit::stacked::record_partition_blocks),
// recorded on a thread of its own. It needs only the registered proof, so `cuzk prove` starts it
// as soon as the C1 names the proof, before the GPU is probed and the parameters are mapped; a
// session handed none starts its own at construction.
#pragma once

#include <future>
#include <memory>
#include <mutex>

#include "circuit/stacked/circuit_shape.hpp"
#include "porep/registered_proof.hpp"

namespace cuzk::circuit::stacked {
struct PartitionRecording;
}

namespace cuzk::pipeline {

struct RecordedShape {
  std::shared_ptr<circuit::stacked::PartitionRecording> shape;
  double seconds = 0;  // the recording's own wall time
};

// A recording under way. Copies share it; the first take() waits for it and hands the shape over,
// so that whoever took it decides when its memory goes.
class ShapeRecording {
 public:
  ShapeRecording() = default;  // none
  static ShapeRecording start(porep::RegisteredSealProof proof);
  // Any circuit shape (tests prove small shapes of several partitions).
  static ShapeRecording start(const circuit::stacked::CircuitShape& shape);

  bool valid() const { return state_ != nullptr; }
  // The shape being recorded; throws cuzk::Error for none.
  const circuit::stacked::CircuitShape& shape() const;
  // Waits; rethrows the recording's failure. Throws cuzk::Error when taken before, by any copy.
  RecordedShape take() const;

 private:
  struct State {
    circuit::stacked::CircuitShape shape;
    std::mutex mutex;
    std::future<RecordedShape>
        result;  // invalid once taken; destroyed last, waiting for the thread
  };
  std::shared_ptr<State> state_;
};

}  // namespace cuzk::pipeline
