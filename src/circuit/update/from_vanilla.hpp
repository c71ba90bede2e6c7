// One partition's circuit from its vanilla proof and statement (compound.rs
// EmptySectorUpdateCompound::circuit: circuit::PublicInputs::new and PrivateInputs::new): the
// public inputs as porep/update/public_inputs.hpp packs them, comm_c and the apex leaves as given,
// root_r_old and root_r_new from challenge 0's openings, and each opening's leaf and siblings as
// rows, one per tree level.
#pragma once

#include "circuit/update/update_inputs.hpp"
#include "porep/update/vanilla_proof.hpp"

namespace cuzk::circuit::update {

// Throws cuzk::Error for a value that is not a canonical Fr, a k or h the registered proof does
// not allow, or a partition proof without challenges.
UpdateCircuit circuit_from_vanilla(const porep::update::UpdateStatement& statement,
                                   const porep::update::PartitionProof& proof);

}  // namespace cuzk::circuit::update
