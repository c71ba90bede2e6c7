// The names PreloadSRS, EvictSRS and GetStatus give parameters: "porep-" and the sector size in
// its largest whole unit, lower case: porep-2k, porep-8m, porep-512m, porep-32g, porep-64g (curio
// names the last two so; the smaller sizes follow the same rule). Every registered proof of a size
// shares its parameter file, so a circuit id names a size; loading one loads the V1_1 proof's,
// the registered proof mainnet seals with.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "porep/registered_proof.hpp"

namespace cuzk::serve {

std::string circuit_id(porep::RegisteredSealProof proof);

// None for a name that is not one of the five.
std::optional<porep::RegisteredSealProof> proof_for_circuit(std::string_view circuit_id);

// Every known circuit id, comma-separated: for the error that names an unknown one.
std::string circuit_ids();

}  // namespace cuzk::serve
