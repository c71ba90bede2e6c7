#include "circuit/forked_blake2s.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "util/error.hpp"

namespace cuzk::circuit {
namespace {

struct EvpFree {
  void operator()(EVP_MD_CTX* ctx) const noexcept { EVP_MD_CTX_free(ctx); }
};
using EvpCtx = std::unique_ptr<EVP_MD_CTX, EvpFree>;

EvpCtx blake2s_after(std::span<const std::uint8_t> prefix) {
  EvpCtx ctx(EVP_MD_CTX_new());
  if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_blake2s256(), nullptr) != 1) {
    throw Error("circuit fingerprint: OpenSSL has no BLAKE2s-256");
  }
  if (EVP_DigestUpdate(ctx.get(), prefix.data(), prefix.size()) != 1) {
    throw Error("circuit fingerprint: BLAKE2s update failed");
  }
  return ctx;
}

Blake2sDigest final_digest(EVP_MD_CTX* ctx) {
  Blake2sDigest out{};
  unsigned int len = 0;
  if (EVP_DigestFinal_ex(ctx, out.data(), &len) != 1 || len != out.size()) {
    throw Error("circuit fingerprint: BLAKE2s finalization failed");
  }
  return out;
}

}  // namespace

// The ring and the two hashing threads. Chunk number s (counted from 0 over the whole stream)
// lives in slot s % kChunks; the writer may fill chunk s once both threads have hashed chunk
// s - kChunks.
class ForkedBlake2s::Workers {
 public:
  Workers(std::span<const std::uint8_t> prefix0, std::span<const std::uint8_t> prefix1)
      : ctx_{blake2s_after(prefix0), blake2s_after(prefix1)},
        ring_(std::make_unique_for_overwrite<std::uint8_t[]>(kChunks * kChunkBytes)),
        threads_{std::jthread([this] { hash_loop(0); }), std::jthread([this] { hash_loop(1); })} {}

  ~Workers() { close(); }  // the threads finish what was submitted, then the jthreads join

  std::uint8_t* acquire() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return submitted_ - std::min(hashed_[0], hashed_[1]) < kChunks; });
    return slot(submitted_);
  }

  void submit(std::size_t bytes) {
    {
      const std::lock_guard lock(mutex_);
      sizes_[submitted_ % kChunks] = bytes;
      ++submitted_;
    }
    changed_.notify_all();
  }

  std::array<Blake2sDigest, 2> finish(std::span<const std::uint8_t> suffix1) {
    close();
    for (std::jthread& t : threads_) t.join();
    if (failed_) throw Error("circuit fingerprint: BLAKE2s update failed");
    if (EVP_DigestUpdate(ctx_[1].get(), suffix1.data(), suffix1.size()) != 1) {
      throw Error("circuit fingerprint: BLAKE2s update failed");
    }
    return {final_digest(ctx_[0].get()), final_digest(ctx_[1].get())};
  }

 private:
  std::uint8_t* slot(std::uint64_t chunk) const {
    return ring_.get() + (chunk % kChunks) * kChunkBytes;
  }

  void close() {
    {
      const std::lock_guard lock(mutex_);
      closed_ = true;
    }
    changed_.notify_all();
  }

  void hash_loop(int stream) {
    for (;;) {
      std::uint64_t chunk = 0;
      std::size_t bytes = 0;
      {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return hashed_[stream] < submitted_ || closed_; });
        if (hashed_[stream] == submitted_) return;  // closed and drained
        chunk = hashed_[stream];
        bytes = sizes_[chunk % kChunks];
      }
      const bool ok = EVP_DigestUpdate(ctx_[stream].get(), slot(chunk), bytes) == 1;
      {
        const std::lock_guard lock(mutex_);
        if (!ok) failed_ = true;
        ++hashed_[stream];
      }
      changed_.notify_all();
    }
  }

  std::array<EvpCtx, 2> ctx_;
  std::unique_ptr<std::uint8_t[]> ring_;
  std::array<std::size_t, kChunks> sizes_{};
  std::mutex mutex_;
  std::condition_variable changed_;
  std::uint64_t submitted_ = 0;
  std::array<std::uint64_t, 2> hashed_{};
  bool closed_ = false;
  bool failed_ = false;
  std::array<std::jthread, 2> threads_;  // last: started once everything above exists
};

ForkedBlake2s::ForkedBlake2s(std::span<const std::uint8_t> prefix0,
                             std::span<const std::uint8_t> prefix1)
    : workers_(std::make_unique<Workers>(prefix0, prefix1)) {}

ForkedBlake2s::~ForkedBlake2s() = default;

void ForkedBlake2s::next_chunk() {
  if (begin_ != nullptr) workers_->submit(static_cast<std::size_t>(pos_ - begin_));
  begin_ = pos_ = workers_->acquire();
  end_ = begin_ + kChunkBytes;
}

std::array<Blake2sDigest, 2> ForkedBlake2s::finish(std::span<const std::uint8_t> suffix1) {
  if (begin_ != nullptr && pos_ != begin_)
    workers_->submit(static_cast<std::size_t>(pos_ - begin_));
  begin_ = pos_ = end_ = nullptr;
  return workers_->finish(suffix1);
}

}  // namespace cuzk::circuit
