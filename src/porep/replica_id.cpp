#include "porep/replica_id.hpp"

#include "hashers/sha256.hpp"

namespace cuzk::porep {

ProverId prover_id_from_actor_id(std::uint64_t actor_id) {
  ProverId out{};
  std::size_t i = 0;
  do {
    auto byte = static_cast<std::uint8_t>(actor_id & 0x7f);
    actor_id >>= 7;
    if (actor_id != 0) byte |= 0x80;
    out[i++] = byte;
  } while (actor_id != 0);  // at most 10 bytes for a u64
  return out;
}

std::optional<std::uint64_t> actor_id_from_prover_id(const ProverId& prover_id) {
  std::uint64_t actor_id = 0;
  for (std::size_t i = 0; i < 10; ++i) {  // a u64 takes at most 10 groups of 7 bits
    actor_id |= std::uint64_t{prover_id[i] & 0x7fu} << (7 * i);
    if ((prover_id[i] & 0x80) == 0) break;
  }
  // Bits past 64 were shifted out and a longer or padded varint decodes to the same value, so
  // only an exact re-encoding proves that these bytes are an actor's.
  if (prover_id_from_actor_id(actor_id) != prover_id) return std::nullopt;
  return actor_id;
}

Domain replica_id(const ProverId& prover_id, std::uint64_t sector_id, const Domain& ticket,
                  const Domain& comm_d, const PorepId& porep_id) {
  std::array<std::uint8_t, 8> sector_be{};
  for (int i = 0; i < 8; ++i) sector_be[i] = static_cast<std::uint8_t>(sector_id >> (56 - 8 * i));
  return truncate_to_fr32(hashers::Sha256()
                              .update(prover_id)
                              .update(sector_be)
                              .update(ticket)
                              .update(comm_d)
                              .update(porep_id)
                              .finish());
}

}  // namespace cuzk::porep
