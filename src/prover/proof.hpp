// A Groth16 proof and its bellperson encoding (Proof::write / read): A as a compressed G1 point
// (48 bytes), B compressed G2 (96), C compressed G1 (48), 192 bytes in all. Reading checks every
// point fully (on the curve and in the subgroup) and rejects the point at infinity. A multi-
// partition proof is the partition proofs concatenated, no prefix.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bls12_381/g1.hpp"
#include "bls12_381/g2.hpp"
#include "util/expected.hpp"

namespace cuzk::prover {

struct Proof {
  bls12_381::G1Affine a;
  bls12_381::G2Affine b;
  bls12_381::G1Affine c;
  friend bool operator==(const Proof&, const Proof&) = default;
};

inline constexpr std::size_t kProofBytes = 192;

std::array<std::uint8_t, kProofBytes> encode_proof(const Proof& proof);
// The error is a one-line reason naming the point, e.g. "proof B: point not in the subgroup".
[[nodiscard]] Expected<Proof, std::string> decode_proof(
    std::span<const std::uint8_t, kProofBytes> bytes);

// Concatenated proofs; a length that is not a multiple of 192 or a bad proof is an error naming
// the proof's index.
std::vector<std::uint8_t> encode_proofs(std::span<const Proof> proofs);
[[nodiscard]] Expected<std::vector<Proof>, std::string> decode_proofs(
    std::span<const std::uint8_t> bytes);

}  // namespace cuzk::prover
