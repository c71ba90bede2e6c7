// The final exponentiation f -> f^(3 (p^12 - 1) / r) of the pairing.
//
// (p^12 - 1) / r = (p^6 - 1)(p^2 + 1) (p^4 - p^2 + 1) / r. The "easy part" (p^6 - 1)(p^2 + 1)
// costs an inversion and two Frobenius maps and lands in the cyclotomic subgroup, where squaring
// is cheap (Granger-Scott) and inversion is conjugation. For the "hard part", three times
// (p^4 - p^2 + 1) / r has a short expansion in x (Hayashida, Hayasaka, Teruya, "Efficient final
// exponentiation via cyclotomic structure for pairings over families of elliptic curves",
// ePrint 2020/875):
//   3 (p^4 - p^2 + 1) / r = l0 + l1 p + l2 p^2 + l3 p^3 with
//   l3 = (x - 1)^2,  l2 = l3 x,  l1 = l2 x - l3,  l0 = l1 x + 3,
// evaluated with five exponentiations by x. The factor 3 (coprime to r) keeps the map a
// bijection onto Gt; zkcrypto, blst and noble use the same exponent.
#include "bls12_381/curve_parameter.hpp"
#include "bls12_381/pairing.hpp"

namespace cuzk::bls12_381 {
namespace {

// a^x for a in the cyclotomic subgroup: 63 cyclotomic squarings and 5 multiplications.
Fp12 pow_x(const Fp12& a) {
  Fp12 acc = a;
  for (int i = 62; i >= 0; --i) {
    acc = acc.cyclotomic_square();
    if ((kXAbs >> i) & 1) acc *= a;
  }
  return kXIsNegative ? acc.conjugate() : acc;
}

}  // namespace

Gt final_exponentiation(const Fp12& f) {
  // Easy part: m = f^((p^6 - 1)(p^2 + 1)).
  const Fp12 t = f.conjugate() * f.inverse();
  const Fp12 m = t.frobenius(2) * t;

  // Hard part, with the l_i above written as chains in x:
  //   a = m^(x-1)^2 = m^l3, b = a^x = m^l2, c = b^x / a = m^l1, d = c^x * m^3 = m^l0.
  const Fp12 m_x = pow_x(m);
  const Fp12 m_x_minus_2 = m_x * m.cyclotomic_square().conjugate();  // m^(x-2)
  const Fp12 m_x2_minus_2x = pow_x(m_x_minus_2);                     // m^(x^2-2x)
  const Fp12 a = m_x2_minus_2x * m;                                  // m^((x-1)^2)
  const Fp12 b = pow_x(a);
  const Fp12 c = pow_x(b) * a.conjugate();
  const Fp12 d = pow_x(c) * m.cyclotomic_square() * m;
  return Gt::from_fp12_unchecked(d * c.frobenius(1) * b.frobenius(2) * a.frobenius(3));
}

}  // namespace cuzk::bls12_381
