// The GPU memory plan of a run, for every sector size and every budget from 8 to 141 GiB: resident
// parameters when everything fits, else as many queries resident as fit and the others streamed
// in the largest slices that fit (a multiple of 64 points), the quotient in three vectors where
// that uploads less, and below the smallest tier one line naming the minimum and what is
// available. The lengths are the published parameters'
// (prover::expected_parameter_lengths).
#include <doctest/doctest.h>

#include <cstdint>
#include <string>

#include "kernels/groth16/parameter_bases.hpp"
#include "kernels/groth16/work_memory.hpp"
#include "pipeline/gpu_memory_plan.hpp"
#include "porep/registered_proof.hpp"
#include "prover/params/parameter_files.hpp"
#include "util/error.hpp"

namespace {

using cuzk::kernels::QuotientVectors;
using cuzk::pipeline::GpuMemoryNeeds;
using cuzk::pipeline::GpuMemoryPlan;
using cuzk::pipeline::plan_gpu_memory;
using cuzk::porep::RegisteredSealProof;

constexpr std::size_t kGiB = std::size_t{1} << 30;

GpuMemoryNeeds needs_of(RegisteredSealProof proof) {
  return cuzk::pipeline::memory_needs(cuzk::prover::expected_parameter_lengths(proof));
}

std::size_t resident_bytes(const GpuMemoryNeeds& n) {
  return cuzk::kernels::ParameterBases::resident_bytes(n.points);
}

}  // namespace

