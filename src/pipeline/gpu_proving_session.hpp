// What stays on the GPU from one sector to the next of the same registered proof, seal or update:
// the parameters (kernels::ParameterBases, resident or streamed), the recorded shape
// (kernels::DeviceR1cs: PoRep's blocks, or an update partition's whole R1CS; partition_shape.hpp)
// and the prover's work buffers (kernels::PartitionProver), planned once (gpu_memory_plan.hpp).
// The sectors (session_sector.hpp) make their own witnesses. A session owns one GPU thread, which
// proves the partitions of the sectors handed to it in order:
//
//   GpuProvingSession session(params, porep_session_circuit(proof), options);
//   GpuPendingSector a = session.submit(sector_a);  // check, synthesize: the GPU proves a ...
//   GpuPendingSector b = session.submit(sector_b);  // ... while the host synthesizes b
//   GpuSectorResult ra = session.finish(std::move(a)); // assemble and verify a
//
// The shape is recorded on a thread of its own from construction on; the first submit starts the
// GPU thread (the parameters upload on a thread of their own, H first, while the host checks the
// input and the shape records), takes the shape and synthesizes, so a one-sector session overlaps
// all of it; the first partition waits for each query only
// where it needs it, and each next partition's witness is laid out in page-locked memory while
// the GPU proves the one before. Only in CUDA builds.
#pragma once

#ifdef CUZK_HAVE_CUDA

#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "kernels/device/device.hpp"
#include "pipeline/background_release.hpp"
#include "pipeline/gpu_memory_plan.hpp"
#include "pipeline/gpu_sector_report.hpp"
#include "pipeline/params_reader.hpp"
#include "pipeline/proving_observer.hpp"
#include "pipeline/session_sector.hpp"
#include "pipeline/shape_recording.hpp"
#include "prover/params/mapped_parameters.hpp"

namespace cuzk::pipeline {

struct GpuSessionOptions {
  // The GPU the session proves on: every kernels object it makes is bound to it.
  kernels::Device device{-1};
  // Caps the device memory the session may plan with (the free memory the device reports
  // otherwise).
  std::optional<std::size_t> gpu_memory_limit;
  // Progress lines (log and detail only); none: silent. Calls never overlap.
  const ProvingObserver* observer = nullptr;
  // Where big host buffers go to be freed, and whose thread owns each partition's heap; give one
  // that outlives the session (and the writing of its proofs). A private one is used if none.
  BackgroundRelease* release = nullptr;
  // Polled between partitions and sectors: once true, the sector in flight fails ("interrupted")
  // instead of taking more GPU time.
  const std::atomic<bool>* stop = nullptr;
  // The shape, if its recording was started before the session (of the session's circuit); the
  // session starts its own otherwise.
  ShapeRecording shape;
};

namespace detail {
struct SessionState;
struct SectorWork;
}  // namespace detail

// A sector whose witnesses are all handed to the GPU thread; finish() waits for its sums.
class GpuPendingSector {
 public:
  GpuPendingSector();  // none
  GpuPendingSector(GpuPendingSector&&) noexcept;
  GpuPendingSector& operator=(GpuPendingSector&&) noexcept;
  ~GpuPendingSector();  // an unfinished sector is abandoned: the GPU thread skips what is left

 private:
  friend class GpuProvingSession;

  std::shared_ptr<const SessionSector> sector_;
  std::shared_ptr<detail::SectorWork> work_;
  std::shared_ptr<detail::SessionState> state_;
  GpuSectorReport report_;  // the host phases so far
};

class GpuProvingSession {
 public:
  // Checks the parameters' header against the circuit's lengths, starts recording the circuit's
  // shape on a thread of its own and plans the device memory. Nothing is allocated on the device
  // before the first submit. Throws cuzk::Error for parameters of another circuit or a GPU too
  // small.
  GpuProvingSession(const prover::MappedParameters& params, SessionCircuit circuit,
                    GpuSessionOptions options);
  // Stops the GPU thread (abandoning what it has not proved) and frees the device memory.
  ~GpuProvingSession();
  GpuProvingSession(const GpuProvingSession&) = delete;
  GpuProvingSession& operator=(const GpuProvingSession&) = delete;

  const SessionCircuit& circuit() const { return circuit_; }
  // The device memory plan (the tier, and whether the parameters are page-locked).
  const GpuMemoryPlan& plan() const { return plan_; }
  // Host memory page-locked for this session: the parameters' mapping in a streamed tier, or 0.
  std::size_t page_locked_bytes() const { return pinned_.bytes(); }

  // On the calling thread: checks the sector's input, takes the recorded shape (first sector
  // only) and synthesizes every partition's witness, handing each to the GPU thread. Returns once
  // all are handed over. Throws cuzk::Error for an input that fails its check, a failed
  // synthesis, or a session whose GPU thread has failed. Once `cancel` is set, this sector alone
  // fails Interrupted at its next partition, as every sector does on options.stop.
  GpuPendingSector submit(std::shared_ptr<const SessionSector> sector,
                          std::shared_ptr<const std::atomic<bool>> cancel = nullptr);

  // Waits for the sector's partitions, assembles the proofs with fresh r, s and verifies them.
  // Throws cuzk::Error for a witness that does not satisfy the circuit, proofs that fail
  // self-verification, a CUDA failure or an interruption.
  GpuSectorResult finish(GpuPendingSector&& pending);

  // The union of the partitions' busy intervals (from a partition's submission to its sums, on
  // the host's clock; two partitions in flight overlap), and the GPU thread's wall seconds from
  // its start to its last partition: their ratio is how busy the session kept the GPU, never
  // above 1.
  double gpu_busy_seconds() const;
  double gpu_thread_seconds() const;

 private:
  void start_gpu_thread();
  void take_recorded_shape(GpuSectorReport& report);

  const prover::MappedParameters& params_;
  SessionCircuit circuit_;
  GpuSessionOptions options_;
  std::function<void(const std::string&)> log_;  // the observer's log, one line at a time
  GpuMemoryPlan plan_;
  PinnedParameters pinned_;  // streamed tiers only; outlives the GPU thread, which reads it
  std::optional<WitnessLayout> layout_;  // once the shape is recorded
  std::optional<BackgroundRelease> own_release_;
  BackgroundRelease* release_ = nullptr;
  std::shared_ptr<detail::SessionState> state_;
  std::thread gpu_thread_;  // joined by the destructor, before anything it uses goes away

  // The shape needs only the registered proof, so it is recorded from construction on (or
  // earlier, options.shape), beside the GPU's start, the parameter upload and the first input's
  // check; the first submit takes it. Declared last: destroyed first, waiting for a recording
  // still under way.
  ShapeRecording shape_recording_;
};

}  // namespace cuzk::pipeline

#endif  // CUZK_HAVE_CUDA
