// filecoin-hashers' Sha256Function in the circuit (the comm_d tree). The digest's bits come out
// of the SHA-256 gadget in message order (most significant bit first in each byte); reversing
// each byte gives the digest as a little-endian integer, and packing its first 254 bits is the
// native trim (byte 31 &= 0x3f).
#pragma once

#include <span>
#include <vector>

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/boolean.hpp"
#include "circuit/gadgets/multipack.hpp"
#include "circuit/gadgets/num.hpp"
#include "circuit/gadgets/sha256.hpp"
#include "hashers/sha256_hasher.hpp"

namespace cuzk::circuit::merkle {

using hashers::fr_to_sha256_domain;
using hashers::sha256_domain_to_fr;
using hashers::sha256_multi_node;
using hashers::Sha256Domain;

namespace detail {

// Pads bits (little-endian, as to_bits_le gives them) with constant zeros to whole bytes and
// appends them with the order inside each byte reversed, turning the integer's bits into the
// SHA-256 bit stream of its little-endian bytes.
inline void append_le_bits_as_bytes(std::vector<Boolean>& out, std::span<const Boolean> bits) {
  std::vector<Boolean> padded(bits.begin(), bits.end());
  while (padded.size() % 8 != 0) padded.push_back(Boolean::constant(false));
  for (std::size_t byte = 0; byte < padded.size(); byte += 8) {
    for (std::size_t k = 8; k-- > 0;) out.push_back(padded[byte + k]);
  }
}

}  // namespace detail

// hash_circuit(bits): SHA-256 of the bit stream (scope "hash"), then trimmed and packed into one
// new variable (scope "pack_le").
template <ConstraintSystem CS>
AllocatedNum sha256_hash_circuit(CS& cs, std::span<const Boolean> bits) {
  std::vector<Boolean> digest;
  {
    auto scope = cs.scope("hash");
    digest = sha256(cs, bits);
  }
  std::vector<Boolean> le_bits;
  le_bits.reserve(digest.size());
  for (std::size_t byte = 0; byte < digest.size(); byte += 8) {
    for (std::size_t k = 8; k-- > 0;) le_bits.push_back(digest[byte + k]);
  }
  le_bits.resize(kPackCapacity);  // the trim
  auto scope = cs.scope("pack_le");
  return pack_bits(cs, le_bits);
}

// hash_leaf_bits_circuit: the two operands given as little-endian bits (e.g. 256 allocated bits
// each); 45,387 constraints for 2 x 256 freshly allocated bits, those included.
template <ConstraintSystem CS>
AllocatedNum sha256_leaf_bits_circuit(CS& cs, std::span<const Boolean> left,
                                      std::span<const Boolean> right) {
  std::vector<Boolean> preimage;
  detail::append_le_bits_as_bytes(preimage, left);
  detail::append_le_bits_as_bytes(preimage, right);
  return sha256_hash_circuit(cs, preimage);
}

// hash2_circuit: both operands decomposed first ("a_bits", "b_bits"), then hashed as the 64 bytes
// a || b. 45,379 constraints.
template <ConstraintSystem CS>
AllocatedNum sha256_hash2_circuit(CS& cs, const AllocatedNum& a, const AllocatedNum& b) {
  std::vector<Boolean> a_bits, b_bits;
  {
    auto scope = cs.scope("a_bits");
    a_bits = a.to_bits_le(cs);
  }
  {
    auto scope = cs.scope("b_bits");
    b_bits = b.to_bits_le(cs);
  }
  return sha256_leaf_bits_circuit(cs, a_bits, b_bits);
}

// hash_leaf_circuit (the HashFunction default): as hash2_circuit with the scopes "left num into
// bits" and "right num into bits".
template <ConstraintSystem CS>
AllocatedNum sha256_hash_leaf_circuit(CS& cs, const AllocatedNum& left, const AllocatedNum& right) {
  std::vector<Boolean> l, r;
  {
    auto scope = cs.scope("left num into bits");
    l = left.to_bits_le(cs);
  }
  {
    auto scope = cs.scope("right num into bits");
    r = right.to_bits_le(cs);
  }
  return sha256_leaf_bits_circuit(cs, l, r);
}

// hash_multi_leaf_circuit: each leaf decomposed and appended in turn (bellperson names the scope
// "{i}_num_into_bits"; here it is "num_into_bits i", a TestCS-only difference), then
// sha256_hash_circuit over the concatenation. 45,379 constraints for two leaves.
template <ConstraintSystem CS>
AllocatedNum sha256_multi_leaf_circuit(CS& cs, std::span<const AllocatedNum> leaves) {
  std::vector<Boolean> bits;
  for (std::size_t i = 0; i < leaves.size(); ++i) {
    std::vector<Boolean> leaf_bits;
    {
      auto scope = cs.scope("num_into_bits", i);
      leaf_bits = leaves[i].to_bits_le(cs);
    }
    detail::append_le_bits_as_bytes(bits, leaf_bits);
  }
  return sha256_hash_circuit(cs, bits);
}

// The Merkle-hasher policy of the PoR gadget for SHA-256 trees.
struct Sha256MerkleHasher {
  template <ConstraintSystem CS>
  static AllocatedNum hash_multi_leaf(CS& cs, std::span<const AllocatedNum> leaves) {
    return sha256_multi_leaf_circuit(cs, leaves);
  }
  static Fr hash_multi_leaf_native(std::span<const Fr> leaves) {
    std::vector<Sha256Domain> parts;
    parts.reserve(leaves.size());
    for (const Fr& x : leaves) parts.push_back(fr_to_sha256_domain(x));
    return sha256_domain_to_fr(sha256_multi_node(parts));
  }
};

}  // namespace cuzk::circuit::merkle
