// A GpuProvingSession over sectors of several partitions, on rust-fil-proofs' small StackedDRG test
// shape (8 nodes, 2 layers, 1 challenge; 1.2 M rows) with parameters made from the same recording:
// three partitions, and ten (the ones batch's 1,023 patterns, a 32 GiB sector's count), each
// through the whole session (every witness held until the batch, the two slots, partition k
// submitted before k - 1 is collected). Every partition's five sums equal the CPU prover's
// (ProvingCS and the CPU backend on the same partition) and every proof verifies; a sector of
// three after one of ten reuses the session. Then the smallest memory tier the plan allows for this
// shape: every query streamed in the smallest slices, the parameters page-locked, the ones summed
// in one batch for a sector of as many partitions as a batch holds and the tails gathered from host
// memory; a sector of one (no batch) streams every slice for its tails. Skipped without a GPU
// (scripts/gpu-check.sh runs it with --no-skip).
#include <doctest/doctest.h>

#ifdef CUZK_HAVE_CUDA

#include <memory>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "circuit/proving_cs.hpp"
#include "circuit/stacked/native_witness.hpp"
#include "circuit/stacked/record_shape.hpp"
#include "circuit/stacked/stacked_circuit.hpp"
#include "circuit/stacked/synthesize_witness.hpp"
#include "circuit/stacked_test_witness.hpp"
#include "kernels/curve/point_conversion.hpp"
#include "kernels/gpu_test_support.hpp"
#include "kernels/groth16/parameter_bases.hpp"
#include "kernels/groth16/partition_prover.hpp"
#include "pipeline/gpu_memory_plan.hpp"
#include "pipeline/gpu_proving_session.hpp"
#include "pipeline/session_sector.hpp"
#include "prover/params/mapped_parameters.hpp"
#include "prover/prover.hpp"
#include "prover/setup/test_setup.hpp"
#include "prover/verifier.hpp"
#include "temp_dir.hpp"
#include "util/error.hpp"

namespace cuzk::pipeline {
namespace {

namespace stacked = circuit::stacked;
using kernels::test::no_gpu;

const stacked::CircuitShape kShape{8, 2, 1, {8, 0, 0}};

// Partitions 0 .. count - 1 of a natively built sector of the small shape; each proof is checked
// against its partition's public inputs.
class SmallSector final : public SessionSector {
 public:
  SmallSector(const test::NativeSector& sector, const stacked::PartitionLayout& layout,
              std::uint32_t count)
      : sector_(sector) {
    for (std::uint32_t k = 0; k < count; ++k) circuits_.push_back(sector.circuit(k));
    for (const circuit::CompactWitness& w : stacked::synthesize_witnesses(circuits_, layout)) {
      inputs_.emplace_back(w.inputs.begin() + 1, w.inputs.end());  // ONE is not an input
    }
  }

  std::uint32_t partitions() const override { return static_cast<std::uint32_t>(circuits_.size()); }
  void check() const override {}
  void witnesses(const WitnessLayout& layout, const WitnessMemory& memory,
                 const WitnessReady& ready, BackgroundRelease&) const override {
    stacked::native_witnesses(circuits_, std::get<stacked::PartitionLayout>(layout),
                              stacked::NativeWitnessPlan(kShape), ready, memory);
  }
  bool verify(const prover::VerifyingKey& vk, std::span<const prover::Proof> proofs,
              const std::string& params_name) const override {
    const prover::PreparedVerifyingKey pvk(vk);
    for (std::size_t k = 0; k < proofs.size(); ++k) {
      if (!prover::verify_proof(pvk, proofs[k], inputs_[k])) {
        throw Error(params_name + ": partition " + std::to_string(k) + "'s proof does not verify");
      }
    }
    return true;
  }

  const std::vector<stacked::StackedCircuit>& circuit_list() const { return circuits_; }

 private:
  const test::NativeSector& sector_;
  std::vector<stacked::StackedCircuit> circuits_;
  std::vector<std::vector<bls12_381::Fr>> inputs_;
};

struct Fixture {
  test::NativeSector sector{kShape, /*rng_seed=*/5};
  stacked::PartitionRecording recording = stacked::record_partition_blocks(kShape);
  test::TempDir dir{"gpu_session_partitions"};
  std::filesystem::path params_path = dir.path() / "small.params";

