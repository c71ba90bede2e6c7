// The per-partition GPU work of the Groth16 prover (see partition_prover.hpp).
//
// Witness on the device: the inputs as Fr, the aux bits (one per variable), and the wide values
// with their indices; a bitmap of which aux variables are wide and its per-word prefix counts turn
// an aux index into its wide value's position (rank), so a row's terms read any witness value
// without a 4 GB expanded vector.
//
// Queries with a density (A, B) hold points only for the variables present: the k-th present
// variable pairs with point k. The density's per-word prefix counts give that rank; the ones
// bitmap of such a query is the witness bits compressed to the present variables.
#include <cub/cub.cuh>

#include <algorithm>
#include <cstring>
#include <future>
#include <limits>
#include <string>
#include <vector>

#include "kernels/curve/curve.cuh"
#include "kernels/curve/host_points.hpp"
#include "kernels/device/device_memory.cuh"
#include "kernels/field/field.cuh"
#include "kernels/groth16/h_quotient.cuh"
#include "kernels/groth16/partition_prover.hpp"
#include "kernels/groth16/repeated_blocks.cuh"
#include "kernels/msm/ones_batch.cuh"
#include "kernels/msm/pippenger.cuh"
#include "kernels/msm/point_reduce.cuh"
#include "util/error.hpp"

namespace cuzk::kernels {

namespace {

using detail::DeviceScalar;

constexpr unsigned kThreads = 256;

int log2_domain(std::size_t rows) {
  int log_n = 0;
  while ((std::size_t{1} << log_n) < rows) ++log_n;
  return log_n;
}

std::size_t words_for(std::size_t bits) { return (bits + 63) / 64; }

// Words of a ones bitmap compressed to a density of `present` variables: one more than the bits
// need, as compress_bits_kernel may touch the word after the last.
std::size_t compressed_words(std::size_t present) { return words_for(present) + 1; }

__device__ __forceinline__ bool test_bit(const std::uint64_t* words, std::uint64_t j) {
  return ((words[j >> 6] >> (j & 63)) & 1) != 0;
}

// Position of j among the set bits of `words`, given prefix[w] = set bits before word w.
__device__ __forceinline__ std::uint64_t rank_of(const std::uint64_t* words,
                                                 const std::uint32_t* prefix, std::uint64_t j) {
  const std::uint64_t below = words[j >> 6] & ((std::uint64_t{1} << (j & 63)) - 1);
  return prefix[j >> 6] + static_cast<std::uint64_t>(__popcll(below));
}

__global__ void scatter_bits_kernel(const std::uint64_t* index, std::size_t n,
                                    std::uint64_t* words) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const std::uint64_t j = index[i];
  atomicOr(reinterpret_cast<unsigned long long*>(words + (j >> 6)),
           static_cast<unsigned long long>(std::uint64_t{1} << (j & 63)));
}

// What a row's evaluation reads.
struct WitnessRefs {
  const DeviceFr* inputs;
  const std::uint64_t* bits;
  const std::uint64_t* is_wide;
  const std::uint32_t* wide_prefix;
  const DeviceFr* wide_value;
};

// out[r] = <row r, w> for r < rows.
__global__ void evaluate_rows_kernel(const std::uint32_t* row_start, const std::uint32_t* column,
                                     const std::uint32_t* coeff, std::size_t rows,
                                     const DeviceFr* coefficients, WitnessRefs w, DeviceFr* out) {
  const std::size_t r = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  DeviceFr acc = DeviceFr::zero();
  const std::uint32_t end = row_start[r + 1];
  for (std::uint32_t k = row_start[r]; k < end; ++k) {
    const std::uint32_t col = column[k];
    const std::uint32_t id = coeff[k];
    const DeviceFr* value = nullptr;
    if ((col & kInputColumnFlag) != 0) {
      value = &w.inputs[col & ~kInputColumnFlag];
    } else if (test_bit(w.is_wide, col)) {
      value = &w.wide_value[rank_of(w.is_wide, w.wide_prefix, col)];
    } else {
      // A bit: the term is the coefficient or nothing.
      if (test_bit(w.bits, col)) acc += coefficients[id];
      continue;
    }
    // Ids 0 and 1 are 1 and -1: no multiplication.
    if (id == 0) {
      acc += *value;
    } else if (id == 1) {
      acc -= *value;
    } else {
      acc += coefficients[id] * *value;
    }
  }
  out[r] = acc;
}

__global__ void unsatisfied_kernel(const DeviceFr* a, const DeviceFr* b, const DeviceFr* c,
                                   std::size_t rows, unsigned long long* count,
                                   unsigned long long* first) {
  const std::size_t r = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  if (a[r] * b[r] != c[r]) {
    atomicAdd(count, 1ull);
    atomicMin(first, static_cast<unsigned long long>(r));
  }
}

// Montgomery form to the canonical integer, in place (the MSM's scalar layout).
__global__ void to_canonical_kernel(DeviceFr* v, std::size_t n) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) v[i] = v[i].from_montgomery();
}

// The bits of `bits` at the set positions of `density`, packed in order: out bit k is the bit of
// the k-th present variable. `out` must be zero.
__global__ void compress_bits_kernel(const std::uint64_t* bits, const std::uint64_t* density,
                                     const std::uint32_t* prefix, std::size_t words,
                                     std::uint64_t* out) {
  const std::size_t w = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (w >= words) return;
  std::uint64_t d = density[w];
  const std::uint64_t v = bits[w];
  std::uint64_t packed = 0;
  for (int k = 0; d != 0; ++k, d &= d - 1) {
    const int b = __ffsll(static_cast<long long>(d)) - 1;
    packed |= ((v >> b) & 1) << k;
  }
  if (packed == 0) return;
  const std::uint32_t at = prefix[w];
  const unsigned shift = at & 63;
  auto* target = reinterpret_cast<unsigned long long*>(out + (at >> 6));
  atomicOr(target, static_cast<unsigned long long>(packed << shift));
  if (shift != 0 && (packed >> (64 - shift)) != 0) {
    atomicOr(target + 1, static_cast<unsigned long long>(packed >> (64 - shift)));
  }
}

