#include "bls12_381/pairing.hpp"

#include <bit>

#include "bls12_381/curve_parameter.hpp"

namespace cuzk::bls12_381 {
namespace {

// The Miller loop walks |x| from below its top bit: 63 doubling steps, and an addition step
// after each doubling whose bit is set (5 of them).
constexpr int kTopBit = 63 - std::countl_zero(kXAbs);
constexpr std::size_t kLineCount = kTopBit + std::popcount(kXAbs) - 1;
static_assert(kLineCount == 68);

// T = (X : Y : Z) in homogeneous projective coordinates on the twist, x = X/Z, y = Y/Z.
struct ProjectiveG2 {
  Fp2 x, y, z;
};

Fp2 halved(const Fp2& a) {
  static const Fp kHalf = Fp::from_u64(2).inverse();
  return a * kHalf;
}

// Doubling step (Costello-Lange-Naehrig, section 4, a = 0): T <- 2T, and the tangent at T
// scaled by -2 y Z^2 (a factor in Fp2, which the final exponentiation removes):
//   (3b' Z^2 - Y^2) + 3 X^2 xp v - 2 Y Z yp v w.
LineCoefficients doubling_step(ProjectiveG2& t) {
  const Fp2 a = halved(t.x * t.y);
  const Fp2 b = t.y.square();
  const Fp2 c = t.z.square();
  const Fp2 three_b = G2Curve::b().doubled() + G2Curve::b();
  const Fp2 e = three_b * c;
  const Fp2 f = e.doubled() + e;
  const Fp2 g = halved(b + f);
  const Fp2 h = (t.y + t.z).square() - (b + c);  // 2 Y Z
  const Fp2 j = t.x.square();
  const Fp2 e_sq = e.square();
  t.x = a * (b - f);
  t.y = g.square() - (e_sq.doubled() + e_sq);
  t.z = b * h;
  return LineCoefficients{e - b, j.doubled() + j, -h};
}

// Mixed addition step (Costello-Lange-Naehrig, section 4): T <- T + Q for affine Q = (x2, y2),
// and the line through T and Q scaled by lambda = X - x2 Z:
//   (theta x2 - lambda y2) - theta xp v + lambda yp v w,   theta = Y - y2 Z.
LineCoefficients addition_step(ProjectiveG2& t, const G2Affine& q) {
  const Fp2 theta = t.y - q.y * t.z;
  const Fp2 lambda = t.x - q.x * t.z;
  const Fp2 c = theta.square();
  const Fp2 d = lambda.square();
  const Fp2 e = lambda * d;
  const Fp2 f = t.z * c;
  const Fp2 g = t.x * d;
  const Fp2 h = e + f - g.doubled();
  t.x = lambda * h;
  t.y = theta * (g - h) - e * t.y;
  t.z = t.z * e;
  return LineCoefficients{theta * q.x - lambda * q.y, -theta, lambda};
}

Fp12 evaluate(const Fp12& f, const LineCoefficients& line, const G1Affine& p) {
  return f.mul_by_014(line.constant, line.x_coeff * p.x, line.y_coeff * p.y);
}

}  // namespace

G2Prepared::G2Prepared(const G2Affine& q) {
  if (q.infinity) return;
  lines_.reserve(kLineCount);
  ProjectiveG2 t{q.x, q.y, Fp2::one()};
  for (int i = kTopBit - 1; i >= 0; --i) {
    lines_.push_back(doubling_step(t));
    if ((kXAbs >> i) & 1) lines_.push_back(addition_step(t, q));
  }
}

Fp12 multi_miller_loop(std::span<const PairingTerm> terms) {
  // Positions in each term's list of lines advance together: every term has the same schedule.
  Fp12 f = Fp12::one();
  std::size_t line = 0;
  auto apply_lines = [&](std::size_t index) {
    for (const PairingTerm& term : terms) {
      if (term.p.infinity || term.q.is_identity()) continue;
      f = evaluate(f, term.q.lines()[index], term.p);
    }
  };
  for (int i = kTopBit - 1; i >= 0; --i) {
    if (i != kTopBit - 1) f = f.square();  // f = 1 before the first step
    apply_lines(line++);
    if ((kXAbs >> i) & 1) apply_lines(line++);
  }
  // f_{x,Q} = 1 / f_{|x|,Q} up to a vertical line; 1/f and its conjugate agree after the final
  // exponentiation.
  return kXIsNegative ? f.conjugate() : f;
}

Fp12 miller_loop(const G1Affine& p, const G2Prepared& q) {
  const PairingTerm term{p, q};
  return multi_miller_loop(std::span<const PairingTerm>(&term, 1));
}

Gt pairing(const G1Affine& p, const G2Affine& q) {
  return final_exponentiation(miller_loop(p, G2Prepared(q)));
}

}  // namespace cuzk::bls12_381
