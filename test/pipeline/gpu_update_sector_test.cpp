// SnapDeals update sectors on the GPU (pipeline/update_sector.hpp), with test parameters made on
// the GPU (2 KiB once for the first two cases): a really sealed 2 KiB sector's update (`cuzk
// gen-update`'s generator) through a GpuProvingSession, whose partition sums equal the CPU prover's
// on the same circuit; a stream of two 2 KiB updates through the GPU sector prover, each proof
// valid for its own input only, and the CPU sector prover's proof of the same input valid too; a
// structured 8 MiB update (four partitions, one ones batch) through the GPU sector prover. Skipped
// without a GPU (scripts/gpu-check.sh runs it with --no-skip).
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>

#include "kernels/gpu_test_support.hpp"
#include "temp_dir.hpp"

// The GPU session exists only in CUDA builds; without them this executable has no test.
#ifdef CUZK_HAVE_CUDA

#include "circuit/proving_cs.hpp"
#include "circuit/update/from_vanilla.hpp"
#include "circuit/update/update_circuit.hpp"
#include "kernels/curve/point_conversion.hpp"
#include "pipeline/background_release.hpp"
#include "pipeline/gpu_proving_session.hpp"
#include "pipeline/sector_prover.hpp"
#include "pipeline/update_sector.hpp"
#include "porep/replica_id.hpp"
#include "porep/update/update_input.hpp"
#include "prover/params/mapped_parameters.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/prover.hpp"
#include "prover/setup/test_parameters.hpp"
#include "prover/setup/toxic_waste.hpp"
#include "prover/update/update_verifier.hpp"
#include "sealing/update/update_generator.hpp"

namespace cuzk::pipeline {
namespace {

using kernels::test::no_gpu;
using porep::update::RegisteredUpdateProof;
using porep::update::UpdateInput;

// Test parameters for `proof`, made on the GPU in a directory of their own.
struct UpdateParameters {
  test::TempDir dir{"gpu_update_sector"};
  prover::ParameterPaths paths;

