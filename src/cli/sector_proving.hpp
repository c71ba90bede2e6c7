// Proving one sector with the chosen backend, as `cuzk prove` and `cuzk bench sector` both do:
// the GPU pipeline (pipeline/gpu_sector_prover.hpp) or the CPU prover (prover/seal/
// seal_prover.hpp), falling back from the first to the second only as gpu_fallback.hpp says, with
// progress lines and every phase, partition detail and total added to the run's timing report.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "cli/progress.hpp"
#include "cli/timings.hpp"
#include "pipeline/backend_choice.hpp"
#include "pipeline/background_release.hpp"
#include "pipeline/shape_recording.hpp"
#include "porep/c1_output.hpp"
#include "prover/params/mapped_parameters.hpp"
#include "prover/proof.hpp"
#include "prover/seal/seal_prover.hpp"
#include "sealing/c1_validator.hpp"

namespace cuzk::cli {

struct SectorProvingOptions {
  std::optional<sealing::ProverSector> sector;
  bool verify = true;
  std::optional<std::size_t> gpu_memory_limit;  // GPU only
  pipeline::ShapeRecording shape;  // GPU only: the shape's recording, if started already
  std::uint32_t partitions_per_batch = prover::seal::kDefaultPartitionsPerBatch;  // CPU only
};

struct SectorProofs {
  std::vector<prover::Proof> proofs;
  bool verified = false;
};

// Sets timings.backend to what proved. A GPU fault under `--backend auto` on a sector of at most
// 512 MiB prints one line (even with -q) and proves on the CPU instead, recorded in the timings
// (gpu_fault, phase gpu_failed); every other failure propagates (pipeline/gpu_fallback.hpp).
// `release` frees the GPU pipeline's big host buffers; keep it alive until the proof is written.
SectorProofs prove_sector(const pipeline::BackendChoice& choice, const porep::C1Output& c1,
                          const prover::MappedParameters& params,
                          const SectorProvingOptions& options, Progress& progress,
                          TimingReport& timings, pipeline::BackgroundRelease& release);

}  // namespace cuzk::cli