// Values that pair with one query's points, for its tail MSM: value i pairs with the point of
// index[i] (ranked through `density` when given) plus base_offset.
struct TailSource {
  const std::uint64_t* index = nullptr;
  const DeviceFr* value = nullptr;
  std::size_t count = 0;
  const std::uint64_t* density = nullptr;
  const std::uint32_t* density_prefix = nullptr;
  std::size_t base_offset = 0;
};

// Appends (point, canonical scalar) for every source value whose point lies in the slice
// [slice_first, slice_end).
template <class F>
__global__ void gather_tail_kernel(TailSource src, std::size_t slice_first, std::size_t slice_end,
                                   const DeviceAffine<F>* slice_points, DeviceAffine<F>* out_points,
                                   DeviceScalar* out_scalars, unsigned long long* counter) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= src.count) return;
  const std::uint64_t j = src.index[i];
  std::uint64_t rank = j;
  if (src.density != nullptr) {
    if (!test_bit(src.density, j)) return;
    rank = rank_of(src.density, src.density_prefix, j);
  }
  const std::uint64_t point = src.base_offset + rank;
  if (point < slice_first || point >= slice_end) return;
  const unsigned long long k = atomicAdd(counter, 1ull);
  out_points[k] = slice_points[point - slice_first];
  const DeviceFr canonical = src.value[i].from_montgomery();
  std::memcpy(&out_scalars[k], &canonical, sizeof canonical);
}

template <class F>
__global__ void accumulate_kernel(DeviceXyzz<F>* acc, const DeviceXyzz<F>* part) {
  acc->add(*part);
}

template <class T>
DeviceBuffer<T> upload_vector(std::span<const T> host, cudaStream_t stream) {
  DeviceBuffer<T> d(host.size());
  if (!host.empty()) d.upload(host, stream);
  return d;
}

template <class T>
DeviceBuffer<T> upload_as(std::span<const bls12_381::Fr> host, cudaStream_t stream) {
  static_assert(sizeof(T) == sizeof(bls12_381::Fr));
  DeviceBuffer<T> d(host.size());
  if (!host.empty()) {
    CUZK_CUDA_CHECK(
        cudaMemcpyAsync(d.data(), host.data(), host.size_bytes(), cudaMemcpyHostToDevice, stream));
  }
  return d;
}

// Copies `host` into `d` after the work queued on `stream`, first growing `d` (by an eighth more
// than asked, as counts of wide values wander) when it is too small: the witness's buffers are
// kept from one partition to the next, so that a partition allocates and frees nothing.
template <class T, class H>
void upload_into(DeviceBuffer<T>& d, std::span<const H> host, cudaStream_t stream) {
  static_assert(sizeof(T) == sizeof(H), "the device type has the host type's layout");
  if (d.size() < host.size()) d = DeviceBuffer<T>(host.size() + host.size() / 8);
  if (!host.empty()) {
    CUZK_CUDA_CHECK(
        cudaMemcpyAsync(d.data(), host.data(), host.size_bytes(), cudaMemcpyHostToDevice, stream));
  }
}

// A density bitmap on the device with its prefix counts.
struct DeviceDensity {
  DeviceBuffer<std::uint64_t> words;
  DeviceBuffer<std::uint32_t> prefix;
  std::uint64_t count = 0;

  DeviceDensity() = default;
  DeviceDensity(std::span<const std::uint64_t> host, cudaStream_t stream)
      : words(upload_vector(host, stream)), prefix(host.size()) {
    count = detail::prefix_counts(words.data(), host.size(), prefix.data(), stream);
  }
};

struct DeviceRows {
  DeviceBuffer<std::uint32_t> row_start, column, coeff;
  std::size_t rows = 0;
};

void check_rows(const SparseRows& rows, std::size_t expected_rows, const char* name) {
  if (rows.row_start.size() != expected_rows + 1 || rows.column.size() != rows.coeff.size() ||
      rows.row_start.back() != rows.column.size()) {
    throw Error(std::string("R1CS upload: matrix ") + name + " is inconsistent (" +
                std::to_string(rows.row_start.size()) + " row offsets for " +
                std::to_string(expected_rows) + " rows, " + std::to_string(rows.column.size()) +
                " columns, " + std::to_string(rows.coeff.size()) + " coefficients)");
  }
}

// The terms of the prefix and of block 0 in a matrix recorded with repeated blocks.
detail::RecordedRows recorded_rows(const SparseRows& rows, const RepeatedBlocks& r) {
  return {nullptr, nullptr, nullptr, rows.row_start[r.prefix_rows],
          rows.row_start[r.prefix_rows + r.block_rows] - rows.row_start[r.prefix_rows]};
}

// The input rows hold a term in A only (Input(i) · 0 = 0).
std::size_t full_terms(const R1csView& view, const SparseRows& rows, bool is_a) {
  if (!view.repeated) return rows.column.size();
  return detail::repeated_terms(*view.repeated, recorded_rows(rows, *view.repeated),
                                view.num_inputs, is_a);
}

