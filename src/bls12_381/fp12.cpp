#include "bls12_381/fp12.hpp"

#include "bls12_381/frobenius_constants.hpp"

namespace cuzk::bls12_381 {

Fp12 Fp12::mul(const Fp12& b) const {
  const Fp6 t0 = c0 * b.c0;
  const Fp6 t1 = c1 * b.c1;
  return Fp12{t0 + t1.mul_by_nonresidue(), (c0 + c1) * (b.c0 + b.c1) - t0 - t1};
}

// (c0 + c1 w)^2 = c0^2 + v c1^2 + 2 c0 c1 w, with c0^2 + v c1^2 = (c0 + c1)(c0 + v c1) - (1 + v) c0
// c1.
Fp12 Fp12::square() const {
  const Fp6 ab = c0 * c1;
  const Fp6 sum = (c0 + c1) * (c0 + c1.mul_by_nonresidue());
  return Fp12{sum - ab - ab.mul_by_nonresidue(), ab + ab};
}

// With f = F0 + F1 w and the line L0 + L1 w, L0 = o0 + o1 v, L1 = o4 v:
// f L = (F0 L0 + v F1 L1) + ((F0 + F1)(L0 + L1) - F0 L0 - F1 L1) w.
Fp12 Fp12::mul_by_014(const Fp2& o0, const Fp2& o1, const Fp2& o4) const {
  const Fp6 t0 = c0.mul_by_01(o0, o1);
  const Fp6 t1 = c1.mul_by_1(o4);
  const Fp6 cross = (c0 + c1).mul_by_01(o0, o1 + o4);
  return Fp12{t0 + t1.mul_by_nonresidue(), cross - t0 - t1};
}

// 1/(c0 + c1 w) = (c0 - c1 w) / (c0^2 - v c1^2).
Fp12 Fp12::inverse() const {
  const Fp6 t = (c0.square() - c1.square().mul_by_nonresidue()).inverse();
  return Fp12{c0 * t, -(c1 * t)};
}

// (c0 + c1 w)^p = c0^p + c1^p gamma w, since w^p = gamma w.
Fp12 Fp12::frobenius(unsigned power) const {
  const Fp2& gamma = frobenius_constants().gamma[1];
  Fp12 f = *this;
  for (unsigned i = 0; i < power; ++i) f = Fp12{f.c0.frobenius(), f.c1.frobenius().scaled(gamma)};
  return f;
}

namespace {

// (a + b s)^2 in Fp4 = Fp2[s] / (s^2 - xi): returns (a^2 + xi b^2, 2ab).
struct Fp4Square {
  Fp2 re, im;
};
Fp4Square fp4_square(const Fp2& a, const Fp2& b) {
  const Fp2 t0 = a.square();
  const Fp2 t1 = b.square();
  return Fp4Square{t1.mul_by_nonresidue() + t0, (a + b).square() - t0 - t1};
}

}  // namespace

// Granger and Scott, "Faster squaring in the cyclotomic subgroup of sixth degree extensions"
// (PKC 2010), section 3.2. Fp12 is seen as Fp4^3 with s = v w (s^2 = xi): the pairs
// (c0.c0, c1.c1), (c1.c0, c0.c2) and (c0.c1, c1.c2) are the three Fp4 coefficients.
Fp12 Fp12::cyclotomic_square() const {
  const Fp4Square a = fp4_square(c0.c0, c1.c1);
  const Fp4Square b = fp4_square(c1.c0, c0.c2);
  const Fp4Square c = fp4_square(c0.c1, c1.c2);
  auto three_minus_two = [](const Fp2& t, const Fp2& z) { return (t - z).doubled() + t; };
  auto three_plus_two = [](const Fp2& t, const Fp2& z) { return (t + z).doubled() + t; };
  Fp12 r;
  r.c0.c0 = three_minus_two(a.re, c0.c0);
  r.c1.c1 = three_plus_two(a.im, c1.c1);
  r.c0.c1 = three_minus_two(b.re, c0.c1);
  r.c1.c2 = three_plus_two(b.im, c1.c2);
  r.c1.c0 = three_plus_two(c.im.mul_by_nonresidue(), c1.c0);
  r.c0.c2 = three_minus_two(c.re, c0.c2);
  return r;
}

}  // namespace cuzk::bls12_381
