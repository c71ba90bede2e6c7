// A really sealed sector's C1 (sealing::generate_c1), parsed, with who sealed it: for tests that
// prove a sector end to end in-process.
#pragma once

#include <cstdint>

#include "porep/c1_output.hpp"
#include "porep/c1_parser.hpp"
#include "porep/registered_proof.hpp"
#include "porep/replica_id.hpp"
#include "sealing/c1_generator.hpp"
#include "sealing/c1_validator.hpp"
#include "sealing/c1_writer.hpp"

namespace cuzk::test {

struct SealedC1 {
  sealing::ProverSector prover_sector;
  porep::C1Output c1;
};

// Ticket and seed are fixed (0x11..., 0x22...).
inline SealedC1 sealed_c1(porep::RegisteredSealProof proof, std::uint64_t miner_id,
                          std::uint64_t sector_id) {
  sealing::GenerateC1Options g;
  g.proof = proof;
  g.identity.prover_id = porep::prover_id_from_actor_id(miner_id);
  g.identity.sector_id = sector_id;
  g.identity.ticket.fill(0x11);
  g.seed.fill(0x22);
  return {{g.identity.prover_id, sector_id},
          porep::parse_c1(sealing::c1_inner_json(sealing::generate_c1(g)))};
}

}  // namespace cuzk::test