DeviceRows upload_rows(const R1csView& view, const SparseRows& rows, bool is_a, const char* name,
                       cudaStream_t stream) {
  if (!view.repeated) {
    check_rows(rows, view.num_constraints, name);
    return {upload_vector(rows.row_start, stream), upload_vector(rows.column, stream),
            upload_vector(rows.coeff, stream), view.num_constraints};
  }
  const RepeatedBlocks& r = *view.repeated;
  check_rows(rows, r.prefix_rows + r.block_rows, name);
  if (detail::repeated_rows(r, view.num_inputs) != view.num_constraints) {
    throw Error(std::string("R1CS upload: matrix ") + name + "'s repeated blocks make " +
                std::to_string(detail::repeated_rows(r, view.num_inputs)) + " rows, not " +
                std::to_string(view.num_constraints));
  }
  const std::size_t terms = full_terms(view, rows, is_a);
  if (terms > std::numeric_limits<std::uint32_t>::max()) {
    throw Error(std::string("R1CS upload: matrix ") + name + " has " + std::to_string(terms) +
                " terms, past the 32-bit offsets");
  }
  // The recorded rows go up to temporaries; the copies are written on the device.
  const auto upload_temporary = [stream](std::span<const std::uint32_t> host) {
    StreamBuffer<std::uint32_t> d(host.size(), stream);
    if (!host.empty()) {
      CUZK_CUDA_CHECK(cudaMemcpyAsync(d.data(), host.data(), host.size_bytes(),
                                      cudaMemcpyHostToDevice, stream));
    }
    return d;
  };
  const StreamBuffer<std::uint32_t> row_start = upload_temporary(rows.row_start);
  const StreamBuffer<std::uint32_t> column = upload_temporary(rows.column);
  const StreamBuffer<std::uint32_t> coeff = upload_temporary(rows.coeff);
  detail::RecordedRows recorded = recorded_rows(rows, r);
  recorded.row_start = row_start.data();
  recorded.column = column.data();
  recorded.coeff = coeff.data();
  DeviceRows out{DeviceBuffer<std::uint32_t>(view.num_constraints + 1),
                 DeviceBuffer<std::uint32_t>(terms), DeviceBuffer<std::uint32_t>(terms),
                 view.num_constraints};
  detail::expand_repeated_blocks(r, recorded, view.num_inputs, is_a, out.row_start.data(),
                                 out.column.data(), out.coeff.data(), stream);
  return out;
}

}  // namespace

struct DeviceR1cs::Storage {
  std::size_t num_inputs = 0, num_aux = 0, num_constraints = 0;
  DeviceRows a, b, c;
  DeviceBuffer<DeviceFr> coefficients;
  DeviceDensity a_aux, b_aux;
  std::vector<std::uint64_t> b_inputs;  // the inputs present in B, in order (host)
};

DeviceR1cs::DeviceR1cs(const R1csView& view) : storage_(std::make_unique<Storage>()) {
  Storage& s = *storage_;
  const Stream stream = make_stream();
  s.num_inputs = view.num_inputs;
  s.num_aux = view.num_aux;
  s.num_constraints = view.num_constraints;
  s.a = upload_rows(view, view.a, true, "A", stream.get());
  s.b = upload_rows(view, view.b, false, "B", stream.get());
  s.c = upload_rows(view, view.c, false, "C", stream.get());
  s.coefficients = upload_as<DeviceFr>(view.coefficients, stream.get());
  if (view.a_aux_density.size() != words_for(view.num_aux) ||
      view.b_aux_density.size() != words_for(view.num_aux) ||
      view.b_input_density.size() != words_for(view.num_inputs))
    throw Error("R1CS upload: density bitmaps of the wrong size");
  s.a_aux = DeviceDensity(view.a_aux_density, stream.get());
  s.b_aux = DeviceDensity(view.b_aux_density, stream.get());
  for (std::size_t i = 0; i < view.num_inputs; ++i) {
    if ((view.b_input_density[i / 64] >> (i % 64)) & 1) s.b_inputs.push_back(i);
  }
  synchronize(stream);
}

DeviceR1cs::DeviceR1cs(DeviceR1cs&&) noexcept = default;
DeviceR1cs& DeviceR1cs::operator=(DeviceR1cs&&) noexcept = default;
DeviceR1cs::~DeviceR1cs() = default;

std::size_t DeviceR1cs::bytes(const R1csView& view) {
  const auto rows = [&](const SparseRows& r, bool is_a) {
    return (view.num_constraints + 1) * 4 + full_terms(view, r, is_a) * 8;
  };
  const std::size_t density = 2 * words_for(view.num_aux) * (8 + 4);
  return rows(view.a, true) + rows(view.b, false) + rows(view.c, false) +
         view.coefficients.size_bytes() + density;
}

// What one partition in flight owns: its witness on the device (kept for the partition after
// next, see upload_into), its query bitmaps, sums, counters and events, and its queries' host
// thread. Two slots: partition k + 1's a, b, c, quotient and H start while partition k's queries
// finish (the first partition's wait for the last parameters it needs).
struct PartitionSlot {
  DeviceBuffer<std::uint64_t> ones_a, ones_b;  // compressed ones bitmaps of A and B (aux part)
  DeviceBuffer<unsigned long long> counters;   // unsatisfied count, first row, tail counter
  DeviceBuffer<DeviceG1Xyzz> g1_sums;          // h, l, a, b_g1, then a partial for each stream
  DeviceBuffer<DeviceG2Xyzz> g2_sums;          // b_g2, then one partial
  // 0 start, 1 witness up, 2 a, b, c checked, 3 quotient, 4 H (main stream); 5 queries done.
  Event marks[6];
  DeviceBuffer<DeviceFr> inputs, wide_value;
  DeviceBuffer<std::uint64_t> bits, is_wide, wide_index;
  DeviceBuffer<std::uint32_t> wide_prefix;

