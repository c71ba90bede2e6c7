// Short Weierstrass points y^2 = x^3 + b (a = 0), written once for any coordinate field: G1 is
// the instance over Fp, G2 over Fp2 (g1.hpp, g2.hpp). A Curve parameter supplies
//   using Field; static const Field& b(); static AffinePoint<Curve> generator().
//
// Jacobian coordinates (X, Y, Z) represent (X/Z^2, Y/Z^3); Z = 0 is the point at infinity.
// Formulas from the Explicit-Formulas Database (hyperelliptic.org/EFD, g1p/shortw/jacobian-0),
// costs in field multiplications M and squarings S:
//   doubling       dbl-2009-l     2M + 5S
//   addition       add-2007-bl   11M + 5S
//   mixed addition madd-2007-bl   7M + 4S   (Jacobian + affine)
// These are the cheapest known for a = 0 Jacobian; they are not complete, so equal inputs
// (doubling) and infinity take explicit branches.
//
// Variable time: every operation here may branch on its inputs (infinity, equal points, scalar
// bits). Use it for public data (verification keys, proofs, parameters) only. The exception is
// JacobianPoint::mul_constant_time, for secret scalars.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <vector>

#include "bls12_381/fields.hpp"

namespace cuzk::bls12_381 {

namespace detail {

// 1 when w is zero, else 0, with no branch: (w | -w) has its top bit set exactly when w != 0.
inline bool is_zero_word(std::uint64_t w) { return (((w | (0 - w)) >> 63) ^ 1) != 0; }

// The OR of all Montgomery limbs of a field element (Fp, or a tower of Fp): zero iff the element
// is zero. Constant time, unlike is_zero.
template <class F>
std::uint64_t limbs_or(const F& a) {
  if constexpr (requires { a.montgomery_limbs(); }) {
    std::uint64_t acc = 0;
    for (const std::uint64_t limb : a.montgomery_limbs()) acc |= limb;
    return acc;
  } else {
    return limbs_or(a.c0) | limbs_or(a.c1);
  }
}

// The width-W non-adjacent form of k: digits d_i, each zero or odd with |d_i| < 2^(W-1), at most
// one non-zero in any W consecutive, with k = sum d_i 2^i. Variable time.
template <unsigned W, std::size_t M>
std::vector<int> wnaf(const Limbs<M>& k) {
  static_assert(W >= 2 && W <= 8);
  Limbs<M + 1> v{};  // one spare limb: adding back a negative digit may carry past the top
  for (std::size_t i = 0; i < M; ++i) v[i] = k[i];
  std::vector<int> digits;
  digits.reserve(64 * M + 1);
  constexpr int kModulus = 1 << W;
  while (!bigint::is_zero(v)) {
    int d = 0;
    if (v[0] & 1) {
      d = static_cast<int>(v[0] & (kModulus - 1));
      if (d >= kModulus / 2) d -= kModulus;
      if (d > 0) {
        bigint::sub_in_place(v, bigint::from_u64<M + 1>(static_cast<std::uint64_t>(d)));
      } else {
        bigint::add_in_place(v, bigint::from_u64<M + 1>(static_cast<std::uint64_t>(-d)));
      }
    }
    digits.push_back(d);
    v = bigint::shift_right(v, 1);
  }
  return digits;
}

}  // namespace detail

template <class Curve>
class AffinePoint {
 public:
  using Field = typename Curve::Field;

  Field x;
  Field y;
  bool infinity = true;

  static AffinePoint identity() { return AffinePoint{}; }
  static AffinePoint from_xy(const Field& x, const Field& y) { return AffinePoint{x, y, false}; }
  static AffinePoint generator() { return Curve::generator(); }

  bool is_identity() const { return infinity; }
  // y^2 = x^3 + b, or the point at infinity.
  bool is_on_curve() const { return infinity || y.square() == x.square() * x + Curve::b(); }

