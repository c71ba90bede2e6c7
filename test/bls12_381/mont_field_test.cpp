// Fp and Fr: known constants, algebraic laws on random elements, the fast paths against the
// portable reference and against schoolbook multiplication with long division, inversion, square
// roots, encodings and edge values.
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "bls12_381/fields.hpp"

namespace {

using cuzk::bls12_381::Fp;
using cuzk::bls12_381::Fr;
using cuzk::bls12_381::kFpParams;
using cuzk::bls12_381::kFrParams;
using cuzk::bls12_381::Limbs;
namespace bigint = cuzk::bls12_381::bigint;
namespace binary_gcd = cuzk::bls12_381::binary_gcd;
namespace mont_portable = cuzk::bls12_381::mont_portable;

constexpr int kSamples = 2000;

// a*b mod m with no Montgomery arithmetic: a 2N-limb product, then binary long division.
template <std::size_t N>
Limbs<N> mul_mod_schoolbook(const Limbs<N>& a, const Limbs<N>& b, const Limbs<N>& m) {
  std::array<std::uint64_t, 2 * N> prod{};
  for (std::size_t i = 0; i < N; ++i) {
    std::uint64_t carry = 0;
    for (std::size_t j = 0; j < N; ++j)
      prod[i + j] = bigint::mul_add(prod[i + j], a[i], b[j], carry);
    prod[i + N] = carry;
  }
  Limbs<N> r{};  // r < m < 2^(64N-1), so 2r + 1 fits
  for (std::size_t bit = 128 * N; bit-- > 0;) {
    std::uint64_t carry = (prod[bit / 64] >> (bit % 64)) & 1;
    for (auto& limb : r) {
      const std::uint64_t next = limb >> 63;
      limb = (limb << 1) | carry;
      carry = next;
    }
    if (!bigint::less_than(r, m)) bigint::sub_in_place(r, m);
  }
  return r;
}

template <class F>
Limbs<F::kLimbs> modulus() {
  return F::kParams.modulus;
}
template <class F>
Limbs<F::kLimbs> modulus_plus(std::uint64_t k) {
  Limbs<F::kLimbs> v = F::kParams.modulus;
  bigint::add_in_place(v, bigint::from_u64<F::kLimbs>(k));
  return v;
}
template <class F>
F minus_one() {
  Limbs<F::kLimbs> v = F::kParams.modulus;
  bigint::sub_in_place(v, bigint::from_u64<F::kLimbs>(1));
  return *F::from_canonical(v);
}

template <class F>
std::array<std::uint8_t, F::kBytes> le_bytes(const Limbs<F::kLimbs>& v) {
  std::array<std::uint8_t, F::kBytes> out{};
  for (std::size_t i = 0; i < F::kBytes; ++i)
    out[i] = static_cast<std::uint8_t>(v[i / 8] >> (8 * (i % 8)));
  return out;
}

}  // namespace

TEST_CASE("Montgomery constants match the published BLS12-381 values") {
  // R mod p and R mod r as blst's consts.c and the ff crates list them; -p^-1 mod 2^64.
  CHECK(kFpParams.r == Limbs<6>{0x760900000002fffd, 0xebf4000bc40c0002, 0x5f48985753c758ba,
                                0x77ce585370525745, 0x5c071a97a256ec6d, 0x15f65ec3fa80e493});
  CHECK(kFpParams.inv == 0x89f3fffcfffcfffd);
  CHECK(kFrParams.r ==
        Limbs<4>{0x00000001fffffffe, 0x5884b7fa00034802, 0x998c4fefecbc4ff5, 0x1824b159acc5056f});
  CHECK(kFrParams.inv == 0xfffffffeffffffff);
  CHECK(Fp::one().montgomery_limbs() == kFpParams.r);
  CHECK(Fp::one().to_canonical() == bigint::from_u64<6>(1));
}

TEST_CASE("Fr's 2-adic root of unity is the constant blstrs and bellperson use") {
  // ff's ROOT_OF_UNITY for the BLS12-381 scalar field: 7^t with p - 1 = 2^32 t.
  CHECK(Fr::two_adic_root_of_unity().to_hex() ==
        "16a2a19edfe81f20d09b681922c813b4b63683508c2280b93829971f439f0d2b");
  CHECK(Fr::two_adic_root_of_unity().pow(std::uint64_t{1} << 32) == Fr::one());
  CHECK(Fr::two_adic_root_of_unity().pow(std::uint64_t{1} << 31) == -Fr::one());
}