  bool in_flight = false;
  std::shared_future<void> queries;  // empty when they ran on the main stream
  PartitionGpuTimings* timings = nullptr;
  PartitionGpuTimings own_timings;  // when the caller asked for none
};

struct PartitionProver::Work {
  const DeviceR1cs::Storage* r1cs = nullptr;
  int log_n = 0;
  std::size_t n = 0;
  Stream stream = make_stream();
  // L, A, B_G1, B_G2, beside the quotient and H, ahead of them: the queries wait on the host
  // between steps, and H's blocks fill those gaps and the end, where the queries left a tail.
  Stream query_stream = make_high_priority_stream();
  // Reads a partition's sums once its H and its queries are done, behind neither stream's later
  // work.
  Stream collect_stream = make_stream();
  DeviceBuffer<DeviceFr> a, b, c, scratch;
  // 0, 1, 2, ...: the tail index of input i, and of the i-th input present in B (ranked).
  DeviceBuffer<std::uint64_t> input_index;

  PartitionSlot slots[2];
  std::size_t submitted = 0, collected = 0;  // partition k uses slots[k % 2]
  // The last partition's queries: the next one's wait for them, as they share a stream and the
  // tail counter's host reads.
  std::shared_future<void> last_queries;

  // A batch of partitions whose ones are summed together (begin_batch): every partition's aux
  // bits, and compressed to the variables of A and of B, one bitmap after another; the sums, by
  // partition, of L, A and B_G1 (three rows of kMaxOnesBatch) and of B_G2.
  int batch_size = 0;
  bool batch_pending = false;  // summed by the next partition's queries
  Event batch_ready = make_event();
  DeviceBuffer<std::uint64_t> batch_bits, batch_ones_a, batch_ones_b;
  DeviceBuffer<DeviceG1Xyzz> batch_g1;
  DeviceBuffer<DeviceG2Xyzz> batch_g2;
};

PartitionProver::PartitionProver(const DeviceR1cs& r1cs) : work_(std::make_unique<Work>()) {
  Work& w = *work_;
  w.r1cs = &r1cs.storage();
  w.log_n = log2_domain(w.r1cs->num_constraints);
  w.n = std::size_t{1} << w.log_n;
  w.a = DeviceBuffer<DeviceFr>(w.n);
  w.b = DeviceBuffer<DeviceFr>(w.n);
  w.c = DeviceBuffer<DeviceFr>(w.n);
  w.scratch = DeviceBuffer<DeviceFr>(w.n);
  const std::size_t aux_words = words_for(w.r1cs->num_aux);
  for (PartitionSlot& slot : w.slots) {
    slot.ones_a = DeviceBuffer<std::uint64_t>(compressed_words(w.r1cs->a_aux.count));
    slot.ones_b = DeviceBuffer<std::uint64_t>(compressed_words(w.r1cs->b_aux.count));
    slot.counters = DeviceBuffer<unsigned long long>(3);
    slot.inputs = DeviceBuffer<DeviceFr>(w.r1cs->num_inputs);
    slot.bits = DeviceBuffer<std::uint64_t>(aux_words);
    slot.is_wide = DeviceBuffer<std::uint64_t>(aux_words);
    slot.wide_prefix = DeviceBuffer<std::uint32_t>(aux_words);
    slot.g1_sums = DeviceBuffer<DeviceG1Xyzz>(6);
    slot.g2_sums = DeviceBuffer<DeviceG2Xyzz>(2);
    for (Event& e : slot.marks) e = make_event();
  }
  std::vector<std::uint64_t> identity(w.r1cs->num_inputs);
  for (std::size_t i = 0; i < identity.size(); ++i) identity[i] = i;
  w.input_index = upload_vector(std::span<const std::uint64_t>(identity), w.stream.get());
  synchronize(w.stream);
  keep_freed_memory_in_pool();
}

PartitionProver::PartitionProver(PartitionProver&&) noexcept = default;
PartitionProver& PartitionProver::operator=(PartitionProver&&) noexcept = default;
PartitionProver::~PartitionProver() {
  // Queries still running read this object's buffers: wait for them (their errors are dropped).
  if (work_ == nullptr) return;
  for (PartitionSlot& slot : work_->slots) {
    if (slot.queries.valid()) slot.queries.wait();
  }
}

