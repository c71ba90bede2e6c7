// The label of a node computed natively (stacked/vanilla/create_label/single.rs): the reference
// the create_label circuit is tested against, and what test witnesses are built with.
#pragma once

#include <cstdint>
#include <span>

#include "porep/domain.hpp"

namespace cuzk::circuit::stacked {

// trunc(SHA-256(replica_id | layer u32 BE | node u64 BE | 20 zero bytes | parents...)), where
// trunc clears the top two bits (fr32). `parents` holds the 37 hashed parent labels in hashing
// order, or nothing for node 0, which has no parents.
porep::Domain create_label_native(const porep::Domain& replica_id, std::uint32_t layer,
                                  std::uint64_t node, std::span<const porep::Domain> parents);

}  // namespace cuzk::circuit::stacked