TEST_CASE_TEMPLATE("field laws hold on random elements", F, Fp, Fr) {
  const std::uint64_t seed = 11;
  INFO("seed " << seed);
  std::mt19937_64 rng(seed);
  for (int i = 0; i < kSamples; ++i) {
    const F a = F::random(rng), b = F::random(rng), c = F::random(rng);
    INFO("sample " << i << " a=" << a.to_hex() << " b=" << b.to_hex());
    CHECK(a + b == b + a);
    CHECK(a * b == b * a);
    CHECK((a + b) + c == a + (b + c));
    CHECK((a * b) * c == a * (b * c));
    CHECK(a * (b + c) == a * b + a * c);
    CHECK((a - b) + b == a);
    CHECK(a - b == a + (-b));
    CHECK(a + (-a) == F::zero());
    CHECK(a.square() == a * a);
    CHECK(a.doubled() == a + a);
    CHECK(a * F::one() == a);
    CHECK(a * F::zero() == F::zero());
  }
}

TEST_CASE_TEMPLATE("multiplication equals schoolbook product with long division", F, Fp, Fr) {
  const std::uint64_t seed = 12;
  INFO("seed " << seed);
  std::mt19937_64 rng(seed);
  const auto m = modulus<F>();
  for (int i = 0; i < 300; ++i) {
    F a = F::random(rng), b = F::random(rng);
    if (i == 0) a = minus_one<F>();
    if (i == 1) b = minus_one<F>();
    INFO("a=" << a.to_hex() << " b=" << b.to_hex());
    CHECK((a * b).to_canonical() == mul_mod_schoolbook(a.to_canonical(), b.to_canonical(), m));
  }
}

TEST_CASE_TEMPLATE("the x86-64 paths equal the portable reference", F, Fp, Fr) {
#if defined(CUZK_MONT_X86_64)
  namespace x86 = cuzk::bls12_381::mont_x86_64;
  constexpr auto& P = F::kParams;
  const std::uint64_t seed = 13;
  INFO("seed " << seed);
  std::mt19937_64 rng(seed);
  const auto pm1 = minus_one<F>().montgomery_limbs();
  for (int i = 0; i < 20 * kSamples; ++i) {
    auto a = F::random(rng).montgomery_limbs(), b = F::random(rng).montgomery_limbs();
    if (i % 5 == 0) a = pm1;  // the largest operands stress every carry
    if (i % 7 == 0) b = pm1;
    if (i % 11 == 0) b = a;
    if (i % 13 == 0) a = Limbs<F::kLimbs>{};
    INFO("sample " << i);
    if (x86::cpu_has_bmi2_adx()) {
      CHECK(x86::mul<P>(a, b) == mont_portable::mul(a, b, P.modulus, P.inv));
      if constexpr (F::kLimbs == 6) {
        Limbs<6> sq{};
        x86::sqr_to<P>(sq, a);
        CHECK(sq == mont_portable::mul(a, a, P.modulus, P.inv));
        Limbs<12> wide{};
        x86::mul_wide_to<P>(wide, a, b);
        CHECK(wide == mont_portable::mul_wide(a, b));
        Limbs<6> reduced{};
        x86::reduce_wide_to<P>(reduced, wide);
        CHECK(reduced == mont_portable::reduce_wide(wide, P.modulus, P.inv));
      }
    }
    if constexpr (F::kLimbs == 6) {
      CHECK(x86::add_unreduced(a, b) == mont_portable::add_unreduced(a, b));
      const auto ab = mont_portable::mul_wide(a, b);
      const auto ba = mont_portable::mul_wide(b, pm1);
      Limbs<12> diff{};
      x86::sub_wide_to<P>(diff, ab, ba);
      CHECK(diff == mont_portable::sub_wide(ab, ba, P.modulus));
    }
    CHECK(x86::add<P>(a, b) == mont_portable::add(a, b, P.modulus));
    CHECK(x86::sub<P>(a, b) == mont_portable::sub(a, b, P.modulus));
  }
#else
  MESSAGE("no x86-64 fast path in this build");
#endif
}

