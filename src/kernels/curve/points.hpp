// Host views of the device point layouts. Plain C++ (no CUDA headers), so g++ callers and the
// prover exchange points with the kernels without conversion.
//
// Coordinates are host Fp in Montgomery form; the point at infinity is (0, 0), which is on
// neither curve. G2 coordinates are Fp2 = c0 + c1 u with u^2 = -1, stored c0 then c1.
#pragma once

#include <array>
#include <cstdint>

#include "bls12_381/fields.hpp"

namespace cuzk::kernels {

struct Fp2Mont {
  bls12_381::Fp c0, c1;
  friend bool operator==(const Fp2Mont&, const Fp2Mont&) = default;
};

struct G1AffineMont {
  bls12_381::Fp x, y;
  bool is_infinity() const { return x.is_zero() && y.is_zero(); }
  friend bool operator==(const G1AffineMont&, const G1AffineMont&) = default;
};

struct G2AffineMont {
  Fp2Mont x, y;
  bool is_infinity() const {
    return x.c0.is_zero() && x.c1.is_zero() && y.c0.is_zero() && y.c1.is_zero();
  }
  friend bool operator==(const G2AffineMont&, const G2AffineMont&) = default;
};

static_assert(sizeof(G1AffineMont) == 96 && sizeof(G2AffineMont) == 192,
              "the device affine layouts");

// A scalar as the prover passes it to an MSM: the canonical integer (not Montgomery form),
// four little-endian 64-bit limbs, below r.
using ScalarLimbs = std::array<std::uint64_t, 4>;

// Sizes of bellperson's uncompressed encodings (big-endian, flags in the top three bits).
inline constexpr std::size_t kG1UncompressedBytes = 96;
inline constexpr std::size_t kG2UncompressedBytes = 192;

}  // namespace cuzk::kernels
