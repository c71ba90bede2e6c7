#include "circuit/compact_witness.hpp"

#include <algorithm>
#include <atomic>
#include <bit>

namespace cuzk::circuit {

Fr CompactWitness::aux(std::size_t j) const {
  const auto it =
      std::lower_bound(wide.begin(), wide.end(), j,
                       [](const WideValue& w, std::size_t i) { return w.aux_index < i; });
  if (it != wide.end() && it->aux_index == j) return it->value;
  return bits.test(j) ? Fr::one() : Fr{};
}

std::vector<Fr> CompactWitness::expand_aux() const {
  std::vector<Fr> out(num_aux);
  const auto words = bits.words();
  for (std::size_t w = 0; w < words.size(); ++w) {
    for (std::uint64_t m = words[w]; m != 0; m &= m - 1) {
      out[w * 64 + static_cast<std::size_t>(std::countr_zero(m))] = Fr::one();
    }
  }
  for (const WideValue& v : wide) out[v.aux_index] = v.value;
  return out;
}

void place_bits(std::span<std::uint64_t> dst, std::size_t offset, const BitVector& src) {
  const std::size_t n = src.size();
  if (n == 0) return;
  const auto words = src.words();
  const std::size_t shift = offset % 64;
  const std::size_t first = offset / 64;
  const std::size_t last = (offset + n - 1) / 64;
  const auto put = [&](std::size_t at, std::uint64_t bits) {
    if (bits == 0) return;
    if (at == first || at == last) {
      std::atomic_ref<std::uint64_t>(dst[at]).fetch_or(bits, std::memory_order_relaxed);
    } else {
      dst[at] |= bits;
    }
  };
  for (std::size_t w = 0; w < words.size(); ++w) {
    put(first + w, words[w] << shift);
    if (shift != 0 && first + w + 1 <= last) put(first + w + 1, words[w] >> (64 - shift));
  }
}

}  // namespace cuzk::circuit
