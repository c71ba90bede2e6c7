// C2 for one sector on the GPU, the product's main path (cuzk prove picks it when a usable GPU is
// present). In one process:
//   plan       resident or streamed parameters, from the GPU's free memory (gpu_memory_plan.hpp);
//   then three things at once:
//     GPU thread:  parameters read from the file and decoded on the device (resident, on a
//                  thread of their own), the recorded shape uploaded and its challenge blocks
//                  copied there, then each partition proved as its witness arrives (the next one
//                  laid out in page-locked memory meanwhile);
//     main thread: every vanilla proof of the C1 checked (as the CPU path does) before any
//                  partition is proved, the prefix and one challenge block recorded (with the
//                  partition's layout, partition_layout.hpp), then every partition's compact
//                  witness (every challenge of every partition a task);
//     release thread: each witness and the host copy of the shape freed once on the device;
//   assemble   A, B, C of every partition with fresh r, s from the OS;
//   verify     all partition proofs at once, as verify_seal would.
// It is the one-sector use of a GpuProvingSession (gpu_proving_session.hpp), which keeps the
// parameters and the shape on the GPU from one sector to the next. Only in CUDA builds (callers
// guard with CUZK_HAVE_CUDA).
#pragma once

#ifdef CUZK_HAVE_CUDA

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kernels/groth16/partition_prover.hpp"
#include "pipeline/background_release.hpp"
#include "pipeline/shape_recording.hpp"
#include "porep/c1_output.hpp"
#include "prover/params/mapped_parameters.hpp"
#include "prover/proof.hpp"
#include "sealing/c1_validator.hpp"

namespace cuzk::pipeline {

struct GpuSectorOptions {
  // Who sealed the sector (checks replica_id; verification recomputes it), as in the CPU path.
  std::optional<sealing::ProverSector> sector;
  bool verify = true;
  // Caps the device memory the run may plan with (the free memory the device reports otherwise).
  std::optional<std::size_t> gpu_memory_limit;
  // Progress lines (one per event worth telling a user); calls never overlap.
  std::function<void(const std::string&)> log;
  // Where big host buffers go to be freed; give one that outlives the call (and the writing of the
  // proof) so that nothing waits for them. A private one is used, and drained on return, if none.
  BackgroundRelease* release = nullptr;
  // The shape's recording, if started earlier (shape_recording.hpp); started here otherwise.
  ShapeRecording shape;
};

struct PartitionReport {
  double witness_seconds = 0;  // wall time from the start of synthesis to this witness ready
  double gpu_wall_seconds = 0;
  kernels::PartitionGpuTimings gpu;  // device milliseconds by stage
};

struct GpuSectorReport {
  // Wall-clock seconds of the host phases, in the order they started.
  std::vector<std::pair<std::string, double>> phases;
  std::vector<PartitionReport> partitions;
  bool parameters_resident = true;
  std::size_t slice_points = 0;
  std::size_t planned_gpu_bytes = 0;
  std::size_t peak_gpu_bytes = 0;  // device memory in use, sampled after each stage
  double parameter_upload_seconds = 0;
  double gpu_seconds = 0;       // the partitions' device time, summed (partitions overlap a little)
  double gpu_pass_seconds = 0;  // wall: the first partition submitted to the last one's sums
  // From the last partition's sums on the host to the verified proofs (milliseconds).
  double last_gpu_to_proofs_ms = 0;
  double release_seconds = 0;  // spent on the release thread, off the critical path
};

struct GpuSectorResult {
  std::vector<prover::Proof> proofs;  // one per partition, in order
  bool verified = false;
  GpuSectorReport report;
};

// Throws cuzk::Error for a C1 that fails its check, parameters of another circuit, a GPU too
// small, a witness that does not satisfy the circuit, proofs that fail self-verification, or a
// CUDA failure (naming the call); nothing is returned then.
GpuSectorResult prove_sector_gpu(const porep::C1Output& c1, const prover::MappedParameters& params,
                                 const GpuSectorOptions& options);

}  // namespace cuzk::pipeline

#endif  // CUZK_HAVE_CUDA