std::size_t PartitionProver::work_bytes(std::size_t constraints) {
  const std::size_t n = std::size_t{1} << log2_domain(constraints);
  // a, b, c, scratch; then the H MSM's; a batch's bitmaps (aux bits, and compressed for A and B:
  // aux variables are fewer than rows) and its work buffers for G2 points, the larger; a GiB for
  // CUB's other scratch and the witness queries' tails.
  const std::size_t batch =
      3 * detail::kMaxOnesBatch * compressed_words(n) * 8 +
      detail::ones_batch_work_bytes(detail::kMaxOnesBatch, sizeof(DeviceG2Xyzz));
  return 4 * n * sizeof(DeviceFr) +
         detail::pippenger_work_bytes(n, detail::default_window_bits(n), sizeof(DeviceG1Xyzz)) +
         batch + (std::size_t{1} << 30);
}

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
  const std::size_t a_stride = compressed_words(r.a_aux.count);
  const std::size_t b_stride = compressed_words(r.b_aux.count);
  const std::size_t most = detail::kMaxOnesBatch;
  if (w.batch_bits.size() == 0) {
    w.batch_bits = DeviceBuffer<std::uint64_t>(most * aux_words);
    w.batch_ones_a = DeviceBuffer<std::uint64_t>(most * a_stride);
    w.batch_ones_b = DeviceBuffer<std::uint64_t>(most * b_stride);
    w.batch_g1 = DeviceBuffer<DeviceG1Xyzz>(3 * most);
    w.batch_g2 = DeviceBuffer<DeviceG2Xyzz>(most);
  }
  // Queued on the queries' stream, which the next prove() sums them on.
  cudaStream_t stream = w.query_stream.get();
  w.batch_ones_a.fill_bytes(0, stream);
  w.batch_ones_b.fill_bytes(0, stream);
  w.batch_g1.fill_bytes(0, stream);  // infinity
  w.batch_g2.fill_bytes(0, stream);
  for (int k = 0; k < count; ++k) {
    std::uint64_t* const bits = w.batch_bits.data() + k * aux_words;
    CUZK_CUDA_CHECK(cudaMemcpyAsync(bits, aux_bits[k].data(), aux_bits[k].size_bytes(),
                                    cudaMemcpyHostToDevice, stream));
    compress_bits_kernel<<<blocks_for(aux_words, kThreads), kThreads, 0, stream>>>(
        bits, r.a_aux.words.data(), r.a_aux.prefix.data(), aux_words,
        w.batch_ones_a.data() + k * a_stride);
    CUZK_CUDA_CHECK_LAUNCH();
    compress_bits_kernel<<<blocks_for(aux_words, kThreads), kThreads, 0, stream>>>(
        bits, r.b_aux.words.data(), r.b_aux.prefix.data(), aux_words,
        w.batch_ones_b.data() + k * b_stride);
    CUZK_CUDA_CHECK_LAUNCH();
  }
  w.batch_size = count;
  w.batch_pending = true;
  CUZK_CUDA_CHECK(cudaEventRecord(w.batch_ready.get(), stream));  // the batch's state is ready
  // The caller may free or reuse the bitmaps (page-locked ones are copied asynchronously).
  synchronize(w.query_stream);
}

namespace {

// Adds the sum of one query's points times the witness into *acc: per slice of the query, the
// batch addition of the points whose scalar is 1 (bitmap `ones`, aligned at `origin`) and the MSM
// of the tail sources' points.
template <class F>
void query_sum(cudaStream_t stream, unsigned long long* tail_counter, ParameterBases& bases,
               Query q, std::size_t origin, const std::uint64_t* ones, std::size_t ones_words,
               std::span<const TailSource> tails, DeviceXyzz<F>* acc, DeviceXyzz<F>* part,
               std::size_t& tail_count) {
  std::size_t capacity = 0;
  for (const TailSource& t : tails) capacity += t.count;
  StreamBuffer<DeviceAffine<F>> tail_points(std::max<std::size_t>(capacity, 1), stream);
  StreamBuffer<DeviceScalar> tail_scalars(std::max<std::size_t>(capacity, 1), stream);
  detail::StageClock no_clock(nullptr, stream);
  MsmConfig msm;
  msm.ones = OnesPath::kBuckets;  // the tail holds no ones worth splitting off
  for (std::size_t k = 0; k < bases.slice_count(q); ++k) {
    const BaseSlice slice = bases.slice(q, k);
    const auto* points = static_cast<const DeviceAffine<F>*>(slice.device_points);
    const std::size_t end = slice.first + slice.count;
    const std::size_t lo = std::max(slice.first, origin);
    if (end > lo && ones_words != 0) {
      const std::size_t first_word = (lo - origin) / 64;
      const std::size_t last_word = std::min(ones_words, words_for(end - origin));
      if (last_word > first_word) {
        detail::batch_add<F>(points + (lo - slice.first), ones + first_word, last_word - first_word,
                             part, stream);
        accumulate_kernel<F><<<1, 1, 0, stream>>>(acc, part);
        CUZK_CUDA_CHECK_LAUNCH();
      }
    }
    CUZK_CUDA_CHECK(cudaMemsetAsync(tail_counter, 0, sizeof(unsigned long long), stream));
    for (const TailSource& t : tails) {
      if (t.count == 0) continue;
      gather_tail_kernel<F><<<blocks_for(t.count, kThreads), kThreads, 0, stream>>>(
          t, slice.first, end, points, tail_points.data(), tail_scalars.data(), tail_counter);
      CUZK_CUDA_CHECK_LAUNCH();
    }
    const std::size_t m = detail::read_device_value(tail_counter, stream);
    tail_count += m;
    if (m != 0) {
      detail::pippenger_on_device<F>(tail_points.data(), tail_scalars.data(), m, msm, stream,
                                     no_clock, part);
      accumulate_kernel<F><<<1, 1, 0, stream>>>(acc, part);
      CUZK_CUDA_CHECK_LAUNCH();
    }
  }
}

// Adds to sums[k], for each partition k of a batch, the sum of query q's points whose scalar is 1
// there: bitmap k starts at word k * stride of `ones`, its bit j is point origin + j, and it has
// `bits` bits. Slice by slice, like query_sum.
template <class F>
void batch_ones_sums(cudaStream_t stream, ParameterBases& bases, Query q, std::size_t origin,
                     const std::uint64_t* ones, std::size_t stride, std::size_t bits, int count,
                     DeviceXyzz<F>* sums) {
  for (std::size_t k = 0; k < bases.slice_count(q); ++k) {
    const BaseSlice slice = bases.slice(q, k);
    const auto* points = static_cast<const DeviceAffine<F>*>(slice.device_points);
    const std::size_t lo = std::max(slice.first, origin);
    const std::size_t end = std::min(slice.first + slice.count, origin + bits);
    if (end <= lo) continue;
    detail::add_ones_sums<F>(points + (lo - slice.first), end - lo, ones, stride, lo - origin,
                             count, sums, stream);
  }
}

// Set bits of a device bitmap.
std::size_t count_bits(const std::uint64_t* words, std::size_t n, cudaStream_t stream) {
  StreamBuffer<std::uint32_t> prefix(n, stream);
  return detail::prefix_counts(words, n, prefix.data(), stream);
}

// A sum left on the device, as an affine point (HostXyzz: the host mirror of its layout).
template <class HostXyzz, class F>
auto read_affine(const DeviceXyzz<F>* p, cudaStream_t stream) {
  const DeviceXyzz<F> v = detail::read_device_value(p, stream);
  HostXyzz host;
  static_assert(sizeof host == sizeof v);
  std::memcpy(&host, &v, sizeof host);
  return detail::to_affine(host);
}

std::vector<bls12_381::Fr> download_fr(const DeviceBuffer<DeviceFr>& v, std::size_t n,
                                       cudaStream_t stream) {
  std::vector<bls12_381::Fr> host(n);
  CUZK_CUDA_CHECK(
      cudaMemcpyAsync(host.data(), v.data(), n * sizeof(DeviceFr), cudaMemcpyDeviceToHost, stream));
  CUZK_CUDA_CHECK(cudaStreamSynchronize(stream));
  return host;
}

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

void check_bases(const DeviceR1cs::Storage& r, const ParameterBases& bases, std::size_t n) {
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

}  // namespace

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
  check_bases(r, bases, w.n);
  if (batch_slot != kNoBatch && (batch_slot < 0 || batch_slot >= w.batch_size)) {
    throw Error("GPU prover: partition " + std::to_string(batch_slot) + " of a batch of " +
                std::to_string(w.batch_size));
  }
  const bool batched = batch_slot != kNoBatch;
  cudaStream_t stream = w.stream.get();
  const std::size_t aux_words = words_for(r.num_aux);
  const std::size_t rows = r.num_constraints;
  CUZK_CUDA_CHECK(cudaEventRecord(s.marks[0].get(), stream));

