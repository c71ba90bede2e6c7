// GpuWitness: a compact witness laid out in page-locked memory for the upload holds exactly the
// witness's inputs, bits and wide values (split into indices and values), and a second, smaller
// witness reuses the first one's memory. Skipped without a GPU (page-locking needs the driver).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "circuit/compact_witness.hpp"
#include "kernels/gpu_test_support.hpp"
#include "pipeline/gpu_views.hpp"

namespace {

using cuzk::bls12_381::Fr;
using cuzk::circuit::CompactWitness;
using cuzk::kernels::test::no_gpu;

// `aux` values of which every `stride`-th is wide (random), the others random bits.
CompactWitness random_witness(std::size_t aux, std::size_t stride, std::mt19937_64& rng) {
  CompactWitness w;
  w.inputs = {Fr::one(), Fr::random(rng), Fr::random(rng)};
  w.num_aux = aux;
  w.bits = cuzk::circuit::BitVector(aux);
  for (std::size_t j = 0; j < aux; ++j) {
    if (j % stride == 0) {
      w.wide.push_back({j, Fr::random(rng)});
    } else if (rng() & 1) {
      w.bits.set(j);
    }
  }
  return w;
}

void check_layout(const cuzk::kernels::WitnessView& v, const CompactWitness& w) {
  CHECK(std::ranges::equal(v.inputs, w.inputs));
  CHECK(std::ranges::equal(v.bits, w.bits.words()));
  REQUIRE(v.wide_index.size() == w.wide.size());
  REQUIRE(v.wide_value.size() == w.wide.size());
  for (std::size_t i = 0; i < w.wide.size(); ++i) {
    CHECK(v.wide_index[i] == w.wide[i].aux_index);
    CHECK(v.wide_value[i] == w.wide[i].value);
  }
}

TEST_CASE("GpuWitness lays a witness out for the upload and reuses its memory" *
          doctest::skip(no_gpu())) {
  std::mt19937_64 rng(5);
  const CompactWitness large = random_witness(10'000, 7, rng);
  const CompactWitness small = random_witness(6'000, 9, rng);

  cuzk::pipeline::GpuWitness staged(cuzk::kernels::test::kTestGpu, large);
  const cuzk::kernels::WitnessView first = staged.view();
  check_layout(first, large);

  staged.assign(small);
  const cuzk::kernels::WitnessView second = staged.view();
  check_layout(second, small);
  // Page-locking is slow: a witness that fits is written where the last one was.
  CHECK(second.bits.data() == first.bits.data());
  CHECK(second.wide_index.data() == first.wide_index.data());
  CHECK(second.wide_value.data() == first.wide_value.data());
}

}  // namespace
