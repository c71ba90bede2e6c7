// The EmptySectorUpdate circuit's witness computed natively, stretch by stretch: for each, the
// values its gadgets (update_circuit.hpp) allocate, in their order, written with native SHA-256
// and Poseidon (circuit/native/) instead of through a constraint system. The stretches are
//  - the head: the prefix up to the apex tree (the statement, phi, the private roots, the apex
//    leaves, the partition path, comm_r_old/new recomputed);
//  - a run of the apex tree's hashes (each has the same size, so any run has a known range);
//  - the tail: the apex root's path to comm_d_new and every challenge's random bits;
//  - one challenge (synthesize_update_challenge).
// Each needs only the circuit and the prefix's values, computed once beforehand with plain hashes
// (UpdatePrefixValues), so stretches can be written on different threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "circuit/native/aux_writer.hpp"
#include "circuit/native/sha256_node_trace.hpp"
#include "circuit/update/update_inputs.hpp"

namespace cuzk::circuit::update {

// The values of the prefix's wires that more than one stretch reads.
struct UpdatePrefixValues {
  std::uint64_t partition = 0;  // k, the low partition_bit_len bits of k_and_h_select
  std::uint64_t h_select = 0;   // the kHsCount bits above them
  Fr phi;
  // The apex tree, flattened: the leaves, then every hash row by row, so that hash h hashes
  // nodes[2h] and nodes[2h + 1] into nodes[apex_leaf_count + h]; the last node is the apex root.
  std::vector<Fr> apex_nodes;
  // Each challenge's bits as a number: its random bits, then the partition index above them.
  std::vector<std::uint64_t> challenges;
};

// Computes them from the circuit, which validate() accepted. Throws cuzk::Error on a missing
// value, as the gadgets do where they allocate it.
UpdatePrefixValues update_prefix_values(const UpdateCircuit& circuit);

// The head's values; appends its public inputs (ONE excluded) to `inputs`.
void write_update_head(const UpdateCircuit& circuit, const UpdatePrefixValues& values,
                       native::AuxWriter& out, std::vector<Fr>& inputs);

// Apex tree hashes first .. first + count - 1 (numbered as in UpdatePrefixValues::apex_nodes).
void write_apex_hashes(const native::Sha256NodeTrace& node, const UpdatePrefixValues& values,
                       std::size_t first, std::size_t count, native::AuxWriter& out);

// The tail: the apex root's inclusion along the partition path, then gen_challenge_bits.
void write_update_tail(const native::Sha256NodeTrace& node, const UpdateCircuit& circuit,
                       const UpdatePrefixValues& values, native::AuxWriter& out);

// Challenge `c`. Throws cuzk::Error on a missing value or a new label that is not the encoding,
// as the gadgets do.
void write_update_challenge(const native::Sha256NodeTrace& node, const UpdateCircuit& circuit,
                            const UpdatePrefixValues& values, std::size_t c,
                            native::AuxWriter& out);

}  // namespace cuzk::circuit::update