  // The witness, and the rank structure of its wide values.
  upload_into(s.inputs, witness.inputs, stream);
  upload_into(s.bits, witness.bits, stream);
  upload_into(s.wide_index, witness.wide_index, stream);
  upload_into(s.wide_value, witness.wide_value, stream);
  s.is_wide.fill_bytes(0, stream);
  if (!witness.wide_index.empty()) {
    scatter_bits_kernel<<<blocks_for(witness.wide_index.size(), kThreads), kThreads, 0, stream>>>(
        s.wide_index.data(), witness.wide_index.size(), s.is_wide.data());
    CUZK_CUDA_CHECK_LAUNCH();
  }
  const std::uint64_t wide_count =
      detail::prefix_counts(s.is_wide.data(), aux_words, s.wide_prefix.data(), stream);
  if (wide_count != witness.wide_index.size())
    throw Error("GPU prover: the witness lists an aux index twice among its wide values");
  DeviceG1Xyzz* const sums = s.g1_sums.data();  // h, l, a, b_g1
  DeviceG1Xyzz* const h_part = sums + 4;
  DeviceG1Xyzz* const g1_part = sums + 5;
  DeviceG2Xyzz* const b2_sum = s.g2_sums.data();
  DeviceG2Xyzz* const g2_part = b2_sum + 1;
  s.g1_sums.fill_bytes(0, stream);  // infinity
  s.g2_sums.fill_bytes(0, stream);
  CUZK_CUDA_CHECK(cudaEventRecord(s.marks[1].get(), stream));

  PartitionGpuTimings& t = timings != nullptr ? *timings : s.own_timings;
  t = PartitionGpuTimings{};
  const WitnessView view = witness;  // the queries may outlive the caller's reference

