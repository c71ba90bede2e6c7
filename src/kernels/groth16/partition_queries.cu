#include <vector>

#include "kernels/groth16/bitmap_rank.cuh"
#include "kernels/groth16/partition_queries.cuh"
#include "kernels/groth16/query_sums.cuh"
#include "kernels/msm/ones_batch.cuh"

namespace cuzk::kernels {

namespace {

using detail::compressed_words;
using detail::kMaxOnesBatch;
using detail::TailSource;
using detail::words_for;

constexpr int index(Query q) { return static_cast<int>(q); }

// Calls `queue`, which queues work on `stream`, and sets `ms` to that work's device milliseconds.
template <class Queue>
void timed(cudaStream_t stream, double& ms, Queue&& queue) {
  const Event start = make_event(), stop = make_event();
  CUZK_CUDA_CHECK(cudaEventRecord(start.get(), stream));
  queue();
  CUZK_CUDA_CHECK(cudaEventRecord(stop.get(), stream));
  ms = elapsed_ms(start, stop);
}

}  // namespace

PartitionQueries::PartitionQueries(Device device, PartitionProver::Work& work, PartitionSlot& slot,
                                   const WitnessView& witness, ParameterBases& bases,
                                   PartitionGpuTimings& timings, int batch_slot, bool sum_batch)
    : device_(device),
      r1cs_(work.r1cs),
      slot_(&slot),
      batch_(&work.batch),
      input_index_(work.input_index.data()),
      bases_(&bases),
      timings_(&timings),
      witness_(witness),
      batch_slot_(batch_slot),
      sum_batch_(sum_batch) {}

void PartitionQueries::run(cudaStream_t stream) const {
  const ScopedDevice on(device_);
  CUZK_CUDA_CHECK(cudaStreamWaitEvent(stream, slot_->marks[1].get()));
  // B's tail takes the values of the inputs present in B (ranked: its points hold only those).
  std::vector<bls12_381::Fr> b_input_values;
  for (const std::uint64_t i : r1cs_->b_inputs) b_input_values.push_back(witness_.inputs[i]);
  StreamBuffer<DeviceFr> b_values(b_input_values.size(), stream);
  CUZK_CUDA_CHECK(cudaMemcpyAsync(b_values.data(), b_input_values.data(), b_values.bytes(),
                                  cudaMemcpyHostToDevice, stream));

  // A batch begun since the last partition: every partition's ones, query by query in the order
  // the upload brings them.
  if (batch_->size != 0) CUZK_CUDA_CHECK(cudaStreamWaitEvent(stream, batch_->ready.get()));
  if (sum_batch_) {
    timed(stream, timings_->ones_batch_ms, [&] { sum_batch_ones(stream); });
    CUZK_CUDA_CHECK(cudaEventRecord(batch_->ready.get(), stream));
  }
  if (batched()) start_from_batch(stream);
  sum_l(stream);
  sum_a(stream);
  sum_b(stream, b_values.data());
  CUZK_CUDA_CHECK(cudaEventRecord(slot_->marks[5].get(), stream));
  CUZK_CUDA_CHECK(cudaStreamSynchronize(stream));
}

void PartitionQueries::sum_batch_ones(cudaStream_t stream) const {
  const DeviceR1cs::Storage& r = *r1cs_;
  const OnesBatch& b = *batch_;
  const std::size_t b_stride = compressed_words(r.b_aux.count);
  detail::batch_ones_sums<DeviceFp>(stream, *bases_, Query::kL, 0, b.bits.data(),
                                    words_for(r.num_aux), r.num_aux, b.size, b.g1.data());
  detail::batch_ones_sums<DeviceFp>(stream, *bases_, Query::kA, r.num_inputs, b.ones_a.data(),
                                    compressed_words(r.a_aux.count), r.a_aux.count, b.size,
                                    b.g1.data() + kMaxOnesBatch);
  detail::batch_ones_sums<DeviceFp2>(stream, *bases_, Query::kBG2, r.b_inputs.size(),
                                     b.ones_b.data(), b_stride, r.b_aux.count, b.size, b.g2.data());
  detail::batch_ones_sums<DeviceFp>(stream, *bases_, Query::kBG1, r.b_inputs.size(),
                                    b.ones_b.data(), b_stride, r.b_aux.count, b.size,
                                    b.g1.data() + 2 * kMaxOnesBatch);
}

// A batched partition starts its sums from the batch's and adds only the tails.
void PartitionQueries::start_from_batch(cudaStream_t stream) const {
  DeviceG1Xyzz* const sums = slot_->g1_sums.data();
  const Query g1_queries[] = {Query::kL, Query::kA, Query::kBG1};
  for (int row = 0; row < 3; ++row) {
    CUZK_CUDA_CHECK(cudaMemcpyAsync(sums + index(g1_queries[row]),
                                    batch_->g1.data() + row * kMaxOnesBatch + batch_slot_,
                                    sizeof(DeviceG1Xyzz), cudaMemcpyDeviceToDevice, stream));
  }
  CUZK_CUDA_CHECK(cudaMemcpyAsync(slot_->g2_sums.data(), batch_->g2.data() + batch_slot_,
                                  sizeof(DeviceG2Xyzz), cudaMemcpyDeviceToDevice, stream));
}

// L: every aux variable has a point; the ones are the witness bits themselves.
void PartitionQueries::sum_l(cudaStream_t stream) const {
  const PartitionSlot& s = *slot_;
  PartitionGpuTimings& t = *timings_;
  const std::size_t aux_words = words_for(r1cs_->num_aux);
  timed(stream, t.query_ms[index(Query::kL)], [&] {
    const TailSource tails[] = {{s.wide_index.data(), s.wide_value.data(),
                                 witness_.wide_index.size(), nullptr, nullptr, 0}};
    detail::query_sum<DeviceFp>(
        stream, s.counters.data() + 2, *bases_, Query::kL, 0, s.bits.data(),
        batched() ? 0 : aux_words, tails, s.g1_sums.data() + index(Query::kL),
        s.g1_sums.data() + PartitionSlot::kQueryPartial, t.tail[index(Query::kL)]);
  });
  t.ones[index(Query::kL)] = detail::count_bits(s.bits.data(), aux_words, stream);
}

// A: every input, then the aux variables in A.
void PartitionQueries::sum_a(cudaStream_t stream) const {
  const DeviceR1cs::Storage& r = *r1cs_;
  PartitionSlot& s = *slot_;
  PartitionGpuTimings& t = *timings_;
  timed(stream, t.query_ms[index(Query::kA)], [&] {
    s.ones_a.fill_bytes(0, stream);
    detail::compress_bits(s.bits.data(), r.a_aux.words.data(), r.a_aux.prefix.data(),
                          words_for(r.num_aux), s.ones_a.data(), stream);
    const TailSource tails[] = {
        {input_index_, s.inputs.data(), r.num_inputs, nullptr, nullptr, 0},
        {s.wide_index.data(), s.wide_value.data(), witness_.wide_index.size(), r.a_aux.words.data(),
         r.a_aux.prefix.data(), r.num_inputs}};
    t.ones[index(Query::kA)] =
        detail::count_bits(s.ones_a.data(), words_for(r.a_aux.count), stream);
    detail::query_sum<DeviceFp>(
        stream, s.counters.data() + 2, *bases_, Query::kA, r.num_inputs, s.ones_a.data(),
        batched() ? 0 : words_for(r.a_aux.count), tails, s.g1_sums.data() + index(Query::kA),
        s.g1_sums.data() + PartitionSlot::kQueryPartial, t.tail[index(Query::kA)]);
  });
}

// B in G1 and G2: the inputs in B, then the aux variables in B. B_G2 before B_G1: the resident
// upload brings them in that order, so that the first partition, proved during the upload, is
// left with the cheaper sum once it is done.
void PartitionQueries::sum_b(cudaStream_t stream, const DeviceFr* b_values) const {
  const DeviceR1cs::Storage& r = *r1cs_;
  PartitionSlot& s = *slot_;
  PartitionGpuTimings& t = *timings_;
  s.ones_b.fill_bytes(0, stream);
  detail::compress_bits(s.bits.data(), r.b_aux.words.data(), r.b_aux.prefix.data(),
                        words_for(r.num_aux), s.ones_b.data(), stream);
  t.ones[index(Query::kBG1)] = t.ones[index(Query::kBG2)] =
      detail::count_bits(s.ones_b.data(), words_for(r.b_aux.count), stream);
  const TailSource tails[] = {{input_index_, b_values, r.b_inputs.size(), nullptr, nullptr, 0},
                              {s.wide_index.data(), s.wide_value.data(), witness_.wide_index.size(),
                               r.b_aux.words.data(), r.b_aux.prefix.data(), r.b_inputs.size()}};
  const std::size_t ones_words = batched() ? 0 : words_for(r.b_aux.count);
  timed(stream, t.query_ms[index(Query::kBG2)], [&] {
    detail::query_sum<DeviceFp2>(
        stream, s.counters.data() + 2, *bases_, Query::kBG2, r.b_inputs.size(), s.ones_b.data(),
        ones_words, tails, s.g2_sums.data(), s.g2_sums.data() + 1, t.tail[index(Query::kBG2)]);
  });
  timed(stream, t.query_ms[index(Query::kBG1)], [&] {
    detail::query_sum<DeviceFp>(
        stream, s.counters.data() + 2, *bases_, Query::kBG1, r.b_inputs.size(), s.ones_b.data(),
        ones_words, tails, s.g1_sums.data() + index(Query::kBG1),
        s.g1_sums.data() + PartitionSlot::kQueryPartial, t.tail[index(Query::kBG1)]);
  });
}

}  // namespace cuzk::kernels
