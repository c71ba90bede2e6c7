#include "prover/seal/seal_prover.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "circuit/stacked/circuit_inputs.hpp"
#include "circuit/stacked/native_parts.hpp"
#include "circuit/stacked/native_witness.hpp"
#include "circuit/stacked/record_shape.hpp"
#include "prover/cpu_r1cs_eval.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/prover.hpp"
#include "prover/seal/seal_verifier.hpp"
#include "prover/verifier.hpp"
#include "util/error.hpp"

namespace cuzk::prover::seal {

namespace {

class PhaseClock {
 public:
  PhaseClock(SealProofResult& result, SealPhase phase)
      : result_(result), phase_(phase), start_(std::chrono::steady_clock::now()) {}
  ~PhaseClock() {
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start_;
    result_.seconds[static_cast<std::size_t>(phase_)] += elapsed.count();
  }
  PhaseClock(const PhaseClock&) = delete;
  PhaseClock& operator=(const PhaseClock&) = delete;

 private:
  SealProofResult& result_;
  SealPhase phase_;
  std::chrono::steady_clock::time_point start_;
};

void started(const ProveSealOptions& o, SealPhase phase, std::uint32_t first, std::uint32_t count,
             std::uint32_t total) {
  if (o.observer != nullptr) o.observer->phase_started(phase, first, count, total);
}

void done(const ProveSealOptions& o, SealPhase phase, std::uint32_t k, std::uint32_t total) {
  if (o.observer != nullptr) o.observer->partition_done(phase, k, total);
}

// Tells the observer that `step` of `phase` took the time since `start`, and restarts it.
void step_done(const ProveSealOptions& o, SealPhase phase, std::string_view step,
               std::chrono::steady_clock::time_point& start) {
  const auto now = std::chrono::steady_clock::now();
  if (o.observer != nullptr) {
    o.observer->step_done(phase, step, std::chrono::duration<double>(now - start).count());
  }
  start = now;
}

// What every partition of the sector shares, made once per run from the first partition's
// circuit: the recorded circuit (rows, densities, layout) and the native generator's plan. The one
// place the CPU prover records the shape.
struct SectorShape {
  explicit SectorShape(const circuit::stacked::CircuitShape& shape)
      : recorded(circuit::stacked::record_partition(shape)), plan(shape) {}
  circuit::stacked::RecordedPartition recorded;
  circuit::stacked::NativeWitnessPlan plan;
};

// Partitions [first, first + count): their witnesses made natively (every thread on every
// partition), then each one's a, b, c evaluated from the recorded rows and checked.
std::vector<CompactCircuit> synthesize_partitions(const porep::C1Output& c1, std::uint32_t first,
                                                  std::uint32_t count,
                                                  std::optional<SectorShape>& shape,
                                                  const ProveSealOptions& o) {
  constexpr SealPhase kPhase = SealPhase::kSynthesize;
  auto start = std::chrono::steady_clock::now();
  std::vector<circuit::stacked::StackedCircuit> partitions;
  partitions.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    partitions.push_back(circuit::stacked::circuit_from_c1(c1, first + i));
  }
  if (!shape) {
    shape.emplace(partitions.front().shape);
    step_done(o, kPhase, "shape recorded", start);
  }
  std::vector<circuit::CompactWitness> witnesses =
      circuit::stacked::native_witnesses(partitions, shape->recorded.layout, shape->plan);
  partitions.clear();
  step_done(o, kPhase, "witnesses made", start);
  std::vector<CompactCircuit> circuits;
  circuits.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    RowEvaluations rows = evaluate_rows(shape->recorded.r1cs, witnesses[i]);
    circuits.push_back({std::move(witnesses[i]), std::move(rows)});
    step_done(o, kPhase, "a, b, c evaluated and checked", start);
    done(o, kPhase, first + i, c1.partitions);
  }
  // After the last evaluation only the sizes and densities are needed (by the MSMs): the rows'
  // memory goes back before the proving's peak.
  if (first + count == c1.partitions) {
    circuit::CompactR1cs& r = shape->recorded.r1cs;
    r.a = {};
    r.b = {};
    r.c = {};
  }
  return circuits;
}

}  // namespace

std::string_view phase_name(SealPhase phase) {
  switch (phase) {
    case SealPhase::kCheck:
      return "check";
    case SealPhase::kSynthesize:
      return "synthesize";
    case SealPhase::kProve:
      return "prove";
    case SealPhase::kVerify:
      return "verify";
  }
  return "?";
}

void verify_new_proofs(const porep::C1Output& c1, const VerifyingKey& vk,
                       const std::optional<sealing::ProverSector>& sector,
                       std::span<const Proof> proofs, const std::string& params_name) {
  const PreparedVerifyingKey pvk(vk);
  const porep::SealPublicValues values = sector
                                             ? seal_public_values({.proof = c1.registered_proof,
                                                                   .comm_r = c1.comm_r,
                                                                   .comm_d = c1.comm_d,
                                                                   .prover_id = sector->prover_id,
                                                                   .sector_id = sector->sector_id,
                                                                   .ticket = c1.ticket,
                                                                   .seed = c1.seed,
                                                                   .overrides = c1.overrides})
                                             : c1.public_values();
  if (!verify_seal_proofs(pvk, c1.registered_proof, c1.overrides, values, proofs)) {
    throw Error(params_name +
                ": the new proof failed self-verification against these parameters' "
                "verifying key");
  }
}

SealProofResult prove_seal(const porep::C1Output& c1, const ParameterSource& params,
                           ProverBackend& backend, const ProveSealOptions& o) {
  SealProofResult result;
  const std::uint32_t total = c1.partitions;
  if (total == 0) throw Error("the C1 output has no partitions");
  // The header of the parameters against the circuit's known lengths, before any work: a file
  // of another sector size or circuit fails here, not after minutes of synthesis.
  check_lengths_match(params.lengths(), expected_parameter_lengths(c1.registered_proof),
                      params.name());
  {
    started(o, SealPhase::kCheck, 0, total, total);
    const PhaseClock clock(result, SealPhase::kCheck);
    sealing::check_c1(c1, o.sector);
  }

  const std::uint32_t batch = std::max<std::uint32_t>(1, o.partitions_per_batch);
  result.proofs.reserve(total);
  std::optional<SectorShape> shape;  // recorded during the first batch's synthesis
  for (std::uint32_t first = 0; first < total; first += batch) {
    const std::uint32_t count = std::min(batch, total - first);
    std::vector<CompactCircuit> circuits;
    {
      started(o, SealPhase::kSynthesize, first, count, total);
      const PhaseClock clock(result, SealPhase::kSynthesize);
      circuits = synthesize_partitions(c1, first, count, shape, o);
    }
    {
      started(o, SealPhase::kProve, first, count, total);
      const PhaseClock clock(result, SealPhase::kProve);
      const std::vector<Proof> proofs =
          create_proofs(params, shape->recorded.r1cs, std::move(circuits), backend);
      result.proofs.insert(result.proofs.end(), proofs.begin(), proofs.end());
      for (std::uint32_t i = 0; i < count; ++i) done(o, SealPhase::kProve, first + i, total);
    }
  }

  if (o.verify) {
    started(o, SealPhase::kVerify, 0, total, total);
    const PhaseClock clock(result, SealPhase::kVerify);
    verify_new_proofs(c1, params.vk(), o.sector, result.proofs, params.name());
    result.verified = true;
  }
  return result;
}

}  // namespace cuzk::prover::seal
