// The partition shape a GPU session proves from (partition_shape.hpp), recorded on a thread of its
// own. It needs only the registered proof, so `cuzk prove` starts it as soon as the input names
// the proof, before the GPU is probed and the parameters are mapped; a session handed none starts
// its own at construction.
#pragma once

#include <future>
#include <memory>
#include <mutex>

#include "pipeline/circuit_kind.hpp"
#include "pipeline/partition_shape.hpp"

namespace cuzk::pipeline {

struct RecordedShape {
  RecordedR1cs r1cs;
  double seconds = 0;  // the recording's own wall time
};

// A recording under way. Copies share it; the first take() waits for it and hands the shape over,
// so that whoever took it decides when its memory goes.
class ShapeRecording {
 public:
  ShapeRecording() = default;  // none
  static ShapeRecording start(const CircuitKind& kind);
  // Any partition shape (tests prove small StackedDRG shapes of several partitions).
  static ShapeRecording start(const PartitionShape& shape);

  bool valid() const { return state_ != nullptr; }
  // The shape being recorded; throws cuzk::Error for none.
  const PartitionShape& shape() const;
  // Waits; rethrows the recording's failure. Throws cuzk::Error when taken before, by any copy.
  RecordedShape take() const;

 private:
  struct State {
    PartitionShape shape;
    std::mutex mutex;
    std::future<RecordedShape>
        result;  // invalid once taken; destroyed last, waiting for the thread
  };
  std::shared_ptr<State> state_;
};

}  // namespace cuzk::pipeline
