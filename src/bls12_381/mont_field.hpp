// Prime fields in Montgomery form, written once for any modulus with a spare top bit.
//
// An element holds a*R mod p (R = 2^(64N)) in N little-endian limbs and is always fully reduced,
// so equality is limb equality and Fr{} is zero. The arithmetic itself lives in
// mont_ops_portable.hpp (the reference, used in constant evaluation and as fallback),
// mont_ops_x86_64.hpp (MULX/ADCX/ADOX multiplication, add/sub in asm) and mont_inverse.hpp
// (binary GCD inversion); this class binds it to one modulus.
//
// Fp also offers a dedicated squaring and lazy-reduction helpers (exact double-width products,
// a separate Montgomery reduction, unreduced sums) for the extension-field formulas.
//
// add/sub/neg/mul/square run in constant time. pow, sqrt and legendre branch on the exponent,
// which is always public (p-2, (p+1)/4, ...), never on the element. inverse() is variable time
// (for public values); inverse_constant_time() is not.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "bls12_381/bigint.hpp"
#include "bls12_381/mont_inverse.hpp"
#include "bls12_381/mont_ops_portable.hpp"
#include "bls12_381/mont_ops_x86_64.hpp"
#include "util/hex.hpp"

namespace cuzk::bls12_381 {

template <std::size_t N>
struct MontParams {
  Limbs<N> modulus;
  std::uint64_t inv;          // -modulus^-1 mod 2^64
  Limbs<N> r;                 // R mod p: the Montgomery form of one
  Limbs<N> r2;                // R^2 mod p: converts canonical values into Montgomery form
  std::size_t bits;           // bit length of the modulus
  Limbs<N> p_minus_2;         // inverse exponent (Fermat)
  Limbs<N> p_minus_1_half;    // Legendre exponent
  std::size_t two_adicity;    // s with p - 1 = 2^s * t, t odd
  Limbs<N> t;                 // the odd part of p - 1
  Limbs<N> t_minus_1_half;    // Tonelli-Shanks exponent
  Limbs<N> p_plus_1_quarter;  // sqrt exponent when p = 3 mod 4
  std::uint64_t
      small_nonresidue;  // a small quadratic non-residue, used as generator of 2-adic roots
};

constexpr std::uint64_t neg_inverse_mod_2_64(std::uint64_t p0) {
  // Newton iteration: each step doubles the number of correct low bits of p0^-1.
  std::uint64_t x = 1;
  for (int i = 0; i < 7; ++i) x *= 2 - p0 * x;
  return ~x + 1;
}

template <std::size_t N>
constexpr MontParams<N> make_mont_params(const Limbs<N>& p, std::uint64_t small_nonresidue) {
  MontParams<N> m{};
  m.modulus = p;
  m.inv = neg_inverse_mod_2_64(p[0]);
  m.bits = bigint::bit_length(p);
  // R mod p = 2^(64N) mod p, by doubling one 64N times modulo p; R^2 by another 64N doublings.
  Limbs<N> x = bigint::from_u64<N>(1);
  for (std::size_t i = 0; i < 64 * N; ++i) x = bigint::add_mod(x, x, p);
  m.r = x;
  for (std::size_t i = 0; i < 64 * N; ++i) x = bigint::add_mod(x, x, p);
  m.r2 = x;

  Limbs<N> pm1 = p;
  bigint::sub_in_place(pm1, bigint::from_u64<N>(1));
  m.p_minus_2 = pm1;
  bigint::sub_in_place(m.p_minus_2, bigint::from_u64<N>(1));
  m.p_minus_1_half = bigint::shift_right(pm1, 1);
  std::size_t s = 0;
  while (!bigint::bit(pm1, s)) ++s;
  m.two_adicity = s;
  m.t = bigint::shift_right(pm1, s);
  m.t_minus_1_half = bigint::shift_right(m.t, 1);
  Limbs<N> pp1 = p;
  bigint::add_in_place(pp1, bigint::from_u64<N>(1));
  m.p_plus_1_quarter = bigint::shift_right(pp1, 2);
  m.small_nonresidue = small_nonresidue;
  return m;
}

template <std::size_t N, const MontParams<N>& P>
class MontField {
 public:
  static constexpr std::size_t kLimbs = N;
  static constexpr std::size_t kBytes = (P.bits + 7) / 8;
  static constexpr std::size_t kBits = P.bits;
  static constexpr const MontParams<N>& kParams = P;
  static_assert(P.modulus[N - 1] < (~std::uint64_t{0} >> 1) - 1,
                "the no-carry Montgomery multiplication needs a spare top bit");
  static_assert(P.modulus[0] * P.inv == ~std::uint64_t{0}, "inv must be -p^-1 mod 2^64");

