// Uncompressed point I/O shared by the .vk and .params readers and writers: bounds-checked reads
// from a byte span that raise ParamsError with the file, vector and index in the message.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bls12_381/encoding.hpp"
#include "prover/params/params_error.hpp"

namespace cuzk::prover::detail {

enum class Infinity { kAllowed, kRejected };

// "file: h[12]" or "file: vk.alpha_g1".
std::string point_label(const std::string& source, const char* vector, std::size_t index);
std::string point_label(const std::string& source, const char* name);

bls12_381::G1Affine decode_g1_or_throw(std::span<const std::uint8_t, 96> bytes,
                                       bls12_381::SubgroupCheck check, Infinity infinity,
                                       const std::string& label);
bls12_381::G2Affine decode_g2_or_throw(std::span<const std::uint8_t, 192> bytes,
                                       bls12_381::SubgroupCheck check, Infinity infinity,
                                       const std::string& label);

// A forward reader over the bytes of a file.
class ByteCursor {
 public:
  ByteCursor(std::span<const std::uint8_t> bytes, const std::string& source)
      : bytes_(bytes), source_(source) {}
  // The next n bytes; throws kTruncated naming `what` if fewer remain.
  std::span<const std::uint8_t> take(std::size_t n, const std::string& what);
  std::uint32_t take_u32_be(const std::string& what);
  std::size_t offset() const { return offset_; }
  std::size_t remaining() const { return bytes_.size() - offset_; }
  const std::string& source() const { return source_; }

 private:
  std::span<const std::uint8_t> bytes_;
  std::string source_;
  std::size_t offset_ = 0;
};

void append_u32_be(std::uint32_t v, std::vector<std::uint8_t>& out);
void append_uncompressed(const bls12_381::G1Affine& p, std::vector<std::uint8_t>& out);
void append_uncompressed(const bls12_381::G2Affine& p, std::vector<std::uint8_t>& out);

}  // namespace cuzk::prover::detail
