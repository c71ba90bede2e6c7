#include "hashers/sha256_hasher.hpp"

#include <stdexcept>
#include <vector>

#include "hashers/sha256.hpp"

namespace cuzk::hashers {

namespace {

// Keeps the low 254 bits of the little-endian integer.
constexpr std::uint8_t kTopByteMask = 0x3f;

}  // namespace

Sha256Domain sha256_trim(Sha256Domain digest) {
  digest[31] &= kTopByteMask;
  return digest;
}

Sha256Domain sha256_hash(std::span<const std::uint8_t> data) { return sha256_trim(sha256(data)); }

Sha256Domain sha256_hash2(const Sha256Domain& a, const Sha256Domain& b) {
  const Sha256Domain parts[] = {a, b};
  return sha256_multi_node(parts);
}

Sha256Domain sha256_multi_node(std::span<const Sha256Domain> parts) {
  std::vector<std::uint8_t> message;
  message.reserve(parts.size() * sizeof(Sha256Domain));
  for (const auto& p : parts) message.insert(message.end(), p.begin(), p.end());
  return sha256_hash(message);
}

bls12_381::Fr sha256_domain_to_fr(const Sha256Domain& d) {
  const auto x = bls12_381::Fr::from_bytes_le(d);
  if (!x) throw std::invalid_argument("SHA-256 domain element is not below r (untrimmed?)");
  return *x;
}

Sha256Domain fr_to_sha256_domain(const bls12_381::Fr& x) { return x.to_bytes_le(); }

}  // namespace cuzk::hashers
