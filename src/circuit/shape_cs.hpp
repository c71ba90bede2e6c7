// ShapeCS: the R1CS matrices A, B, C of a circuit, recorded once per circuit shape (every
// partition of a sector, and every sector of a size, share it) so that a prover can compute
// a = A·w, b = B·w, c = C·w as sparse matrix-vector products (on the GPU) from a compact witness
// (WitnessCS). Values are never computed. Rows hold the merged non-zero terms in bellpepper's
// order (inputs by index, then aux by index): exactly what the fingerprint hashes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "circuit/constraint_system.hpp"
#include "circuit/fingerprint_hasher.hpp"

namespace cuzk::circuit {

// Compressed sparse rows. Row i's terms are [row_start[i], row_start[i+1]); a column is a
// Variable::code(), so inputs and aux stay apart (map to one index space once the numbers of
// inputs and aux are known).
struct SparseMatrix {
  std::vector<std::uint64_t> row_start{0};
  std::vector<std::uint64_t> column;
  std::vector<Fr> coeff;

  std::size_t rows() const { return row_start.size() - 1; }
  std::size_t nonzeros() const { return column.size(); }

  // <row i, w>.
  Fr row_dot(std::size_t i, std::span<const Fr> inputs, std::span<const Fr> aux) const {
    Fr acc;
    for (std::uint64_t k = row_start[i]; k < row_start[i + 1]; ++k) {
      const Variable v = Variable::from_code(column[k]);
      LinearCombination::accumulate(acc, coeff[k],
                                    v.is_input() ? inputs[v.index()] : aux[v.index()]);
    }
    return acc;
  }
};

class ShapeCS {
 public:
  static constexpr bool kKeepsWitness = false;

  template <class ValueFn>
  Variable alloc(Name, ValueFn&&) {
    return Variable::aux(num_aux_++);
  }
  template <class ValueFn>
  Variable alloc_input(Name, ValueFn&&) {
    return Variable::input(num_inputs_++);
  }
  void enforce(Name, LinearCombination a, LinearCombination b, LinearCombination c) {
    append_row(a_, a);
    append_row(b_, b);
    append_row(c_, c);
  }
  NoScope scope(Name) { return {}; }
  template <std::integral I>
  NoScope scope(const char*, I) {
    return {};
  }

  std::size_t num_inputs() const { return num_inputs_; }
  std::size_t num_aux() const { return num_aux_; }
  std::size_t num_constraints() const { return a_.rows(); }
  CircuitSize size() const { return {num_inputs_, num_aux_, num_constraints()}; }
  const SparseMatrix& a() const { return a_; }
  const SparseMatrix& b() const { return b_; }
  const SparseMatrix& c() const { return c_; }

 private:
  static void append_row(SparseMatrix& m, LinearCombination& lc) {
    lc.normalize();
    for (const Term& t : lc.terms()) {
      if (t.coeff.is_zero()) continue;
      m.column.push_back(t.var.code());
      m.coeff.push_back(t.coeff);
    }
    m.row_start.push_back(m.column.size());
  }

  std::size_t num_inputs_ = 1;  // ONE
  std::size_t num_aux_ = 0;
  SparseMatrix a_, b_, c_;
};

static_assert(ConstraintSystem<ShapeCS>);

// The digest (fingerprint_hasher.hpp) of recorded matrices of `size`, row by row: what a prover
// that evaluates A·w, B·w and C·w from them proves is then pinned to the same known answers as
// the synthesis. Throws cuzk::Error if the row counts differ from size.num_constraints.
R1csDigest digest_matrices(const CircuitSize& size, const SparseMatrix& a, const SparseMatrix& b,
                           const SparseMatrix& c);

}  // namespace cuzk::circuit
