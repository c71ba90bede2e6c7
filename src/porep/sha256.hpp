// SHA-256 for the PoRep's native side (replica_id, challenges, graph seeds), over OpenSSL.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

namespace cuzk::porep {

using Sha256Digest = std::array<std::uint8_t, 32>;

// Incremental hashing; each call to update appends to the message.
class Sha256 {
 public:
  Sha256();
  Sha256& update(std::span<const std::uint8_t> bytes);
  Sha256& update(std::string_view text);
  Sha256Digest finish();  // the object cannot be updated afterwards

 private:
  struct CtxDeleter {
    void operator()(void* ctx) const noexcept;
  };
  std::unique_ptr<void, CtxDeleter> ctx_;
};

Sha256Digest sha256(std::span<const std::uint8_t> bytes);

}  // namespace cuzk::porep
