#ifdef CUZK_HAVE_CUDA

#include "pipeline/gpu_sector_prover.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "circuit/stacked/circuit_inputs.hpp"
#include "circuit/stacked/circuit_shape.hpp"
#include "circuit/stacked/native_witness.hpp"
#include "circuit/stacked/partition_layout.hpp"
#include "circuit/stacked/record_shape.hpp"
#include "kernels/gpu.hpp"
#include "kernels/parameter_bases.hpp"
#include "kernels/point_conversion.hpp"
#include "pipeline/background_release.hpp"
#include "pipeline/gpu_memory_plan.hpp"
#include "pipeline/gpu_views.hpp"
#include "pipeline/params_reader.hpp"
#include "prover/params_error.hpp"
#include "prover/prover.hpp"
#include "prover/seal/parameter_files.hpp"
#include "prover/seal/seal_prover.hpp"
#include "util/error.hpp"

namespace cuzk::pipeline {

namespace {

namespace stacked = circuit::stacked;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// What the main thread hands the GPU thread: the recorded shape once, then the witnesses in any
// order. Either side can abandon the run (abort), which wakes the other.
class Handoff {
 public:
  explicit Handoff(std::size_t partitions) : witnesses_(partitions) {}

  void put_shape(std::shared_ptr<circuit::stacked::PartitionRecording> shape) {
    {
      const std::lock_guard lock(mutex_);
      shape_ = std::move(shape);
    }
    changed_.notify_all();
  }
  void put_witness(std::size_t k, circuit::CompactWitness&& w) {
    {
      const std::lock_guard lock(mutex_);
      witnesses_[k] = std::make_unique<circuit::CompactWitness>(std::move(w));
    }
    changed_.notify_all();
  }
  void abort() {
    {
      const std::lock_guard lock(mutex_);
      aborted_ = true;
    }
    changed_.notify_all();
  }

  // nullptr when the run was abandoned.
  std::shared_ptr<circuit::stacked::PartitionRecording> take_shape() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return aborted_ || shape_ != nullptr; });
    return aborted_ ? nullptr : std::move(shape_);
  }
  std::unique_ptr<circuit::CompactWitness> take_witness(std::size_t k) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return aborted_ || witnesses_[k] != nullptr; });
    return aborted_ ? nullptr : std::move(witnesses_[k]);
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  bool aborted_ = false;
  std::shared_ptr<circuit::stacked::PartitionRecording> shape_;
  std::vector<std::unique_ptr<circuit::CompactWitness>> witnesses_;
};

// The query sizes of the parameter file, in the order of kernels::Query.
std::array<std::size_t, kernels::kQueryCount> query_points(const prover::VectorLengths& l) {
  return {l.h, l.l, l.a, l.b_g1, l.b_g2};
}

// An upper bound of the recorded shape's device bytes, from the quotient's domain (the rows pad
// to it): three row-offset arrays, and at most six terms of eight bytes a row (PoRep circuits
// have about 5.5), plus room for the coefficients.
std::size_t shape_bytes_bound(std::size_t domain) {
  constexpr std::size_t kBytesPerRow = 3 * 4 + 6 * 8;
  constexpr std::size_t kCoefficientRoom = std::size_t{16} << 20;
  return domain * kBytesPerRow + kCoefficientRoom;
}

prover::QuerySums host_sums(const kernels::PartitionSums& s) {
  using bls12_381::G1Jacobian;
  using bls12_381::G2Jacobian;
  return {G1Jacobian::from_affine(kernels::from_device_layout(s.h)),
          G1Jacobian::from_affine(kernels::from_device_layout(s.l)),
          G1Jacobian::from_affine(kernels::from_device_layout(s.a)),
          G1Jacobian::from_affine(kernels::from_device_layout(s.b_g1)),
          G2Jacobian::from_affine(kernels::from_device_layout(s.b_g2))};
}

// Everything the GPU thread does; its results are read after it joins.
struct GpuWork {
  const prover::MappedParameters* params = nullptr;
  GpuMemoryPlan plan;
  std::size_t partitions = 0;
  Handoff* handoff = nullptr;
  BackgroundRelease* release = nullptr;
  std::function<void(const std::string&)> log;

