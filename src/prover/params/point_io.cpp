#include "prover/params/point_io.hpp"

namespace cuzk::prover::detail {

namespace {

ParamsErrorKind kind_of(bls12_381::DecodeError e) {
  return e == bls12_381::DecodeError::kNotInSubgroup ? ParamsErrorKind::kNotInSubgroup
                                                     : ParamsErrorKind::kBadPoint;
}

template <class Affine, class Decoded>
Affine finish(const Decoded& decoded, Infinity infinity, const std::string& label) {
  if (!decoded) {
    throw ParamsError(kind_of(decoded.error()),
                      label + ": " + bls12_381::to_string(decoded.error()));
  }
  if (infinity == Infinity::kRejected && decoded->is_identity()) {
    throw ParamsError(ParamsErrorKind::kPointAtInfinity, label + ": point at infinity");
  }
  return *decoded;
}

}  // namespace

std::string point_label(const std::string& source, const char* vector, std::size_t index) {
  return source + ": " + vector + "[" + std::to_string(index) + "]";
}
std::string point_label(const std::string& source, const char* name) {
  return source + ": " + name;
}

bls12_381::G1Affine decode_g1_or_throw(std::span<const std::uint8_t, 96> bytes,
                                       bls12_381::SubgroupCheck check, Infinity infinity,
                                       const std::string& label) {
  return finish<bls12_381::G1Affine>(bls12_381::decode_g1_uncompressed(bytes, check), infinity,
                                     label);
}

bls12_381::G2Affine decode_g2_or_throw(std::span<const std::uint8_t, 192> bytes,
                                       bls12_381::SubgroupCheck check, Infinity infinity,
                                       const std::string& label) {
  return finish<bls12_381::G2Affine>(bls12_381::decode_g2_uncompressed(bytes, check), infinity,
                                     label);
}

std::span<const std::uint8_t> ByteCursor::take(std::size_t n, const std::string& what) {
  if (remaining() < n) {
    throw ParamsError(ParamsErrorKind::kTruncated, source_ + ": truncated: " + what + " needs " +
                                                       std::to_string(n) + " bytes at offset " +
                                                       std::to_string(offset_) + ", only " +
                                                       std::to_string(remaining()) + " remain");
  }
  const auto out = bytes_.subspan(offset_, n);
  offset_ += n;
  return out;
}

std::uint32_t ByteCursor::take_u32_be(const std::string& what) {
  const auto b = take(4, what);
  return (std::uint32_t{b[0]} << 24) | (std::uint32_t{b[1]} << 16) | (std::uint32_t{b[2]} << 8) |
         std::uint32_t{b[3]};
}

void append_u32_be(std::uint32_t v, std::vector<std::uint8_t>& out) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(v >> shift));
}

void append_uncompressed(const bls12_381::G1Affine& p, std::vector<std::uint8_t>& out) {
  const auto e = bls12_381::encode_uncompressed(p);
  out.insert(out.end(), e.begin(), e.end());
}

void append_uncompressed(const bls12_381::G2Affine& p, std::vector<std::uint8_t>& out) {
  const auto e = bls12_381::encode_uncompressed(p);
  out.insert(out.end(), e.begin(), e.end());
}

}  // namespace cuzk::prover::detail
