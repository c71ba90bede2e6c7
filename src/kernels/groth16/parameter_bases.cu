// Parameter bases on the device: every query's encoded points go through two page-locked staging
// buffers (the source fills one while the other is copied) and are decoded on the GPU.
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "kernels/curve/point_decode.cuh"
#include "kernels/curve/points.hpp"
#include "kernels/device/device_memory.cuh"
#include "kernels/groth16/parameter_bases.hpp"
#include "util/error.hpp"

namespace cuzk::kernels {

namespace {

constexpr unsigned kThreads = 128;
// The background upload's order: the order in which a partition first needs the queries (H after
// its quotient; then its witness queries, which run L, A, B_G2, B_G1), so that the first
// partition, proved during the upload, is left with the short B_G1 sum once the upload is done.
constexpr std::array<Query, kQueryCount> kUploadOrder = {Query::kH, Query::kL, Query::kA,
                                                         Query::kBG2, Query::kBG1};
// Points per staging chunk: 48 MiB of G2 encodings, about a millisecond of PCIe each.
constexpr std::size_t kChunkPoints = std::size_t{1} << 18;

std::size_t encoded_bytes(Query q) {
  return is_g2(q) ? kG2UncompressedBytes : kG1UncompressedBytes;
}

// Reads, uploads and decodes ranges of queries, reusing its buffers.
class Uploader {
 public:
  Uploader()
      : staging_{PinnedBuffer<std::uint8_t>(kChunkPoints * kG2UncompressedBytes),
                 PinnedBuffer<std::uint8_t>(kChunkPoints * kG2UncompressedBytes)},
        raw_{DeviceBuffer<std::uint8_t>(kChunkPoints * kG2UncompressedBytes),
             DeviceBuffer<std::uint8_t>(kChunkPoints * kG2UncompressedBytes)},
        copied_{make_event(), make_event()},
        // The highest priority: in a resident upload beside the first partition, a decode kernel
        // queued behind the partition's kernels would hold up the copies behind it.
        stream_(make_high_priority_stream()),
        first_error_(1) {}

  // Points [first, first + count) of query q into out (device memory, count points).
  void load(const EncodedQuery& source, Query q, std::size_t first, std::size_t count, void* out) {
    if (is_g2(q)) {
      load_as<DeviceFp2>(source, q, first, count, static_cast<DeviceG2Affine*>(out));
    } else {
      load_as<DeviceFp>(source, q, first, count, static_cast<DeviceG1Affine*>(out));
    }
  }

 private:
  template <class F>
  void load_as(const EncodedQuery& source, Query q, std::size_t first, std::size_t count,
               DeviceAffine<F>* out) {
    cudaStream_t stream = stream_.get();
    const std::size_t bytes = encoded_bytes(q);
    CUZK_CUDA_CHECK(cudaMemsetAsync(first_error_.data(), 0xff, sizeof(unsigned long long), stream));
    bool in_flight[2] = {false, false};
    for (std::size_t start = first, k = 0; start < first + count; start += kChunkPoints, k ^= 1) {
      const std::size_t n = std::min(kChunkPoints, first + count - start);
      if (in_flight[k]) CUZK_CUDA_CHECK(cudaEventSynchronize(copied_[k].get()));
      // From the page-locked encoding where there is one (the copy engine reads it at full PCIe
      // speed), else through a staging buffer that `read` fills while the other is copied.
      const std::uint8_t* from = source.pinned_host + start * bytes;
      if (source.pinned_host == nullptr) {
        source.read(start, n, staging_[k].data());
        from = staging_[k].data();
      }
      CUZK_CUDA_CHECK(
          cudaMemcpyAsync(raw_[k].data(), from, n * bytes, cudaMemcpyHostToDevice, stream));
      CUZK_CUDA_CHECK(cudaEventRecord(copied_[k].get(), stream));
      in_flight[k] = true;
      detail::decode_kernel<F><<<blocks_for(n, kThreads), kThreads, 0, stream>>>(
          raw_[k].data(), out + (start - first), n, start, first_error_.data());
      CUZK_CUDA_CHECK_LAUNCH();
    }
    unsigned long long error = 0;
    CUZK_CUDA_CHECK(
        cudaMemcpyAsync(&error, first_error_.data(), sizeof error, cudaMemcpyDeviceToHost, stream));
    CUZK_CUDA_CHECK(cudaStreamSynchronize(stream));
    try {
      detail::throw_if_decode_error(error);
    } catch (const Error& e) {
      throw Error(std::string("parameters, query ") + query_name(q) + ": " + e.what());
    }
  }