  explicit UpdateParameters(RegisteredUpdateProof proof)
      : paths(prover::parameter_paths(dir.path(), proof)) {
    std::mt19937_64 rng(20261204);
    prover::TestParameterWriter writer(paths);
    (void)prover::write_update_test_parameters(proof, prover::ToxicWaste::random(rng), writer,
                                               prover::SetupDevice::kGpu,
                                               [](const std::string&) {});
  }
};

// The 2 KiB parameters, made once for both cases that use them.
const UpdateParameters& parameters_2kib() {
  static const UpdateParameters made(RegisteredUpdateProof::kStackedDrg2KiBV1);
  return made;
}

std::shared_ptr<const UpdateInput> update_input(RegisteredUpdateProof proof,
                                                std::uint64_t new_data_seed,
                                                sealing::UpdateReplicaMethod method) {
  sealing::GenerateUpdateOptions options;
  options.proof = proof;
  options.data_seed = 3;
  options.new_data_seed = new_data_seed;
  options.identity.prover_id = porep::prover_id_from_actor_id(1000);
  options.identity.sector_id = 7;
  options.method = method;
  return std::make_shared<const UpdateInput>(sealing::generate_update(options));
}

bool valid_for(const prover::MappedParameters& params, const UpdateInput& input,
               const SectorProofs& proofs) {
  return prover::update::verify_update_proofs(prover::PreparedVerifyingKey(params.vk()),
                                              prover::update::update_commitments(input),
                                              proofs.proofs);
}

SectorProofs proved(SectorOutcome&& outcome, const std::string& backend) {
  INFO(backend << " " << (outcome.result ? "" : outcome.result.error().message));
  REQUIRE(outcome.result);
  CHECK(outcome.timings.backend == backend);
  CHECK(outcome.result.value().verified);
  return std::move(outcome.result.value());
}

BackendChoice gpu_choice() { return {true, false, "backend: gpu (test)", kernels::test::kTestGpu}; }

TEST_CASE("GPU proving session: a 2 KiB update's partition sums equal the CPU prover's" *
          doctest::skip(no_gpu())) {
  constexpr RegisteredUpdateProof kProof = RegisteredUpdateProof::kStackedDrg2KiBV1;
  const prover::MappedParameters params(parameters_2kib().paths.params,
                                        bls12_381::SubgroupCheck::kNo);
  const auto input = update_input(kProof, 1, sealing::UpdateReplicaMethod::kSeal);

  GpuSessionOptions options;
  options.device = kernels::test::kTestGpu;
  GpuProvingSession session(params, update_session_circuit(kProof), options);
  const GpuSectorResult result =
      session.finish(session.submit(std::make_shared<const UpdateSector>(input, true)));
  CHECK(result.verified);
  REQUIRE(result.sums.size() == 1);

  const circuit::update::UpdateCircuit circuit =
      circuit::update::circuit_from_vanilla(input->statement(0), input->partitions[0]);
  const circuit::ProvingCS p = prover::synthesize_for_proving(
      [&](circuit::ProvingCS& cs) { circuit::update::synthesize(cs, circuit); });
  const kernels::test::CpuPartition cpu = kernels::test::prove_on_cpu(params, p);
  const kernels::PartitionSums& gpu = result.sums[0];
  CHECK(kernels::from_device_layout(gpu.h) == cpu.sums.h.to_affine());
  CHECK(kernels::from_device_layout(gpu.l) == cpu.sums.l.to_affine());
  CHECK(kernels::from_device_layout(gpu.a) == cpu.sums.a.to_affine());
  CHECK(kernels::from_device_layout(gpu.b_g1) == cpu.sums.b_g1.to_affine());
  CHECK(kernels::from_device_layout(gpu.b_g2) == cpu.sums.b_g2.to_affine());
}

TEST_CASE("sector provers: 2 KiB updates in a stream on the GPU, one on the CPU, all valid" *
          doctest::skip(no_gpu())) {
  constexpr RegisteredUpdateProof kProof = RegisteredUpdateProof::kStackedDrg2KiBV1;
  const prover::MappedParameters params(parameters_2kib().paths.params,
                                        bls12_381::SubgroupCheck::kNo);
  const auto first = update_input(kProof, 1, sealing::UpdateReplicaMethod::kSeal);
  const auto second = update_input(kProof, 2, sealing::UpdateReplicaMethod::kSeal);
  BackgroundRelease release;
  const ProvingOptions options;

  const std::unique_ptr<SectorProver> gpu =
      make_sector_prover(gpu_choice(), kProof, {&params, &release, {}}, options);
  // The second is synthesized while the GPU proves the first.
  gpu->submit({std::make_shared<const UpdateSector>(first, true), nullptr});
  gpu->submit({std::make_shared<const UpdateSector>(second, true), nullptr});
  SectorOutcome first_outcome = gpu->collect();
  CHECK(std::any_of(first_outcome.timings.phases.begin(), first_outcome.timings.phases.end(),
                    [](const auto& phase) { return phase.first == "shape"; }));
  const SectorProofs on_gpu = proved(std::move(first_outcome), "gpu");
  const SectorProofs second_on_gpu = proved(gpu->collect(), "gpu");
  CHECK(valid_for(params, *first, on_gpu));
  CHECK(valid_for(params, *second, second_on_gpu));
  CHECK_FALSE(valid_for(params, *second, on_gpu));

  const std::unique_ptr<SectorProver> cpu =
      make_sector_prover({false, false, "backend: cpu (test)", kernels::Device(-1)}, kProof,
                         {&params, &release, {}}, options);
  cpu->submit({std::make_shared<const UpdateSector>(first, true), nullptr});
  const SectorProofs on_cpu = proved(cpu->collect(), "cpu");
  CHECK(valid_for(params, *first, on_cpu));
  // Fresh r, s each: two valid proofs of one statement, not the same bytes.
  CHECK(prover::encode_proofs(on_cpu.proofs) != prover::encode_proofs(on_gpu.proofs));
}

TEST_CASE("sector prover: a structured 8 MiB update's four partitions on the GPU are valid" *
          doctest::skip(no_gpu())) {
  constexpr RegisteredUpdateProof kProof = RegisteredUpdateProof::kStackedDrg8MiBV1;
  const UpdateParameters made(kProof);
  const prover::MappedParameters params(made.paths.params, bls12_381::SubgroupCheck::kNo);
  const auto input = update_input(kProof, 1, sealing::UpdateReplicaMethod::kStructured);
  BackgroundRelease release;
  const std::unique_ptr<SectorProver> gpu =
      make_sector_prover(gpu_choice(), kProof, {&params, &release, {}}, ProvingOptions{});
  gpu->submit({std::make_shared<const UpdateSector>(input, true), nullptr});
  const SectorProofs proofs = proved(gpu->collect(), "gpu");
  CHECK(proofs.proofs.size() == 4);
  CHECK(valid_for(params, *input, proofs));
}

}  // namespace
}  // namespace cuzk::pipeline

#endif  // CUZK_HAVE_CUDA
