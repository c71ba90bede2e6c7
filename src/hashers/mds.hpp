// Poseidon's MDS matrix (neptune's Cauchy construction) and its factorization into one dense
// "pre-sparse" matrix followed by one sparse matrix per partial round, which lets a partial round
// mix the state in O(t) instead of O(t^2) multiplications.
#pragma once

#include <cstddef>
#include <vector>

#include "hashers/matrix.hpp"

namespace cuzk::hashers::poseidon {

// M[i][j] = 1 / (x_i + y_j) with x_i = i and y_j = width + j, so M[i][j] = (i + j + width)^-1. All
// x and y are distinct and no x_i + y_j vanishes, which makes every square submatrix invertible.
// The result is symmetric.
Matrix cauchy_mds(std::size_t width);

// A matrix equal to the identity except for a dense row 0 and column 0, stored compactly. Applied
// to a row vector s: out[0] = sum_i w_hat[i] * s[i], and out[j] = s[j] + v_rest[j-1] * s[0] for j
// >= 1.
struct SparseMatrix {
  std::vector<bls12_381::Fr> w_hat;   // column 0, all `width` entries
  std::vector<bls12_381::Fr> v_rest;  // row 0 without its first entry, width - 1 entries
  Matrix to_matrix() const;
};

struct SparseFactorization {
  Matrix pre_sparse;                 // mixes the last initial full round
  std::vector<SparseMatrix> sparse;  // sparse[k] mixes partial round k
};

// Factors `rounds` consecutive applications of `mds` (each preceded by an S-box on element 0 only)
// so that applying pre_sparse, then sparse[0], ..., sparse[rounds-1] gives the same map. Working
// back from the last round, each M* = M' M'' where M' fixes element 0 and M'' is sparse; M''
// becomes that round's matrix and M' is pushed into the round before (M* := M M').
SparseFactorization factor_to_sparse(const Matrix& mds, std::size_t rounds);

}  // namespace cuzk::hashers::poseidon