  AffinePoint operator-() const { return infinity ? *this : AffinePoint{x, -y, false}; }
  // Coordinates are ignored at infinity.
  friend bool operator==(const AffinePoint& a, const AffinePoint& b) {
    if (a.infinity || b.infinity) return a.infinity == b.infinity;
    return a.x == b.x && a.y == b.y;
  }
};

template <class Curve>
class JacobianPoint {
 public:
  using Field = typename Curve::Field;
  using Affine = AffinePoint<Curve>;

  Field x;
  Field y = Field::one();
  Field z;  // zero: infinity

  static JacobianPoint identity() { return JacobianPoint{}; }
  static JacobianPoint generator() { return from_affine(Curve::generator()); }
  static JacobianPoint from_affine(const Affine& p) {
    return p.infinity ? identity() : JacobianPoint{p.x, p.y, Field::one()};
  }

  bool is_identity() const { return z.is_zero(); }
  // Y^2 = X^3 + b Z^6.
  bool is_on_curve() const {
    if (is_identity()) return true;
    const Field z2 = z.square();
    return y.square() == x.square() * x + Curve::b() * z2.square() * z2;
  }

  // One field inversion; use batch_to_affine for many points.
  Affine to_affine() const {
    if (is_identity()) return Affine::identity();
    const Field zi = z.inverse();
    const Field zi2 = zi.square();
    return Affine::from_xy(x * zi2, y * zi2 * zi);
  }

  JacobianPoint operator-() const { return JacobianPoint{x, -y, z}; }

  // dbl-2009-l. Infinity doubles to infinity (Z3 = 2YZ = 0); so does a point with Y = 0, of
  // which there is none of odd order.
  JacobianPoint doubled() const {
    const Field a = x.square();
    const Field b = y.square();
    const Field c = b.square();
    const Field d = ((x + b).square() - a - c).doubled();
    const Field e = a.doubled() + a;
    const Field f = e.square();
    JacobianPoint r;
    r.x = f - d.doubled();
    r.y = e * (d - r.x) - c.doubled().doubled().doubled();
    r.z = (y * z).doubled();
    return r;
  }

  // add-2007-bl.
  friend JacobianPoint operator+(const JacobianPoint& p, const JacobianPoint& q) {
    if (p.is_identity()) return q;
    if (q.is_identity()) return p;
    const Field z1z1 = p.z.square();
    const Field z2z2 = q.z.square();
    const Field u1 = p.x * z2z2;
    const Field u2 = q.x * z1z1;
    const Field s1 = p.y * q.z * z2z2;
    const Field s2 = q.y * p.z * z1z1;
    const Field h = u2 - u1;
    const Field rr = (s2 - s1).doubled();
    if (h.is_zero()) return rr.is_zero() ? p.doubled() : identity();
    const Field i = h.doubled().square();
    const Field j = h * i;
    const Field v = u1 * i;
    JacobianPoint r;
    r.x = rr.square() - j - v.doubled();
    r.y = rr * (v - r.x) - (s1 * j).doubled();
    r.z = ((p.z + q.z).square() - z1z1 - z2z2) * h;
    return r;
  }

  // madd-2007-bl (mixed: q is affine).
  friend JacobianPoint operator+(const JacobianPoint& p, const Affine& q) {
    if (q.infinity) return p;
    if (p.is_identity()) return from_affine(q);
    const Field z1z1 = p.z.square();
    const Field u2 = q.x * z1z1;
    const Field s2 = q.y * p.z * z1z1;
    const Field h = u2 - p.x;
    const Field rr = (s2 - p.y).doubled();
    if (h.is_zero()) return rr.is_zero() ? p.doubled() : identity();
    const Field hh = h.square();
    const Field i = hh.doubled().doubled();
    const Field j = h * i;
    const Field v = p.x * i;
    JacobianPoint r;
    r.x = rr.square() - j - v.doubled();
    r.y = rr * (v - r.x) - (p.y * j).doubled();
    r.z = (p.z + h).square() - z1z1 - hh;
    return r;
  }

  friend JacobianPoint operator-(const JacobianPoint& p, const JacobianPoint& q) { return p + -q; }
  friend JacobianPoint operator-(const JacobianPoint& p, const Affine& q) { return p + -q; }
  JacobianPoint& operator+=(const JacobianPoint& q) { return *this = *this + q; }
  JacobianPoint& operator+=(const Affine& q) { return *this = *this + q; }

