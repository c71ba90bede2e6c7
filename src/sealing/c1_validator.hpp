// Checks every vanilla proof of a C1 output natively, as rust-fil-proofs' vanilla verifier does
// and more (stacked/vanilla/params.rs Proof::verify, proof_scheme.rs verify_all_partitions), so a
// broken input is named before any GPU time is spent on it. In this order:
//  * the seed, comm_d and comm_r are not zero (C2 rejects them); with a sector identity, replica_id
//    recomputed from prover id, sector id, ticket, comm_d and porep_id; the partition and
//    challenge counts are the registered proof's;
//  * per partition: comm_r = Poseidon2(comm_c, comm_r_last) of the partition's roots;
//  * per challenge: the challenge is the derived one; the data opening (root comm_d, node, path);
//    each parent column (the graph's parent, root comm_c, node, leaf = column hash, path); each
//    layer's label recomputed from the parent columns equals the challenged column's row; the
//    challenged column's opening; the labeling and encoding proofs hash the parent columns'
//    labels; the replica node is label_L + data; the replica opening (root comm_r_last, node,
//    path).
// The porep_id and API version behind replica_id, the challenges and the graph are c1.config()'s:
// the registered proof's unless c1.overrides names a network's own.
// Costs milliseconds for a 2 KiB C1 and well under a second for 32 GiB (challenges in parallel).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "porep/c1_output.hpp"
#include "porep/replica_id.hpp"

namespace cuzk::sealing {

struct C1Defect {
  std::optional<std::uint32_t> partition;
  std::optional<std::uint32_t> challenge;  // position within the partition
  std::string problem;
  std::string file{};  // the C1's file (C1Output::source), empty if it was not read from one

  // "c1.json: partition 3, challenge 7: label of layer 2 does not match its parents"
  std::string message() const;
};

// Who sealed the sector: enables the replica_id check.
struct ProverSector {
  porep::ProverId prover_id{};
  std::uint64_t sector_id = 0;
};

// The first defect in the order above, or nothing for a valid C1.
[[nodiscard]] std::optional<C1Defect> find_c1_defect(
    const porep::C1Output& c1, const std::optional<ProverSector>& sector = std::nullopt);

// Only the first checks of find_c1_defect, which need no proof: the zero values and, with a sector
// identity, replica_id. For commands that take a C1's values as the statement about a sector.
[[nodiscard]] std::optional<C1Defect> find_identity_defect(
    const porep::C1Output& c1, const std::optional<ProverSector>& sector);

// find_c1_defect, throwing cuzk::Error with the defect's message, which names the C1's file.
void check_c1(const porep::C1Output& c1, const std::optional<ProverSector>& sector = std::nullopt);

}  // namespace cuzk::sealing