  constexpr MontField() = default;

  static constexpr MontField zero() { return MontField{}; }
  static constexpr MontField one() { return from_montgomery_limbs(P.r); }

  // Montgomery-form limbs as they are stored (for kernels and fast serialization of internals).
  static constexpr MontField from_montgomery_limbs(const Limbs<N>& limbs) {
    MontField f;
    f.l_ = limbs;
    return f;
  }
  constexpr const Limbs<N>& montgomery_limbs() const { return l_; }

  // A canonical integer below p; values at or above p are rejected.
  static constexpr std::optional<MontField> from_canonical(const Limbs<N>& v) {
    if (!bigint::less_than(v, P.modulus)) return std::nullopt;
    return from_montgomery_limbs(v) * from_montgomery_limbs(P.r2);
  }
  // v mod p for any N-limb integer (reduces by repeated subtraction; v < 2^(64N) < 16p here).
  static constexpr MontField from_limbs_reduced(Limbs<N> v) {
    while (!bigint::less_than(v, P.modulus)) bigint::sub_in_place(v, P.modulus);
    return from_montgomery_limbs(v) * from_montgomery_limbs(P.r2);
  }
  static constexpr MontField from_u64(std::uint64_t v) {
    return from_limbs_reduced(bigint::from_u64<N>(v));
  }
  static constexpr MontField from_bool(bool b) { return b ? one() : zero(); }

  // The canonical integer value (leaves Montgomery form).
  constexpr Limbs<N> to_canonical() const {
    Limbs<N> unit{};
    unit[0] = 1;
    return (*this * from_montgomery_limbs(unit)).l_;
  }

  // Canonical bytes, exactly kBytes long; decoding rejects values >= p.
  static std::optional<MontField> from_bytes_le(std::span<const std::uint8_t, kBytes> in) {
    Limbs<N> v{};
    for (std::size_t i = 0; i < kBytes; ++i) v[i / 8] |= std::uint64_t{in[i]} << (8 * (i % 8));
    return from_canonical(v);
  }
  static std::optional<MontField> from_bytes_be(std::span<const std::uint8_t, kBytes> in) {
    Limbs<N> v{};
    for (std::size_t i = 0; i < kBytes; ++i) {
      v[i / 8] |= std::uint64_t{in[kBytes - 1 - i]} << (8 * (i % 8));
    }
    return from_canonical(v);
  }
  void to_bytes_le(std::span<std::uint8_t, kBytes> out) const {
    const Limbs<N> v = to_canonical();
    for (std::size_t i = 0; i < kBytes; ++i)
      out[i] = static_cast<std::uint8_t>(v[i / 8] >> (8 * (i % 8)));
  }
  void to_bytes_be(std::span<std::uint8_t, kBytes> out) const {
    const Limbs<N> v = to_canonical();
    for (std::size_t i = 0; i < kBytes; ++i) {
      out[kBytes - 1 - i] = static_cast<std::uint8_t>(v[i / 8] >> (8 * (i % 8)));
    }
  }
  std::array<std::uint8_t, kBytes> to_bytes_le() const {
    std::array<std::uint8_t, kBytes> out{};
    to_bytes_le(std::span<std::uint8_t, kBytes>(out));
    return out;
  }
  std::array<std::uint8_t, kBytes> to_bytes_be() const {
    std::array<std::uint8_t, kBytes> out{};
    to_bytes_be(std::span<std::uint8_t, kBytes>(out));
    return out;
  }

