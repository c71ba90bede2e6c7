// A job's input (sector_job.hpp) read and turned into the sector a prover takes, by its proof
// type: a C1 output (porep/c1_parser.hpp, with the job's porep_id and API version) or an update
// input (porep/update/update_input_json.hpp, its structure only: the sector's check verifies the
// vanilla proofs), from its file or the bytes the job holds, messages starting with its name; an
// update input the job holds decoded already (SectorJob::update_input) is taken as it is.
#pragma once

#include <memory>
#include <variant>

#include "pipeline/circuit_kind.hpp"
#include "pipeline/provable_sector.hpp"
#include "pipeline/sector_job.hpp"
#include "porep/c1_output.hpp"
#include "porep/update/update_input.hpp"

namespace cuzk::pipeline {

using SectorInput = std::variant<std::shared_ptr<const porep::C1Output>,
                                 std::shared_ptr<const porep::update::UpdateInput>>;

// Throws cuzk::Error for an input that does not read, or is of another registered proof than
// the one the job names.
SectorInput read_input(const SectorJob& job);

// The registered proof the input is of.
CircuitKind circuit_kind(const SectorInput& input);

// The sector to prove: PoRep's with the job's identity resolved (resolve_sector). Throws
// UsageError as resolve_sector does, and for an update job that names a sector's identity, a
// porep_id or an API version (the update proof commits to none of them).
std::shared_ptr<const ProvableSector> prepare_sector(const SectorJob& job,
                                                     const SectorInput& input);

}  // namespace cuzk::pipeline
