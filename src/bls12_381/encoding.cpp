#include "bls12_381/encoding.hpp"

#include <algorithm>
#include <optional>

namespace cuzk::bls12_381 {
namespace {

constexpr std::uint8_t kCompressedFlag = 0x80;
constexpr std::uint8_t kInfinityFlag = 0x40;
constexpr std::uint8_t kSignFlag = 0x20;
constexpr std::uint8_t kFlagMask = 0xe0;

// How one coordinate field is laid out in bytes: Fp as 48 big-endian bytes, Fp2 as c1 then c0.
template <class Field>
struct Coordinate;

template <>
struct Coordinate<Fp> {
  static constexpr std::size_t kBytes = Fp::kBytes;
  static void write(const Fp& f, std::span<std::uint8_t, kBytes> out) { f.to_bytes_be(out); }
  static std::optional<Fp> read(std::span<const std::uint8_t, kBytes> in) {
    return Fp::from_bytes_be(in);
  }
};

template <>
struct Coordinate<Fp2> {
  static constexpr std::size_t kBytes = 2 * Fp::kBytes;
  static void write(const Fp2& f, std::span<std::uint8_t, kBytes> out) {
    f.c1.to_bytes_be(out.template first<Fp::kBytes>());
    f.c0.to_bytes_be(out.template last<Fp::kBytes>());
  }
  static std::optional<Fp2> read(std::span<const std::uint8_t, kBytes> in) {
    const auto c1 = Fp::from_bytes_be(in.template first<Fp::kBytes>());
    const auto c0 = Fp::from_bytes_be(in.template last<Fp::kBytes>());
    if (!c0 || !c1) return std::nullopt;
    return Fp2{*c0, *c1};
  }
};

template <class Curve>
constexpr std::size_t kCoordBytes = Coordinate<typename Curve::Field>::kBytes;

bool all_zero(std::span<const std::uint8_t> bytes) {
  return std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0; });
}

// Infinity is exactly `flags` in byte 0 and zeros everywhere else.
bool is_exact_infinity(std::span<const std::uint8_t> in, std::uint8_t flags) {
  return in[0] == flags && all_zero(in.subspan(1));
}

// A coordinate from bytes whose first byte may carry flags (cleared here).
template <class Field, std::size_t kBytes>
std::optional<Field> read_masked(std::span<const std::uint8_t, kBytes> in) {
  std::array<std::uint8_t, kBytes> copy;
  std::copy(in.begin(), in.end(), copy.begin());
  copy[0] &= static_cast<std::uint8_t>(~kFlagMask);
  return Coordinate<Field>::read(copy);
}

template <class Curve>
bool passes_subgroup_check(const AffinePoint<Curve>& p, SubgroupCheck check) {
  return check == SubgroupCheck::kNo || is_in_subgroup(p);
}

template <class Curve>
std::array<std::uint8_t, kCoordBytes<Curve>> encode_compressed_impl(const AffinePoint<Curve>& p) {
  using Field = typename Curve::Field;
  std::array<std::uint8_t, kCoordBytes<Curve>> out{};
  if (p.infinity) {
    out[0] = kCompressedFlag | kInfinityFlag;
    return out;
  }
  Coordinate<Field>::write(p.x, out);
  out[0] |= kCompressedFlag;
  if (p.y.is_lexicographically_largest()) out[0] |= kSignFlag;
  return out;
}

template <class Curve>
std::array<std::uint8_t, 2 * kCoordBytes<Curve>> encode_uncompressed_impl(
    const AffinePoint<Curve>& p) {
  using Field = typename Curve::Field;
  constexpr std::size_t n = kCoordBytes<Curve>;
  std::array<std::uint8_t, 2 * n> out{};
  if (p.infinity) {
    out[0] = kInfinityFlag;
    return out;
  }
  const std::span<std::uint8_t, 2 * n> all(out);
  Coordinate<Field>::write(p.x, all.template first<n>());
  Coordinate<Field>::write(p.y, all.template last<n>());
  return out;
}

template <class Curve>
Expected<AffinePoint<Curve>, DecodeError> decode_compressed_impl(
    std::span<const std::uint8_t, kCoordBytes<Curve>> in, SubgroupCheck check) {
  using Field = typename Curve::Field;
  using Point = AffinePoint<Curve>;
  const std::uint8_t flags = in[0] & kFlagMask;
  if ((flags & kCompressedFlag) == 0) return Unexpected{DecodeError::kBadFlags};
  if (flags & kInfinityFlag) {
    if (!is_exact_infinity(in, kCompressedFlag | kInfinityFlag)) {
      return Unexpected{DecodeError::kBadFlags};
    }
    return Point::identity();
  }
  const std::optional<Field> x = read_masked<Field>(in);
  if (!x) return Unexpected{DecodeError::kNonCanonical};
  const std::optional<Field> y = (x->square() * *x + Curve::b()).sqrt();
  if (!y) return Unexpected{DecodeError::kNotOnCurve};
  const bool want_largest = (flags & kSignFlag) != 0;
  const Point p = Point::from_xy(*x, y->is_lexicographically_largest() == want_largest ? *y : -*y);
  if (!passes_subgroup_check(p, check)) return Unexpected{DecodeError::kNotInSubgroup};
  return p;
}

