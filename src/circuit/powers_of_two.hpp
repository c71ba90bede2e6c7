// 2^i in Fr for i < 512: the coefficients of bit packing, addmany and MultiEq.
#pragma once

#include <array>
#include <cstddef>

#include "bls12_381/fields.hpp"

namespace cuzk::circuit {

inline constexpr std::size_t kPowersOfTwo = 512;

namespace detail {
inline const std::array<bls12_381::Fr, kPowersOfTwo> kPowersOfTwoTable = [] {
  std::array<bls12_381::Fr, kPowersOfTwo> t{};
  t[0] = bls12_381::Fr::one();
  for (std::size_t i = 1; i < t.size(); ++i) t[i] = t[i - 1].doubled();
  return t;
}();
}  // namespace detail

inline const bls12_381::Fr& power_of_two(std::size_t i) { return detail::kPowersOfTwoTable[i]; }

}  // namespace cuzk::circuit
