#include "prover/ntt.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "util/error.hpp"

namespace cuzk::prover {

namespace {

// The first kBlockLog stages touch only 2^kBlockLog consecutive elements (128 KiB of Fr), which
// fits in a core's L2 cache, so they are run one block at a time.
constexpr std::uint32_t kBlockLog = 12;
// Below this size a transform runs on one thread: spawning costs more than it saves.
constexpr std::size_t kParallelThreshold = std::size_t{1} << 10;

std::uint64_t reverse_bits(std::uint64_t x, std::uint32_t bits) {
  if (bits == 0) return 0;
  std::uint64_t r = 0;
  for (std::uint32_t i = 0; i < bits; ++i) {
    r = (r << 1) | (x & 1);
    x >>= 1;
  }
  return r;
}

void bit_reverse_permute(std::span<Fr> v, std::uint32_t log_n) {
  const auto n = static_cast<std::int64_t>(v.size());
#pragma omp parallel for schedule(static) if (v.size() >= kParallelThreshold)
  for (std::int64_t i = 0; i < n; ++i) {
    const auto j = static_cast<std::int64_t>(reverse_bits(static_cast<std::uint64_t>(i), log_n));
    if (i < j) std::swap(v[i], v[j]);
  }
}

// twiddles[j] = root^j for j < count, computed in independent chunks.
std::vector<Fr> powers(const Fr& root, std::size_t count) {
  std::vector<Fr> out(count);
  constexpr std::size_t kChunk = 1 << 12;
  const auto chunks = static_cast<std::int64_t>((count + kChunk - 1) / kChunk);
#pragma omp parallel for schedule(static) if (count >= kParallelThreshold)
  for (std::int64_t c = 0; c < chunks; ++c) {
    const std::size_t begin = static_cast<std::size_t>(c) * kChunk;
    const std::size_t end = std::min(count, begin + kChunk);
    Fr w = root.pow(static_cast<std::uint64_t>(begin));
    for (std::size_t j = begin; j < end; ++j) {
      out[j] = w;
      w *= root;
    }
  }
  return out;
}

inline void butterfly(Fr& x, Fr& y, const Fr& w) {
  const Fr t = y * w;
  y = x - t;
  x += t;
}

// Stages 1..last_stage over one contiguous block whose length is a multiple of 2^last_stage.
// twiddles has n/2 entries for the whole transform of size 2^log_n.
void stages_in_block(Fr* block, std::size_t len, std::uint32_t last_stage, std::uint32_t log_n,
                     const std::vector<Fr>& twiddles) {
  for (std::uint32_t s = 1; s <= last_stage; ++s) {
    const std::size_t half = std::size_t{1} << (s - 1);
    const std::uint32_t stride_log = log_n - s;
    for (std::size_t start = 0; start < len; start += 2 * half) {
      for (std::size_t j = 0; j < half; ++j) {
        butterfly(block[start + j], block[start + j + half], twiddles[j << stride_log]);
      }
    }
  }
}

// One stage over the whole array, parallel over its n/2 butterflies.
void global_stage(std::span<Fr> v, std::uint32_t s, std::uint32_t log_n,
                  const std::vector<Fr>& twiddles) {
  const std::size_t half = std::size_t{1} << (s - 1);
  const std::uint32_t stride_log = log_n - s;
  const auto butterflies = static_cast<std::int64_t>(v.size() / 2);
#pragma omp parallel for schedule(static)
  for (std::int64_t k = 0; k < butterflies; ++k) {
    const auto uk = static_cast<std::size_t>(k);
    const std::size_t j = uk & (half - 1);
    const std::size_t i = ((uk >> (s - 1)) << s) | j;
    butterfly(v[i], v[i + half], twiddles[j << stride_log]);
  }
}

void transform(std::span<Fr> v, std::uint32_t log_n, const Fr& root) {
  if (log_n == 0) return;
  bit_reverse_permute(v, log_n);
  const std::vector<Fr> twiddles = powers(root, v.size() / 2);
  const std::uint32_t block_log = std::min(log_n, kBlockLog);
  const std::size_t block = std::size_t{1} << block_log;
  const auto blocks = static_cast<std::int64_t>(v.size() / block);
#pragma omp parallel for schedule(static) if (v.size() >= kParallelThreshold)
  for (std::int64_t b = 0; b < blocks; ++b) {
    stages_in_block(v.data() + static_cast<std::size_t>(b) * block, block, block_log, log_n,
                    twiddles);
  }
  for (std::uint32_t s = block_log + 1; s <= log_n; ++s) global_stage(v, s, log_n, twiddles);
}

void check_length(std::span<Fr> values, const EvaluationDomain& domain) {
  if (values.size() != domain.size()) {
    throw Error("NTT input has " + std::to_string(values.size()) + " values, domain has " +
                std::to_string(domain.size()));
  }
}

}  // namespace

void scale(std::span<Fr> values, const Fr& factor) {
  const auto n = static_cast<std::int64_t>(values.size());
#pragma omp parallel for schedule(static) if (values.size() >= kParallelThreshold)
  for (std::int64_t i = 0; i < n; ++i) values[static_cast<std::size_t>(i)] *= factor;
}

void distribute_powers(std::span<Fr> values, const Fr& base) {
  distribute_scaled_powers(values, base, Fr::one());
}

void distribute_scaled_powers(std::span<Fr> values, const Fr& base, const Fr& factor) {
  constexpr std::size_t kChunk = 1 << 12;
  const std::size_t count = values.size();
  const auto chunks = static_cast<std::int64_t>((count + kChunk - 1) / kChunk);
#pragma omp parallel for schedule(static) if (count >= kParallelThreshold)
  for (std::int64_t c = 0; c < chunks; ++c) {
    const std::size_t begin = static_cast<std::size_t>(c) * kChunk;
    const std::size_t end = std::min(count, begin + kChunk);
    Fr w = factor * base.pow(static_cast<std::uint64_t>(begin));
    for (std::size_t j = begin; j < end; ++j) {
      values[j] *= w;
      w *= base;
    }
  }
}

void ntt(std::span<Fr> values, const EvaluationDomain& domain, Direction direction) {
  check_length(values, domain);
  if (direction == Direction::kForward) {
    transform(values, domain.log_size(), domain.omega());
  } else {
    transform(values, domain.log_size(), domain.omega_inverse());
    scale(values, domain.size_inverse());
  }
}

void coset_ntt(std::span<Fr> values, const EvaluationDomain& domain) {
  check_length(values, domain);
  distribute_powers(values, EvaluationDomain::coset_generator());
  transform(values, domain.log_size(), domain.omega());
}

void coset_intt(std::span<Fr> values, const EvaluationDomain& domain) {
  check_length(values, domain);
  transform(values, domain.log_size(), domain.omega_inverse());
  // The 1/m of the inverse transform and the g^-i of the coset in one pass.
  distribute_scaled_powers(values, domain.coset_generator_inverse(), domain.size_inverse());
}

}  // namespace cuzk::prover