template <class Curve>
Expected<AffinePoint<Curve>, DecodeError> decode_uncompressed_impl(
    std::span<const std::uint8_t, 2 * kCoordBytes<Curve>> in, SubgroupCheck check) {
  using Field = typename Curve::Field;
  using Point = AffinePoint<Curve>;
  constexpr std::size_t n = kCoordBytes<Curve>;
  const std::uint8_t flags = in[0] & kFlagMask;
  if (flags & (kCompressedFlag | kSignFlag)) return Unexpected{DecodeError::kBadFlags};
  if (flags & kInfinityFlag) {
    if (!is_exact_infinity(in, kInfinityFlag)) return Unexpected{DecodeError::kBadFlags};
    return Point::identity();
  }
  const std::optional<Field> x = Coordinate<Field>::read(in.template first<n>());
  const std::optional<Field> y = Coordinate<Field>::read(in.template last<n>());
  if (!x || !y) return Unexpected{DecodeError::kNonCanonical};
  const Point p = Point::from_xy(*x, *y);
  if (!p.is_on_curve()) return Unexpected{DecodeError::kNotOnCurve};
  if (!passes_subgroup_check(p, check)) return Unexpected{DecodeError::kNotInSubgroup};
  return p;
}

template <class Curve>
Expected<AffinePoint<Curve>, DecodeError> decode_any(std::span<const std::uint8_t> in,
                                                     SubgroupCheck check) {
  constexpr std::size_t n = kCoordBytes<Curve>;
  if (in.size() == n) return decode_compressed_impl<Curve>(in.template first<n>(), check);
  if (in.size() == 2 * n) {
    return decode_uncompressed_impl<Curve>(in.template first<2 * n>(), check);
  }
  return Unexpected{DecodeError::kBadLength};
}

}  // namespace

const char* to_string(DecodeError error) {
  switch (error) {
    case DecodeError::kBadLength:
      return "wrong length for a point encoding";
    case DecodeError::kBadFlags:
      return "invalid flag bits in a point encoding";
    case DecodeError::kNonCanonical:
      return "point coordinate not below the field modulus";
    case DecodeError::kNotOnCurve:
      return "point not on the curve";
    case DecodeError::kNotInSubgroup:
      return "point not in the prime-order subgroup";
  }
  return "unknown point decoding error";
}

std::array<std::uint8_t, kG1CompressedBytes> encode_compressed(const G1Affine& p) {
  return encode_compressed_impl(p);
}
std::array<std::uint8_t, kG1UncompressedBytes> encode_uncompressed(const G1Affine& p) {
  return encode_uncompressed_impl(p);
}
std::array<std::uint8_t, kG2CompressedBytes> encode_compressed(const G2Affine& p) {
  return encode_compressed_impl(p);
}
std::array<std::uint8_t, kG2UncompressedBytes> encode_uncompressed(const G2Affine& p) {
  return encode_uncompressed_impl(p);
}

Expected<G1Affine, DecodeError> decode_g1_compressed(
    std::span<const std::uint8_t, kG1CompressedBytes> in, SubgroupCheck check) {
  return decode_compressed_impl<G1Curve>(in, check);
}
Expected<G1Affine, DecodeError> decode_g1_uncompressed(
    std::span<const std::uint8_t, kG1UncompressedBytes> in, SubgroupCheck check) {
  return decode_uncompressed_impl<G1Curve>(in, check);
}
Expected<G2Affine, DecodeError> decode_g2_compressed(
    std::span<const std::uint8_t, kG2CompressedBytes> in, SubgroupCheck check) {
  return decode_compressed_impl<G2Curve>(in, check);
}
Expected<G2Affine, DecodeError> decode_g2_uncompressed(
    std::span<const std::uint8_t, kG2UncompressedBytes> in, SubgroupCheck check) {
  return decode_uncompressed_impl<G2Curve>(in, check);
}
Expected<G1Affine, DecodeError> decode_g1(std::span<const std::uint8_t> in, SubgroupCheck check) {
  return decode_any<G1Curve>(in, check);
}
Expected<G2Affine, DecodeError> decode_g2(std::span<const std::uint8_t> in, SubgroupCheck check) {
  return decode_any<G2Curve>(in, check);
}

}  // namespace cuzk::bls12_381