  // L, A, B_G1 and B_G2 need only the witness: with resident parameters they run on a stream and
  // a host thread of their own while this one evaluates a, b, c, the quotient and H (their
  // batch additions and small MSMs leave most of the GPU idle and wait on the host between
  // steps). Streamed parameters share one slice buffer per curve, so there they run after H.
  const auto run_queries = [&w = w, &s = s, &r = r, &bases = bases, &t = t, view, sums, b2_sum,
                            g1_part, g2_part, aux_words, batched, batch_slot](cudaStream_t stream) {
    CUZK_CUDA_CHECK(cudaStreamWaitEvent(stream, s.marks[1].get()));
    unsigned long long* const tail_counter = s.counters.data() + 2;
    // The tail sources: wide aux values, and the inputs (pre-ranked for B).
    const TailSource wide_all{
        s.wide_index.data(), s.wide_value.data(), view.wide_index.size(), nullptr, nullptr, 0};
    std::vector<bls12_381::Fr> b_input_values;
    for (const std::uint64_t i : r.b_inputs) b_input_values.push_back(view.inputs[i]);
    StreamBuffer<DeviceFr> b_values(b_input_values.size(), stream);
    CUZK_CUDA_CHECK(cudaMemcpyAsync(b_values.data(), b_input_values.data(), b_values.bytes(),
                                    cudaMemcpyHostToDevice, stream));

    const auto timed = [&](double& ms, auto&& run) {
      const Event start = make_event(), stop = make_event();
      CUZK_CUDA_CHECK(cudaEventRecord(start.get(), stream));
      run();
      CUZK_CUDA_CHECK(cudaEventRecord(stop.get(), stream));
      ms = elapsed_ms(start, stop);
    };
    const auto query_ms = [&](Query q) -> double& { return t.query_ms[static_cast<int>(q)]; };

    // A batch begun since the last partition: every partition's ones, query by query in the
    // order the upload brings them.
    if (w.batch_size != 0) CUZK_CUDA_CHECK(cudaStreamWaitEvent(stream, w.batch_ready.get()));
    if (w.batch_pending) {
      w.batch_pending = false;
      timed(t.ones_batch_ms, [&] {
        const std::size_t most = detail::kMaxOnesBatch;
        batch_ones_sums<DeviceFp>(stream, bases, Query::kL, 0, w.batch_bits.data(), aux_words,
                                  r.num_aux, w.batch_size, w.batch_g1.data());
        batch_ones_sums<DeviceFp>(stream, bases, Query::kA, r.num_inputs, w.batch_ones_a.data(),
                                  compressed_words(r.a_aux.count), r.a_aux.count, w.batch_size,
                                  w.batch_g1.data() + most);
        batch_ones_sums<DeviceFp2>(stream, bases, Query::kBG2, r.b_inputs.size(),
                                   w.batch_ones_b.data(), compressed_words(r.b_aux.count),
                                   r.b_aux.count, w.batch_size, w.batch_g2.data());
        batch_ones_sums<DeviceFp>(stream, bases, Query::kBG1, r.b_inputs.size(),
                                  w.batch_ones_b.data(), compressed_words(r.b_aux.count),
                                  r.b_aux.count, w.batch_size, w.batch_g1.data() + 2 * most);
      });
      CUZK_CUDA_CHECK(cudaEventRecord(w.batch_ready.get(), stream));
    }
    // A batched partition starts its sums from the batch's and adds only the tails.
    if (batched) {
      const std::size_t most = detail::kMaxOnesBatch;
      for (int q = 0; q < 3; ++q) {
        CUZK_CUDA_CHECK(cudaMemcpyAsync(sums + 1 + q, w.batch_g1.data() + q * most + batch_slot,
                                        sizeof(DeviceG1Xyzz), cudaMemcpyDeviceToDevice, stream));
      }
      CUZK_CUDA_CHECK(cudaMemcpyAsync(b2_sum, w.batch_g2.data() + batch_slot, sizeof(DeviceG2Xyzz),
                                      cudaMemcpyDeviceToDevice, stream));
    }

    // L: every aux variable has a point; the ones are the witness bits themselves.
    timed(query_ms(Query::kL), [&] {
      const TailSource tails[] = {wide_all};
      query_sum<DeviceFp>(stream, tail_counter, bases, Query::kL, 0, s.bits.data(),
                          batched ? 0 : aux_words, tails, sums + 1, g1_part, t.tail[1]);
    });
    t.ones[1] = count_bits(s.bits.data(), aux_words, stream);

    // A: every input, then the aux variables in A.
    timed(query_ms(Query::kA), [&] {
      s.ones_a.fill_bytes(0, stream);
      compress_bits_kernel<<<blocks_for(aux_words, kThreads), kThreads, 0, stream>>>(
          s.bits.data(), r.a_aux.words.data(), r.a_aux.prefix.data(), aux_words, s.ones_a.data());
      CUZK_CUDA_CHECK_LAUNCH();
      const TailSource tails[] = {
          {w.input_index.data(), s.inputs.data(), r.num_inputs, nullptr, nullptr, 0},
          {s.wide_index.data(), s.wide_value.data(), view.wide_index.size(), r.a_aux.words.data(),
           r.a_aux.prefix.data(), r.num_inputs}};
      t.ones[2] = count_bits(s.ones_a.data(), words_for(r.a_aux.count), stream);
      query_sum<DeviceFp>(stream, tail_counter, bases, Query::kA, r.num_inputs, s.ones_a.data(),
                          batched ? 0 : words_for(r.a_aux.count), tails, sums + 2, g1_part,
                          t.tail[2]);
    });

    // B in G1 and G2: the inputs in B, then the aux variables in B.
    s.ones_b.fill_bytes(0, stream);
    compress_bits_kernel<<<blocks_for(aux_words, kThreads), kThreads, 0, stream>>>(
        s.bits.data(), r.b_aux.words.data(), r.b_aux.prefix.data(), aux_words, s.ones_b.data());
    CUZK_CUDA_CHECK_LAUNCH();
    t.ones[3] = t.ones[4] = count_bits(s.ones_b.data(), words_for(r.b_aux.count), stream);
    const TailSource b_tails[] = {
        {w.input_index.data(), b_values.data(), r.b_inputs.size(), nullptr, nullptr, 0},
        {s.wide_index.data(), s.wide_value.data(), view.wide_index.size(), r.b_aux.words.data(),
         r.b_aux.prefix.data(), r.b_inputs.size()}};
    // B_G2 before B_G1: the resident upload brings them in that order, so that the first
    // partition, proved during the upload, is left with the cheaper sum once it is done.
    const std::size_t b_ones_words = batched ? 0 : words_for(r.b_aux.count);
    timed(query_ms(Query::kBG2), [&] {
      query_sum<DeviceFp2>(stream, tail_counter, bases, Query::kBG2, r.b_inputs.size(),
                           s.ones_b.data(), b_ones_words, b_tails, b2_sum, g2_part, t.tail[4]);
    });
    timed(query_ms(Query::kBG1), [&] {
      query_sum<DeviceFp>(stream, tail_counter, bases, Query::kBG1, r.b_inputs.size(),
                          s.ones_b.data(), b_ones_words, b_tails, sums + 3, g1_part, t.tail[3]);
    });
    CUZK_CUDA_CHECK(cudaEventRecord(s.marks[5].get(), stream));
    CUZK_CUDA_CHECK(cudaStreamSynchronize(stream));
  };
  // Chained after the previous partition's queries, which share their stream and counter.
  std::shared_future<void> queries;
  if (bases.is_resident()) {
    queries = std::async(std::launch::async, [run_queries, previous = w.last_queries,
                                              stream = w.query_stream.get()] {
                if (previous.valid()) previous.wait();
                run_queries(stream);
              }).share();
  }

