// The CPU implementation of SectorProver (sector_prover.hpp): the sector's own CPU proof
// (ProvableSector::prove_on_cpu; for PoRep prover::seal::prove_seal, which checks the C1,
// synthesizes and proves the partitions in batches on every OpenMP thread and verifies the
// proofs). It proves a sector inside submit(); collect() hands the outcomes back in
// order. The stop request is checked between phases until the proving starts: a sector stopped
// there fails with Interrupted, having written nothing; one whose proving has started (minutes of
// MSMs on a large sector) is finished, and the job queue writes it.
#pragma once

#include <memory>

#include "pipeline/proving_options.hpp"
#include "pipeline/sector_prover.hpp"

namespace cuzk::pipeline {

std::unique_ptr<SectorProver> make_cpu_sector_prover(const prover::MappedParameters& params,
                                                     const ProvingOptions& options);

}  // namespace cuzk::pipeline
