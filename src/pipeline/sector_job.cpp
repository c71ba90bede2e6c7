#include "pipeline/sector_job.hpp"

#include <exception>
#include <new>

#include "kernels/device/cuda_error.hpp"
#include "prover/params/params_error.hpp"

namespace cuzk::pipeline {

std::optional<sealing::ProverSector> resolve_sector(const SectorIdentity& identity,
                                                    const porep::C1Output& c1) {
  if (!identity.prover_id) {
    if (identity.sector_id) throw UsageError("--sector-id needs --miner-id or --prover-id");
    return std::nullopt;
  }
  const auto sector = identity.sector_id ? identity.sector_id : c1.sector_number;
  if (!sector) {
    throw UsageError(
        "--sector-id is needed: the C1 file has no SectorNum (it is not the lotus wrapper)");
  }
  return sealing::ProverSector{*identity.prover_id, *sector};
}

SectorFailure failure_from(const std::exception& error) {
  FailureKind kind = FailureKind::kOther;
  if (dynamic_cast<const UsageError*>(&error) != nullptr) {
    kind = FailureKind::kUsage;
  } else if (dynamic_cast<const Interrupted*>(&error) != nullptr) {
    kind = FailureKind::kInterrupted;
  } else if (dynamic_cast<const kernels::CudaError*>(&error) != nullptr) {
    kind = FailureKind::kGpu;
  } else if (dynamic_cast<const prover::ParamsError*>(&error) != nullptr) {
    kind = FailureKind::kParameters;
  } else if (dynamic_cast<const std::bad_alloc*>(&error) != nullptr) {
    // Named, because std::bad_alloc's own text says nothing a storage provider can act on.
    return {FailureKind::kOutOfMemory, "out of host memory (an allocation failed)"};
  }
  return {kind, error.what()};
}

SectorFailure failure_from_current_exception() {
  try {
    throw;
  } catch (const std::exception& e) {
    return failure_from(e);
  } catch (...) {
    return {FailureKind::kOther, "unknown failure"};
  }
}

}  // namespace cuzk::pipeline
