// The partition prover's main stream (see partition_prover.hpp): per partition the witness's
// upload, a, b, c and their check (row_evaluation.cuh), the quotient (h_quotient.cuh) and H's sum
// (query_sums.cuh); the witness queries' sums are a PartitionQueries (partition_queries.cuh) on a
// thread and stream of their own beside them, or on this stream after H.
#include <algorithm>
#include <future>
#include <span>
#include <string>
#include <vector>

#include "kernels/curve/host_affine.cuh"
#include "kernels/device/buffer_upload.cuh"
#include "kernels/groth16/bitmap_rank.cuh"
#include "kernels/groth16/h_quotient.cuh"
#include "kernels/groth16/partition_prover.hpp"
#include "kernels/groth16/partition_queries.cuh"
#include "kernels/groth16/partition_state.cuh"
#include "kernels/groth16/query_sums.cuh"
#include "kernels/groth16/row_evaluation.cuh"
#include "kernels/msm/bucket_accumulation.cuh"
#include "kernels/msm/ones_batch.cuh"
#include "kernels/msm/pippenger.cuh"
#include "kernels/msm/point_reduce.cuh"
#include "util/error.hpp"

namespace cuzk::kernels {

static_assert(sizeof(DeviceFr) == kDeviceFrBytes);
static_assert(sizeof(DeviceG1Xyzz) == kDeviceG1XyzzBytes);
static_assert(sizeof(DeviceG2Xyzz) == kDeviceG2XyzzBytes);

namespace {

using detail::compressed_words;
using detail::words_for;

void check_witness(const DeviceR1cs::Storage& r, const WitnessView& w) {
  if (w.inputs.size() != r.num_inputs || w.bits.size() != words_for(r.num_aux) ||
      w.wide_index.size() != w.wide_value.size()) {
    throw Error("GPU prover: the witness (" + std::to_string(w.inputs.size()) + " inputs, " +
                std::to_string(w.bits.size()) + " bit words, " +
                std::to_string(w.wide_index.size()) + " wide values) does not fit the circuit (" +
                std::to_string(r.num_inputs) + " inputs, " + std::to_string(r.num_aux) + " aux)");
  }
  for (const std::uint64_t j : w.wide_index) {
    if (j >= r.num_aux) throw Error("GPU prover: a wide value's index is past the last aux");
  }
}

void check_bases(Device device, const DeviceR1cs::Storage& r, const ParameterBases& bases,
                 std::size_t n) {
  if (bases.device() != device) {
    throw Error("GPU prover: the parameters are on device " +
                std::to_string(bases.device().index()) + ", the circuit's shape on device " +
                std::to_string(device.index()));
  }
  const std::size_t expected[kQueryCount] = {n - 1, r.num_aux, r.num_inputs + r.a_aux.count,
                                             r.b_inputs.size() + r.b_aux.count,
                                             r.b_inputs.size() + r.b_aux.count};
  for (int i = 0; i < kQueryCount; ++i) {
    if (bases.points(static_cast<Query>(i)) != expected[i]) {
      throw Error(std::string("GPU prover: the parameters' ") + query_name(static_cast<Query>(i)) +
                  " has " + std::to_string(bases.points(static_cast<Query>(i))) +
                  " points, the circuit needs " + std::to_string(expected[i]));
    }
  }
}

// The witness into the slot's buffers, and the rank structure of its wide values; the slot's sums
// start at infinity.
void upload_witness(PartitionSlot& s, const WitnessView& witness, std::size_t aux_words,
                    cudaStream_t stream) {
  upload_into(s.inputs, witness.inputs, stream);
  upload_into(s.bits, witness.bits, stream);
  upload_into(s.wide_index, witness.wide_index, stream);
  upload_into(s.wide_value, witness.wide_value, stream);
  s.is_wide.fill_bytes(0, stream);
  detail::scatter_bits(s.wide_index.data(), witness.wide_index.size(), s.is_wide.data(), stream);
  const std::uint64_t wide_count =
      detail::prefix_counts(s.is_wide.data(), aux_words, s.wide_prefix.data(), stream);
  if (wide_count != witness.wide_index.size())
    throw Error("GPU prover: the witness lists an aux index twice among its wide values");
  s.g1_sums.fill_bytes(0, stream);  // infinity
  s.g2_sums.fill_bytes(0, stream);
}

// out = M·w for matrix m (0, 1, 2: A, B, C) of the shape, zero-padded to the domain.
void evaluate_matrix(const PartitionProver::Work& w, const PartitionSlot& s, int m, DeviceFr* out,
                     cudaStream_t stream) {
  const DeviceR1cs::Storage& r = *w.r1cs;
  const std::size_t rows = r.num_constraints;
  const detail::WitnessRefs refs{s.inputs.data(), s.bits.data(), s.is_wide.data(),
                                 s.wide_prefix.data(), s.wide_value.data()};
  const DeviceRows* const matrices[3] = {&r.a, &r.b, &r.c};
  // Every row is written below: only the padding up to the domain needs zeros.
  CUZK_CUDA_CHECK(cudaMemsetAsync(out + rows, 0, (w.n - rows) * sizeof(DeviceFr), stream));
  detail::evaluate_rows(*matrices[m], r.coefficients.data(), refs, out, stream);
}

// a, b, c, and the check that the witness satisfies every row.
void evaluate(const PartitionProver::Work& w, PartitionSlot& s, DeviceFr* a, DeviceFr* b,
              DeviceFr* c, cudaStream_t stream) {
  const std::size_t rows = w.r1cs->num_constraints;
  evaluate_matrix(w, s, 0, a, stream);
  evaluate_matrix(w, s, 1, b, stream);
  evaluate_matrix(w, s, 2, c, stream);
  CUZK_CUDA_CHECK(cudaMemsetAsync(s.counters.data(), 0, sizeof(unsigned long long), stream));
  CUZK_CUDA_CHECK(cudaMemsetAsync(s.counters.data() + 1, 0xff, sizeof(unsigned long long), stream));
  detail::find_unsatisfied(a, b, c, rows, s.counters.data(), stream);
  const unsigned long long unsatisfied = detail::read_device_value(s.counters.data(), stream);
  if (unsatisfied != 0) {
    const unsigned long long first = detail::read_device_value(s.counters.data() + 1, stream);
    throw Error("the witness does not satisfy constraint " + std::to_string(first) + " (" +
                std::to_string(unsatisfied) + " of " + std::to_string(rows) +
                " constraints unsatisfied)");
  }
}

std::vector<bls12_381::Fr> download_fr(const StreamBuffer<DeviceFr>& v, std::size_t n,
                                       cudaStream_t stream) {
  std::vector<bls12_381::Fr> host(n);
  CUZK_CUDA_CHECK(
      cudaMemcpyAsync(host.data(), v.data(), n * sizeof(DeviceFr), cudaMemcpyDeviceToHost, stream));
  CUZK_CUDA_CHECK(cudaStreamSynchronize(stream));
  return host;
}

// The witness's a, b and c, checked, then h's coefficients in a (returned), in the vectors of the
// domain the prover holds at a time (QuotientVectors). Each vector comes from the device's pool
// on `stream` and goes back to it, in the stream's order, once it is dead.
StreamBuffer<DeviceFr> quotient(const PartitionProver::Work& w, PartitionSlot& s,
                                PartitionIntermediates* intermediates, cudaStream_t stream) {
  const std::size_t rows = w.r1cs->num_constraints;
  StreamBuffer<DeviceFr> a(w.n, stream), b(w.n, stream), c(w.n, stream);
  evaluate(w, s, a.data(), b.data(), c.data(), stream);
  CUZK_CUDA_CHECK(cudaEventRecord(s.marks[2].get(), stream));
  if (intermediates != nullptr) {
    intermediates->a = download_fr(a, rows, stream);
    intermediates->b = download_fr(b, rows, stream);
    intermediates->c = download_fr(c, rows, stream);
  }
  if (w.vectors == QuotientVectors::kThree) c.reset();  // evaluated again once b is dead
  StreamBuffer<DeviceFr> scratch(w.n, stream);
  detail::quotient_product(*w.plans, a.data(), b.data(), scratch.data(), stream);
  if (w.vectors == QuotientVectors::kThree) {
    b.reset();
    c = StreamBuffer<DeviceFr>(w.n, stream);
    evaluate_matrix(w, s, 2, c.data(), stream);
  }
  detail::quotient_divide(*w.plans, a.data(), c.data(), scratch.data(), stream);
  return a;
}

void check_batch_slot(const OnesBatch& batch, int batch_slot) {
  if (batch_slot != PartitionProver::kNoBatch && (batch_slot < 0 || batch_slot >= batch.size)) {
    throw Error("GPU prover: partition " + std::to_string(batch_slot) + " of a batch of " +
                std::to_string(batch.size));
  }
}

// Runs `queries` on the prover's query stream and a host thread of their own, after the previous
// partition's queries (they share that stream and its tail counter's host reads).
std::shared_future<void> start_queries(PartitionProver::Work& w, const PartitionQueries& queries) {
  const auto run = [queries, previous = w.last_queries, stream = w.query_stream.get()] {
    if (previous.valid()) previous.wait();
    queries.run(stream);
  };
  std::shared_future<void> running = std::async(std::launch::async, run).share();
  w.batch.pending = false;  // summed by these queries
  return running;
}

}  // namespace

std::unique_ptr<PartitionProver::Work> PartitionProver::Work::make(const DeviceR1cs& r1cs,
                                                                   QuotientVectors vectors) {
  const ScopedDevice on(r1cs.device());
  auto w = std::make_unique<Work>();
  w->r1cs = &r1cs.storage();
  w->vectors = vectors;
  w->log_n = log2_domain(w->r1cs->num_constraints);
  w->n = std::size_t{1} << w->log_n;
  w->plans.emplace(r1cs.device(), w->log_n, w->stream.get());
  const std::size_t aux_words = words_for(w->r1cs->num_aux);
  for (PartitionSlot& slot : w->slots) {
    slot.ones_a = DeviceBuffer<std::uint64_t>(compressed_words(w->r1cs->a_aux.count));
    slot.ones_b = DeviceBuffer<std::uint64_t>(compressed_words(w->r1cs->b_aux.count));
    slot.counters = DeviceBuffer<unsigned long long>(3);
    slot.inputs = DeviceBuffer<DeviceFr>(w->r1cs->num_inputs);
    slot.bits = DeviceBuffer<std::uint64_t>(aux_words);
    slot.is_wide = DeviceBuffer<std::uint64_t>(aux_words);
    slot.wide_prefix = DeviceBuffer<std::uint32_t>(aux_words);
    slot.g1_sums = DeviceBuffer<DeviceG1Xyzz>(6);
    slot.g2_sums = DeviceBuffer<DeviceG2Xyzz>(2);
    for (Event& e : slot.marks) e = make_event();
  }
  std::vector<std::uint64_t> identity(w->r1cs->num_inputs);
  for (std::size_t i = 0; i < identity.size(); ++i) identity[i] = i;
  w->input_index =
      upload_copy<std::uint64_t>(std::span<const std::uint64_t>(identity), w->stream.get());
  synchronize(w->stream);
  keep_freed_memory_in_pool(r1cs.device());
  return w;
}

PartitionProver::Work::~Work() {
  for (PartitionSlot& slot : slots) {
    if (slot.queries.valid()) slot.queries.wait();
  }
}

PartitionProver::PartitionProver(const DeviceR1cs& r1cs, QuotientVectors vectors)
    : work_(r1cs.device(), Work::make(r1cs, vectors)) {}
PartitionProver::PartitionProver(PartitionProver&&) noexcept = default;
PartitionProver& PartitionProver::operator=(PartitionProver&&) noexcept = default;
PartitionProver::~PartitionProver() = default;

int PartitionProver::max_batch() { return detail::kMaxOnesBatch; }

void PartitionProver::begin_batch(std::span<const std::span<const std::uint64_t>> aux_bits) {
  Work& w = *work_;
  const DeviceR1cs::Storage& r = *w.r1cs;
  if (in_flight() != 0) throw Error("GPU prover: a batch begun with partitions in flight");
  const int count = static_cast<int>(aux_bits.size());
  if (count < 1 || count > detail::kMaxOnesBatch) {
    throw Error("GPU prover: a batch of " + std::to_string(aux_bits.size()) + " partitions (1 to " +
                std::to_string(detail::kMaxOnesBatch) + ")");
  }
  const std::size_t aux_words = words_for(r.num_aux);
  for (const std::span<const std::uint64_t> bits : aux_bits) {
    if (bits.size() != aux_words) {
      throw Error("GPU prover: a batch's witness has " + std::to_string(bits.size()) +
                  " bit words, the circuit " + std::to_string(aux_words));
    }
  }
  const ScopedDevice on(work_.device());
  OnesBatch& batch = w.batch;
  const std::size_t a_stride = compressed_words(r.a_aux.count);
  const std::size_t b_stride = compressed_words(r.b_aux.count);
  const std::size_t most = detail::kMaxOnesBatch;
  if (batch.bits.size() == 0) {
    batch.bits = DeviceBuffer<std::uint64_t>(most * aux_words);
    batch.ones_a = DeviceBuffer<std::uint64_t>(most * a_stride);
    batch.ones_b = DeviceBuffer<std::uint64_t>(most * b_stride);
    batch.g1 = DeviceBuffer<DeviceG1Xyzz>(3 * most);
    batch.g2 = DeviceBuffer<DeviceG2Xyzz>(most);
  }
  // Queued on the queries' stream, which the next prove() sums them on.
  cudaStream_t stream = w.query_stream.get();
  batch.ones_a.fill_bytes(0, stream);
  batch.ones_b.fill_bytes(0, stream);
  batch.g1.fill_bytes(0, stream);  // infinity
  batch.g2.fill_bytes(0, stream);
  for (int k = 0; k < count; ++k) {
    std::uint64_t* const bits = batch.bits.data() + k * aux_words;
    CUZK_CUDA_CHECK(cudaMemcpyAsync(bits, aux_bits[k].data(), aux_bits[k].size_bytes(),
                                    cudaMemcpyHostToDevice, stream));
    detail::compress_bits(bits, r.a_aux.words.data(), r.a_aux.prefix.data(), aux_words,
                          batch.ones_a.data() + k * a_stride, stream);
    detail::compress_bits(bits, r.b_aux.words.data(), r.b_aux.prefix.data(), aux_words,
                          batch.ones_b.data() + k * b_stride, stream);
  }
  batch.size = count;
  batch.pending = true;
  CUZK_CUDA_CHECK(cudaEventRecord(batch.ready.get(), stream));  // the batch's state is ready
  // The caller may free or reuse the bitmaps (page-locked ones are copied asynchronously).
  synchronize(w.query_stream);
}

PartitionSums PartitionProver::prove(ParameterBases& bases, const WitnessView& witness,
                                     PartitionGpuTimings* timings,
                                     PartitionIntermediates* intermediates, int batch_slot) {
  if (in_flight() != 0) throw Error("GPU prover: prove() with partitions in flight");
  submit(bases, witness, timings, intermediates, batch_slot);
  return collect();
}

std::size_t PartitionProver::in_flight() const { return work_->submitted - work_->collected; }

void PartitionProver::submit(ParameterBases& bases, const WitnessView& witness,
                             PartitionGpuTimings* timings, PartitionIntermediates* intermediates,
                             int batch_slot) {
  Work& w = *work_;
  PartitionSlot& s = w.slots[w.submitted % 2];
  if (s.in_flight) throw Error("GPU prover: two partitions are in flight already");
  const DeviceR1cs::Storage& r = *w.r1cs;
  check_witness(r, witness);
  check_bases(work_.device(), r, bases, w.n);
  check_batch_slot(w.batch, batch_slot);
  const ScopedDevice on(work_.device());
  cudaStream_t stream = w.stream.get();
  CUZK_CUDA_CHECK(cudaEventRecord(s.marks[0].get(), stream));
  upload_witness(s, witness, words_for(r.num_aux), stream);
  CUZK_CUDA_CHECK(cudaEventRecord(s.marks[1].get(), stream));

  PartitionGpuTimings& t = timings != nullptr ? *timings : s.own_timings;
  t = PartitionGpuTimings{};
  const PartitionQueries queries(work_.device(), w, s, witness, bases, t, batch_slot,
                                 w.batch.pending);
  // H resident: the queries start now, beside a, b, c, the quotient and H, streaming their own
  // slices if they have to (H's sum never touches the slice buffers). (If this thread throws
  // below, `running` waits for them as it goes: a std::async state does.)
  std::shared_future<void> running;
  if (bases.is_resident(Query::kH)) running = start_queries(w, queries);

  StreamBuffer<DeviceFr> h = quotient(w, s, intermediates, stream);
  if (intermediates != nullptr) intermediates->h = download_fr(h, w.n - 1, stream);
  // The MSM reads h's coefficients as canonical scalars.
  detail::to_canonical(h.data(), w.n - 1, stream);
  CUZK_CUDA_CHECK(cudaEventRecord(s.marks[3].get(), stream));
  detail::h_query_sum(stream, bases, h.data(), s.g1_sums.data() + static_cast<int>(Query::kH),
                      s.g1_sums.data() + PartitionSlot::kHPartial);
  CUZK_CUDA_CHECK(cudaEventRecord(s.marks[4].get(), stream));

  if (!running.valid()) {  // H streamed: the queries after it, on this stream
    w.batch.pending = false;
    queries.run(stream);
  }
  s.queries = running;
  if (running.valid()) w.last_queries = running;
  s.timings = &t;
  s.in_flight = true;
  ++w.submitted;
}

PartitionSums PartitionProver::collect() {
  Work& w = *work_;
  if (w.collected == w.submitted) throw Error("GPU prover: no partition in flight to collect");
  PartitionSlot& s = w.slots[w.collected % 2];
  // Whatever happens below, the slot is free again and the next partition is the oldest.
  s.in_flight = false;
  ++w.collected;
  if (s.queries.valid()) {
    const std::shared_future<void> queries = std::move(s.queries);
    s.queries = {};
    queries.get();  // rethrows the queries' failure
  }
  const ScopedDevice on(work_.device());
  cudaStream_t stream = w.collect_stream.get();
  CUZK_CUDA_CHECK(cudaStreamWaitEvent(stream, s.marks[4].get()));
  CUZK_CUDA_CHECK(cudaStreamWaitEvent(stream, s.marks[5].get()));
  const auto read = [&](const auto* sum) {
    return detail::to_host_affine(detail::read_device_value(sum, stream));
  };
  const DeviceG1Xyzz* const sums = s.g1_sums.data();
  PartitionSums out;
  out.h = read(sums + static_cast<int>(Query::kH));
  out.l = read(sums + static_cast<int>(Query::kL));
  out.a = read(sums + static_cast<int>(Query::kA));
  out.b_g1 = read(sums + static_cast<int>(Query::kBG1));
  out.b_g2 = read(s.g2_sums.data());

  PartitionGpuTimings& t = *s.timings;
  t.witness_upload_ms = elapsed_ms(s.marks[0], s.marks[1]);
  t.evaluate_ms = elapsed_ms(s.marks[1], s.marks[2]);
  t.quotient_ms = elapsed_ms(s.marks[2], s.marks[3]);
  t.msm_h_ms = elapsed_ms(s.marks[3], s.marks[4]);
  // From the witness upload to the later of H and the queries (on the queries' stream, they may
  // end after the next partition has started).
  t.total_ms = std::max(elapsed_ms(s.marks[0], s.marks[4]), elapsed_ms(s.marks[0], s.marks[5]));
  return out;
}

}  // namespace cuzk::kernels