  // Big-endian hexadecimal of the canonical value (an even number of digits, at most 2*kBytes,
  // with or without "0x"); nullopt if malformed or not below p. For constants and test vectors.
  static std::optional<MontField> from_hex(std::string_view hex) {
    const auto bytes = cuzk::from_hex(hex);
    if (!bytes || bytes->size() > kBytes) return std::nullopt;
    std::array<std::uint8_t, kBytes> padded{};
    std::copy(bytes->begin(), bytes->end(),
              padded.end() - static_cast<std::ptrdiff_t>(bytes->size()));
    return from_bytes_be(padded);
  }
  // Lowercase big-endian hexadecimal, 2*kBytes digits, no prefix.
  std::string to_hex() const { return cuzk::to_hex(to_bytes_be()); }

  // Uniform over [0, p) by rejection; rng() yields uniform 64-bit words (std::mt19937_64, or the
  // operating-system source in util/os_random.hpp for secrets).
  template <class Rng>
  static MontField random(Rng& rng) {
    constexpr std::size_t kTopBits = P.bits - 64 * (N - 1);
    constexpr std::uint64_t kTopMask =
        kTopBits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << kTopBits) - 1;
    for (;;) {
      Limbs<N> v{};
      for (auto& limb : v) limb = static_cast<std::uint64_t>(rng());
      v[N - 1] &= kTopMask;
      if (auto f = from_canonical(v)) return *f;
    }
  }

  constexpr bool is_zero() const { return bigint::is_zero(l_); }
  constexpr bool is_one() const { return l_ == P.r; }
  friend constexpr bool operator==(const MontField&, const MontField&) = default;

  // Lexicographic largeness as the curve encodings use it: canonical value > (p-1)/2.
  constexpr bool is_lexicographically_largest() const {
    return bigint::less_than(P.p_minus_1_half, to_canonical());
  }

  // Every operator writes its result straight into the destination: a result built in a copy
  // and then copied again is read back with 16-byte loads that cannot forward from the 8-byte
  // stores that wrote it, a stall that cost as much as the addition itself.
  constexpr MontField& operator+=(const MontField& b) {
    add_to(l_, l_, b.l_);
    return *this;
  }
  constexpr MontField& operator-=(const MontField& b) {
    sub_to(l_, l_, b.l_);
    return *this;
  }
  constexpr MontField operator-() const {
    MontField r;
    sub_to(r.l_, Limbs<N>{}, l_);
    return r;
  }
  constexpr MontField& operator*=(const MontField& b) {
    mont_mul_to(l_, l_, b.l_);
    return *this;
  }
  friend constexpr MontField operator+(const MontField& a, const MontField& b) {
    MontField r;
    add_to(r.l_, a.l_, b.l_);
    return r;
  }
  friend constexpr MontField operator-(const MontField& a, const MontField& b) {
    MontField r;
    sub_to(r.l_, a.l_, b.l_);
    return r;
  }
  friend constexpr MontField operator*(const MontField& a, const MontField& b) {
    MontField r;
    mont_mul_to(r.l_, a.l_, b.l_);
    return r;
  }

  // A dedicated squaring for Fp (x86-64: 21 + 36 word products against 72); Fr multiplies.
  constexpr MontField square() const {
#if defined(CUZK_MONT_X86_64)
    if constexpr (N == 6) {
      if (!std::is_constant_evaluated() && mont_x86_64::cpu_has_bmi2_adx()) [[likely]] {
        MontField r;
        mont_x86_64::sqr_to<P>(r.l_, l_);
        return r;
      }
    }
#endif
    return *this * *this;
  }
  constexpr MontField doubled() const {
    MontField r;
    add_to(r.l_, l_, l_);
    return r;
  }

  // Variable time in the exponent (public exponents only).
  template <std::size_t M>
  constexpr MontField pow(const Limbs<M>& e) const {
    MontField acc = one();
    for (std::size_t i = bigint::bit_length(e); i-- > 0;) {
      acc = acc.square();
      if (bigint::bit(e, i)) acc *= *this;
    }
    return acc;
  }
  constexpr MontField pow(std::uint64_t e) const { return pow(Limbs<1>{e}); }

