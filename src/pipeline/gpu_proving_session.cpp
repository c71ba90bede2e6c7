#ifdef CUZK_HAVE_CUDA

#include "pipeline/gpu_proving_session.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "kernels/curve/point_conversion.hpp"
#include "kernels/device/gpu.hpp"
#include "kernels/groth16/parameter_bases.hpp"
#include "kernels/groth16/partition_prover.hpp"
#include "pipeline/gpu_session_state.hpp"
#include "pipeline/gpu_views.hpp"
#include "pipeline/params_reader.hpp"
#include "pipeline/sector_job.hpp"
#include "prover/params/params_error.hpp"
#include "prover/prover.hpp"
#include "util/error.hpp"

namespace cuzk::pipeline {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Partitions per batch of ones (PartitionProver::begin_batch): the whole sector where a batch
// holds it (a 32 GiB PoRep sector's 10 partitions sum 2^10 - 1 patterns), else 0, no batch: one
// partition needs none, and a 32 GiB update's 16 are proved one by one. The loop below can run
// several batches in a row (two of 8 for 16 partitions), but that path has not yet run on a GPU.
std::size_t batch_group(std::size_t count) {
  const auto most = static_cast<std::size_t>(kernels::PartitionProver::max_batch());
  return count >= 2 && count <= most ? count : 0;
}

// The query sizes of the parameter file, in the order of kernels::Query.
std::array<std::size_t, kernels::kQueryCount> query_points(const prover::VectorLengths& l) {
  return {l.h, l.l, l.a, l.b_g1, l.b_g2};
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

}  // namespace

namespace {

// Everything the GPU thread does, for as long as the session lives.
class GpuThread {
 public:
  explicit GpuThread(kernels::Device gpu)
      : device(gpu), staged_{GpuWitness(gpu), GpuWitness(gpu)} {}

  kernels::Device device;
  const prover::MappedParameters* params = nullptr;
  const kernels::RegisteredHostRange* pinned = nullptr;  // the session's, when it has one
  GpuMemoryPlan plan;
  std::shared_ptr<detail::SessionState> state;
  BackgroundRelease* release = nullptr;
  std::function<void(const std::string&)> log;
  const std::atomic<bool>* stop = nullptr;

  void run() {
    const Clock::time_point start = Clock::now();
    try {
      const ParamsFileReader reader(*params, pinned);
      std::optional<kernels::ParameterBases> bases;
      if (plan.all_resident()) {
        // Uploaded beside the shape's recording and the first partition, H first: each query is
        // waited for where a partition first needs it. (Started only once the shape is recorded,
        // the upload shared the CPU with the synthesis instead, and the first partition waited
        // for it: 1.84 s instead of 1.37-1.39, on the H200.)
        const std::string bytes =
            format_gib(kernels::ParameterBases::resident_bytes(query_points(params->lengths())));
        bases = kernels::ParameterBases::resident_in_background(
            device, reader.queries(), [log = log, bytes](double seconds) {
              log("parameters on the GPU: " + bytes + " in " + std::to_string(seconds) + " s");
            });
      }
      // The host queues a sector once the shape is recorded. Its first witness is laid out for
      // the upload while the shape goes to the GPU, not after.
      std::shared_ptr<detail::SectorWork> work = state->next_sector();
      if (work == nullptr) return;
      std::future<bool> first_staged = stage(*work, 0);
      std::optional<RecordedR1cs> shape = state->take_shape();
      if (!shape) return;
      const Clock::time_point shape_start = Clock::now();
      const kernels::DeviceR1cs device_shape(device, r1cs_view(*shape));
      const double matrices_seconds = seconds_since(shape_start);
      kernels::PartitionProver prover(device_shape, plan.vectors);
      const double shape_upload_seconds = seconds_since(shape_start);
      log("shape on the GPU in " + std::to_string(shape_upload_seconds) + " s (matrices " +
          std::to_string(matrices_seconds) + " s, then the work buffers)");
      if (!plan.all_resident()) {
        const std::size_t b_inputs = b_input_count(*shape);
        const std::size_t inputs = recorded_size(*shape).num_inputs;
        bases = kernels::ParameterBases::streamed(device, reader.queries(),
                                                  {0, 0, inputs, b_inputs, b_inputs},
                                                  plan.slice_points, plan.resident);
        log("parameters on the GPU: " + describe_tier(plan) + ", in " +
            std::to_string(bases->upload_ms() / 1000) + " s");
      }
      release->release(std::move(*shape));
      sample_memory();
      bool first = true;
      std::size_t uploaded_before = 0;
      for (; work != nullptr; work = state->next_sector()) {
        const double streamed_ms = plan.all_resident() ? 0 : bases->upload_ms();
        prove_partitions(*work, prover, *bases, first ? std::move(first_staged) : stage(*work, 0));
        // A failed upload fails the session, as it did when it came first; after a sector it is
        // already done.
        bases->wait_resident();
        const double upload_seconds = bases->upload_ms() / 1000;
        const std::size_t uploaded = bases->uploaded_bytes();
        const std::size_t parameter_bytes = uploaded - std::exchange(uploaded_before, uploaded);
        state->update([&] {
          if (first) work->shape_upload_seconds = shape_upload_seconds;
          work->upload_seconds = !plan.all_resident() ? (bases->upload_ms() - streamed_ms) / 1000
                                 : first              ? upload_seconds
                                                      : 0;
          work->h2d_bytes += parameter_bytes;
          work->done = true;
          state->thread_seconds = seconds_since(start);
        });
        first = false;
      }
    } catch (...) {
      state->update([&] { state->failure = std::current_exception(); });
    }
  }