// Squaring and the lazy-reduction helpers against plain multiplication, on random elements and
// on the largest values each bound admits (p - 1, and sums up to 2p - 2).
TEST_CASE_TEMPLATE("dedicated squaring and lazy reduction agree with multiplication", F, Fp) {
  static_assert(F::kLazyReduction && !Fr::kLazyReduction);
  const std::uint64_t seed = 17;
  INFO("seed " << seed);
  std::mt19937_64 rng(seed);
  const F pm1 = minus_one<F>();
  const F half = F::from_canonical(F::kParams.p_minus_1_half).value();
  std::vector<F> values = {F::zero(),
                           F::one(),
                           pm1,
                           half,
                           half + F::one(),
                           -F::from_u64(2),
                           F::from_montgomery_limbs(bigint::from_u64<F::kLimbs>(1))};
  for (int i = 0; i < kSamples; ++i) values.push_back(F::random(rng));
  for (std::size_t i = 0; i < values.size(); ++i) {
    const F& a = values[i];
    const F& b = values[(i * 7 + 3) % values.size()];
    const F& c = values[(i * 13 + 5) % values.size()];
    INFO("a=" << a.to_hex() << " b=" << b.to_hex() << " c=" << c.to_hex());
    CHECK(a.square() == a * a);
    // (a + b) c through an unreduced sum, exactly and lazily reduced.
    const auto sum = F::add_unreduced(a, b);
    CHECK(F::mul_lazy(sum, c) == (a + b) * c);
    CHECK(F::reduce_wide(F::mul_wide(sum, c.montgomery_limbs())) == (a + b) * c);
    CHECK(F::reduce_wide(F::mul_wide(a.montgomery_limbs(), b.montgomery_limbs())) == a * b);
    // ab - bc mod pR reduces to ab - bc, whichever is larger; (a+b)(a+c) - ab - ac is exact.
    const auto ab = F::mul_wide(a.montgomery_limbs(), b.montgomery_limbs());
    const auto bc = F::mul_wide(b.montgomery_limbs(), c.montgomery_limbs());
    const auto ac = F::mul_wide(a.montgomery_limbs(), c.montgomery_limbs());
    CHECK(F::reduce_wide(F::sub_wide(ab, bc)) == a * b - b * c);
    const auto cross = F::mul_wide(F::add_unreduced(a, b), F::add_unreduced(a, c));
    CHECK(F::reduce_wide(F::sub_wide(F::sub_wide(cross, ab), ac)) == a * a + b * c);
  }
}

TEST_CASE_TEMPLATE("inverse: round trip, agreement with Fermat, zero, round bound", F, Fp, Fr) {
  const std::uint64_t seed = 14;
  INFO("seed " << seed);
  std::mt19937_64 rng(seed);
  constexpr auto& P = F::kParams;
  CHECK(F::zero().inverse() == F::zero());
  CHECK(F::one().inverse() == F::one());
  CHECK(minus_one<F>().inverse() == minus_one<F>());
  CHECK(F::from_u64(2).inverse() * F::from_u64(2) == F::one());
  for (int i = 0; i < kSamples; ++i) {
    const F a = F::random(rng);
    INFO("a=" << a.to_hex());
    CHECK(a * a.inverse() == F::one());
    if (i < 50) CHECK(a.inverse() == a.inverse_constant_time());
    // The fallback to Fermat is never taken: the round bound holds.
    CHECK(binary_gcd::scaled_inverse(a.montgomery_limbs(), P.modulus, P.inv,
                                     binary_gcd::max_rounds(P.bits))
              .has_value());
  }
  constexpr F kInverseOfTwo = F::from_u64(2).inverse();  // constant evaluation takes Fermat
  CHECK(kInverseOfTwo * F::from_u64(2) == F::one());
}

