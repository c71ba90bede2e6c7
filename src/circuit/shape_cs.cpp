#include "circuit/shape_cs.hpp"

#include <string>
#include <vector>

#include "util/error.hpp"

namespace cuzk::circuit {

namespace {

// Row i of m as terms (CSR keeps columns and coefficients apart).
std::span<const Term> row_terms(const SparseMatrix& m, std::size_t i, std::vector<Term>& scratch) {
  scratch.clear();
  for (std::uint64_t k = m.row_start[i]; k < m.row_start[i + 1]; ++k) {
    scratch.push_back(Term{Variable::from_code(m.column[k]), m.coeff[k]});
  }
  return scratch;
}

}  // namespace

R1csDigest digest_matrices(const CircuitSize& size, const SparseMatrix& a, const SparseMatrix& b,
                           const SparseMatrix& c) {
  for (const SparseMatrix* m : {&a, &b, &c}) {
    if (m->rows() != size.num_constraints) {
      throw Error("recorded matrices: " + std::to_string(m->rows()) + " rows for " +
                  std::to_string(size.num_constraints) + " constraints");
    }
  }
  FingerprintHasher hasher(size);
  std::vector<Term> ra, rb, rc;
  for (std::size_t i = 0; i < size.num_constraints; ++i) {
    hasher.add_row(row_terms(a, i, ra), row_terms(b, i, rb), row_terms(c, i, rc));
  }
  return hasher.finish();
}

}  // namespace cuzk::circuit