  // Multiplicative inverse; zero maps to zero (as a^(p-2) does). Variable time (binary GCD, see
  // mont_inverse.hpp): for public values. inverse_constant_time() is for secrets.
  constexpr MontField inverse() const {
    if (std::is_constant_evaluated()) return inverse_constant_time();
    const auto scaled = binary_gcd::scaled_inverse(l_, P.modulus, P.inv, kInverseRounds);
    if (!scaled) return inverse_constant_time();  // unreachable by the round bound; kept safe
    return from_montgomery_limbs(scaled->first) *
           from_montgomery_limbs(kInverseCorrections[scaled->second]);
  }
  // a^(p-2): the same result, in time independent of the value.
  constexpr MontField inverse_constant_time() const { return pow(P.p_minus_2); }

  // 1 for a non-zero square, -1 for a non-square, 0 for zero.
  constexpr int legendre() const {
    const MontField e = pow(P.p_minus_1_half);
    if (e.is_zero()) return 0;
    return e.is_one() ? 1 : -1;
  }

  // A square root if one exists (either root; callers pick the sign they need).
  constexpr std::optional<MontField> sqrt() const {
    if (is_zero()) return zero();
    if constexpr (P.two_adicity == 1) {
      const MontField r = pow(P.p_plus_1_quarter);
      if (r.square() == *this) return r;
      return std::nullopt;
    } else {
      return tonelli_shanks();
    }
  }

  // The generator of the 2^two_adicity-th roots of unity: small_nonresidue^t.
  static constexpr MontField two_adic_root_of_unity() {
    return from_u64(P.small_nonresidue).pow(P.t);
  }

  // Lazy reduction, for extension-field formulas that add products before reducing them (Fp2
  // Karatsuba reduces two sums of products instead of three products). Unreduced operands are
  // plain limbs; the bounds below are what keeps every result exact. They need 4p < R, which Fp
  // meets (p < 2^381) and Fr does not (r > 2^254).
  static constexpr bool kLazyReduction = P.modulus[N - 1] < (std::uint64_t{1} << 62);
  using Wide = Limbs<2 * N>;
  // a + b without the final subtraction: below 2p.
  static constexpr Limbs<N> add_unreduced(const MontField& a,
                                          const MontField& b) requires kLazyReduction {
#if defined(CUZK_MONT_X86_64)
    if constexpr (N == 6) {
      if (!std::is_constant_evaluated()) return mont_x86_64::add_unreduced(a.l_, b.l_);
    }
#endif
    return mont_portable::add_unreduced(a.l_, b.l_);
  }
  // a * b exactly, for a, b < 2p (reduced elements or add_unreduced sums).
  static constexpr Wide mul_wide(const Limbs<N>& a, const Limbs<N>& b) requires kLazyReduction {
#if defined(CUZK_MONT_X86_64)
    if constexpr (N == 6) {
      if (!std::is_constant_evaluated() && mont_x86_64::cpu_has_bmi2_adx()) [[likely]] {
        Wide t;
        mont_x86_64::mul_wide_to<P>(t, a, b);
        return t;
      }
    }
#endif
    return mont_portable::mul_wide(a, b);
  }
  // t - u mod p R, for t, u < p R (R = 2^(64N)): exact when t >= u.
  static constexpr Wide sub_wide(const Wide& t, const Wide& u) requires kLazyReduction {
#if defined(CUZK_MONT_X86_64)
    if constexpr (N == 6) {
      if (!std::is_constant_evaluated()) {
        Wide r;
        mont_x86_64::sub_wide_to<P>(r, t, u);
        return r;
      }
    }
#endif
    return mont_portable::sub_wide(t, u, P.modulus);
  }
  // t / R mod p for t < p R, fully reduced: the Montgomery form of the element t / R^2.
  static constexpr MontField reduce_wide(const Wide& t) requires kLazyReduction {
    MontField r;
#if defined(CUZK_MONT_X86_64)
    if constexpr (N == 6) {
      if (!std::is_constant_evaluated() && mont_x86_64::cpu_has_bmi2_adx()) [[likely]] {
        mont_x86_64::reduce_wide_to<P>(r.l_, t);
        return r;
      }
    }
#endif
    r.l_ = mont_portable::reduce_wide(t, P.modulus, P.inv);
    return r;
  }
  // a * b for a < 2p (an add_unreduced sum) and b reduced; the result is fully reduced. The
  // Montgomery multiplication's bound (the running sum stays below a + p) covers this operand.
  static constexpr MontField mul_lazy(const Limbs<N>& a,
                                      const MontField& b) requires kLazyReduction {
    MontField r;
    mont_mul_to(r.l_, a, b.l_);
    return r;
  }

