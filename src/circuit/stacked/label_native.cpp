#include "circuit/stacked/label_native.hpp"

#include <array>

#include "hashers/sha256.hpp"
#include "porep/registered_proof.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::stacked {

porep::Domain create_label_native(const porep::Domain& replica_id, std::uint32_t layer,
                                  std::uint64_t node, std::span<const porep::Domain> parents) {
  if (!parents.empty() && parents.size() != porep::kTotalParents) {
    throw Error("create_label: expected 0 or 37 parents");
  }
  std::array<std::uint8_t, 32> prefix{};  // layer and node big-endian, then zeros
  for (int i = 0; i < 4; ++i) prefix[i] = static_cast<std::uint8_t>(layer >> (24 - 8 * i));
  for (int i = 0; i < 8; ++i) prefix[4 + i] = static_cast<std::uint8_t>(node >> (56 - 8 * i));
  hashers::Sha256 h;
  h.update(replica_id).update(prefix);
  for (const porep::Domain& p : parents) h.update(p);
  return porep::truncate_to_fr32(h.finish());
}

}  // namespace cuzk::circuit::stacked
