// The QAP of a circuit at one point, column by column: for every variable j and each matrix M of
// A, B, C, M_j(tau) = sum over constraints i of M_ij L_i(tau), where L_i(tau) is the Lagrange
// basis of the evaluation domain at tau. bellperson's generator.rs computes this from
// KeypairAssembly's columns; here it comes from the compact row-major recording
// (circuit/compact_r1cs.hpp), about a fifth of the memory at 32 GiB (7.3 GB against 30 GB).
#pragma once

#include <span>
#include <vector>

#include "circuit/compact_r1cs.hpp"

namespace cuzk::prover {

using bls12_381::Fr;

// One value per variable of one matrix.
struct ColumnValues {
  std::vector<Fr> inputs;  // ONE first
  std::vector<Fr> aux;
};

// M_j(tau) for every column of `m`, a matrix of a circuit of `size`; `coefficients` is the
// recording's coefficient table and lagrange[i] = L_i(tau) (at least one per row). Uses every
// OpenMP thread; the arithmetic is exact, so the order in which threads add terms does not
// change a bit of the result.
ColumnValues evaluate_columns(const circuit::CompactMatrix& m, std::span<const Fr> coefficients,
                              const circuit::CircuitSize& size, std::span<const Fr> lagrange);

}  // namespace cuzk::prover
