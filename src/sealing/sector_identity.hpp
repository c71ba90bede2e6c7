// Who seals which sector with which ticket: with the commitment to the data and the registered
// proof's porep_id, these give the replica_id (porep/replica_id.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "porep/domain.hpp"
#include "porep/replica_id.hpp"

namespace cuzk::sealing {

// 32 bytes from 64 hex digits (with or without "0x"), byte 0 first, as C1 files list them.
std::optional<porep::Domain> domain_from_hex(std::string_view hex);

struct SectorIdentity {
  porep::ProverId prover_id{};
  std::uint64_t sector_id = 0;
  porep::Domain ticket{};
};

}  // namespace cuzk::sealing
