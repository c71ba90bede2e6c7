#include "hashers/sha256.hpp"

#include <openssl/evp.h>
#include <openssl/sha.h>

#include "util/error.hpp"

namespace cuzk::hashers {
namespace {

EVP_MD_CTX* as_ctx(void* p) { return static_cast<EVP_MD_CTX*>(p); }

}  // namespace

void Sha256::CtxDeleter::operator()(void* ctx) const noexcept { EVP_MD_CTX_free(as_ctx(ctx)); }

Sha256::Sha256() : ctx_(EVP_MD_CTX_new()) {
  if (!ctx_ || EVP_DigestInit_ex(as_ctx(ctx_.get()), EVP_sha256(), nullptr) != 1) {
    throw Error("OpenSSL cannot start a SHA-256 digest");
  }
}

Sha256& Sha256::update(std::span<const std::uint8_t> bytes) {
  if (EVP_DigestUpdate(as_ctx(ctx_.get()), bytes.data(), bytes.size()) != 1) {
    throw Error("OpenSSL SHA-256 update failed");
  }
  return *this;
}

Sha256& Sha256::update(std::string_view text) {
  return update(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

Sha256Digest Sha256::finish() {
  Sha256Digest out{};
  unsigned int len = 0;
  if (EVP_DigestFinal_ex(as_ctx(ctx_.get()), out.data(), &len) != 1 || len != out.size()) {
    throw Error("OpenSSL SHA-256 final failed");
  }
  return out;
}

// OpenSSL's one-shot call: no context allocated, which matters for the millions of 64-byte
// messages of a comm_d tree.
Sha256Digest sha256(std::span<const std::uint8_t> bytes) {
  Sha256Digest out{};
  SHA256(bytes.data(), bytes.size(), out.data());
  return out;
}

}  // namespace cuzk::hashers