  std::vector<kernels::PartitionSums> sums;
  std::vector<PartitionReport> reports;
  double upload_seconds = 0, shape_upload_seconds = 0;
  std::size_t peak_bytes = 0;
  Clock::time_point last_result;
  std::exception_ptr error;

  void sample_memory() {
    const kernels::DeviceMemoryInfo m = kernels::device_memory_info();
    peak_bytes = std::max(peak_bytes, m.total - m.free);
  }

  void run() {
    try {
      const ParamsFileReader reader(*params);
      std::optional<kernels::ParameterBases> bases;
      if (plan.resident) {
        const Clock::time_point start = Clock::now();
        bases = kernels::ParameterBases::resident(reader.queries());
        upload_seconds = seconds_since(start);
        log("parameters on the GPU: " +
            format_gib(kernels::ParameterBases::resident_bytes(query_points(params->lengths()))) +
            " in " + std::to_string(upload_seconds) + " s");
      }
      std::shared_ptr<circuit::stacked::PartitionRecording> shape = handoff->take_shape();
      if (shape == nullptr) return;
      const Clock::time_point shape_start = Clock::now();
      const kernels::DeviceR1cs device_shape(r1cs_view(*shape));
      kernels::PartitionProver prover(device_shape);
      shape_upload_seconds = seconds_since(shape_start);
      if (!plan.resident) {
        const std::size_t b_inputs = shape->b_input_density.count();
        const std::size_t inputs = shape->size().num_inputs;
        bases = kernels::ParameterBases::streamed(
            reader.queries(), {0, 0, inputs, b_inputs, b_inputs}, plan.slice_points);
        log("parameters streamed in slices of " + std::to_string(plan.slice_points) + " points");
      }
      release->release(std::move(shape));
      sample_memory();
      for (std::size_t k = 0; k < partitions; ++k) {
        std::unique_ptr<circuit::CompactWitness> witness = handoff->take_witness(k);
        if (witness == nullptr) return;
        const Clock::time_point start = Clock::now();
        const GpuWitness upload(*witness);
        sums[k] = prover.prove(*bases, upload.view(), &reports[k].gpu);
        release->release(std::move(witness));
        reports[k].gpu_wall_seconds = seconds_since(start);
        last_result = Clock::now();
        sample_memory();
        log("partition " + std::to_string(k) + " proved on the GPU in " +
            std::to_string(reports[k].gpu.total_ms / 1000) + " s");
      }
      if (!plan.resident) upload_seconds = bases->upload_ms() / 1000;
    } catch (...) {
      error = std::current_exception();
      handoff->abort();
    }
  }
};

}  // namespace

