// GPU NTTs against a naive DFT, a CPU radix-2 NTT written here, round trips, and direct
// evaluation of sampled outputs at 2^24 (2^25 .. 2^27 on demand: --no-skip); the quotient chain
// against the same steps on the CPU and against the divisibility it must satisfy.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <random>
#include <vector>

#include "gpu_test_support.hpp"
#include "kernels/ntt/ntt.hpp"

namespace cuzk::kernels::test {
namespace {

const Fr kGenerator = Fr::from_u64(7);

Fr omega_for(int log_n) {
  return Fr::two_adic_root_of_unity().pow(std::uint64_t{1} << (32 - log_n));
}

std::vector<Fr> random_vector(std::size_t n, std::mt19937_64& rng) {
  std::vector<Fr> v(n);
  for (auto& x : v) x = Fr::random(rng);
  return v;
}

// Multiplies element i by base^i.
void distribute_powers(std::vector<Fr>& v, const Fr& base) {
  Fr p = Fr::one();
  for (auto& x : v) {
    x *= p;
    p *= base;
  }
}

// X_j = sum_i x_i w^(ij), O(n^2).
std::vector<Fr> naive_dft(const std::vector<Fr>& x, const Fr& w) {
  std::vector<Fr> out(x.size());
  Fr wj = Fr::one();
  for (auto& o : out) {
    Fr acc{}, p = Fr::one();
    for (const Fr& xi : x) {
      acc += xi * p;
      p *= wj;
    }
    o = acc;
    wj *= w;
  }
  return out;
}

// The textbook iterative radix-2 transform (bit reversal, then log n passes).
std::vector<Fr> cpu_ntt(std::vector<Fr> x, const Fr& w) {
  const std::size_t n = x.size();
  for (std::size_t i = 1, j = 0; i < n; ++i) {
    std::size_t bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) std::swap(x[i], x[j]);
  }
  for (std::size_t len = 2; len <= n; len <<= 1) {
    const Fr wl = w.pow(n / len);
    for (std::size_t i = 0; i < n; i += len) {
      Fr t = Fr::one();
      for (std::size_t k = 0; k < len / 2; ++k) {
        const Fr u = x[i + k], v = x[i + k + len / 2] * t;
        x[i + k] = u + v;
        x[i + k + len / 2] = u - v;
        t *= wl;
      }
    }
  }
  return x;
}

std::vector<Fr> cpu_transform(std::vector<Fr> x, int log_n, NttDirection dir, NttDomain domain) {
  const Fr w = omega_for(log_n);
  if (dir == NttDirection::kForward) {
    if (domain == NttDomain::kCoset) distribute_powers(x, kGenerator);
    return cpu_ntt(std::move(x), w);
  }
  x = cpu_ntt(std::move(x), w.inverse());
  const Fr n_inv = Fr::from_u64(x.size()).inverse();
  for (auto& v : x) v *= n_inv;
  if (domain == NttDomain::kCoset) distribute_powers(x, kGenerator.inverse());
  return x;
}

std::vector<Fr> gpu_transform(std::vector<Fr> x, NttDirection dir, NttDomain domain) {
  ntt(kTestGpu, x, dir, domain);
  return x;
}

constexpr NttDirection kDirections[] = {NttDirection::kForward, NttDirection::kInverse};
constexpr NttDomain kDomains[] = {NttDomain::kSubgroup, NttDomain::kCoset};

TEST_CASE("GPU NTT equals the naive DFT at small sizes" * doctest::skip(no_gpu())) {
  std::mt19937_64 rng(21);
  for (int log_n = 0; log_n <= 7; ++log_n) {
    const auto x = random_vector(std::size_t{1} << log_n, rng);
    const Fr w = omega_for(log_n);
    INFO("log n " << log_n);
    CHECK(gpu_transform(x, NttDirection::kForward, NttDomain::kSubgroup) == naive_dft(x, w));
    auto coset_in = x;
    distribute_powers(coset_in, kGenerator);
    CHECK(gpu_transform(x, NttDirection::kForward, NttDomain::kCoset) == naive_dft(coset_in, w));
    auto inv = naive_dft(x, w.inverse());
    const Fr n_inv = Fr::from_u64(x.size()).inverse();
    for (auto& v : inv) v *= n_inv;
    CHECK(gpu_transform(x, NttDirection::kInverse, NttDomain::kSubgroup) == inv);
    distribute_powers(inv, kGenerator.inverse());
    CHECK(gpu_transform(x, NttDirection::kInverse, NttDomain::kCoset) == inv);
  }
}

TEST_CASE("GPU NTT equals the CPU radix-2 NTT for every pass shape" * doctest::skip(no_gpu())) {
  // Sizes up to 2^7 are in the naive-DFT case above. 8, 9: one pass of three register rounds;
  // 10 .. 18: two passes of 2^5 .. 2^9 points (strided, then transposing rows); 19 .. 21: three
  // passes (the middle one strided with outer > 0).
  std::mt19937_64 rng(22);
  for (int log_n : {8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21}) {
    const auto x = random_vector(std::size_t{1} << log_n, rng);
    for (auto dir : kDirections) {
      for (auto domain : kDomains) {
        INFO("log n " << log_n << " direction " << int(dir) << " domain " << int(domain));
        CHECK(gpu_transform(x, dir, domain) == cpu_transform(x, log_n, dir, domain));
      }
    }
  }
}

TEST_CASE("GPU NTT round trips" * doctest::skip(no_gpu())) {
  std::mt19937_64 rng(23);
  for (int log_n : {1, 13, 18, 20}) {
    const auto x = random_vector(std::size_t{1} << log_n, rng);
    for (auto domain : kDomains) {
      INFO("log n " << log_n << " domain " << int(domain));
      const auto y = gpu_transform(x, NttDirection::kForward, domain);
      CHECK(y != x);
      CHECK(gpu_transform(y, NttDirection::kInverse, domain) == x);
    }
  }
}

// sum_j x_j w^j split into chunks over OpenMP threads (each chunk starts from w^start).
Fr evaluate(const std::vector<Fr>& x, const Fr& w) {
  constexpr std::size_t kChunks = 256;
  const std::size_t chunk = (x.size() + kChunks - 1) / kChunks;
  std::vector<Fr> partial(kChunks);
#pragma omp parallel for schedule(dynamic, 1)
  for (std::size_t c = 0; c < kChunks; ++c) {
    const std::size_t begin = std::min(x.size(), c * chunk),
                      end = std::min(x.size(), begin + chunk);
    Fr acc{}, p = w.pow(std::uint64_t{begin});
    for (std::size_t j = begin; j < end; ++j) {
      acc += x[j] * p;
      p *= w;
    }
    partial[c] = acc;
  }
  Fr sum{};
  for (const Fr& v : partial) sum += v;
  return sum;
}

// Output k of the transform by direct evaluation: X_k = post * sum_j x_j (pre * w^k)^j.
Fr direct_output(const std::vector<Fr>& x, int log_n, NttDirection dir, NttDomain domain,
                 std::uint64_t k) {
  const bool inverse = dir == NttDirection::kInverse;
  const Fr w = inverse ? omega_for(log_n).inverse() : omega_for(log_n);
  Fr base = w.pow(k), post = Fr::one();
  if (!inverse && domain == NttDomain::kCoset) base *= kGenerator;
  if (inverse) post = Fr::from_u64(x.size()).inverse();
  if (inverse && domain == NttDomain::kCoset) post *= kGenerator.inverse().pow(k);
  return evaluate(x, base) * post;
}

// Every variant at 2^log_n against direct evaluation at the ends, the middle and random outputs.
void check_sampled_outputs(int log_n, int random_samples, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const std::size_t n = std::size_t{1} << log_n;
  std::vector<Fr> x(n);
  std::uint64_t state = rng();
  for (auto& v : x) {  // splitmix64 words below 2^254, so below r: fast for 2^27 elements
    std::array<std::uint64_t, 4> limbs{};
    for (auto& l : limbs) {
      std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      l = z ^ (z >> 31);
    }
    limbs[3] >>= 2;
    v = *Fr::from_canonical(limbs);
  }
  std::vector<std::uint64_t> ks = {0, 1, 2, n / 2, n - 1};
  for (int i = 0; i < random_samples; ++i) ks.push_back(rng() % n);
  for (auto dir : kDirections) {
    for (auto domain : kDomains) {
      const auto y = gpu_transform(x, dir, domain);
      for (const std::uint64_t k : ks) {
        INFO("log n " << log_n << " direction " << int(dir) << " domain " << int(domain)
                      << " output " << k);
        CHECK(y[k] == direct_output(x, log_n, dir, domain, k));
      }
    }
  }
}

TEST_CASE("GPU NTT at 2^24 equals direct evaluation at sampled outputs" * doctest::skip(no_gpu())) {
  check_sampled_outputs(24, 4, 25);
}

// Minutes of CPU time and 8 GiB of host memory: run on demand (--no-skip) on a GPU machine.
TEST_CASE("GPU NTT at 2^25 .. 2^27 equals direct evaluation at sampled outputs" *
          doctest::skip(true)) {
  if (no_gpu()) return;
  for (int log_n : {25, 26, 27}) check_sampled_outputs(log_n, 2, 26 + log_n);
}

TEST_CASE("GPU NTT rejects sizes that are not powers of two" * doctest::skip(no_gpu())) {
  std::vector<Fr> x(12);
  CHECK_THROWS(ntt(kTestGpu, x, NttDirection::kForward, NttDomain::kSubgroup));
  std::vector<Fr> empty;
  CHECK_THROWS(ntt(kTestGpu, empty, NttDirection::kForward, NttDomain::kSubgroup));
}

// bellperson's chain on the CPU with the transforms above.
std::vector<Fr> cpu_h(std::vector<Fr> a, std::vector<Fr> b, std::vector<Fr> c, int log_n) {
  const std::size_t n = std::size_t{1} << log_n;
  for (auto* v : {&a, &b, &c}) {
    v->resize(n);
    *v = cpu_transform(*v, log_n, NttDirection::kInverse, NttDomain::kSubgroup);
    *v = cpu_transform(*v, log_n, NttDirection::kForward, NttDomain::kCoset);
  }
  const Fr z_inv = (kGenerator.pow(n) - Fr::one()).inverse();
  for (std::size_t i = 0; i < n; ++i) a[i] = (a[i] * b[i] - c[i]) * z_inv;
  return cpu_transform(a, log_n, NttDirection::kInverse, NttDomain::kCoset);
}

TEST_CASE("GPU quotient equals the CPU chain and is a polynomial" * doctest::skip(no_gpu())) {
  std::mt19937_64 rng(24);
  for (auto [log_n, m] :
       {std::pair{4, 11}, std::pair{10, 1000}, std::pair{12, 4096}, std::pair{13, 5000}}) {
    INFO("log n " << log_n << ", " << m << " constraints");
    const auto a = random_vector(m, rng);
    const auto b = random_vector(m, rng);
    std::vector<Fr> c(m);
    for (int i = 0; i < m; ++i) c[i] = a[i] * b[i];  // a satisfied system
    const auto h = h_quotient(kTestGpu, a, b, c, log_n);
    CHECK(h == cpu_h(a, b, c, log_n));
    // A(x)B(x) - C(x) vanishes on the domain, so h has degree at most n - 2.
    CHECK(h.back() == Fr::zero());
    CHECK(h[0] != Fr::zero());

    auto c_bad = c;
    c_bad[m / 2] += Fr::one();  // one unsatisfied constraint: no longer divisible
    const auto h_bad = h_quotient(kTestGpu, a, b, c_bad, log_n);
    CHECK(h_bad == cpu_h(a, b, c_bad, log_n));
    CHECK(h_bad.back() != Fr::zero());
  }
  std::vector<Fr> too_long(17);
  CHECK_THROWS(h_quotient(kTestGpu, too_long, too_long, too_long, 4));
}

}  // namespace
}  // namespace cuzk::kernels::test
