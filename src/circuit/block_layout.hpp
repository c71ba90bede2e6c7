// Where each block of a partition sits in its circuit's numbering. The PoRep and the
// EmptySectorUpdate partitions are both a prefix (the statement's variables and what every
// challenge shares) followed by `challenges` blocks that reference only the prefix's variables and
// their own, and that all have the same numbers of inputs, aux variables, constraints and non-zero
// terms whatever the values: a circuit's structure never depends on a value. So block i starts at
// prefix + i * block, and once one system has measured the prefix and one block, the others can be
// synthesized on other threads into systems that start there (ShapeCS and WitnessCS take a start),
// each writing its own range of the result.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "circuit/compact_r1cs.hpp"
#include "circuit/fingerprint_hasher.hpp"

namespace cuzk::circuit {

// Non-zero terms of A, B and C.
using Nonzeros = std::array<std::size_t, 3>;

struct BlockLayout {
  std::uint32_t challenges = 0;
  CircuitSize prefix;  // counts after the prefix (ONE included)
  CircuitSize block;   // one challenge's own counts
  Nonzeros prefix_nonzeros{};
  Nonzeros block_nonzeros{};

  // Counts before challenge i (i == challenges: the whole synthesized circuit, without bellperson's
  // input rows).
  CircuitSize block_start(std::size_t i) const {
    return {prefix.num_inputs + i * block.num_inputs, prefix.num_aux + i * block.num_aux,
            prefix.num_constraints + i * block.num_constraints};
  }
  Nonzeros block_start_nonzeros(std::size_t i) const {
    return {prefix_nonzeros[0] + i * block_nonzeros[0], prefix_nonzeros[1] + i * block_nonzeros[1],
            prefix_nonzeros[2] + i * block_nonzeros[2]};
  }
  CircuitSize total() const { return block_start(challenges); }
  Nonzeros total_nonzeros() const { return block_start_nonzeros(challenges); }
  // The whole recorded partition: the synthesized rows, then bellperson's input rows
  // (Input(i) · 0 = 0), one a row.
  CircuitSize recorded_size() const {
    const CircuitSize synthesized = total();
    return {synthesized.num_inputs, synthesized.num_aux,
            synthesized.num_constraints + synthesized.num_inputs};
  }
};

// Sizes r and its matrices for the layout's whole recorded partition (recorded_size), leaving the
// terms unwritten for the blocks' copies and append_input_rows to fill.
void size_recorded_partition(CompactR1cs& r, const BlockLayout& layout);

// Writes bellperson's input rows after the synthesized ones: one A term each (Input(i), coefficient
// one), nothing in B and C. They name only input columns of A, which no density counts.
void append_input_rows(CompactR1cs& r, const BlockLayout& layout);

// The non-zero terms a system (ShapeCS, CountingCS) has recorded so far.
template <class CS>
Nonzeros nonzeros_of(const CS& cs) {
  return {cs.nonzeros_a(), cs.nonzeros_b(), cs.nonzeros_c()};
}

// a - b, count by count.
CircuitSize size_difference(const CircuitSize& a, const CircuitSize& b);

// Throws cuzk::Error naming the circuit and `what` (e.g. "challenge 3") unless a system that
// synthesized it ended at the counts the layout expects: a guard against a structure that
// depended on values.
void check_block_counts(const CircuitSize& end, const CircuitSize& expected,
                        const std::string& circuit, const std::string& what);

}  // namespace cuzk::circuit
