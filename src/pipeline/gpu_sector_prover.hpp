// The GPU implementation of SectorProver (sector_prover.hpp): a GpuProvingSession
// (gpu_proving_session.hpp) on one device, which keeps the parameters and the recorded shape on
// the GPU from one sector to the next; each sector is checked and synthesized on the calling
// thread while the GPU proves the one before, then its proofs are assembled with fresh r, s and
// verified. The session's report becomes the sector's TimingReport: its host phases, every
// partition's device times, the memory plan and the measured peaks.
#pragma once

#include <memory>

#include "kernels/device/device.hpp"
#include "pipeline/circuit_kind.hpp"
#include "pipeline/proving_options.hpp"
#include "pipeline/sector_prover.hpp"

namespace cuzk::pipeline {

// A prover on `device` for sectors of `kind`. Throws cuzk::Error for parameters of another circuit
// or a GPU too small even for streamed parameters, kernels::CudaError for a device that fails, and
// cuzk::Error in a build without CUDA.
std::unique_ptr<SectorProver> make_gpu_sector_prover(kernels::Device device,
                                                     const CircuitKind& kind,
                                                     ProverResources resources,
                                                     const ProvingOptions& options);

}  // namespace cuzk::pipeline