  // Constant-time conditional move: *this = take ? b : *this.
  constexpr void conditional_assign(const MontField& b, bool take) {
    const std::uint64_t mask = 0 - static_cast<std::uint64_t>(take);
    for (std::size_t i = 0; i < N; ++i) l_[i] ^= mask & (l_[i] ^ b.l_[i]);
  }

 private:
  static constexpr std::size_t kInverseRounds = binary_gcd::max_rounds(P.bits);
  static constexpr auto kInverseCorrections =
      binary_gcd::make_corrections<N, kInverseRounds>(P.modulus, P.inv, P.r2);

  // The x86-64 path is inline asm behind a test of a flag set once at start-up: measured against
  // calling through a function pointer chosen at start-up, the flag costs nothing measurable
  // while the pointer costs ~1.5 ns per Fr multiplication (the call cannot be inlined). The
  // portable fallback is kept out of line so that it does not bloat every call site. The result
  // is written through r (which may alias a or b), not returned: see mont_x86_64::mul_to.
  static constexpr void add_to(Limbs<N>& r, const Limbs<N>& a, const Limbs<N>& b) {
#if defined(CUZK_MONT_X86_64)
    if (!std::is_constant_evaluated()) {
      r = mont_x86_64::add<P>(a, b);
      return;
    }
#endif
    r = mont_portable::add(a, b, P.modulus);
  }
  static constexpr void sub_to(Limbs<N>& r, const Limbs<N>& a, const Limbs<N>& b) {
#if defined(CUZK_MONT_X86_64)
    if (!std::is_constant_evaluated()) {
      r = mont_x86_64::sub<P>(a, b);
      return;
    }
#endif
    r = mont_portable::sub(a, b, P.modulus);
  }
  static constexpr void mont_mul_to(Limbs<N>& r, const Limbs<N>& a, const Limbs<N>& b) {
    if (std::is_constant_evaluated()) {
      r = mont_portable::mul(a, b, P.modulus, P.inv);
      return;
    }
#if defined(CUZK_MONT_X86_64)
    if (mont_x86_64::cpu_has_bmi2_adx()) [[likely]] {
      mont_x86_64::mul_to<P>(r, a, b);
      return;
    }
#endif
    r = mont_mul_portable(a, b);
  }
  [[gnu::noinline]] static Limbs<N> mont_mul_portable(const Limbs<N>& a, const Limbs<N>& b) {
    return mont_portable::mul(a, b, P.modulus, P.inv);
  }

  constexpr std::optional<MontField> tonelli_shanks() const {
    // Variable-time Tonelli-Shanks (Cohen, Algorithm 1.5.1), with z = nonresidue^t.
    MontField z = two_adic_root_of_unity();
    const MontField w = pow(P.t_minus_1_half);  // a^((t-1)/2)
    MontField x = w * *this;                    // a^((t+1)/2)
    MontField b = x * w;                        // a^t
    std::size_t v = P.two_adicity;
    while (!b.is_one()) {
      std::size_t k = 0;
      MontField b2k = b;
      while (!b2k.is_one()) {
        b2k = b2k.square();
        ++k;
        if (k == v) return std::nullopt;  // a is not a square
      }
      MontField w2 = z;
      for (std::size_t j = 0; j + 1 < v - k; ++j) w2 = w2.square();
      z = w2.square();
      b *= z;
      x *= w2;
      v = k;
    }
    return x;
  }

  Limbs<N> l_{};
};

}  // namespace cuzk::bls12_381
