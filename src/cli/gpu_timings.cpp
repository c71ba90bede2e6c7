#ifdef CUZK_HAVE_CUDA

#include "cli/gpu_timings.hpp"

namespace cuzk::cli {

void add_gpu_timings(const pipeline::GpuSectorReport& r, TimingReport& timings) {
  timings.phases.insert(timings.phases.end(), r.phases.begin(), r.phases.end());
  for (const pipeline::PartitionReport& p : r.partitions) {
    const kernels::PartitionGpuTimings& g = p.gpu;
    timings.partition_details.push_back({{"witness_ready_s", p.witness_seconds},
                                         {"gpu_wall_s", p.gpu_wall_seconds},
                                         {"gpu_ms", g.total_ms},
                                         {"witness_upload_ms", g.witness_upload_ms},
                                         {"evaluate_abc_ms", g.evaluate_ms},
                                         {"quotient_ms", g.quotient_ms},
                                         {"msm_h_ms", g.msm_h_ms},
                                         {"l_ms", g.query_ms[1]},
                                         {"a_ms", g.query_ms[2]},
                                         {"b_g1_ms", g.query_ms[3]},
                                         {"b_g2_ms", g.query_ms[4]},
                                         {"ones_batch_ms", g.ones_batch_ms},
                                         {"l_ones", static_cast<double>(g.ones[1])},
                                         {"l_tail", static_cast<double>(g.tail[1])},
                                         {"a_ones", static_cast<double>(g.ones[2])},
                                         {"a_tail", static_cast<double>(g.tail[2])},
                                         {"b_ones", static_cast<double>(g.ones[3])},
                                         {"b_tail", static_cast<double>(g.tail[3])}});
  }
  timings.totals.emplace_back("gpu_s", r.gpu_seconds);
  timings.totals.emplace_back("gpu_pass_s", r.gpu_pass_seconds);
  timings.totals.emplace_back("parameters_resident", r.parameters_resident ? 1.0 : 0.0);
  timings.totals.emplace_back("planned_gpu_bytes", static_cast<double>(r.planned_gpu_bytes));
  timings.totals.emplace_back("peak_gpu_bytes", static_cast<double>(r.peak_gpu_bytes));
  timings.totals.emplace_back("last_gpu_result_to_proofs_ms", r.last_gpu_to_proofs_ms);
  timings.totals.emplace_back("release_thread_s", r.release_seconds);
}

}  // namespace cuzk::cli

#endif  // CUZK_HAVE_CUDA
