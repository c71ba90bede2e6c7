#include "pipeline/sector_input.hpp"

#include <string>
#include <variant>

#include "pipeline/porep_sector.hpp"
#include "pipeline/update_sector.hpp"
#include "porep/c1_parser.hpp"
#include "porep/update/update_input_json.hpp"
#include "util/error.hpp"

namespace cuzk::pipeline {

namespace {

namespace pu = porep::update;

SectorInput read_c1(const SectorJob& job) {
  return std::make_shared<const porep::C1Output>(
      job.input_bytes == nullptr
          ? porep::load_c1_file(job.input, porep::C1Checks::kFull, job.overrides)
          : porep::parse_named_c1(*job.input_bytes, job.input.string(), porep::C1Checks::kFull,
                                  job.overrides));
}

SectorInput read_update(const SectorJob& job) {
  if (job.update_input != nullptr) return job.update_input;
  return std::make_shared<const pu::UpdateInput>(
      job.input_bytes == nullptr
          ? pu::load_update_input_file(job.input, pu::UpdateInputChecks::kStructure)
          : pu::parse_named_update_input(*job.input_bytes, job.input.string(),
                                         pu::UpdateInputChecks::kStructure));
}

}  // namespace

SectorInput read_input(const SectorJob& job) {
  SectorInput input = job.proof_type == ProofType::kPorep ? read_c1(job) : read_update(job);
  const CircuitKind kind = circuit_kind(input);
  if (job.registered_proof && *job.registered_proof != kind) {
    throw Error(job.input.string() + ": the " + std::string(input_name(kind)) + " is " +
                circuit_name(kind) + ", not the " + circuit_name(*job.registered_proof) +
                " the job names");
  }
  return input;
}

CircuitKind circuit_kind(const SectorInput& input) {
  if (const auto* c1 = std::get_if<std::shared_ptr<const porep::C1Output>>(&input)) {
    return (*c1)->registered_proof;
  }
  return std::get<std::shared_ptr<const pu::UpdateInput>>(input)->proof;
}

std::shared_ptr<const ProvableSector> prepare_sector(const SectorJob& job,
                                                     const SectorInput& input) {
  if (const auto* c1 = std::get_if<std::shared_ptr<const porep::C1Output>>(&input)) {
    return std::make_shared<PorepSector>(*c1, resolve_sector(job.identity, **c1), job.verify);
  }
  if (job.identity.prover_id || job.identity.sector_id || job.overrides.porep_id ||
      job.overrides.api_version) {
    throw UsageError(
        "a prover or sector id, porep_id or API version does not apply to an update proof");
  }
  return std::make_shared<UpdateSector>(std::get<std::shared_ptr<const pu::UpdateInput>>(input),
                                        job.verify);
}

}  // namespace cuzk::pipeline