 private:
  void sample_memory() {
    const kernels::DeviceMemoryInfo m = kernels::device_memory_info(device);
    state->update([&] { state->peak_bytes = std::max(state->peak_bytes, m.total - m.free); });
  }

  // Partition k's witness (`given`, or the session's once synthesized) laid out in page-locked
  // memory (staged_[k % 2], reused, never from the partitions' heaps) on a helper thread, then
  // released: the release thread frees it and destroys its heap; false when the sector was
  // abandoned or the session stops. The GPU proves partition k - 1 meanwhile, so that between
  // partitions it waits for neither the layout (tens of milliseconds of page faults and copies at
  // 32 GiB) nor a pageable upload.
  std::future<bool> stage(detail::SectorWork& work, std::size_t k,
                          std::unique_ptr<circuit::CompactWitness> given = nullptr) {
    return std::async(std::launch::async, [this, &work, k, given = std::move(given)]() mutable {
      std::unique_ptr<circuit::CompactWitness> witness =
          given != nullptr ? std::move(given) : state->take_witness(work, k);
      if (witness == nullptr) return false;
      staged_[k % 2].assign(*witness);
      release->release(std::move(witness));
      return true;
    });
  }

  // A failure here is the sector's (an unsatisfied witness, an interruption), not the session's.
  // `next` is stage(work, 0). The sector's partitions share one batch of ones' sums
  // (PartitionProver::begin_batch), so every witness is taken before the first is proved: the
  // others are held until staged. Partition k is submitted before partition k - 1 is collected,
  // so that the GPU starts on k while k - 1's queries finish; witness k + 1 is staged into k - 1's
  // page-locked buffer once k - 1 is collected.
  void prove_partitions(detail::SectorWork& work, kernels::PartitionProver& prover,
                        kernels::ParameterBases& bases, std::future<bool> next) {
    const std::size_t count = work.sums.size();
    std::vector<Clock::time_point> submitted(count);
    std::size_t submitted_count = 0;
    const auto collect = [&](std::size_t k) {
      work.sums[k] = prover.collect();
      PartitionReport& report = work.reports[k];
      work.last_result = Clock::now();
      report.gpu_wall_seconds = seconds_since(submitted[k]);
      state->update([&] {
        // Partition k was submitted before k - 1's sums came back: count the overlap once.
        const Clock::time_point from = std::max(submitted[k], state->busy_until);
        if (work.last_result > from) {
          state->busy_seconds += std::chrono::duration<double>(work.last_result - from).count();
          state->busy_until = work.last_result;
        }
      });
      sample_memory();
      log("partition " + std::to_string(k) + " proved on the GPU in " +
          std::to_string(report.gpu.total_ms / 1000) + " s");
    };
    try {
      std::vector<std::unique_ptr<circuit::CompactWitness>> held(count);
      const std::size_t group = batch_group(count);
      if (group == 0 && count > 1 && plan.tails_from_host) {
        log("a sector of " + std::to_string(count) +
            " partitions, more than a batch of ones holds: its streamed queries cross PCIe every "
            "partition");
      }
      for (std::size_t k = 0; k < count; ++k) {
        if (!next.get()) break;  // abandoned, or the session stops
        if (is_set(stop) || is_set(work.cancel.get())) throw Interrupted();
        if (group != 0 && k % group == 0) {
          // A batch is begun with nothing in flight: the previous one's last partition first.
          if (prover.in_flight() != 0) collect(k - 1);
          const std::size_t end = std::min(count, k + group);
          std::vector<std::span<const std::uint64_t>> bits{staged_[k % 2].view().bits};
          for (std::size_t j = k + 1; j < end; ++j) {
            held[j] = state->take_witness(work, j);
            if (held[j] == nullptr) break;
            bits.push_back(held[j]->bits.words());
          }
          if (bits.size() < end - k) break;
          prover.begin_batch(bits);
          for (const std::span<const std::uint64_t> b : bits) work.h2d_bytes += b.size_bytes();
        }
        submitted[k] = Clock::now();
        if (k == 0) work.first_submitted = submitted[0];
        const kernels::WitnessView view = staged_[k % 2].view();
        prover.submit(
            bases, view, &work.reports[k].gpu, nullptr,
            group != 0 ? static_cast<int>(k % group) : kernels::PartitionProver::kNoBatch);
        work.h2d_bytes += view.inputs.size_bytes() + view.bits.size_bytes() +
                          view.wide_index.size_bytes() + view.wide_value.size_bytes();
        ++submitted_count;
        if (k > 0 && prover.in_flight() > 1) collect(k - 1);
        if (k + 1 < count) next = stage(work, k + 1, std::move(held[k + 1]));
      }
      if (prover.in_flight() != 0) collect(submitted_count - 1);
    } catch (...) {
      work.error = std::current_exception();
    }
    // After a failure or an abandoned sector, nothing may stay in flight for the next sector.
    while (prover.in_flight() != 0) {
      try {
        prover.collect();
      } catch (...) {
      }
    }
  }

