#include "serve/status.hpp"

#include <string>

#include "kernels/device/device.hpp"
#include "kernels/device/gpu.hpp"
#include "pipeline/params_reader.hpp"
#include "serve/circuit_id.hpp"
#include "serve/proof_request.hpp"

namespace cuzk::serve {

namespace {

namespace pb = cuzk::v1;

void add_gpu(int ordinal, const JobTable::Counts& counts, bool proving,
             pb::GetStatusResponse& out) {
  const kernels::Device device(ordinal);
  pb::GPUStatus& gpu = *out.add_gpus();
  gpu.set_ordinal(static_cast<std::uint32_t>(ordinal));
  gpu.set_name(kernels::gpu_description(device));
  try {
    const kernels::DeviceMemoryInfo memory = kernels::device_memory_info(device);
    gpu.set_vram_total_bytes(memory.total);
    gpu.set_vram_free_bytes(memory.free);
  } catch (const std::exception&) {
    // A device that cannot say: its memory stays 0; its name says what is wrong.
  }
  if (proving && !counts.running.empty()) {
    gpu.set_current_job_id(counts.running.front().id);
    gpu.set_current_proof_kind(kind_status_name(counts.running.front().kind));
  }
}

}  // namespace

void fill_status(const JobTable::Counts& counts, const WorkerSnapshot& worker,
                 double uptime_seconds, pb::GetStatusResponse& out) {
  if (worker.gpu) {
    add_gpu(worker.device, counts, true, out);
  } else {
    // Before the first job, or on the CPU: the GPUs this process could use, idle.
    for (int i = 0; i < kernels::device_count(); ++i) {
      if (kernels::gpu_available(kernels::Device(i))) add_gpu(i, counts, false, out);
    }
  }
  if (worker.loaded) {
    pb::SRSStatus& srs = *out.add_loaded_srs();
    srs.set_circuit_id(circuit_id(*worker.loaded));
    // On the GPU the parameters are on the device (or streamed to it from the mapping); on the
    // CPU they are read from the file's mapping in host memory.
    srs.set_tier(worker.gpu ? pb::SRSStatus::HOT : pb::SRSStatus::WARM);
    srs.set_size_bytes(worker.parameter_bytes);
    srs.set_ref_count(counts.held);
  }
  // One queue per kind the daemon proves, each listed even when empty; curio adds up their
  // pending and in_progress for its backpressure.
  for (const pb::ProofKind kind : {pb::POREP_SEAL_COMMIT, pb::SNAP_DEALS_UPDATE}) {
    const std::string label = kind_label(kind);
    const auto it = counts.by_kind.find(label);
    const JobTable::KindCounts kind_counts =
        it != counts.by_kind.end() ? it->second : JobTable::KindCounts{};
    pb::QueueStatus& queue = *out.add_queues();
    queue.set_proof_kind(kind_status_name(label));
    queue.set_pending(kind_counts.queued);
    queue.set_in_progress(kind_counts.held);
  }
  // The parameters' mapping, page-locked by a streamed tier, against what the host lets them
  // page-lock (the staging buffers' few hundred MB are not counted).
  out.set_pinned_memory_bytes(worker.page_locked_bytes);
  out.set_pinned_memory_limit_bytes(pipeline::PinnedParameters::page_lockable_bytes());
  out.set_total_proofs_completed(counts.completed);
  out.set_total_proofs_failed(counts.failed);
  out.set_uptime_seconds(static_cast<std::uint64_t>(uptime_seconds));
}

Gauges gauges(const JobTable::Counts& counts, const WorkerSnapshot& worker, double uptime_seconds) {
  Gauges g;
  g.queued = counts.queued;
  g.in_progress = counts.held;
  g.uptime_seconds = uptime_seconds;
  g.gpu_busy_seconds = worker.gpu_busy_seconds;
  if (worker.loaded)
    g.parameter_bytes.emplace_back(circuit_id(*worker.loaded), worker.parameter_bytes);
  return g;
}

}  // namespace cuzk::serve
