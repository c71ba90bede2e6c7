// filecoin-hashers' Sha256Function, natively: how the comm_d tree (binary SHA-256) hashes. A
// domain element is 32 bytes; every digest is "trimmed" (byte 31 &= 0x3f), which clears bits 254
// and 255 of the little-endian integer so the result is always a valid Fr below 2^254.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "bls12_381/fields.hpp"

namespace cuzk::hashers {

using Sha256Domain = std::array<std::uint8_t, 32>;

// trim: byte 31 &= 0x3f, the digest as a little-endian integer below 2^254.
Sha256Domain sha256_trim(Sha256Domain digest);

// trim(SHA-256(data)).
Sha256Domain sha256_hash(std::span<const std::uint8_t> data);

// trim(SHA-256(a || b)): hash2, and the Merkle node(left, right) at any height.
Sha256Domain sha256_hash2(const Sha256Domain& a, const Sha256Domain& b);

// trim(SHA-256(parts[0] || parts[1] || ...)): multi_node.
Sha256Domain sha256_multi_node(std::span<const Sha256Domain> parts);

// The element as a field element (little-endian); trimmed digests always fit.
bls12_381::Fr sha256_domain_to_fr(const Sha256Domain& d);
Sha256Domain fr_to_sha256_domain(const bls12_381::Fr& x);

}  // namespace cuzk::hashers
