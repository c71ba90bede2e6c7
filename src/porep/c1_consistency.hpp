// Checks a parsed C1 output against what its public values imply, the way vanilla
// `Proof::verify` and `StackedCompound::circuit` do, without any hashing of tree nodes:
//  * each proof's challenge is the one derived from replica_id, seed and comm_r (challenges.hpp)
//    under c1.config(), the overrides applied;
//  * its DRG and expander parent columns are the graph's parents of that challenge, in order;
//  * every column opening has the challenge's comm_c as root, and within a partition all proofs
//    share comm_c and comm_r_last;
//  * the comm_d openings have the file's comm_d as root.
// Throws cuzk::Error naming the partition, challenge and field of the first mismatch.
#pragma once

#include "porep/c1_output.hpp"

namespace cuzk::porep {

void check_c1_consistency(const C1Output& c1);

}  // namespace cuzk::porep