  PinnedBuffer<std::uint8_t> staging_[2];
  DeviceBuffer<std::uint8_t> raw_[2];
  Event copied_[2];
  Stream stream_;
  DeviceBuffer<unsigned long long> first_error_;
};

}  // namespace

struct ParameterBases::State {
  Queries queries;
  Origins origins{};
  Residency resident = kAllResident;
  std::size_t slice_points = 0;
  std::array<DeviceBuffer<std::uint8_t>, kQueryCount> whole;  // resident
  DeviceBuffer<std::uint8_t> slice_buffer[2];                 // streamed: G1, G2
  std::optional<std::pair<Query, std::size_t>> loaded[2];
  Uploader uploader;

  // The background upload (resident_in_background): on_device[q] once query q is up; `failure`
  // says why the rest never will be. Guarded by `mutex`, like upload_ms.
  mutable std::mutex mutex;
  mutable std::condition_variable changed;
  std::array<bool, kQueryCount> on_device = {true, true, true, true, true};
  std::exception_ptr failure;
  double upload_ms = 0;
  std::size_t uploaded_bytes = 0;
  std::atomic<bool> stop{false};  // the owner is gone: skip the queries not yet begun
  std::thread upload_thread;

  ~State() {
    stop = true;
    if (upload_thread.joinable()) upload_thread.join();
  }

  // Blocks until `ready` holds or the upload has failed.
  template <class Ready>
  void wait_until(Ready ready) const {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return ready() || failure != nullptr; });
    if (!ready()) std::rethrow_exception(failure);
  }
  void wait_for(Query q) const {
    wait_until([&] { return on_device[static_cast<int>(q)]; });
  }
  void wait_for_all() const {
    wait_until([&] { return std::ranges::all_of(on_device, [](bool up) { return up; }); });
  }

  // The upload thread's body: its CUDA work runs on `device`.
  void upload_in_order(Device device, const std::function<void(double)>& on_resident) {
    try {
      const ScopedDevice on(device);
      for (std::size_t k = 0; k < kUploadOrder.size(); ++k) {
        if (stop) throw Error("parameters: the upload was abandoned");
        const int i = static_cast<int>(kUploadOrder[k]);
        const std::size_t n = queries[i].points;
        if (n != 0) timed_load(kUploadOrder[k], 0, n, whole[i].data());
        // Before the last query is released, so that whoever waits for all has seen it.
        if (k + 1 == kUploadOrder.size() && on_resident) on_resident(upload_ms_now() / 1000);
        const std::lock_guard lock(mutex);
        on_device[i] = true;
        changed.notify_all();
      }
    } catch (...) {
      const std::lock_guard lock(mutex);
      failure = std::current_exception();
      changed.notify_all();
    }
  }

  double upload_ms_now() const {
    const std::lock_guard lock(mutex);
    return upload_ms;
  }

  // The range of slice k of query q.
  std::pair<std::size_t, std::size_t> range(Query q, std::size_t k) const {
    const std::size_t n = queries[static_cast<int>(q)].points;
    if (resident[static_cast<int>(q)]) return {0, n};
    const std::size_t origin = origins[static_cast<int>(q)];
    const std::size_t begin = k == 0 ? 0 : origin + k * slice_points;
    const std::size_t end = std::min(n, origin + (k + 1) * slice_points);
    return {begin, end};
  }

  void timed_load(Query q, std::size_t first, std::size_t count, void* out) {
    const auto start = std::chrono::steady_clock::now();
    uploader.load(queries[static_cast<int>(q)], q, first, count, out);
    const std::lock_guard lock(mutex);
    upload_ms +=
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    uploaded_bytes += count * point_bytes(q);
  }
};

ParameterBases::ParameterBases(DeviceBound<State> state) : state_(std::move(state)) {}
ParameterBases::ParameterBases(ParameterBases&&) noexcept = default;
ParameterBases& ParameterBases::operator=(ParameterBases&&) noexcept = default;
ParameterBases::~ParameterBases() = default;

ParameterBases ParameterBases::resident(Device device, Queries queries) {
  const ScopedDevice on(device);
  auto state = std::make_unique<State>();
  state->queries = std::move(queries);
  for (int i = 0; i < kQueryCount; ++i) {
    const auto q = static_cast<Query>(i);
    const std::size_t n = state->queries[i].points;
    state->whole[i] = DeviceBuffer<std::uint8_t>(n * point_bytes(q));
    if (n != 0) state->timed_load(q, 0, n, state->whole[i].data());
  }
  return ParameterBases(DeviceBound(device, std::move(state)));
}