  // k * P for a non-negative integer k of any width, by its width-w NAF (detail::wnaf): a table
  // of the odd multiples P, 3P, .., (2^(w-1) - 1) P, then one doubling per bit and one addition
  // per non-zero digit (about bits / (w + 1)). w = 5 for full-size scalars (8 table points, ~43
  // additions for 255 bits, against 14 and ~60 for fixed 4-bit windows); w = 2 (no table) for
  // short ones such as |x|. Variable time.
  template <std::size_t M>
  JacobianPoint mul(const Limbs<M>& k) const {
    const std::size_t bits = bigint::bit_length(k);
    if (bits <= 64) return mul_wnaf<2>(k);
    return mul_wnaf<5>(k);
  }
  friend JacobianPoint operator*(const JacobianPoint& p, const Fr& k) {
    return p.mul(k.to_canonical());
  }
  friend JacobianPoint operator*(const Fr& k, const JacobianPoint& p) { return p * k; }

  // k * P in time independent of k, for secret scalars (the prover's blinding factors r, s). P
  // itself is public: its table of 0..15 multiples is built in variable time. Then 64 windows of
  // 4 bits, each 4 doublings, a lookup that reads all 16 entries and keeps one by masks, and an
  // addition whose special cases (either side at infinity, equal points) are settled by
  // constant-time selects rather than branches, so the result is k * P for every point on the
  // curve, in the subgroup or not, and every k (zero included).
  JacobianPoint mul_constant_time(const Fr& k) const {
    constexpr std::size_t kWindow = 4;
    constexpr std::size_t kDigits = std::size_t{1} << kWindow;
    std::array<JacobianPoint, kDigits> table;  // table[d] = d * P
    table[0] = identity();
    table[1] = *this;
    for (std::size_t d = 2; d < kDigits; ++d) {
      table[d] = (d % 2 == 0) ? table[d / 2].doubled() : table[d - 1] + *this;
    }
    const Limbs<4> e = k.to_canonical();
    JacobianPoint acc = identity();
    for (std::size_t w = 64 * e.size() / kWindow; w-- > 0;) {
      for (std::size_t i = 0; i < kWindow; ++i) acc = acc.doubled();
      const std::uint64_t digit = (e[w * kWindow / 64] >> (w * kWindow % 64)) & (kDigits - 1);
      JacobianPoint chosen = identity();
      for (std::size_t d = 1; d < kDigits; ++d) {
        chosen.conditional_assign(table[d], detail::is_zero_word(digit ^ d));
      }
      acc = add_constant_time(acc, chosen);
    }
    return acc;
  }

  // Constant-time conditional move: *this = take ? q : *this.
  void conditional_assign(const JacobianPoint& q, bool take) {
    x.conditional_assign(q.x, take);
    y.conditional_assign(q.y, take);
    z.conditional_assign(q.z, take);
  }

  // Projective equality: X1 Z2^2 = X2 Z1^2 and Y1 Z2^3 = Y2 Z1^3.
  friend bool operator==(const JacobianPoint& p, const JacobianPoint& q) {
    if (p.is_identity() || q.is_identity()) return p.is_identity() == q.is_identity();
    const Field z1z1 = p.z.square();
    const Field z2z2 = q.z.square();
    return p.x * z2z2 == q.x * z1z1 && p.y * z2z2 * q.z == q.y * z1z1 * p.z;
  }
  friend bool operator==(const JacobianPoint& p, const Affine& q) {
    if (p.is_identity() || q.infinity) return p.is_identity() == q.infinity;
    const Field z1z1 = p.z.square();
    return p.x == q.x * z1z1 && p.y == q.y * z1z1 * p.z;
  }

