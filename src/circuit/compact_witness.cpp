#include "circuit/compact_witness.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <utility>

namespace cuzk::circuit {

CompactWitness::CompactWitness(std::size_t num_inputs, std::size_t num_aux,
                               std::shared_ptr<std::pmr::memory_resource> memory)
    : memory_(std::move(memory)),
      inputs(num_inputs, Fr{}, this->memory()),
      num_aux(num_aux),
      bits(num_aux, this->memory()),
      wide(this->memory()) {}

// std::pmr containers copy into the default resource (select_on_container_copy_construction);
// the memory's handle is not copied, so a copy never keeps a partition's heap alive.
CompactWitness::CompactWitness(const CompactWitness& other)
    : inputs(other.inputs), num_aux(other.num_aux), bits(other.bits), wide(other.wide) {}

CompactWitness::CompactWitness(CompactWitness&& other) noexcept
    : memory_(std::move(other.memory_)),
      inputs(std::move(other.inputs)),
      num_aux(std::exchange(other.num_aux, 0)),
      bits(std::move(other.bits)),
      wide(std::move(other.wide)) {
  // The source's empty containers still name the memory, which this witness now keeps alive
  // alone: give them the default resource, so that a reused source never allocates from a heap
  // that may be gone.
  if (memory_ != nullptr) {
    std::destroy_at(&other);
    std::construct_at(&other);
  }
}

CompactWitness& CompactWitness::operator=(const CompactWitness& other) {
  return *this = CompactWitness(other);
}

// An assignment of std::pmr containers keeps the target's resource, and this witness's containers
// must be freed before its memory's handle goes: so the witness is rebuilt in place, its old
// containers freed first, then its old handle, and it takes over the source's.
CompactWitness& CompactWitness::operator=(CompactWitness&& other) noexcept {
  if (this != &other) {
    std::destroy_at(this);
    std::construct_at(this, std::move(other));
  }
  return *this;
}

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