ParameterBases ParameterBases::resident_in_background(Device device, Queries queries,
                                                      std::function<void(double)> on_resident) {
  const ScopedDevice on(device);
  auto state = std::make_unique<State>();
  state->queries = std::move(queries);
  // Everything is allocated here, so a GPU without room fails now, on the caller's thread.
  for (int i = 0; i < kQueryCount; ++i) {
    const std::size_t n = state->queries[i].points;
    state->whole[i] = DeviceBuffer<std::uint8_t>(n * point_bytes(static_cast<Query>(i)));
  }
  state->on_device.fill(false);
  State* const s = state.get();
  state->upload_thread = std::thread([s, device, on_resident = std::move(on_resident)] {
    s->upload_in_order(device, on_resident);
  });
  return ParameterBases(DeviceBound(device, std::move(state)));
}

void ParameterBases::wait_resident() const { state_->wait_for_all(); }

ParameterBases ParameterBases::streamed(Device device, Queries queries, const Origins& origins,
                                        std::size_t slice_points, Residency resident) {
  if (slice_points == 0 || slice_points % 64 != 0)
    throw Error("streamed parameters: a slice of " + std::to_string(slice_points) +
                " points is not a positive multiple of 64");
  const ScopedDevice on(device);
  auto state = std::make_unique<State>();
  state->queries = std::move(queries);
  state->origins = origins;
  state->resident = resident;
  state->slice_points = slice_points;
  std::size_t largest[2] = {0, 0};
  for (int i = 0; i < kQueryCount; ++i) {
    const auto q = static_cast<Query>(i);
    const std::size_t n = state->queries[i].points;
    if (resident[i]) {
      state->whole[i] = DeviceBuffer<std::uint8_t>(n * point_bytes(q));
      if (n != 0) state->timed_load(q, 0, n, state->whole[i].data());
      continue;
    }
    const int curve = is_g2(q) ? 1 : 0;
    largest[curve] = std::max(largest[curve], std::min(n, origins[i] + slice_points));
  }
  state->slice_buffer[0] = DeviceBuffer<std::uint8_t>(largest[0] * sizeof(G1AffineMont));
  state->slice_buffer[1] = DeviceBuffer<std::uint8_t>(largest[1] * sizeof(G2AffineMont));
  return ParameterBases(DeviceBound(device, std::move(state)));
}

bool ParameterBases::is_resident() const { return state_->resident == kAllResident; }

bool ParameterBases::is_resident(Query q) const { return state_->resident[static_cast<int>(q)]; }

std::size_t ParameterBases::points(Query q) const {
  return state_->queries[static_cast<int>(q)].points;
}

std::size_t ParameterBases::slice_count(Query q) const {
  const std::size_t n = points(q);
  if (is_resident(q)) return 1;
  const std::size_t first_end =
      std::min(n, state_->origins[static_cast<int>(q)] + state_->slice_points);
  return 1 + (n - first_end + state_->slice_points - 1) / state_->slice_points;
}

BaseSlice ParameterBases::slice(Query q, std::size_t k) {
  if (k >= slice_count(q))
    throw Error(std::string("parameters: slice ") + std::to_string(k) + " of query " +
                query_name(q) + " does not exist");
  const auto [begin, end] = state_->range(q, k);
  if (is_resident(q)) {
    state_->wait_for(q);
    return {state_->whole[static_cast<int>(q)].data(), 0, end};
  }
  const int curve = is_g2(q) ? 1 : 0;
  void* buffer = state_->slice_buffer[curve].data();
  if (state_->loaded[curve] != std::pair{q, k}) {
    const ScopedDevice on(state_.device());
    state_->loaded[curve].reset();
    state_->timed_load(q, begin, end - begin, buffer);
    state_->loaded[curve] = std::pair{q, k};
  }
  return {buffer, begin, end - begin};
}

const std::uint8_t* ParameterBases::pinned_encoding(Query q) const {
  return state_->queries[static_cast<int>(q)].pinned_device;
}

void ParameterBases::count_gathered(std::size_t bytes) {
  const std::lock_guard lock(state_->mutex);
  state_->uploaded_bytes += bytes;
}

double ParameterBases::upload_ms() const { return state_->upload_ms_now(); }

std::size_t ParameterBases::uploaded_bytes() const {
  const std::lock_guard lock(state_->mutex);
  return state_->uploaded_bytes;
}

}  // namespace cuzk::kernels
