// Proving sectors of one registered proof, seal or update (circuit_kind.hpp), on the CPU or a GPU,
// behind one interface: a prepared sector in (sector_job.hpp), its verified partition proofs or a
// typed failure out, in the order submitted. submit() returns once the sector is handed over (on
// the GPU: checked and synthesized, while the device proves it), so a stream overlaps the next
// sector's host work with the current one's GPU work:
//
//   auto prover = make_sector_prover(choice, kind, {&params, &release, {}}, options);
//   prover->submit(a);                  // the GPU proves a ...
//   prover->submit(b);                  // ... while the host checks and synthesizes b
//   SectorOutcome ra = prover->collect();
//
// make_sector_prover applies the rules once: the backend choice (backend_choice.hpp) picks the
// implementation, and under `--backend auto` a GPU fault on a sector of at most 512 MiB proves it
// again on the CPU, saying so, and rebuilds the GPU prover for the next sector (gpu_fallback.hpp).
#pragma once

#include <cstddef>
#include <memory>

#include "pipeline/backend_choice.hpp"
#include "pipeline/background_release.hpp"
#include "pipeline/circuit_kind.hpp"
#include "pipeline/proving_options.hpp"
#include "pipeline/sector_job.hpp"
#include "pipeline/shape_recording.hpp"
#include "pipeline/timing_report.hpp"
#include "prover/params/mapped_parameters.hpp"
#include "util/expected.hpp"

namespace cuzk::pipeline {

struct SectorOutcome {
  Expected<SectorProofs, SectorFailure> result = Unexpected(SectorFailure{});
  TimingReport timings;  // the prover's phases, partitions and totals; backend and gpu_fault set
};

// Seconds of GPU work a prover has done and the span it did it in, for a stream's busy fraction.
struct GpuUse {
  double busy_seconds = 0;  // the union of the partitions' busy intervals
  double span_seconds = 0;  // from the GPU thread's start to its last partition

  GpuUse& operator+=(const GpuUse& other) {
    busy_seconds += other.busy_seconds;
    span_seconds += other.span_seconds;
    return *this;
  }
};

class SectorProver {
 public:
  virtual ~SectorProver() = default;

  // Hands `sector` over; never throws for the sector's own failure (collect() returns it).
  virtual void submit(PreparedSector sector) = 0;
  // The oldest submitted sector's outcome, waiting for it. At least one must be in flight.
  virtual SectorOutcome collect() = 0;
  virtual std::size_t in_flight() const = 0;
  virtual GpuUse gpu_use() const { return {}; }
  // Host memory this prover holds page-locked (a GPU session's parameters in a streamed tier).
  virtual std::size_t page_locked_bytes() const { return 0; }
};

// Everything a prover borrows; each must outlive it.
struct ProverResources {
  const prover::MappedParameters* params = nullptr;  // the circuit kind's
  BackgroundRelease* release = nullptr;  // frees big host buffers; outlives the written proofs
  // The GPU's shape, if its recording was started already (shape_recording.hpp).
  ShapeRecording shape;
};

// The prover `choice` names, for sectors of `kind`. Throws cuzk::Error for parameters of
// another circuit, a GPU too small even for streamed parameters, or a GPU choice in a build
// without CUDA.
std::unique_ptr<SectorProver> make_sector_prover(const BackendChoice& choice,
                                                 const CircuitKind& kind, ProverResources resources,
                                                 const ProvingOptions& options);

}  // namespace cuzk::pipeline
