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
// bits). Use it for public data (verification keys, proofs, parameters) only.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <vector>

#include "bls12_381/fields.hpp"

namespace cuzk::bls12_381 {

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

  // k * P for a non-negative integer k of any width, fixed 4-bit windows from the top:
  // 14 additions to build the table, then 4 doublings and at most one addition per window.
  template <std::size_t M>
  JacobianPoint mul(const Limbs<M>& k) const {
    constexpr std::size_t kWindow = 4;
    std::array<JacobianPoint, std::size_t{1} << kWindow> table;  // table[d] = d * P
    table[0] = identity();
    table[1] = *this;
    for (std::size_t d = 2; d < table.size(); ++d) {
      table[d] = (d % 2 == 0) ? table[d / 2].doubled() : table[d - 1] + *this;
    }
    JacobianPoint acc = identity();
    const std::size_t bits = bigint::bit_length(k);
    for (std::size_t w = (bits + kWindow - 1) / kWindow; w-- > 0;) {
      for (std::size_t i = 0; i < kWindow; ++i) acc = acc.doubled();
      std::size_t digit = 0;
      for (std::size_t i = kWindow; i-- > 0;) digit = 2 * digit + bigint::bit(k, w * kWindow + i);
      if (digit != 0) acc += table[digit];
    }
    return acc;
  }
  friend JacobianPoint operator*(const JacobianPoint& p, const Fr& k) {
    return p.mul(k.to_canonical());
  }
  friend JacobianPoint operator*(const Fr& k, const JacobianPoint& p) { return p * k; }

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
