// One partition's witness as the GPU path moves it: the public inputs, and the aux assignment
// with the values 0 and 1 packed one bit each (almost all of a PoRep witness: SHA-256's bits) and
// every other value listed with its index. A 32 GiB partition's 130 M aux values take 16 MiB of
// bits and about 1.5 M wide values, instead of 4.2 GB of field elements.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <memory_resource>
#include <span>
#include <vector>

#include "bls12_381/fields.hpp"
#include "circuit/bit_vector.hpp"

namespace cuzk::circuit {

using bls12_381::Fr;

struct WideValue {
  std::uint64_t aux_index;
  Fr value;
  friend bool operator==(const WideValue&, const WideValue&) = default;
};

// The containers allocate from the witness's memory: a resource it keeps alive (the GPU path
// gives each partition a mimalloc heap of its own, pipeline/partition_heap.hpp, destroyed whole
// once the witness is gone), or the default resource. The handle is declared before the
// containers, so it outlives them. A copy is made in the default resource; a move takes the
// memory along and leaves the source empty in the default resource; an assignment replaces the
// target's memory with the source's. A container moved out of a witness still allocates from the
// witness's memory and must not outlive it.
struct CompactWitness final {
 private:
  std::shared_ptr<std::pmr::memory_resource> memory_;

 public:
  std::pmr::vector<Fr> inputs;  // ONE first
  std::size_t num_aux = 0;
  BitVector bits;                    // bit j: aux j when it is 0 or 1 (0 for a wide value)
  std::pmr::vector<WideValue> wide;  // every other aux value, by increasing index

  CompactWitness() = default;
  // `num_inputs` inputs and `num_aux` aux values, all zero, allocated from `memory` (none: the
  // default resource).
  CompactWitness(std::size_t num_inputs, std::size_t num_aux,
                 std::shared_ptr<std::pmr::memory_resource> memory = nullptr);
  CompactWitness(const CompactWitness& other);
  CompactWitness(CompactWitness&& other) noexcept;
  CompactWitness& operator=(const CompactWitness& other);
  CompactWitness& operator=(CompactWitness&& other) noexcept;
  ~CompactWitness() = default;

  // Where the containers allocate.
  std::pmr::memory_resource* memory() const {
    return memory_ != nullptr ? memory_.get() : std::pmr::get_default_resource();
  }

  // Aux j as a field element (binary search in wide).
  Fr aux(std::size_t j) const;
  // The whole aux assignment as field elements (for checks and CPU consumers).
  std::vector<Fr> expand_aux() const;

  // The values alone: where they are allocated does not matter.
  friend bool operator==(const CompactWitness& a, const CompactWitness& b) {
    return a.inputs == b.inputs && a.num_aux == b.num_aux && a.bits == b.bits && a.wide == b.wide;
  }
};

// ORs the bits of `src` into `dst` starting at bit `offset`. Words that other writers may share
// (the first and last one touched) are updated atomically, so blocks of one witness can be placed
// from different threads; the words in between must belong to this block alone.
void place_bits(std::span<std::uint64_t> dst, std::size_t offset, const BitVector& src);

}  // namespace cuzk::circuit
