// The Groth16 verifying key and its bellperson serialisation (VerifyingKey::write/read): six
// uncompressed points alpha_g1, beta_g1, beta_g2, gamma_g2, delta_g1, delta_g2, then a u32
// big-endian count and that many uncompressed G1 points ic (one per public input, ONE first).
// A .vk file is exactly this; a .params file starts with it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "bls12_381/g1.hpp"
#include "bls12_381/g2.hpp"

namespace cuzk::prover {

using bls12_381::G1Affine;
using bls12_381::G2Affine;

struct VerifyingKey {
  G1Affine alpha_g1;
  G1Affine beta_g1;
  G2Affine beta_g2;
  G2Affine gamma_g2;
  G1Affine delta_g1;
  G2Affine delta_g2;
  std::vector<G1Affine> ic;  // never infinity
  friend bool operator==(const VerifyingKey&, const VerifyingKey&) = default;
};

// 864 bytes of fixed points, the u32 count, 96 bytes per ic point.
constexpr std::size_t kVerifyingKeyFixedBytes = 3 * 96 + 3 * 192;
std::size_t encoded_size(const VerifyingKey& vk);

void append_encoding(const VerifyingKey& vk, std::vector<std::uint8_t>& out);

// Decodes the key at the start of `bytes`, checking every point fully (on the curve and in the
// subgroup, as bellperson's from_uncompressed does) and rejecting infinity in ic. `source` names
// the file in error messages. Returns the key and sets `consumed` to its length in bytes.
// Throws ParamsError.
VerifyingKey decode_verifying_key(std::span<const std::uint8_t> bytes, const std::string& source,
                                  std::size_t& consumed);

// A .vk file: the key and nothing else (trailing bytes are an error).
VerifyingKey read_verifying_key_file(const std::filesystem::path& path);
void write_verifying_key_file(const std::filesystem::path& path, const VerifyingKey& vk);

}  // namespace cuzk::prover
