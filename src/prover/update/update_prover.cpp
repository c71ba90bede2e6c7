#include "prover/update/update_prover.hpp"

#include <chrono>
#include <cstdint>
#include <string>
#include <utility>

#include "circuit/proving_cs.hpp"
#include "circuit/update/from_vanilla.hpp"
#include "circuit/update/update_circuit.hpp"
#include "circuit/update/update_shape.hpp"
#include "porep/update/verify_partition.hpp"
#include "prover/params/params_error.hpp"
#include "prover/prover.hpp"
#include "prover/update/update_verifier.hpp"
#include "util/error.hpp"

namespace cuzk::prover::update {
namespace {

namespace pu = porep::update;

// Runs `step` as (part of) `phase`, telling the observer, and adds its wall-clock seconds to the
// phase's total. Partitions [first, first + count) of `total` are the ones it works on.
class PhaseRunner {
 public:
  PhaseRunner(UpdateProofResult& result, ProveObserver* observer, std::uint32_t total)
      : result_(result), observer_(observer), total_(total) {}

  template <class Step>
  void run(SealPhase phase, std::uint32_t first, std::uint32_t count, Step&& step) {
    if (observer_ != nullptr) observer_->phase_started(phase, first, count, total_);
    const auto start = std::chrono::steady_clock::now();
    std::forward<Step>(step)();
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    result_.seconds[static_cast<std::size_t>(phase)] += took.count();
    if (observer_ == nullptr || count != 1) return;
    observer_->partition_done(phase, first, total_);
  }

 private:
  UpdateProofResult& result_;
  ProveObserver* observer_;
  std::uint32_t total_;
};

// The parameters' input count against the update circuit's, before any synthesis: PoRep's
// parameters (39 or 327 inputs) under an update proof's file name fail here, at once.
void check_update_parameters(const ParameterSource& params) {
  const std::size_t ic = params.lengths().ic;
  constexpr std::size_t kInputs = circuit::update::UpdateShape::num_inputs();
  if (ic != kInputs) {
    throw ParamsError(ParamsErrorKind::kWrongCircuit,
                      params.name() + ": the parameters have " + std::to_string(ic) +
                          " inputs (ONE included), but the update circuit has " +
                          std::to_string(kInputs) + ": they belong to another circuit");
  }
}

}  // namespace

void check_update_input(const pu::UpdateInput& input) {
  const std::uint32_t total = input.info().partitions;
  if (input.partitions.size() != total) {
    throw Error(std::string(input.info().name) + " has " + std::to_string(total) +
                " partitions, but the input holds " + std::to_string(input.partitions.size()) +
                " vanilla proofs");
  }
  if (const auto defect = pu::check_all_partitions(input.statement(0), input.partitions)) {
    throw Error("the vanilla proofs fail the native check: " + *defect);
  }
}

void verify_new_update_proofs(const pu::UpdateInput& input, const VerifyingKey& vk,
                              std::span<const Proof> proofs, const std::string& params_name) {
  if (!verify_update_proofs(PreparedVerifyingKey(vk), update_commitments(input), proofs)) {
    throw Error(params_name +
                ": the new update proof failed self-verification against these parameters' "
                "verifying key");
  }
}

UpdateProofResult prove_update(const pu::UpdateInput& input, const ParameterSource& params,
                               ProverBackend& backend, const ProveUpdateOptions& o) {
  const std::uint32_t total = input.info().partitions;
  check_update_parameters(params);
  UpdateProofResult result;
  PhaseRunner phases(result, o.observer, total);
  phases.run(SealPhase::kCheck, 0, total, [&] { check_update_input(input); });

  result.proofs.reserve(total);
  for (std::uint32_t k = 0; k < total; ++k) {
    std::vector<circuit::ProvingCS> partition;
    phases.run(SealPhase::kSynthesize, k, 1, [&] {
      const circuit::update::UpdateCircuit circuit =
          circuit::update::circuit_from_vanilla(input.statement(k), input.partitions[k]);
      partition.push_back(synthesize_for_proving(
          [&circuit](circuit::ProvingCS& cs) { circuit::update::synthesize(cs, circuit); }));
    });
    phases.run(SealPhase::kProve, k, 1, [&] {
      const std::vector<Proof> proofs = create_proofs(params, partition, backend);
      result.proofs.push_back(proofs.front());
    });
  }

  if (o.verify) {
    phases.run(SealPhase::kVerify, 0, total,
               [&] { verify_new_update_proofs(input, params.vk(), result.proofs, params.name()); });
    result.verified = true;
  }
  return result;
}

}  // namespace cuzk::prover::update
