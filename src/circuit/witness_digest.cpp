#include "circuit/witness_digest.hpp"

#include <array>
#include <cstring>
#include <span>
#include <vector>

#include "hashers/sha256.hpp"
#include "util/hex.hpp"

namespace cuzk::circuit {

namespace {

// Feeds canonical little-endian values to SHA-256 through a buffer: one OpenSSL call per value
// would cost more than the hashing.
class ValueHasher {
 public:
  ValueHasher() { buffer_.reserve(kBufferBytes); }

  void add(const Fr& v) {
    if (v.is_zero()) return add_small(0);
    if (v.is_one()) return add_small(1);
    std::uint8_t* out = room();
    v.to_bytes_le(std::span<std::uint8_t, 32>(out, 32));
  }
  // 0 or 1 without leaving Montgomery form.
  void add_small(std::uint8_t v) {
    std::uint8_t* out = room();
    std::memset(out, 0, 32);
    out[0] = v;
  }
  void add_all(std::span<const Fr> values) {
    for (const Fr& v : values) add(v);
  }

  std::string finish() {
    sha_.update(buffer_);
    return to_hex(sha_.finish());
  }

 private:
  static constexpr std::size_t kBufferBytes = std::size_t{1} << 20;

  std::uint8_t* room() {
    if (buffer_.size() + 32 > kBufferBytes) {
      sha_.update(buffer_);
      buffer_.clear();
    }
    buffer_.resize(buffer_.size() + 32);
    return buffer_.data() + buffer_.size() - 32;
  }

  std::vector<std::uint8_t> buffer_;
  hashers::Sha256 sha_;
};

std::string digest_values(std::span<const Fr> values) {
  ValueHasher h;
  h.add_all(values);
  return h.finish();
}

}  // namespace

WitnessDigest digest_witness(const ProvingCS& cs) {
  return {cs.num_inputs(), cs.num_aux(), digest_values(cs.aux()), digest_values(cs.inputs())};
}

WitnessDigest digest_witness(const CompactWitness& w) {
  ValueHasher aux;
  std::size_t next_wide = 0;
  for (std::size_t j = 0; j < w.num_aux; ++j) {
    if (next_wide < w.wide.size() && w.wide[next_wide].aux_index == j) {
      aux.add(w.wide[next_wide++].value);
    } else {
      aux.add_small(w.bits.test(j) ? 1 : 0);
    }
  }
  return {w.inputs.size(), w.num_aux, aux.finish(), digest_values(w.inputs)};
}

}  // namespace cuzk::circuit
