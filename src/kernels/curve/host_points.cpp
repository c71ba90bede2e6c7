#include "kernels/curve/host_points.hpp"

#include <string>

#include "util/error.hpp"

namespace cuzk::kernels::detail {

using bls12_381::Fp;

Fp2Mont fp2_mul(const Fp2Mont& a, const Fp2Mont& b) {
  return {a.c0 * b.c0 - a.c1 * b.c1, a.c0 * b.c1 + a.c1 * b.c0};
}

Fp2Mont fp2_inverse(const Fp2Mont& a) {
  // 1/(c0 + c1 u) = (c0 - c1 u) / (c0^2 + c1^2) because u^2 = -1.
  const Fp norm_inv = (a.c0.square() + a.c1.square()).inverse();
  return {a.c0 * norm_inv, -(a.c1 * norm_inv)};
}

G1AffineMont to_affine(const G1XyzzHost& p) {
  if (p.zz.is_zero()) return {};
  return {p.x * p.zz.inverse(), p.y * p.zzz.inverse()};
}

G2AffineMont to_affine(const G2XyzzHost& p) {
  if (p.zz.c0.is_zero() && p.zz.c1.is_zero()) return {};
  return {fp2_mul(p.x, fp2_inverse(p.zz)), fp2_mul(p.y, fp2_inverse(p.zzz))};
}

void check_bitmap_fits(std::span<const std::uint64_t> bitmap, std::size_t n) {
  const std::size_t words = (n + 63) / 64;
  bool fits = bitmap.size() <= words;
  if (fits && bitmap.size() == words && n % 64 != 0) fits = (bitmap.back() >> (n % 64)) == 0;
  if (!fits)
    throw Error("batch-addition bitmap of " + std::to_string(bitmap.size()) +
                " words selects points beyond the " + std::to_string(n) + " bases");
}

}  // namespace cuzk::kernels::detail
