#include "sealing/sector_identity.hpp"

#include <algorithm>

#include "util/hex.hpp"

namespace cuzk::sealing {

std::optional<porep::Domain> domain_from_hex(std::string_view hex) {
  const auto bytes = from_hex(hex);
  if (!bytes || bytes->size() != porep::Domain{}.size()) return std::nullopt;
  porep::Domain d{};
  std::copy(bytes->begin(), bytes->end(), d.begin());
  return d;
}

}  // namespace cuzk::sealing
