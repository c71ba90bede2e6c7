// Device Montgomery arithmetic against the host types, on fresh random inputs plus edge values.
#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "gpu_test_support.hpp"
#include "kernels/field_ops.hpp"

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

template <class F>
void check_field(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  INFO("seed " << seed);
  const std::vector<F> a = inputs<F>(3000, rng);
  std::vector<F> b = inputs<F>(3000, rng);
  std::shuffle(b.begin(), b.end(), rng);
  const auto run = [&](FieldOp op) {
    return gpu_field_op<F>(op, std::span<const F>(a), std::span<const F>(b));
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

  // Inverse and the Montgomery conversions on a smaller slice (the device inverse is slow).
  const std::vector<F> small(a.begin(), a.begin() + 200);
  const auto inv = gpu_field_op<F>(FieldOp::kInverse, small, small);
  std::vector<F> canonical;
  for (const F& x : small) canonical.push_back(F::from_montgomery_limbs(x.to_canonical()));
  const auto to_mont = gpu_field_op<F>(FieldOp::kToMontgomery, canonical, canonical);
  const auto from_mont = gpu_field_op<F>(FieldOp::kFromMontgomery, small, small);
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
  const auto add = gpu_field_op<Fp2Mont>(FieldOp::kAdd, a, b);
  const auto sub = gpu_field_op<Fp2Mont>(FieldOp::kSubtract, a, b);
  const auto mul = gpu_field_op<Fp2Mont>(FieldOp::kMultiply, a, b);
  const auto sqr = gpu_field_op<Fp2Mont>(FieldOp::kSquare, a, b);
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const Fp2 x = from_device_layout(a[i]), y = from_device_layout(b[i]);
    mismatches += from_device_layout(add[i]) != x + y;
    mismatches += from_device_layout(sub[i]) != x - y;
    mismatches += from_device_layout(mul[i]) != x * y;
    mismatches += from_device_layout(sqr[i]) != x.square();
  }
  CHECK(mismatches == 0);
}

}  // namespace
}  // namespace cuzk::kernels::test