TEST_CASE("GPU memory plan: the needs of a 32 GiB partition") {
  const GpuMemoryNeeds n = needs_of(RegisteredSealProof::kStackedDrg32GiBV1_1);
  CHECK(n.points ==
        std::array<std::size_t, 5>{134217727, 130169893, 129753620, 33112282, 33112282});
  // 427,253,522 G1 points of 96 bytes and 33,112,282 G2 points of 192.
  CHECK(resident_bytes(n) == 47'373'896'256);
  CHECK(n.work.vector == 4 * kGiB);  // 2^27 elements of the quotient's domain
  // H's MSM at 2^27 (12 windows): the digits, 3.2 GB of buckets and the accumulation's buffers,
  // more than the three vectors it reuses: a partition peaks in the quotient with four vectors,
  // in H with three.
  const std::size_t h_msm = cuzk::kernels::h_msm_bytes(n.points[0]);
  CHECK(h_msm > 3 * n.work.vector - n.work.vector - kGiB);
  CHECK(h_msm < 3 * n.work.vector);
}

TEST_CASE("GPU memory plan: the parameters resident when they fit, four vectors first") {
  const GpuMemoryNeeds n = needs_of(RegisteredSealProof::kStackedDrg32GiBV1_1);
  const GpuMemoryPlan plan = plan_gpu_memory(n, 139 * kGiB);
  CHECK(plan.all_resident());
  CHECK(plan.vectors == QuotientVectors::kFour);
  CHECK(plan.planned_bytes ==
        cuzk::pipeline::fixed_bytes(n, QuotientVectors::kFour, n.points[0]) + resident_bytes(n));
  CHECK(cuzk::pipeline::describe_tier(plan) == "parameters resident, quotient in 4 vectors");
}

TEST_CASE("GPU memory plan: every sector size from 8 to 141 GiB") {
  for (const RegisteredSealProof proof :
       {RegisteredSealProof::kStackedDrg2KiBV1_1, RegisteredSealProof::kStackedDrg8MiBV1_1,
        RegisteredSealProof::kStackedDrg512MiBV1_1, RegisteredSealProof::kStackedDrg32GiBV1_1,
        RegisteredSealProof::kStackedDrg64GiBV1_1}) {
    const GpuMemoryNeeds n = needs_of(proof);
    const std::size_t minimum = cuzk::pipeline::minimum_bytes(n);
    bool was_resident = false;
    std::size_t last_streamed = SIZE_MAX;
    for (std::size_t gib = 8; gib <= 141; ++gib) {
      const std::size_t available = gib * kGiB;
      INFO(cuzk::porep::seal_proof_info(proof).name << " at " << gib << " GiB");
      if (available < minimum) {
        try {
          (void)plan_gpu_memory(n, available);
          FAIL("a budget below the minimum was accepted");
        } catch (const cuzk::Error& e) {
          const std::string what = e.what();
          CHECK(what.find("needs at least " + cuzk::pipeline::format_gib(minimum)) !=
                std::string::npos);
          CHECK(what.find(std::to_string(gib) + ".0 GiB available") != std::string::npos);
          CHECK(what.find('\n') == std::string::npos);
        }
        continue;
      }
      const GpuMemoryPlan plan = plan_gpu_memory(n, available);
      CHECK(plan.planned_bytes <= available);
      // More memory never takes a smaller tier: once resident, resident, and never more bytes
      // streamed a partition.
      CHECK((plan.all_resident() || !was_resident));
      was_resident = plan.all_resident();
      CHECK(plan.streamed_bytes_per_partition <= last_streamed);
      last_streamed = plan.streamed_bytes_per_partition;
      if (plan.all_resident()) {
        CHECK(plan.streamed_bytes_per_partition == 0);
        continue;
      }
      CHECK(plan.slice_points % 64 == 0);
      CHECK(plan.slice_points >= cuzk::pipeline::kMinSlicePoints);
      std::size_t streamed = 0;
      for (int q = 0; q < 5; ++q) {
        const auto query = static_cast<cuzk::kernels::Query>(q);
        if (!plan.resident[q]) {
          streamed += n.points[q] * cuzk::kernels::ParameterBases::point_bytes(query);
        }
      }
      CHECK(plan.streamed_bytes_per_partition == streamed);
    }
  }
}

TEST_CASE("GPU memory plan: a 32 GiB sector on 48, 40, 24 and 16 GiB") {
  const GpuMemoryNeeds n = needs_of(RegisteredSealProof::kStackedDrg32GiBV1_1);
  using cuzk::pipeline::describe_tier;
  // H resident first: the one dense MSM, whose queries then run beside it.
  const GpuMemoryPlan at48 = plan_gpu_memory(n, 48 * kGiB);
  CHECK(describe_tier(at48) == "h, b_g1, b_g2 resident, l, a streamed in slices of " +
                                   std::to_string(at48.slice_points) +
                                   " points, quotient in 3 vectors");
  CHECK(at48.slice_points >= cuzk::pipeline::kGoodSlicePoints);
  // The next larger slice would not have fitted.
  CHECK(at48.planned_bytes <= 48 * kGiB);
  CHECK(cuzk::pipeline::fixed_bytes(n, QuotientVectors::kThree, n.points[0]) +
            cuzk::kernels::ParameterBases::resident_bytes(n.points, at48.resident) +
            cuzk::kernels::ParameterBases::streamed_bytes(n.points, n.origins,
                                                          at48.slice_points + 64, at48.resident) >
        48 * kGiB);
  const GpuMemoryPlan at40 = plan_gpu_memory(n, 40 * kGiB);
  CHECK(describe_tier(at40).find("h resident, l, a, b_g1, b_g2 streamed") == 0);
  // The smallest tier streams everything: 44.1 GiB a partition.
  const GpuMemoryPlan at24 = plan_gpu_memory(n, 24 * kGiB);
  CHECK(at24.resident == cuzk::kernels::ParameterBases::kNoneResident);
  CHECK(at24.vectors == QuotientVectors::kThree);
  CHECK(at24.streamed_bytes_per_partition == 47'373'896'256);
  // The shape (7.5 GiB), three vectors (12 GiB), what the batch holds and the smallest slices.
  CHECK(cuzk::pipeline::format_gib(cuzk::pipeline::minimum_bytes(n)) == "23.1 GiB");
  CHECK_THROWS_WITH(plan_gpu_memory(n, 16 * kGiB),
                    doctest::Contains("GPU memory: proving this circuit needs at least 23.1 GiB"));
}

TEST_CASE("GPU memory plan: with the parameters page-locked, only H crosses PCIe every partition") {
  const GpuMemoryNeeds n = needs_of(RegisteredSealProof::kStackedDrg32GiBV1_1);
  const std::size_t h_bytes = n.points[0] * 96;  // 2^27 - 1 G1 points
  // Resident: nothing streams, pinned or not.
  const GpuMemoryPlan resident = plan_gpu_memory(n, 139 * kGiB, true);
  CHECK(resident.all_resident());
  CHECK_FALSE(resident.tails_from_host);
  CHECK(resident.streamed_bytes_per_partition == 0);
  CHECK(resident.streamed_bytes_per_sector == 0);
  // H resident, L and A streamed: once a sector (their batch of ones), never a partition.
  const GpuMemoryPlan at48 = plan_gpu_memory(n, 48 * kGiB, true);
  CHECK(at48.tails_from_host);
  CHECK(at48.resident == plan_gpu_memory(n, 48 * kGiB).resident);
  CHECK(at48.streamed_bytes_per_partition == 0);
  CHECK(at48.streamed_bytes_per_sector == (n.points[1] + n.points[2]) * 96);
  // Everything streamed: H every partition, the other four queries once a sector.
  const GpuMemoryPlan at24 = plan_gpu_memory(n, 24 * kGiB, true);
  CHECK(at24.tails_from_host);
  CHECK(at24.resident == cuzk::kernels::ParameterBases::kNoneResident);
  CHECK(at24.streamed_bytes_per_partition == h_bytes);
  CHECK(at24.streamed_bytes_per_sector == 47'373'896'256 - h_bytes);
  // Without the pinned parameters the same budget streams all of it every partition.
  CHECK(plan_gpu_memory(n, 24 * kGiB).streamed_bytes_per_partition == 47'373'896'256);
  CHECK(plan_gpu_memory(n, 24 * kGiB).streamed_bytes_per_sector == 0);
  // Every budget: the two kinds of streaming add up to what is not resident.
  for (std::size_t gib = 24; gib <= 141; ++gib) {
    INFO(gib << " GiB");
    const GpuMemoryPlan p = plan_gpu_memory(n, gib * kGiB, true);
    CHECK(p.planned_bytes <= gib * kGiB);
    CHECK(p.streamed_bytes_per_partition + p.streamed_bytes_per_sector ==
          resident_bytes(n) - cuzk::kernels::ParameterBases::resident_bytes(n.points, p.resident));
    CHECK((p.streamed_bytes_per_partition == 0 || p.streamed_bytes_per_partition == h_bytes));
  }
}
