// RAII owners of CUDA resources: device buffers, pinned host buffers, streams and events, made on
// the current device (kernels/device/device.hpp: their owner made its device current). Destructors
// never throw (a failure to free is ignored: the context is being torn down).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>

#include "kernels/device/cuda_check.cuh"
#include "kernels/device/device.hpp"

namespace cuzk::kernels {

// An array of n T in device memory (cudaMalloc: plain, synchronous allocation).
template <class T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t n) : size_(n) {
    if (n == 0) return;
    void* p = nullptr;
    CUZK_CUDA_CHECK(cudaMalloc(&p, n * sizeof(T)));
    ptr_.reset(static_cast<T*>(p));
  }
  T* data() const { return ptr_.get(); }
  std::size_t size() const { return size_; }
  std::size_t bytes() const { return size_ * sizeof(T); }

  void upload(std::span<const T> host, cudaStream_t stream, std::size_t offset = 0) {
    CUZK_CUDA_CHECK(cudaMemcpyAsync(data() + offset, host.data(), host.size_bytes(),
                                    cudaMemcpyHostToDevice, stream));
  }
  void download(std::span<T> host, cudaStream_t stream, std::size_t offset = 0) const {
    CUZK_CUDA_CHECK(cudaMemcpyAsync(host.data(), data() + offset, host.size_bytes(),
                                    cudaMemcpyDeviceToHost, stream));
  }
  // Fills every byte with `byte` (tests poison outputs with 0xff before a run).
  void fill_bytes(int byte, cudaStream_t stream) {
    if (size_ != 0) CUZK_CUDA_CHECK(cudaMemsetAsync(data(), byte, bytes(), stream));
  }

 private:
  struct Free {
    void operator()(T* p) const noexcept { cudaFree(p); }
  };
  std::unique_ptr<T, Free> ptr_;
  std::size_t size_ = 0;
};

// An array of n T allocated and freed in stream order (cudaMallocAsync / cudaFreeAsync, from the
// device's memory pool): the temporaries of one stream's work. Releasing one never waits for the
// whole device the way cudaFree does, so work on other streams keeps running; the memory is reused
// once the work queued before the free is done.
template <class T>
class StreamBuffer {
 public:
  StreamBuffer(std::size_t n, cudaStream_t stream) : size_(n), stream_(stream) {
    if (n == 0) return;
    void* p = nullptr;
    CUZK_CUDA_CHECK(cudaMallocAsync(&p, n * sizeof(T), stream));
    ptr_ = static_cast<T*>(p);
  }
  StreamBuffer(StreamBuffer&& o) noexcept
      : ptr_(std::exchange(o.ptr_, nullptr)),
        size_(std::exchange(o.size_, 0)),
        stream_(o.stream_) {}
  StreamBuffer& operator=(StreamBuffer&& o) noexcept {
    if (this != &o) {
      release();
      ptr_ = std::exchange(o.ptr_, nullptr);
      size_ = std::exchange(o.size_, 0);
      stream_ = o.stream_;
    }
    return *this;
  }
  StreamBuffer(const StreamBuffer&) = delete;
  StreamBuffer& operator=(const StreamBuffer&) = delete;
  ~StreamBuffer() { release(); }

  T* data() const { return ptr_; }
  std::size_t size() const { return size_; }
  std::size_t bytes() const { return size_ * sizeof(T); }
  void fill_bytes(int byte, cudaStream_t stream) {
    if (size_ != 0) CUZK_CUDA_CHECK(cudaMemsetAsync(ptr_, byte, bytes(), stream));
  }
  // Gives the memory back now, in the stream's order (what is queued before still reads it).
  void reset() noexcept {
    release();
    size_ = 0;
  }

 private:
  void release() noexcept {
    if (ptr_ != nullptr) cudaFreeAsync(ptr_, stream_);
    ptr_ = nullptr;
  }
  T* ptr_ = nullptr;
  std::size_t size_ = 0;
  cudaStream_t stream_ = nullptr;
};

// Keeps what StreamBuffers free in the device's pool instead of returning it to the driver at
// every synchronization, so the next partition's temporaries cost no allocation.
inline void keep_freed_memory_in_pool(Device device) {
  cudaMemPool_t pool = nullptr;
  CUZK_CUDA_CHECK(cudaDeviceGetDefaultMemPool(&pool, device.index()));
  std::uint64_t threshold = ~std::uint64_t{0};
  CUZK_CUDA_CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold));
}

// Page-locked host memory: the only kind the copy engines move at full PCIe speed.
template <class T>
class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  explicit PinnedBuffer(std::size_t n) : size_(n) {
    if (n == 0) return;
    void* p = nullptr;
    CUZK_CUDA_CHECK(cudaMallocHost(&p, n * sizeof(T)));
    ptr_.reset(static_cast<T*>(p));
  }
  T* data() const { return ptr_.get(); }
  std::size_t size() const { return size_; }
  std::span<T> span() const { return {data(), size_}; }

 private:
  struct Free {
    void operator()(T* p) const noexcept { cudaFreeHost(p); }
  };
  std::unique_ptr<T, Free> ptr_;
  std::size_t size_ = 0;
};

struct StreamDestroyer {
  void operator()(cudaStream_t s) const noexcept { cudaStreamDestroy(s); }
};
using Stream = std::unique_ptr<CUstream_st, StreamDestroyer>;  // cudaStream_t is CUstream_st*

inline Stream make_stream() {
  cudaStream_t s = nullptr;
  CUZK_CUDA_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  return Stream(s);
}

// A stream whose kernels' blocks are scheduled ahead of waiting blocks of ordinary streams: for
// short work beside a long computation, so that the long one, which fills the device by itself,
// is what runs at the end.
inline Stream make_high_priority_stream() {
  int least = 0, greatest = 0;
  CUZK_CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  cudaStream_t s = nullptr;
  CUZK_CUDA_CHECK(cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, greatest));
  return Stream(s);
}

struct EventDestroyer {
  void operator()(cudaEvent_t e) const noexcept { cudaEventDestroy(e); }
};
using Event = std::unique_ptr<CUevent_st, EventDestroyer>;  // cudaEvent_t is CUevent_st*

inline Event make_event() {
  cudaEvent_t e = nullptr;
  CUZK_CUDA_CHECK(cudaEventCreate(&e));
  return Event(e);
}

// Milliseconds between two recorded events (waits for the second).
inline float elapsed_ms(const Event& start, const Event& stop) {
  CUZK_CUDA_CHECK(cudaEventSynchronize(stop.get()));
  float ms = 0;
  CUZK_CUDA_CHECK(cudaEventElapsedTime(&ms, start.get(), stop.get()));
  return ms;
}

inline void synchronize(const Stream& stream) {
  CUZK_CUDA_CHECK(cudaStreamSynchronize(stream.get()));
}

// Launch geometry for one thread per item.
inline unsigned blocks_for(std::size_t items, unsigned threads_per_block) {
  return static_cast<unsigned>((items + threads_per_block - 1) / threads_per_block);
}

}  // namespace cuzk::kernels
