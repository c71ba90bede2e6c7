// Device Montgomery arithmetic against the host types, on fresh random inputs plus edge values.
#include <doctest/doctest.h>

#include <random>
#include <type_traits>
#include <vector>

#include "gpu_test_support.hpp"
#include "kernels/field/field_ops.hpp"
#include "util/error.hpp"

namespace cuzk::kernels::test {
namespace {

// Random elements plus 0, 1, -1, 2 and the largest Montgomery representative p - 1.
template <class F>
std::vector<F> inputs(std::size_t random_count, std::mt19937_64& rng) {
  std::vector<F> v = {F::zero(), F::one(), -F::one(), F::from_u64(2)};
  auto top = F::kParams.modulus;
  top[0] -= 1;
  v.push_back(F::from_montgomery_limbs(top));
  for (std::size_t i = 0; i < random_count; ++i) v.push_back(F::random(rng));
  return v;
}

// Edge values for kDot: 0, 1, -1, the integers 1 and p - 1 as Montgomery representatives, and
// one whose words below the top are all ones (the largest row addends the bounds allow).
template <class F>
std::vector<F> dot_edges() {
  auto unit = F::kParams.modulus, top = F::kParams.modulus, wide = F::kParams.modulus;
  unit.fill(0);
  unit[0] = 1;
  top[0] -= 1;
  wide.fill(~std::uint64_t{0});
  wide.back() = F::kParams.modulus.back() - 1;
  return {F::zero(),
          F::one(),
          -F::one(),
          F::from_montgomery_limbs(unit),
          F::from_montgomery_limbs(top),
          F::from_montgomery_limbs(wide)};
}

// kDot's out[i] = a[i]*b[i] + a[j]*b[j] (j = (i + 1) % n) against the host arithmetic.
template <class F>
std::size_t dot_mismatches(const std::vector<F>& a, const std::vector<F>& b) {
  const auto dot =
      gpu_field_op<F>(kTestGpu, FieldOp::kDot, std::span<const F>(a), std::span<const F>(b));
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::size_t j = (i + 1) % a.size();
    mismatches += dot[i] != a[i] * b[i] + a[j] * b[j];
  }
  return mismatches;
}

template <class F>
void check_field(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  INFO("seed " << seed);
  const std::vector<F> a = inputs<F>(3000, rng);
  std::vector<F> b = inputs<F>(3000, rng);
  std::shuffle(b.begin(), b.end(), rng);
  const auto run = [&](FieldOp op) {
    return gpu_field_op<F>(kTestGpu, op, std::span<const F>(a), std::span<const F>(b));
  };
  const auto add = run(FieldOp::kAdd), sub = run(FieldOp::kSubtract), mul = run(FieldOp::kMultiply),
             sqr = run(FieldOp::kSquare), neg = run(FieldOp::kNegate);
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    mismatches += add[i] != a[i] + b[i];
    mismatches += sub[i] != a[i] - b[i];
    mismatches += mul[i] != a[i] * b[i];
    mismatches += sqr[i] != a[i].square();
    mismatches += neg[i] != -a[i];
  }
  CHECK(mismatches == 0);

  if constexpr (std::is_same_v<F, Fp>) {
    CHECK(dot_mismatches(a, b) == 0);
    // Every edge value in every position: the pairs (e0, e1), (e2, e3) give e0 e1 + e2 e3.
    const std::vector<F> e = dot_edges<F>();
    std::vector<F> ea, eb;
    for (const F& e0 : e)
      for (const F& e1 : e)
        for (const F& e2 : e)
          for (const F& e3 : e) {
            ea.insert(ea.end(), {e0, e2});
            eb.insert(eb.end(), {e1, e3});
          }
    CHECK(dot_mismatches(ea, eb) == 0);
  } else {
    CHECK_THROWS_AS(run(FieldOp::kDot), Error);  // Fr's p lacks the spare bits dot() needs
  }

  // Inverse and the Montgomery conversions on a smaller slice (the device inverse is slow).
  const std::vector<F> small(a.begin(), a.begin() + 200);
  const auto inv = gpu_field_op<F>(kTestGpu, FieldOp::kInverse, small, small);
  std::vector<F> canonical;
  for (const F& x : small) canonical.push_back(F::from_montgomery_limbs(x.to_canonical()));
  const auto to_mont = gpu_field_op<F>(kTestGpu, FieldOp::kToMontgomery, canonical, canonical);
  const auto from_mont = gpu_field_op<F>(kTestGpu, FieldOp::kFromMontgomery, small, small);
  for (std::size_t i = 0; i < small.size(); ++i) {
    INFO("element " << i);
    CHECK(inv[i] == small[i].inverse());
    CHECK(to_mont[i] == small[i]);
    CHECK(from_mont[i] == canonical[i]);
  }
}

TEST_CASE("device Fr arithmetic equals the host Fr" * doctest::skip(no_gpu())) {
  check_field<Fr>(11);
}

TEST_CASE("device Fp arithmetic equals the host Fp" * doctest::skip(no_gpu())) {
  check_field<Fp>(12);
}

TEST_CASE("device Fp2 arithmetic equals the host Fp2" * doctest::skip(no_gpu())) {
  std::mt19937_64 rng(13);
  std::vector<Fp2Mont> a, b;
  a.push_back(to_device_layout(Fp2::zero()));
  b.push_back(to_device_layout(Fp2::random(rng)));
  a.push_back(to_device_layout(Fp2{-Fp::one(), -Fp::one()}));
  b.push_back(to_device_layout(Fp2{-Fp::one(), Fp::one()}));
  for (int i = 0; i < 2000; ++i) {
    a.push_back(to_device_layout(Fp2::random(rng)));
    b.push_back(to_device_layout(Fp2::random(rng)));
  }
  const auto add = gpu_field_op<Fp2Mont>(kTestGpu, FieldOp::kAdd, a, b);
  const auto sub = gpu_field_op<Fp2Mont>(kTestGpu, FieldOp::kSubtract, a, b);
  const auto mul = gpu_field_op<Fp2Mont>(kTestGpu, FieldOp::kMultiply, a, b);
  const auto sqr = gpu_field_op<Fp2Mont>(kTestGpu, FieldOp::kSquare, a, b);
  const auto dot = gpu_field_op<Fp2Mont>(kTestGpu, FieldOp::kDot, a, b);
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const Fp2 x = from_device_layout(a[i]), y = from_device_layout(b[i]);
    const std::size_t j = (i + 1) % a.size();
    mismatches += from_device_layout(add[i]) != x + y;
    mismatches += from_device_layout(sub[i]) != x - y;
    mismatches += from_device_layout(mul[i]) != x * y;
    mismatches += from_device_layout(sqr[i]) != x.square();
    mismatches +=
        from_device_layout(dot[i]) != x * y + from_device_layout(a[j]) * from_device_layout(b[j]);
  }
  CHECK(mismatches == 0);
}

}  // namespace
}  // namespace cuzk::kernels::test
