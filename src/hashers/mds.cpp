#include "hashers/mds.hpp"

#include <algorithm>
#include <stdexcept>

namespace cuzk::hashers::poseidon {

using bls12_381::Fr;

Matrix cauchy_mds(std::size_t width) {
  Matrix m(width);
  for (std::size_t i = 0; i < width; ++i) {
    for (std::size_t j = 0; j < width; ++j) m.at(i, j) = Fr::from_u64(i + j + width).inverse();
  }
  return m;
}

Matrix SparseMatrix::to_matrix() const {
  Matrix m = Matrix::identity(w_hat.size());
  for (std::size_t i = 0; i < w_hat.size(); ++i) m.at(i, 0) = w_hat[i];
  for (std::size_t j = 0; j < v_rest.size(); ++j) m.at(0, j + 1) = v_rest[j];
  return m;
}

namespace {

// One factoring step X = X' X'' (under the row-vector convention):
//   X'  = [[1, 0], [0, X_hat]],
//   X'' = [[X[0][0], v], [w_hat, I]] with v = X[0][1..], w = X[1..][0], w_hat = w X_hat^-1,
// where X_hat is X without row 0 and column 0.
struct Factors {
  Matrix prime;
  SparseMatrix double_prime;
};

Factors factor_once(const Matrix& x) {
  const std::size_t t = x.size();
  const auto hat_inverse = x.minor(0, 0).inverse();
  if (!hat_inverse) throw std::logic_error("Poseidon MDS minor is singular");
  std::vector<Fr> w(t - 1);
  for (std::size_t i = 1; i < t; ++i) w[i - 1] = x.at(i, 0);
  const std::vector<Fr> w_hat = apply_matrix(*hat_inverse, w);

  Factors f{Matrix(t), SparseMatrix{}};
  f.prime.at(0, 0) = Fr::one();
  for (std::size_t i = 1; i < t; ++i) {
    for (std::size_t j = 1; j < t; ++j) f.prime.at(i, j) = x.at(i, j);
  }
  f.double_prime.w_hat.push_back(x.at(0, 0));
  f.double_prime.w_hat.insert(f.double_prime.w_hat.end(), w_hat.begin(), w_hat.end());
  const auto row0 = x.row(0);
  f.double_prime.v_rest.assign(row0.begin() + 1, row0.end());
  return f;
}

}  // namespace

SparseFactorization factor_to_sparse(const Matrix& mds, std::size_t rounds) {
  SparseFactorization out{mds, {}};
  out.sparse.reserve(rounds);
  for (std::size_t r = 0; r < rounds; ++r) {
    Factors f = factor_once(out.pre_sparse);
    out.sparse.push_back(std::move(f.double_prime));
    out.pre_sparse = mds * f.prime;
  }
  // Factoring ran from the last partial round backwards.
  std::reverse(out.sparse.begin(), out.sparse.end());
  return out;
}

}  // namespace cuzk::hashers::poseidon
