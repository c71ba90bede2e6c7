// A 32-byte Merkle-tree value (rust-fil-proofs' Sha256Domain and PoseidonDomain): the canonical
// little-endian encoding of an Fr, as it appears in C1 files and hash inputs.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "bls12_381/fields.hpp"

namespace cuzk::porep {

using Domain = std::array<std::uint8_t, 32>;

// True iff the little-endian integer is below r, i.e. the bytes are a canonical Fr.
constexpr bool is_canonical_fr(const Domain& d) {
  const auto& r = bls12_381::kFrParams.modulus;
  for (std::size_t limb = r.size(); limb-- > 0;) {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < 8; ++i) v |= std::uint64_t{d[8 * limb + i]} << (8 * i);
    if (v != r[limb]) return v < r[limb];
  }
  return false;  // equal to r
}

inline std::optional<bls12_381::Fr> domain_to_fr(const Domain& d) {
  return bls12_381::Fr::from_bytes_le(std::span<const std::uint8_t, 32>(d));
}

inline Domain fr_to_domain(const bls12_381::Fr& x) { return x.to_bytes_le(); }

// fr32 `bytes_into_fr_repr_safe`: clear the top two bits so that any 32 bytes (a SHA-256 output)
// become a canonical Fr, since 2^254 < r.
constexpr Domain truncate_to_fr32(Domain d) {
  d[31] &= 0x3f;
  return d;
}

constexpr bool is_zero(const Domain& d) {
  for (std::uint8_t b : d) {
    if (b != 0) return false;
  }
  return true;
}

}  // namespace cuzk::porep