GpuSectorResult prove_sector_gpu(const porep::C1Output& c1, const prover::MappedParameters& params,
                                 const GpuSectorOptions& o) {
  std::mutex log_lock;
  const auto log = [&](const std::string& line) {
    const std::lock_guard lock(log_lock);
    if (o.log) o.log(line);
  };
  GpuSectorResult result;
  GpuSectorReport& report = result.report;
  const std::uint32_t partitions = c1.partitions;
  if (partitions == 0) throw Error("the C1 output has no partitions");
  const porep::SealProofInfo& info = c1.info();
  const prover::VectorLengths lengths = params.lengths();
  // The header of the parameters against the circuit's known lengths, before any work (the
  // recorded shape is checked against them again once recorded).
  prover::check_lengths_match(
      lengths, prover::seal::expected_parameter_lengths(c1.registered_proof), params.name());

  // The plan, before anything is allocated on the device and before the shape is recorded (the
  // parameters upload meanwhile), from bounds: the domain is the h vector's length + 1, and the
  // inputs present in B, whose points come first in B, are at most all inputs.
  GpuMemoryNeeds needs;
  needs.points = query_points(lengths);
  const std::size_t domain = lengths.h + 1;
  needs.origins = {0, 0, lengths.ic, lengths.ic, lengths.ic};
  needs.shape_bytes = shape_bytes_bound(domain);
  needs.work_bytes = kernels::PartitionProver::work_bytes(domain);
  const kernels::DeviceMemoryInfo memory = kernels::device_memory_info();
  std::size_t available = memory.free;
  if (o.gpu_memory_limit) available = std::min(available, *o.gpu_memory_limit);
  const GpuMemoryPlan plan = plan_gpu_memory(needs, available);
  report.parameters_resident = plan.resident;
  report.slice_points = plan.slice_points;
  report.planned_gpu_bytes = plan.planned_bytes;
  log("GPU memory: " + format_gib(plan.planned_bytes) + " planned of " + format_gib(available) +
      " available; parameters " + (plan.resident ? "resident" : "streamed"));

  std::optional<BackgroundRelease> own_release;
  BackgroundRelease& release = o.release != nullptr ? *o.release : own_release.emplace();
  Handoff handoff(partitions);
  GpuWork gpu;
  gpu.params = &params;
  gpu.plan = plan;
  gpu.partitions = partitions;
  gpu.handoff = &handoff;
  gpu.release = &release;
  gpu.log = log;
  gpu.sums.resize(partitions);
  gpu.reports.resize(partitions);
  std::thread gpu_thread([&gpu] { gpu.run(); });

  std::exception_ptr host_error;
  Clock::time_point phase = Clock::now();
  try {
    // The check while the parameters go up: a C1 that fails it costs their upload, never a proof.
    sealing::check_c1(c1, o.sector);
    report.phases.emplace_back("check", seconds_since(phase));

    phase = Clock::now();
    auto shape = std::make_shared<stacked::PartitionRecording>(
        stacked::record_partition_blocks(stacked::circuit_shape(info)));
    const stacked::PartitionLayout layout = shape->layout;
    prover::check_lengths_match(lengths, prover::lengths_for_circuit(*shape), params.name());
    report.phases.emplace_back("shape", seconds_since(phase));
    log("shape recorded: " + std::to_string(shape->size().num_constraints) + " rows, " +
        std::to_string(layout.challenges) +
        " challenge blocks (one recorded, copied on the GPU), " +
        std::to_string(shape->coefficients.size()) + " distinct coefficients");
    handoff.put_shape(std::move(shape));

    phase = Clock::now();
    std::vector<stacked::StackedCircuit> circuits;
    circuits.reserve(partitions);
    for (std::uint32_t k = 0; k < partitions; ++k) {
      circuits.push_back(stacked::circuit_from_c1(c1, k));
    }
    const stacked::NativeWitnessPlan witness_plan(circuits.front().shape);
    const Clock::time_point synthesis_start = Clock::now();
    stacked::native_witnesses(circuits, layout, witness_plan,
                              [&](std::size_t k, circuit::CompactWitness&& w) {
                                gpu.reports[k].witness_seconds = seconds_since(synthesis_start);
                                handoff.put_witness(k, std::move(w));
                              });
    release.release(std::move(circuits));
    report.phases.emplace_back("synthesize", seconds_since(phase));
  } catch (...) {
    host_error = std::current_exception();
    handoff.abort();
  }
  phase = Clock::now();
  gpu_thread.join();
  report.phases.emplace_back("gpu_wait", seconds_since(phase));
  if (host_error) std::rethrow_exception(host_error);
  if (gpu.error) std::rethrow_exception(gpu.error);
  report.phases.emplace_back("parameter_upload", gpu.upload_seconds);
  report.phases.emplace_back("shape_upload", gpu.shape_upload_seconds);
  report.parameter_upload_seconds = gpu.upload_seconds;
  report.peak_gpu_bytes = gpu.peak_bytes;
  report.partitions = std::move(gpu.reports);
  for (const PartitionReport& p : report.partitions) report.gpu_seconds += p.gpu.total_ms / 1000;

  phase = Clock::now();
  result.proofs.resize(partitions);
  for (std::uint32_t k = 0; k < partitions; ++k) {
    result.proofs[k] =
        prover::assemble_proof(params.vk(), host_sums(gpu.sums[k]), prover::Blinding::random());
  }
  report.phases.emplace_back("assemble", seconds_since(phase));

  if (o.verify) {
    phase = Clock::now();
    prover::seal::verify_new_proofs(c1, params.vk(), o.sector, result.proofs, params.name());
    result.verified = true;
    report.phases.emplace_back("verify", seconds_since(phase));
  }
  report.last_gpu_to_proofs_ms =
      std::chrono::duration<double, std::milli>(Clock::now() - gpu.last_result).count();
  report.release_seconds = release.busy_seconds();
  return result;
}

}  // namespace cuzk::pipeline

#endif  // CUZK_HAVE_CUDA
