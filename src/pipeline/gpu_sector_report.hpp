// What the GPU proving session reports for one sector (gpu_proving_session.hpp): the host phases,
// every partition's device times, the memory plan and the measured peaks. gpu_sector_prover.cpp
// turns it into the run's TimingReport. Only in CUDA builds.
#pragma once

#ifdef CUZK_HAVE_CUDA

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "kernels/groth16/partition_prover.hpp"
#include "prover/proof.hpp"

namespace cuzk::pipeline {

struct PartitionReport {
  // Wall time from the start of the sector's synthesize phase (its circuits built from the input
  // included) to this witness ready.
  double witness_seconds = 0;
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
  // Bytes copied to the device for this sector: parameters (all of them for the first sector of a
  // resident session, every partition's when streamed), witnesses and the batch's bitmaps.
  std::size_t h2d_bytes = 0;
  double parameter_upload_seconds = 0;
  double gpu_seconds = 0;       // the partitions' device time, summed (partitions overlap a little)
  double gpu_pass_seconds = 0;  // wall: the first partition submitted to the last one's sums
  // From the last partition's sums on the host to the verified proofs (milliseconds).
  double last_gpu_to_proofs_ms = 0;
  double release_seconds = 0;  // spent on the release thread, off the critical path
};

struct GpuSectorResult {
  std::vector<prover::Proof> proofs;         // one per partition, in order
  std::vector<kernels::PartitionSums> sums;  // the GPU's five sums of each, which the proofs hold
  bool verified = false;
  GpuSectorReport report;
};

}  // namespace cuzk::pipeline

#endif  // CUZK_HAVE_CUDA