TEST_CASE_TEMPLATE("square roots and Legendre symbols", F, Fp, Fr) {
  const std::uint64_t seed = 15;
  INFO("seed " << seed);
  std::mt19937_64 rng(seed);
  const F nonresidue = F::from_u64(F::kParams.small_nonresidue);
  CHECK(nonresidue.legendre() == -1);
  CHECK_FALSE(nonresidue.sqrt().has_value());
  CHECK(F::zero().legendre() == 0);
  CHECK(F::zero().sqrt() == F::zero());
  for (int i = 0; i < 100; ++i) {
    const F a = F::random(rng);
    INFO("a=" << a.to_hex());
    const F sq = a.square();
    CHECK(sq.legendre() == 1);
    const auto root = sq.sqrt();
    REQUIRE(root.has_value());
    CHECK((*root == a || *root == -a));
    CHECK((sq * nonresidue).legendre() == -1);
    CHECK_FALSE((sq * nonresidue).sqrt().has_value());
  }
}

TEST_CASE_TEMPLATE("byte encodings round trip and reject values >= p", F, Fp, Fr) {
  const std::uint64_t seed = 16;
  INFO("seed " << seed);
  std::mt19937_64 rng(seed);
  for (int i = 0; i < 200; ++i) {
    const F a = F::random(rng);
    INFO("a=" << a.to_hex());
    CHECK(F::from_bytes_le(a.to_bytes_le()) == a);
    CHECK(F::from_bytes_be(a.to_bytes_be()) == a);
    auto be = a.to_bytes_be();
    auto le = a.to_bytes_le();
    CHECK(std::equal(be.begin(), be.end(), le.rbegin()));
    CHECK(F::from_hex(a.to_hex()) == a);
    CHECK(F::from_hex("0x" + a.to_hex()) == a);
  }
  // One is encoded as ...0001 big-endian, the little-endian bytes of the canonical value.
  CHECK(F::one().to_bytes_le()[0] == 1);
  CHECK(F::one().to_bytes_be()[F::kBytes - 1] == 1);
  for (const auto& bad : {modulus<F>(), modulus_plus<F>(1)}) {
    const auto le = le_bytes<F>(bad);
    std::array<std::uint8_t, F::kBytes> be{};
    std::copy(le.rbegin(), le.rend(), be.begin());
    CHECK_FALSE(F::from_bytes_le(le).has_value());
    CHECK_FALSE(F::from_bytes_be(be).has_value());
    CHECK_FALSE(F::from_canonical(bad).has_value());
  }
  std::array<std::uint8_t, F::kBytes> all_ff{};
  all_ff.fill(0xff);
  CHECK_FALSE(F::from_bytes_le(all_ff).has_value());
  CHECK_FALSE(F::from_bytes_be(all_ff).has_value());
  const auto pm1 = le_bytes<F>(minus_one<F>().to_canonical());
  CHECK(F::from_bytes_le(pm1) == minus_one<F>());
  CHECK_FALSE(F::from_hex("0x123").has_value());  // odd number of digits
  CHECK_FALSE(F::from_hex("zz").has_value());
  CHECK_FALSE(F::from_hex(std::string(2 * F::kBytes + 2, '0')).has_value());  // too long
  CHECK(F::from_hex("07") == F::from_u64(7));
}

TEST_CASE_TEMPLATE("edge values", F, Fp, Fr) {
  const F pm1 = minus_one<F>();
  CHECK(pm1 == -F::one());
  CHECK(pm1 + F::one() == F::zero());
  CHECK(F::zero() - F::one() == pm1);
  CHECK(-F::zero() == F::zero());
  CHECK(pm1 * pm1 == F::one());
  CHECK(pm1.square() == F::one());
  CHECK(pm1 + pm1 == -F::from_u64(2));
  CHECK(F::zero().is_zero());
  CHECK(F::one().is_one());
  CHECK(F{} == F::zero());
  // The canonical value R mod p enters Montgomery form as R^2 mod p.
  const auto r_value = F::from_canonical(F::kParams.r);
  REQUIRE(r_value.has_value());
  CHECK(r_value->montgomery_limbs() == F::kParams.r2);
  CHECK(F::from_montgomery_limbs(F::kParams.r2).to_canonical() == F::kParams.r);
  // from_u64 reduces: the largest u64 is below both moduli, so it round trips.
  CHECK(F::from_u64(~std::uint64_t{0}).to_canonical() ==
        bigint::from_u64<F::kLimbs>(~std::uint64_t{0}));
  F x = F::from_u64(5);
  x.conditional_assign(F::from_u64(9), false);
  CHECK(x == F::from_u64(5));
  x.conditional_assign(F::from_u64(9), true);
  CHECK(x == F::from_u64(9));
}
