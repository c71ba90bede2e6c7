// Byte encodings of G1 and G2 points, bit for bit those of zkcrypto's bls12_381, blstrs and blst
// (and so of bellperson's .params, .vk and proof files):
//   - coordinates are big-endian, canonical (< p); an Fp2 element is c1 followed by c0;
//   - G1 compressed 48 bytes (x), uncompressed 96 (x, y); G2 compressed 96, uncompressed 192;
//   - the top three bits of byte 0 are flags: 0x80 compressed, 0x40 infinity, 0x20 the sign of y
//     (set iff y is lexicographically largest; compressed form only);
//   - infinity is the infinity flag (plus 0x80 when compressed) followed by zeros.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "bls12_381/g1.hpp"
#include "bls12_381/g2.hpp"
#include "util/expected.hpp"

namespace cuzk::bls12_381 {

inline constexpr std::size_t kG1CompressedBytes = 48;
inline constexpr std::size_t kG1UncompressedBytes = 96;
inline constexpr std::size_t kG2CompressedBytes = 96;
inline constexpr std::size_t kG2UncompressedBytes = 192;

// Why a decoding failed, one code per reason a caller acts on.
enum class DecodeError {
  kBadLength,      // neither the compressed nor the uncompressed size (span overloads only)
  kBadFlags,       // flags wrong for the form, infinity with non-zero bytes, sign on uncompressed
  kNonCanonical,   // a coordinate is not below p
  kNotOnCurve,     // (x, y) off the curve, or a compressed x with no y
  kNotInSubgroup,  // on the curve but not in the order-r subgroup (checked only on request)
};
const char* to_string(DecodeError error);

// Whether decoding also checks membership in the order-r subgroup (blst's "checked" decoding);
// kNo matches blst_p1_deserialize / from_*_unchecked, for data already trusted.
enum class SubgroupCheck { kNo, kYes };

std::array<std::uint8_t, kG1CompressedBytes> encode_compressed(const G1Affine& p);
std::array<std::uint8_t, kG1UncompressedBytes> encode_uncompressed(const G1Affine& p);
std::array<std::uint8_t, kG2CompressedBytes> encode_compressed(const G2Affine& p);
std::array<std::uint8_t, kG2UncompressedBytes> encode_uncompressed(const G2Affine& p);

[[nodiscard]] Expected<G1Affine, DecodeError> decode_g1_compressed(
    std::span<const std::uint8_t, kG1CompressedBytes> in, SubgroupCheck check);
[[nodiscard]] Expected<G1Affine, DecodeError> decode_g1_uncompressed(
    std::span<const std::uint8_t, kG1UncompressedBytes> in, SubgroupCheck check);
[[nodiscard]] Expected<G2Affine, DecodeError> decode_g2_compressed(
    std::span<const std::uint8_t, kG2CompressedBytes> in, SubgroupCheck check);
[[nodiscard]] Expected<G2Affine, DecodeError> decode_g2_uncompressed(
    std::span<const std::uint8_t, kG2UncompressedBytes> in, SubgroupCheck check);

// Either form, chosen by length (G1: 48 or 96 bytes; G2: 96 or 192).
[[nodiscard]] Expected<G1Affine, DecodeError> decode_g1(std::span<const std::uint8_t> in,
                                                        SubgroupCheck check);
[[nodiscard]] Expected<G2Affine, DecodeError> decode_g2(std::span<const std::uint8_t> in,
                                                        SubgroupCheck check);

}  // namespace cuzk::bls12_381