  // Partition k's witness in staged_[k % 2].
  GpuWitness staged_[2];
};

}  // namespace

GpuPendingSector::GpuPendingSector() = default;
GpuPendingSector::GpuPendingSector(GpuPendingSector&&) noexcept = default;
GpuPendingSector& GpuPendingSector::operator=(GpuPendingSector&&) noexcept = default;
GpuPendingSector::~GpuPendingSector() {
  if (work_ != nullptr) state_->abandon(*work_);
}

GpuProvingSession::GpuProvingSession(const prover::MappedParameters& params, SessionCircuit circuit,
                                     GpuSessionOptions options)
    : params_(params),
      circuit_(std::move(circuit)),
      options_(std::move(options)),
      state_(std::make_shared<detail::SessionState>()) {
  // Progress lines from the host and the GPU thread, one at a time.
  log_ = [observer = options_.observer, state = state_.get()](const std::string& line) {
    const std::lock_guard lock(state->log_mutex);
    if (observer != nullptr) observer->log(line);
  };
  if (options_.device.index() < 0) throw Error("GPU session: no device given");
  release_ = options_.release != nullptr ? options_.release : &own_release_.emplace();
  const prover::VectorLengths lengths = params.lengths();
  // The header of the parameters against the circuit's known lengths, before any work (the
  // recorded shape is checked against them again once recorded).
  if (circuit_.parameter_lengths) {
    prover::check_lengths_match(lengths, *circuit_.parameter_lengths, params.name());
  }
  if (options_.shape.valid() && options_.shape.shape() != circuit_.shape) {
    throw Error("GPU session: the shape recorded beforehand is not " + circuit_.name + "'s");
  }
  shape_recording_ =
      options_.shape.valid() ? std::move(options_.shape) : ShapeRecording::start(circuit_.shape);

  // The plan, before anything is allocated on the device and while the shape is being recorded.
  const GpuMemoryNeeds needs = memory_needs(lengths);
  const kernels::DeviceMemoryInfo memory = kernels::device_memory_info(options_.device);
  std::size_t available = memory.free;
  if (options_.gpu_memory_limit) available = std::min(available, *options_.gpu_memory_limit);
  plan_ = plan_gpu_memory(needs, available);
  std::string pinning;
  if (!plan_.all_resident()) {
    // Streamed: the parameters page-locked where they are mapped, so that slices are copied at
    // full PCIe speed and each partition reads only its tails' points of the queries other than H
    // (1.2 s for 47 GB in the page cache on the H200, beside the shape's recording).
    const Clock::time_point start = Clock::now();
    pinned_ = PinnedParameters::pin(options_.device, params);
    if (pinned_.range) {
      plan_ = plan_gpu_memory(needs, available, true);
      pinning = "; parameters page-locked in host memory (" + format_gib(params.bytes().size()) +
                ", " + std::to_string(seconds_since(start)) + " s" + ")";
    } else {
      pinning =
          "; parameters read from the page cache (page-locking them failed: " + pinned_.failure +
          ")";
    }
  }
  const std::size_t once = kernels::ParameterBases::resident_bytes(needs.points) -
                           plan_.streamed_bytes_per_partition - plan_.streamed_bytes_per_sector;
  std::string crossing = "parameters cross PCIe " + format_gib(once) + " once";
  if (plan_.streamed_bytes_per_sector != 0)
    crossing += ", " + format_gib(plan_.streamed_bytes_per_sector) + " every sector";
  if (plan_.streamed_bytes_per_partition != 0)
    crossing += ", " + format_gib(plan_.streamed_bytes_per_partition) + " every partition";
  log_("GPU memory: " + format_gib(plan_.planned_bytes) + " planned of " + format_gib(available) +
       " available; " + describe_tier(plan_) + pinning + "; " + crossing);
}

GpuProvingSession::~GpuProvingSession() {
  state_->update([&] { state_->stopping = true; });
  if (gpu_thread_.joinable()) gpu_thread_.join();
}

void GpuProvingSession::start_gpu_thread() {
  if (gpu_thread_.joinable()) return;
  GpuThread gpu(options_.device);
  gpu.params = &params_;
  gpu.pinned = pinned_.range ? &*pinned_.range : nullptr;
  gpu.plan = plan_;
  gpu.state = state_;
  gpu.release = release_;
  gpu.log = log_;
  gpu.stop = options_.stop;
  gpu_thread_ = std::thread([gpu = std::move(gpu)]() mutable { gpu.run(); });
}

// Taken once per session: every sector of the session's circuit has the same shape. The "shape"
// phase is the recording's own time, most of it spent while the parameters went up.
void GpuProvingSession::take_recorded_shape(GpuSectorReport& report) {
  RecordedShape recorded = shape_recording_.take();  // rethrows the recording's failure
  prover::check_lengths_match(params_.lengths(), recorded_lengths(recorded.r1cs), params_.name());
  report.phases.emplace_back("shape", recorded.seconds);
  log_("shape recorded: " + describe(recorded.r1cs) + ", in " + std::to_string(recorded.seconds) +
       " s");
  layout_ = witness_layout(recorded.r1cs);
  state_->update([&] { state_->shape = std::move(recorded.r1cs); });
}

GpuPendingSector GpuProvingSession::submit(std::shared_ptr<const SessionSector> sector,
                                           std::shared_ptr<const std::atomic<bool>> cancel) {
  {
    const std::lock_guard lock(state_->mutex);
    if (state_->failure) std::rethrow_exception(state_->failure);
  }
  const std::uint32_t partitions = sector->partitions();
  if (partitions == 0) throw Error(circuit_.name + ": a sector of no partitions");
  GpuPendingSector pending;
  pending.sector_ = sector;
  pending.state_ = state_;
  GpuSectorReport& report = pending.report_;

  // The first sector's check while the parameters go up: an input that fails it costs their
  // upload, never a proof.
  start_gpu_thread();
  Clock::time_point phase = Clock::now();
  sector->check();
  report.phases.emplace_back("check", seconds_since(phase));
  if (is_set(options_.stop) || is_set(cancel.get())) throw Interrupted();

  if (!layout_) take_recorded_shape(report);

  auto work = std::make_shared<detail::SectorWork>(partitions);
  work->cancel = std::move(cancel);
  state_->update([&] { state_->queue.push_back(work); });
  pending.work_ = work;  // from here on, a failure abandons the sector (~GpuPendingSector)

  phase = Clock::now();
  // Each partition's witness in a heap of its own, owned by the release thread, which destroys
  // it whole once the witness is laid out for the GPU and released (partition_heap.hpp). A
  // partition whose witness never came would hold the GPU thread forever: each is marked.
  std::vector<std::atomic<bool>> handed(partitions);
  std::atomic<bool> stray{false};  // a partition out of range, or handed over twice
  sector->witnesses(
      *layout_, [this](std::size_t) { return release_->new_heap(); },
      [&](std::size_t k, circuit::CompactWitness&& w) {
        if (k >= partitions || handed[k].exchange(true)) {
          stray = true;
          return;
        }
        work->reports[k].witness_seconds = seconds_since(phase);
        if (auto unused = state_->put_witness(*work, k, std::move(w))) {
          release_->release(std::move(unused));
        }
      },
      *release_);
  const auto is_handed = [](const std::atomic<bool>& h) { return h.load(); };
  if (stray || !std::all_of(handed.begin(), handed.end(), is_handed)) {
    throw Error(circuit_.name + ": the synthesis did not hand over one witness per partition");
  }
  report.phases.emplace_back("synthesize", seconds_since(phase));
  return pending;
}

GpuSectorResult GpuProvingSession::finish(GpuPendingSector&& pending) {
  const GpuPendingSector mine = std::move(pending);
  if (mine.work_ == nullptr) throw Error("finish: the sector was never submitted");
  GpuSectorResult result;
  GpuSectorReport& report = result.report;
  report = mine.report_;
  detail::SectorWork& work = *mine.work_;

  Clock::time_point phase = Clock::now();
  {
    std::unique_lock lock(state_->mutex);
    state_->wait(lock, [&] { return work.done || state_->failure != nullptr; });
    if (!work.done) std::rethrow_exception(state_->failure);
    if (work.error) std::rethrow_exception(work.error);
    report.peak_gpu_bytes = state_->peak_bytes;
  }
  report.phases.emplace_back("gpu_wait", seconds_since(phase));
  report.phases.emplace_back("parameter_upload", work.upload_seconds);
  report.phases.emplace_back("shape_upload", work.shape_upload_seconds);
  report.parameters_resident = plan_.all_resident();
  report.slice_points = plan_.slice_points;
  report.planned_gpu_bytes = plan_.planned_bytes;
  report.h2d_bytes = work.h2d_bytes;
  report.parameter_upload_seconds = work.upload_seconds;
  report.partitions = work.reports;
  for (const PartitionReport& p : report.partitions) report.gpu_seconds += p.gpu.total_ms / 1000;
  report.gpu_pass_seconds =
      std::chrono::duration<double>(work.last_result - work.first_submitted).count();

  phase = Clock::now();
  result.proofs.resize(work.sums.size());
  for (std::size_t k = 0; k < work.sums.size(); ++k) {
    result.proofs[k] =
        prover::assemble_proof(params_.vk(), host_sums(work.sums[k]), prover::Blinding::random());
  }
  report.phases.emplace_back("assemble", seconds_since(phase));
  result.sums = work.sums;

  phase = Clock::now();
  result.verified = mine.sector_->verify(params_.vk(), result.proofs, params_.name());
  if (result.verified) report.phases.emplace_back("verify", seconds_since(phase));
  report.last_gpu_to_proofs_ms =
      std::chrono::duration<double, std::milli>(Clock::now() - work.last_result).count();
  report.release_seconds = release_->busy_seconds();
  return result;
}

double GpuProvingSession::gpu_busy_seconds() const {
  const std::lock_guard lock(state_->mutex);
  return state_->busy_seconds;
}

double GpuProvingSession::gpu_thread_seconds() const {
  const std::lock_guard lock(state_->mutex);
  return state_->thread_seconds;
}

}  // namespace cuzk::pipeline

#endif  // CUZK_HAVE_CUDA
