// Bitmaps of the partition prover, with per-word prefix counts (prefix[w] = set bits before word
// w): the witness's aux bits, which aux variables are wide, and the densities of A and B. A set
// bit's rank among the set bits turns a variable into its position in a packed array: a wide
// value's, or the point of a query that holds points only for the variables present. Internal to
// the kernels folder.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

namespace cuzk::kernels::detail {

inline std::size_t words_for(std::size_t bits) { return (bits + 63) / 64; }

// Words of a ones bitmap compressed to a density of `present` variables: one more than the bits
// need, as compress_bits may touch the word after the last.
inline std::size_t compressed_words(std::size_t present) { return words_for(present) + 1; }

__device__ __forceinline__ bool test_bit(const std::uint64_t* words, std::uint64_t j) {
  return ((words[j >> 6] >> (j & 63)) & 1) != 0;
}

// Position of j among the set bits of `words`, given their prefix counts.
__device__ __forceinline__ std::uint64_t rank_of(const std::uint64_t* words,
                                                 const std::uint32_t* prefix, std::uint64_t j) {
  const std::uint64_t below = words[j >> 6] & ((std::uint64_t{1} << (j & 63)) - 1);
  return prefix[j >> 6] + static_cast<std::uint64_t>(__popcll(below));
}

// Sets bit index[i] of `words` for every i < n (the bits must be zero first; n may be 0).
void scatter_bits(const std::uint64_t* index, std::size_t n, std::uint64_t* words,
                  cudaStream_t stream);

// The bits of `bits` at the set positions of `density` (`words` words, with its prefix counts),
// packed in order: out's bit k is the bit of the k-th present variable. `out` must be zero and
// have compressed_words(present) words.
void compress_bits(const std::uint64_t* bits, const std::uint64_t* density,
                   const std::uint32_t* prefix, std::size_t words, std::uint64_t* out,
                   cudaStream_t stream);

// Set bits of a device bitmap of n words (waits for the stream).
std::size_t count_bits(const std::uint64_t* words, std::size_t n, cudaStream_t stream);

}  // namespace cuzk::kernels::detail
