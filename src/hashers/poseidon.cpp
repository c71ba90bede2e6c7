#include "hashers/poseidon.hpp"

#include <array>
#include <cassert>
#include <stdexcept>
#include <string>

namespace cuzk::hashers::poseidon {
namespace {

using bls12_381::Fr;

constexpr std::size_t kMaxWidth = 37;

inline Fr pow5(const Fr& x) {
  const Fr x2 = x.square();
  return x2.square() * x;
}

// s := s M (row vector times matrix) for a width known at compile time (kWidth > 0, so the loops
// unroll) or, with kWidth == 0, at run time.
template <std::size_t kWidth>
inline void mix_dense(Fr* s, std::size_t width, const Matrix& m) {
  const std::size_t t = kWidth ? kWidth : width;
  std::array<Fr, kMaxWidth> out{};
  for (std::size_t i = 0; i < t; ++i) {
    const auto row = m.row(i);
    for (std::size_t j = 0; j < t; ++j) out[j] += s[i] * row[j];
  }
  for (std::size_t j = 0; j < t; ++j) s[j] = out[j];
}

template <std::size_t kWidth>
inline void mix_sparse(Fr* s, std::size_t width, const SparseMatrix& m) {
  const std::size_t t = kWidth ? kWidth : width;
  Fr first = s[0] * m.w_hat[0];
  for (std::size_t i = 1; i < t; ++i) first += s[i] * m.w_hat[i];
  for (std::size_t j = 1; j < t; ++j) s[j] += s[0] * m.v_rest[j - 1];
  s[0] = first;
}

// The optimized schedule of PoseidonConstants, round by round.
template <std::size_t kWidth>
void permute_optimized(Fr* s, std::size_t width, const PoseidonConstants& c) {
  const std::size_t t = kWidth ? kWidth : width;
  const Fr* key = c.compressed_round_constants.data();
  const std::size_t half = c.half_full_rounds;

  for (std::size_t i = 0; i < t; ++i) s[i] += key[i];
  key += t;
  for (std::size_t r = 0; r < half; ++r) {
    for (std::size_t i = 0; i < t; ++i) s[i] = pow5(s[i]) + key[i];
    key += t;
    if (r + 1 == half) {
      mix_dense<kWidth>(s, t, c.pre_sparse);
    } else {
      mix_dense<kWidth>(s, t, c.mds);
    }
  }
  for (std::size_t r = 0; r < c.partial_rounds; ++r) {
    s[0] = pow5(s[0]) + *key++;
    mix_sparse<kWidth>(s, t, c.sparse[r]);
  }
  for (std::size_t r = 1; r < half; ++r) {
    for (std::size_t i = 0; i < t; ++i) s[i] = pow5(s[i]) + key[i];
    key += t;
    mix_dense<kWidth>(s, t, c.mds);
  }
  for (std::size_t i = 0; i < t; ++i) s[i] = pow5(s[i]);  // the last full round has no key
  mix_dense<kWidth>(s, t, c.mds);
  assert(key == c.compressed_round_constants.data() + c.compressed_round_constants.size());
}

void check_width(std::span<const Fr> state, const PoseidonConstants& c) {
  if (state.size() != c.width) {
    throw std::invalid_argument("Poseidon state of " + std::to_string(state.size()) +
                                " elements for width " + std::to_string(c.width));
  }
}

// [tag, preimage..., 0...]; the caller has checked the length.
std::array<Fr, kMaxWidth> initial_state(std::span<const Fr> preimage, const PoseidonConstants& c) {
  if (preimage.size() > c.arity) {
    throw std::invalid_argument("Poseidon preimage of " + std::to_string(preimage.size()) +
                                " elements for arity " + std::to_string(c.arity));
  }
  std::array<Fr, kMaxWidth> state{};
  state[0] = c.domain_tag;
  for (std::size_t i = 0; i < preimage.size(); ++i) state[i + 1] = preimage[i];
  return state;
}

template <std::size_t kWidth>
void mix_after(Fr* s, std::size_t width, const PoseidonConstants& c, std::size_t round) {
  const std::size_t h = c.half_full_rounds;
  if (round + 1 == h) {
    mix_dense<kWidth>(s, width, c.pre_sparse);
  } else if (round >= h && round < h + c.partial_rounds) {
    mix_sparse<kWidth>(s, width, c.sparse[round - h]);
  } else {
    mix_dense<kWidth>(s, width, c.mds);
  }
}

}  // namespace

void mix_after_round(std::span<Fr> state, const PoseidonConstants& c, std::size_t round) {
  check_width(state, c);
  Fr* s = state.data();
  switch (c.width) {
    case 3:
      return mix_after<3>(s, 3, c, round);
    case 9:
      return mix_after<9>(s, 9, c, round);
    case 12:
      return mix_after<12>(s, 12, c, round);
    default:
      return mix_after<0>(s, c.width, c, round);
  }
}

void permute(std::span<Fr> state, const PoseidonConstants& c) {
  check_width(state, c);
  Fr* s = state.data();
  switch (c.width) {
    case 3:
      return permute_optimized<3>(s, 3, c);
    case 5:
      return permute_optimized<5>(s, 5, c);
    case 9:
      return permute_optimized<9>(s, 9, c);
    case 12:
      return permute_optimized<12>(s, 12, c);
    case 17:
      return permute_optimized<17>(s, 17, c);
    default:
      return permute_optimized<0>(s, c.width, c);
  }
}

void permute_reference(std::span<Fr> state, const PoseidonConstants& c) {
  check_width(state, c);
  const std::size_t t = c.width;
  const std::size_t rounds = c.full_rounds + c.partial_rounds;
  for (std::size_t r = 0; r < rounds; ++r) {
    for (std::size_t i = 0; i < t; ++i) state[i] += c.round_constants[r * t + i];
    const bool full = r < c.half_full_rounds || r >= c.half_full_rounds + c.partial_rounds;
    if (full) {
      for (auto& x : state) x = pow5(x);
    } else {
      state[0] = pow5(state[0]);
    }
    mix_dense<0>(state.data(), t, c.mds);
  }
}

Fr hash(std::span<const Fr> preimage, const PoseidonConstants& c) {
  auto state = initial_state(preimage, c);
  permute(std::span<Fr>(state.data(), c.width), c);
  return state[1];
}

Fr hash(std::span<const Fr> preimage) {
  return hash(preimage, poseidon_constants(preimage.size()));
}

Fr hash_reference(std::span<const Fr> preimage, const PoseidonConstants& c) {
  auto state = initial_state(preimage, c);
  permute_reference(std::span<Fr>(state.data(), c.width), c);
  return state[1];
}

}  // namespace cuzk::hashers::poseidon
