// The label of a node in the circuit (stacked/circuit/create_label.rs create_label_circuit):
// SHA-256 over the 39 x 32-byte message
//   replica_id | layer (u32 BE) | node (u64 BE) | zeros to 64 bytes | 37 parent labels
// whose bits the caller provides as SHA-256 message bits (each 32-byte value in little-endian
// byte order, most significant bit first within a byte: reverse_bit_numbering of to_bits_le).
// The digest, read as a little-endian integer with its top two bits dropped, is packed into one
// new variable, as the native label's fr32 truncation does.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/boolean.hpp"
#include "circuit/gadgets/multipack.hpp"
#include "circuit/gadgets/num.hpp"
#include "circuit/gadgets/sha256.hpp"
#include "circuit/gadgets/uint32.hpp"
#include "circuit/stacked/bit_order.hpp"
#include "circuit/stacked/uint64.hpp"
#include "porep/registered_proof.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::stacked {

inline constexpr std::size_t kLabelSlotBits = 256;  // one 32-byte value of the message

namespace detail {
inline void pad_with_zeros(std::vector<Boolean>& bits, std::size_t multiple) {
  while (bits.size() % multiple != 0) bits.push_back(Boolean::constant(false));
}
}  // namespace detail

// SHA-256 in scope "hash", then the packing in scope "result_num". `parents` holds exactly
// kTotalParents bit vectors (the same vector may be repeated: repeats reuse its variables).
template <ConstraintSystem CS>
AllocatedNum create_label_circuit(CS& cs, std::span<const Boolean> replica_id,
                                  std::span<const std::span<const Boolean>> parents,
                                  const UInt32& layer, const UInt64& node) {
  if (replica_id.size() < 32 || replica_id.size() > kLabelSlotBits) {
    throw Error("create_label: replica id must have 32 to 256 bits");
  }
  if (parents.size() != porep::kTotalParents) {
    throw Error("create_label: expected 37 parents, got " + std::to_string(parents.size()));
  }
  std::vector<Boolean> message;
  message.reserve((2 + porep::kTotalParents) * kLabelSlotBits);
  message.assign(replica_id.begin(), replica_id.end());
  detail::pad_with_zeros(message, kLabelSlotBits);
  const UInt32::Bits layer_bits = layer.into_bits_be();
  message.insert(message.end(), layer_bits.begin(), layer_bits.end());
  const UInt64::Bits node_bits = node.to_bits_be();
  message.insert(message.end(), node_bits.begin(), node_bits.end());
  detail::pad_with_zeros(message, 2 * kLabelSlotBits);
  for (const std::span<const Boolean> parent : parents) {
    message.insert(message.end(), parent.begin(), parent.end());
    detail::pad_with_zeros(message, kLabelSlotBits);
  }
  if (message.size() != (2 + porep::kTotalParents) * kLabelSlotBits) {
    throw Error("create_label: a parent has more than 256 bits");
  }

  std::vector<Boolean> digest;
  {
    [[maybe_unused]] auto scope = cs.scope("hash");
    digest = sha256(cs, std::span<const Boolean>(message));
  }
  const std::vector<Boolean> le_bits = reverse_bit_numbering(digest);
  [[maybe_unused]] auto scope = cs.scope("result_num");
  return pack_bits(cs, std::span<const Boolean>(le_bits).first(kPackCapacity));
}

}  // namespace cuzk::circuit::stacked
