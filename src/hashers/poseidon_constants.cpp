#include "hashers/poseidon_constants.hpp"

#include <span>
#include <stdexcept>
#include <string>

#include "hashers/grain_lfsr.hpp"

namespace cuzk::hashers::poseidon {
namespace {

using bls12_381::Fr;

constexpr std::size_t kMaxArity = 36;

// Moves the round keys behind the S-boxes (neptune's compress_round_constants with every partial
// round preprocessed). Adding key k after a round's mix by M equals adding k M^-1 just before that
// mix, that is right after the round's S-boxes. Through a partial round only element 0 meets an
// S-box, so the carried key is split there: its element 0 becomes that round's scalar key and the
// rest is carried on to the round before.
std::vector<Fr> compress_round_constants(const PoseidonConstants& c) {
  const std::size_t t = c.width;
  const std::size_t half = c.half_full_rounds;
  auto round_keys = [&](std::size_t round) {
    return std::span<const Fr>(c.round_constants).subspan(round * t, t);
  };
  auto append = [](std::vector<Fr>& out, std::span<const Fr> v) {
    out.insert(out.end(), v.begin(), v.end());
  };

  std::vector<Fr> out;
  out.reserve(t * c.full_rounds + c.partial_rounds);
  append(out, round_keys(0));
  for (std::size_t i = 0; i + 1 < half; ++i) {
    append(out, apply_matrix(c.mds_inverse, round_keys(i + 1)));
  }

  const std::size_t first_final_round = half + c.partial_rounds;
  std::vector<Fr> acc(round_keys(first_final_round).begin(), round_keys(first_final_round).end());
  std::vector<Fr> partial_keys_backwards;
  partial_keys_backwards.reserve(c.partial_rounds);
  for (std::size_t i = 0; i < c.partial_rounds; ++i) {
    std::vector<Fr> carried = apply_matrix(c.mds_inverse, acc);
    partial_keys_backwards.push_back(carried[0]);
    carried[0] = Fr::zero();
    const auto previous = round_keys(first_final_round - 1 - i);
    for (std::size_t j = 0; j < t; ++j) acc[j] = previous[j] + carried[j];
  }
  append(out, apply_matrix(c.mds_inverse, acc));
  out.insert(out.end(), partial_keys_backwards.rbegin(), partial_keys_backwards.rend());

  for (std::size_t i = 1; i < half; ++i) {
    append(out, apply_matrix(c.mds_inverse, round_keys(first_final_round + i)));
  }
  return out;
}

}  // namespace

PoseidonConstants PoseidonConstants::generate(std::size_t arity, Strength strength) {
  if (arity < 1 || arity > kMaxArity) {
    throw std::invalid_argument("Poseidon arity " + std::to_string(arity) + " is not in 1..36");
  }
  PoseidonConstants c;
  c.arity = arity;
  c.width = arity + 1;
  c.strength = strength;
  const RoundNumbers rounds = round_numbers(arity, strength);
  c.full_rounds = rounds.full_rounds;
  c.half_full_rounds = rounds.full_rounds / 2;
  c.partial_rounds = rounds.partial_rounds;
  c.domain_tag = Fr::from_u64((std::uint64_t{1} << arity) - 1);

  c.round_constants = grain_round_constants(c.width, c.full_rounds, c.partial_rounds);
  c.mds = cauchy_mds(c.width);
  auto inverse = c.mds.inverse();
  if (!inverse) throw std::logic_error("Poseidon MDS matrix is singular");
  c.mds_inverse = std::move(*inverse);

  c.compressed_round_constants = compress_round_constants(c);
  SparseFactorization factors = factor_to_sparse(c.mds, c.partial_rounds);
  c.pre_sparse = std::move(factors.pre_sparse);
  c.sparse = std::move(factors.sparse);
  return c;
}

namespace {

template <std::size_t kArity>
const PoseidonConstants& standard_constants() {
  // Immutable after its thread-safe first initialization.
  static const PoseidonConstants constants =
      PoseidonConstants::generate(kArity, Strength::kStandard);
  return constants;
}

}  // namespace

bool is_supported_arity(std::size_t arity) {
  switch (arity) {
    case 2:
    case 4:
    case 8:
    case 11:
    case 16:
    case 24:
    case 36:
      return true;
    default:
      return false;
  }
}

const PoseidonConstants& poseidon_constants(std::size_t arity) {
  switch (arity) {
    case 2:
      return standard_constants<2>();
    case 4:
      return standard_constants<4>();
    case 8:
      return standard_constants<8>();
    case 11:
      return standard_constants<11>();
    case 16:
      return standard_constants<16>();
    case 24:
      return standard_constants<24>();
    case 36:
      return standard_constants<36>();
    default:
      throw std::invalid_argument("no Poseidon constants for arity " + std::to_string(arity) +
                                  " (Filecoin uses 2, 4, 8, 11, 16, 24, 36)");
  }
}

}  // namespace cuzk::hashers::poseidon
