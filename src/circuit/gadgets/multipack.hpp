// Packing bits into field elements (bellperson 0.27 src/gadgets/multipack.rs): in the circuit
// (pack_into_inputs, pack_bits) and natively (bytes_to_bits*, compute_multipacking).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/boolean.hpp"
#include "circuit/gadgets/num.hpp"
#include "circuit/powers_of_two.hpp"

namespace cuzk::circuit {

// Bits per packed element: Fr's CAPACITY (255-bit modulus, so any 254-bit value fits).
inline constexpr std::size_t kPackCapacity = Fr::kBits - 1;

namespace detail {
inline Num pack_num(std::span<const Boolean> bits) {
  Num num;
  for (std::size_t i = 0; i < bits.size(); ++i) num.add_bool_with_coeff(bits[i], power_of_two(i));
  return num;
}
}  // namespace detail

// Exposes the bits as public inputs, 254 per input, least significant first: for chunk i a new
// input p ("input i") and the constraint (Σ 2^j·bit_j)·1 = p ("packing constraint i").
template <ConstraintSystem CS>
void pack_into_inputs(CS& cs, std::span<const Boolean> bits) {
  for (std::size_t start = 0, i = 0; start < bits.size(); start += kPackCapacity, ++i) {
    const Num num =
        detail::pack_num(bits.subspan(start, std::min(kPackCapacity, bits.size() - start)));
    const Variable p = cs.alloc_input(Name("input", i), [&] { return require_value(num.value()); });
    cs.enforce(Name("packing constraint", i), num.lc(Fr::one()), LinearCombination(Variable::one()),
               LinearCombination(p));
  }
}

// Packs the first 254 bits (least significant first) into one new aux n, in scope "input":
// (Σ 2^j·bit_j)·1 = n ("packing constraint").
template <ConstraintSystem CS>
AllocatedNum pack_bits(CS& cs, std::span<const Boolean> bits) {
  const Num num = detail::pack_num(bits.first(std::min(kPackCapacity, bits.size())));
  AllocatedNum n;
  {
    auto scope = cs.scope("input");
    n = AllocatedNum::alloc(cs, [&] { return require_value(num.value()); });
  }
  cs.enforce("packing constraint", num.lc(Fr::one()), LinearCombination(Variable::one()),
             LinearCombination(n.variable()));
  return n;
}

// Most significant bit first within each byte.
inline std::vector<bool> bytes_to_bits(std::span<const std::uint8_t> bytes) {
  std::vector<bool> bits;
  bits.reserve(8 * bytes.size());
  for (std::uint8_t byte : bytes) {
    for (int i = 7; i >= 0; --i) bits.push_back(((byte >> i) & 1) != 0);
  }
  return bits;
}

// Least significant bit first within each byte.
inline std::vector<bool> bytes_to_bits_le(std::span<const std::uint8_t> bytes) {
  std::vector<bool> bits;
  bits.reserve(8 * bytes.size());
  for (std::uint8_t byte : bytes) {
    for (int i = 0; i < 8; ++i) bits.push_back(((byte >> i) & 1) != 0);
  }
  return bits;
}

// The values pack_into_inputs exposes: chunks of 254 bits, least significant first.
inline std::vector<Fr> compute_multipacking(const std::vector<bool>& bits) {
  std::vector<Fr> out;
  for (std::size_t start = 0; start < bits.size(); start += kPackCapacity) {
    Fr cur;
    const std::size_t n = std::min(kPackCapacity, bits.size() - start);
    for (std::size_t i = 0; i < n; ++i) {
      if (bits[start + i]) cur += power_of_two(i);
    }
    out.push_back(cur);
  }
  return out;
}

}  // namespace cuzk::circuit
