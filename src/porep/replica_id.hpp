// Sector identity: the prover id of a miner actor and the replica_id that C1 and verify_seal
// derive from it (stacked/vanilla/params.rs `generate_replica_id`).
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "porep/domain.hpp"
#include "porep/registered_proof.hpp"

namespace cuzk::porep {

using ProverId = std::array<std::uint8_t, 32>;

// The payload of the ID address f0<actor_id>: the unsigned LEB128 varint of the actor id,
// left-aligned in 32 zero bytes (filecoin-ffi `toProverID`).
ProverId prover_id_from_actor_id(std::uint64_t actor_id);
// The inverse: the actor id whose ID address `prover_id` is the payload of, or nullopt for any
// other 32 bytes (a non-minimal varint, bytes after it, more than 64 bits).
std::optional<std::uint64_t> actor_id_from_prover_id(const ProverId& prover_id);

// truncate_to_fr32(SHA-256(prover_id || sector_id as u64 BE || ticket || comm_d || porep_id)).
Domain replica_id(const ProverId& prover_id, std::uint64_t sector_id, const Domain& ticket,
                  const Domain& comm_d, const PorepId& porep_id);

}  // namespace cuzk::porep