 private:
  template <unsigned W, std::size_t M>
  JacobianPoint mul_wnaf(const Limbs<M>& k) const {
    constexpr std::size_t kOdd = std::size_t{1} << (W - 2);  // P, 3P, .., (2^(W-1) - 1) P
    std::array<JacobianPoint, kOdd> odd;
    odd[0] = *this;
    if constexpr (kOdd > 1) {
      const JacobianPoint twice = doubled();
      for (std::size_t i = 1; i < kOdd; ++i) odd[i] = odd[i - 1] + twice;
    }
    const auto digits = detail::wnaf<W>(k);
    JacobianPoint acc = identity();
    for (std::size_t i = digits.size(); i-- > 0;) {
      acc = acc.doubled();
      const int d = digits[i];
      if (d > 0) acc += odd[static_cast<std::size_t>(d / 2)];
      if (d < 0) acc = acc - odd[static_cast<std::size_t>(-d / 2)];
    }
    return acc;
  }

  // p + q by add-2007-bl with no branch: the formula's result, replaced by selects with 2p when
  // p = q, with q when p is infinity and with p when q is infinity. For p = -q the formula itself
  // gives Z3 = 0.
  static JacobianPoint add_constant_time(const JacobianPoint& p, const JacobianPoint& q) {
    const Field z1z1 = p.z.square();
    const Field z2z2 = q.z.square();
    const Field u1 = p.x * z2z2;
    const Field u2 = q.x * z1z1;
    const Field s1 = p.y * q.z * z2z2;
    const Field s2 = q.y * p.z * z1z1;
    const Field h = u2 - u1;
    const Field rr = (s2 - s1).doubled();
    const Field i = h.doubled().square();
    const Field j = h * i;
    const Field v = u1 * i;
    JacobianPoint r;
    r.x = rr.square() - j - v.doubled();
    r.y = rr * (v - r.x) - (s1 * j).doubled();
    r.z = ((p.z + q.z).square() - z1z1 - z2z2) * h;
    const bool p_infinity = detail::is_zero_word(detail::limbs_or(p.z));
    const bool q_infinity = detail::is_zero_word(detail::limbs_or(q.z));
    r.conditional_assign(p.doubled(),
                         detail::is_zero_word(detail::limbs_or(h) | detail::limbs_or(rr)));
    r.conditional_assign(q, p_infinity);
    r.conditional_assign(p, q_infinity);
    return r;
  }
};

template <class Curve>
JacobianPoint<Curve> operator*(const AffinePoint<Curve>& p, const Fr& k) {
  return JacobianPoint<Curve>::from_affine(p) * k;
}

// Converts many points with one field inversion (Montgomery's trick): prefix products of the
// non-zero Z, one inverse, then a backward pass peels off each 1/Z. Points at infinity are
// skipped and come out as infinity. 3(n-1) multiplications plus 4 per point and one inversion.
template <class Curve>
void batch_to_affine(std::span<const JacobianPoint<Curve>> in, std::span<AffinePoint<Curve>> out) {
  using Field = typename Curve::Field;
  if (in.size() != out.size()) throw std::invalid_argument("batch_to_affine: size mismatch");
  std::vector<Field> prefix(in.size());
  Field acc = Field::one();
  for (std::size_t i = 0; i < in.size(); ++i) {
    prefix[i] = acc;  // product of the non-zero Z before i
    if (!in[i].is_identity()) acc *= in[i].z;
  }
  Field inv = acc.inverse();  // 1 / (product of all non-zero Z)
  for (std::size_t i = in.size(); i-- > 0;) {
    if (in[i].is_identity()) {
      out[i] = AffinePoint<Curve>::identity();
      continue;
    }
    const Field zi = inv * prefix[i];
    inv *= in[i].z;
    const Field zi2 = zi.square();
    out[i] = AffinePoint<Curve>::from_xy(in[i].x * zi2, in[i].y * zi2 * zi);
  }
}

// Subgroup membership by definition: r P = 0. A reference for the faster endomorphism checks
// (is_in_subgroup in g1.hpp and g2.hpp); about four times slower than they are.
template <class Curve>
bool is_torsion_free_by_order(const AffinePoint<Curve>& p) {
  return JacobianPoint<Curve>::from_affine(p).mul(kFrParams.modulus).is_identity();
}

}  // namespace cuzk::bls12_381