  Fixture() {
    std::mt19937_64 rng(17);
    prover::write_parameters_file(
        params_path,
        prover::generate_parameters(stacked::expand(recording), prover::ToxicWaste::random(rng)));
  }
};

// One set of parameters for every case (made on the CPU from the recording: the slowest part).
const Fixture& fixture() {
  static const Fixture f;
  return f;
}

// Partition k's sums on the GPU against the CPU prover's on the same circuit.
void check_sums_against_cpu(const prover::MappedParameters& params, const SmallSector& sector,
                            const GpuSectorResult& result) {
  REQUIRE(result.sums.size() == sector.partitions());
  for (std::uint32_t k = 0; k < sector.partitions(); ++k) {
    INFO("partition " << k);
    const circuit::ProvingCS p = prover::synthesize_for_proving(
        [&](circuit::ProvingCS& cs) { stacked::synthesize(cs, sector.circuit_list()[k]); });
    const kernels::test::CpuPartition cpu = kernels::test::prove_on_cpu(params, p);
    const kernels::PartitionSums& gpu = result.sums[k];
    CHECK(kernels::from_device_layout(gpu.h) == cpu.sums.h.to_affine());
    CHECK(kernels::from_device_layout(gpu.l) == cpu.sums.l.to_affine());
    CHECK(kernels::from_device_layout(gpu.a) == cpu.sums.a.to_affine());
    CHECK(kernels::from_device_layout(gpu.b_g1) == cpu.sums.b_g1.to_affine());
    CHECK(kernels::from_device_layout(gpu.b_g2) == cpu.sums.b_g2.to_affine());
  }
}

// Two sectors submitted back to back (the second synthesized while the GPU proves the first),
// each finished, verified, with a proof per partition and every partition's sums equal to the CPU
// prover's.
std::pair<GpuSectorResult, GpuSectorResult> prove_back_to_back(
    GpuProvingSession& session, const prover::MappedParameters& params,
    const std::shared_ptr<const SmallSector>& first,
    const std::shared_ptr<const SmallSector>& second) {
  GpuPendingSector pending_first = session.submit(first);
  GpuPendingSector pending_second = session.submit(second);
  GpuSectorResult r_first = session.finish(std::move(pending_first));
  GpuSectorResult r_second = session.finish(std::move(pending_second));
  CHECK(r_first.verified);
  CHECK(r_second.verified);
  CHECK(r_first.proofs.size() == first->partitions());
  CHECK(r_second.proofs.size() == second->partitions());
  check_sums_against_cpu(params, *first, r_first);
  check_sums_against_cpu(params, *second, r_second);
  return {std::move(r_first), std::move(r_second)};
}

TEST_CASE("GPU proving session: sectors of 3 and 10 partitions equal the CPU prover's sums" *
          doctest::skip(no_gpu())) {
  const Fixture& f = fixture();
  const prover::MappedParameters params(f.params_path, bls12_381::SubgroupCheck::kNo);
  GpuSessionOptions options;
  options.device = kernels::test::kTestGpu;
  GpuProvingSession session(params, {"the 8-node test shape", kShape, std::nullopt}, options);

  const auto ten = std::make_shared<const SmallSector>(f.sector, f.recording.layout, 10);
  const auto three = std::make_shared<const SmallSector>(f.sector, f.recording.layout, 3);
  // Ten partitions: the ones batch's 2^10 - 1 patterns; three right behind them, synthesized
  // while the GPU proves the ten.
  const auto [r10, r3] = prove_back_to_back(session, params, ten, three);
  CHECK(r10.proofs.size() == 10);
  CHECK(r3.proofs.size() == 3);
  // The batch was summed in the first partition of each sector.
  REQUIRE(r10.report.partitions.size() == 10);
  CHECK(r10.report.partitions[0].gpu.ones_batch_ms > 0);
  CHECK(r3.report.partitions[0].gpu.ones_batch_ms > 0);
  // The first three partitions of both sectors are the same circuits: the same sums.
  for (std::size_t k = 0; k < 3; ++k) {
    CHECK(kernels::from_device_layout(r3.sums[k].l) == kernels::from_device_layout(r10.sums[k].l));
  }
}

TEST_CASE("GPU proving session: the smallest tier, parameters page-locked, equals the CPU prover" *
          doctest::skip(no_gpu())) {
  const Fixture& f = fixture();
  const prover::MappedParameters params(f.params_path, bls12_381::SubgroupCheck::kNo);
  GpuSessionOptions options;
  options.device = kernels::test::kTestGpu;
  options.gpu_memory_limit = minimum_bytes(memory_needs(params.lengths()));
  GpuProvingSession session(params, {"the 8-node test shape", kShape, std::nullopt}, options);
  const GpuMemoryPlan& plan = session.plan();
  INFO(describe_tier(plan));
  CHECK(plan.resident == kernels::ParameterBases::kNoneResident);
  CHECK(plan.slice_points == kMinSlicePoints);
  REQUIRE(plan.tails_from_host);
  CHECK(plan.streamed_bytes_per_partition != 0);  // H
  CHECK(plan.streamed_bytes_per_sector != 0);     // the other four

  // As many partitions as a batch of ones holds, then one (no batch).
  const auto count = static_cast<std::uint32_t>(kernels::PartitionProver::max_batch());
  const auto many = std::make_shared<const SmallSector>(f.sector, f.recording.layout, count);
  const auto one = std::make_shared<const SmallSector>(f.sector, f.recording.layout, 1);
  const auto [rmany, r1] = prove_back_to_back(session, params, many, one);
  REQUIRE(rmany.report.partitions.size() == count);
  CHECK(rmany.report.partitions[0].gpu.ones_batch_ms > 0);
  CHECK(r1.report.partitions[0].gpu.ones_batch_ms == 0);
  CHECK(kernels::from_device_layout(r1.sums[0].h) == kernels::from_device_layout(rmany.sums[0].h));
}

}  // namespace
}  // namespace cuzk::pipeline

#endif  // CUZK_HAVE_CUDA