  // a, b, c and the check that the witness satisfies every row.
  const WitnessRefs refs{s.inputs.data(), s.bits.data(), s.is_wide.data(), s.wide_prefix.data(),
                         s.wide_value.data()};
  DeviceBuffer<DeviceFr>* const outputs[3] = {&w.a, &w.b, &w.c};
  const DeviceRows* const matrices[3] = {&r.a, &r.b, &r.c};
  for (int m = 0; m < 3; ++m) {
    // Every row is written below: only the padding up to the domain needs zeros.
    DeviceBuffer<DeviceFr>& out = *outputs[m];
    CUZK_CUDA_CHECK(
        cudaMemsetAsync(out.data() + rows, 0, (out.size() - rows) * sizeof(DeviceFr), stream));
    evaluate_rows_kernel<<<blocks_for(rows, kThreads), kThreads, 0, stream>>>(
        matrices[m]->row_start.data(), matrices[m]->column.data(), matrices[m]->coeff.data(), rows,
        r.coefficients.data(), refs, outputs[m]->data());
    CUZK_CUDA_CHECK_LAUNCH();
  }
  CUZK_CUDA_CHECK(cudaMemsetAsync(s.counters.data(), 0, sizeof(unsigned long long), stream));
  CUZK_CUDA_CHECK(cudaMemsetAsync(s.counters.data() + 1, 0xff, sizeof(unsigned long long), stream));
  unsatisfied_kernel<<<blocks_for(rows, kThreads), kThreads, 0, stream>>>(
      w.a.data(), w.b.data(), w.c.data(), rows, s.counters.data(), s.counters.data() + 1);
  CUZK_CUDA_CHECK_LAUNCH();
  const unsigned long long unsatisfied = detail::read_device_value(s.counters.data(), stream);
  if (unsatisfied != 0) {
    const unsigned long long first = detail::read_device_value(s.counters.data() + 1, stream);
    throw Error("the witness does not satisfy constraint " + std::to_string(first) + " (" +
                std::to_string(unsatisfied) + " of " + std::to_string(rows) +
                " constraints unsatisfied)");
  }
  CUZK_CUDA_CHECK(cudaEventRecord(s.marks[2].get(), stream));
  if (intermediates != nullptr) {
    intermediates->a = download_fr(w.a, rows, stream);
    intermediates->b = download_fr(w.b, rows, stream);
    intermediates->c = download_fr(w.c, rows, stream);
  }

  // h: the quotient's coefficients replace a; the MSM reads them as canonical scalars.
  detail::h_quotient_device(w.a.data(), w.b.data(), w.c.data(), w.scratch.data(), w.log_n, stream);
  if (intermediates != nullptr) intermediates->h = download_fr(w.a, w.n - 1, stream);
  to_canonical_kernel<<<blocks_for(w.n - 1, kThreads), kThreads, 0, stream>>>(w.a.data(), w.n - 1);
  CUZK_CUDA_CHECK_LAUNCH();
  CUZK_CUDA_CHECK(cudaEventRecord(s.marks[3].get(), stream));

  {
    const auto* h_scalars = reinterpret_cast<const DeviceScalar*>(w.a.data());
    detail::StageClock no_clock(nullptr, stream);
    MsmConfig msm;
    msm.ones = OnesPath::kBuckets;  // the quotient's scalars are uniformly random
    for (std::size_t k = 0; k < bases.slice_count(Query::kH); ++k) {
      const BaseSlice slice = bases.slice(Query::kH, k);
      detail::pippenger_on_device<DeviceFp>(static_cast<const DeviceG1Affine*>(slice.device_points),
                                            h_scalars + slice.first, slice.count, msm, stream,
                                            no_clock, h_part);
      accumulate_kernel<DeviceFp><<<1, 1, 0, stream>>>(sums + 0, h_part);
      CUZK_CUDA_CHECK_LAUNCH();
    }
  }
  CUZK_CUDA_CHECK(cudaEventRecord(s.marks[4].get(), stream));

  if (!queries.valid()) run_queries(stream);  // streamed parameters: after H, on this stream

  s.queries = queries;
  if (queries.valid()) w.last_queries = queries;
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
  cudaStream_t stream = w.collect_stream.get();
  CUZK_CUDA_CHECK(cudaStreamWaitEvent(stream, s.marks[4].get()));
  CUZK_CUDA_CHECK(cudaStreamWaitEvent(stream, s.marks[5].get()));
  const DeviceG1Xyzz* const sums = s.g1_sums.data();
  PartitionSums out;
  out.h = read_affine<detail::G1XyzzHost>(sums + 0, stream);
  out.l = read_affine<detail::G1XyzzHost>(sums + 1, stream);
  out.a = read_affine<detail::G1XyzzHost>(sums + 2, stream);
  out.b_g1 = read_affine<detail::G1XyzzHost>(sums + 3, stream);
  out.b_g2 = read_affine<detail::G2XyzzHost>(s.g2_sums.data(), stream);

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
