#include "circuit/fingerprint_hasher.hpp"

#include <openssl/evp.h>

#include <cstring>

#include "util/error.hpp"
#include "util/hex.hpp"

namespace cuzk::circuit {

namespace {
// OpenSSL is fed in chunks of this size: one EVP call per term would cost more than the hashing.
constexpr std::size_t kBufferBytes = 1 << 14;
}  // namespace

void FingerprintHasher::EvpDeleter::operator()(void* ctx) const noexcept {
  EVP_MD_CTX_free(static_cast<EVP_MD_CTX*>(ctx));
}

FingerprintHasher::FingerprintHasher(const CircuitSize& size) : ctx_(EVP_MD_CTX_new()) {
  if (!ctx_ ||
      EVP_DigestInit_ex(static_cast<EVP_MD_CTX*>(ctx_.get()), EVP_blake2s256(), nullptr) != 1) {
    throw Error("circuit fingerprint: OpenSSL has no BLAKE2s-256");
  }
  buffer_.reserve(kBufferBytes);
  put_u64(size.num_inputs);
  put_u64(size.num_aux);
  put_u64(size.num_constraints);
}

FingerprintHasher::~FingerprintHasher() = default;

void FingerprintHasher::add_constraint(LinearCombination& a, LinearCombination& b,
                                       LinearCombination& c) {
  a.normalize();
  b.normalize();
  c.normalize();
  add_normalized_constraint(a, b, c);
}

void FingerprintHasher::add_normalized_constraint(const LinearCombination& a,
                                                  const LinearCombination& b,
                                                  const LinearCombination& c) {
  add_lc(a);
  add_lc(b);
  add_lc(c);
}

void FingerprintHasher::add_lc(const LinearCombination& lc) {
  std::uint64_t nonzero = 0;
  for (const Term& t : lc.terms()) nonzero += t.coeff.is_zero() ? 0 : 1;
  put_u64(nonzero);
  for (const Term& t : lc.terms()) {
    if (t.coeff.is_zero()) continue;
    const std::uint8_t tag = t.var.is_input() ? 'I' : 'A';
    put(&tag, 1);
    put_u64(t.var.index());
    const auto bytes = t.coeff.to_bytes_be();
    put(bytes.data(), bytes.size());
  }
}

void FingerprintHasher::put(const std::uint8_t* bytes, std::size_t n) {
  if (buffer_.size() + n > kBufferBytes) flush_buffer();
  buffer_.insert(buffer_.end(), bytes, bytes + n);
}

void FingerprintHasher::put_u64(std::uint64_t v) {
  std::uint8_t be[8];
  for (int i = 0; i < 8; ++i) be[i] = static_cast<std::uint8_t>(v >> (56 - 8 * i));
  put(be, 8);
}

void FingerprintHasher::flush_buffer() {
  if (buffer_.empty()) return;
  if (EVP_DigestUpdate(static_cast<EVP_MD_CTX*>(ctx_.get()), buffer_.data(), buffer_.size()) != 1) {
    throw Error("circuit fingerprint: BLAKE2s update failed");
  }
  buffer_.clear();
}

std::string FingerprintHasher::finish() {
  flush_buffer();
  std::uint8_t digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (EVP_DigestFinal_ex(static_cast<EVP_MD_CTX*>(ctx_.get()), digest, &len) != 1 || len != 32) {
    throw Error("circuit fingerprint: BLAKE2s finalization failed");
  }
  return to_hex(std::span<const std::uint8_t>(digest, len));
}

}  // namespace cuzk::circuit
