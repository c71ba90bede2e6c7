// The names PreloadSRS, EvictSRS and GetStatus give parameters: "porep-" for a PoRep C2's,
// "snap-" for a SnapDeals update's, then the sector size in its largest whole unit, lower case:
// porep-2k, porep-8m, porep-512m, porep-32g, porep-64g and snap-2k ... snap-64g (curio names the
// 32 and 64 GiB ones so; the smaller sizes follow the same rule). Every registered seal proof of
// a size shares its parameter file, so a porep id names a size; loading one loads the V1_1
// proof's, the registered proof mainnet seals with. Each size has one registered update proof.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "pipeline/circuit_kind.hpp"

namespace cuzk::serve {

std::string circuit_id(const pipeline::CircuitKind& kind);

// None for a name that is not one of the ten.
std::optional<pipeline::CircuitKind> circuit_for_id(std::string_view circuit_id);

// Every known circuit id, comma-separated: for the error that names an unknown one.
std::string circuit_ids();

}  // namespace cuzk::serve
