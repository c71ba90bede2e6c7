// A binary node of a SHA-256 tree in the circuit (merkle/sha256_hasher_circuit.hpp: hash2_circuit,
// and hash_multi_leaf_circuit on two leaves, which allocate alike) computed natively: both
// children's to_bits_le, the bits the SHA-256 gadget allocates for their 64 bytes, then the
// trimmed digest packed into one value. PoRep's tree D and every TreeD hash of the update circuit
// (the apex tree, the partition path, each challenge's path to its apex leaf) are such nodes.
#pragma once

#include <cstddef>
#include <span>

#include "circuit/native/aux_writer.hpp"
#include "circuit/native/sha256_trace.hpp"

namespace cuzk::circuit::native {

class Sha256NodeTrace {
 public:
  // The hashed message: two field elements, to_bits_le each.
  static Sha256MessagePattern pattern();

  // The programs come from `programs`, which must hold pattern()'s blocks (a plan that shares
  // them with other messages); the default constructor makes its own.
  explicit Sha256NodeTrace(const Sha256ProgramSet& programs);
  Sha256NodeTrace();

  // Values one node writes: 2 x 255 bits, the compressions' bits and the packed digest.
  std::size_t num_aux() const { return 2 * Fr::kBits + message_.num_aux() + 1; }

  // Writes what the circuit allocates for the node over `left` and `right`; returns the node.
  Fr hash(AuxWriter& out, const Fr& left, const Fr& right) const;
  // The same for a level's children, which must be two (cuzk::Error otherwise).
  Fr hash(AuxWriter& out, std::span<const Fr> children) const;

 private:
  Sha256MessageTrace message_;
};

}  // namespace cuzk::circuit::native
