#include "prover/cpu_r1cs_eval.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <span>
#include <string>

#include "circuit/linear_combination.hpp"
#include "prover/evaluation_domain.hpp"
#include "util/error.hpp"

namespace cuzk::prover {

namespace {

using circuit::CompactMatrix;
using circuit::CompactWitness;
using circuit::kInputColumn;

// The value of any column of a compact witness in constant time: a bit, or a wide value found by
// its rank among the wide values (a bitmap of the wide indices and a count per 64-bit word).
class ColumnValues {
 public:
  explicit ColumnValues(const CompactWitness& w)
      : inputs_(w.inputs), bits_(w.bits.words()), wide_(w.wide) {
    const std::size_t words = (w.num_aux + 63) / 64;
    is_wide_.assign(words, 0);
    rank_.assign(words, 0);
    std::size_t previous = 0;
    for (std::size_t k = 0; k < wide_.size(); ++k) {
      const std::size_t j = wide_[k].aux_index;
      if (j >= w.num_aux || (k > 0 && j <= previous)) {
        throw Error("compact witness: wide value " + std::to_string(k) + " at aux index " +
                    std::to_string(j) + " is out of order or past the " +
                    std::to_string(w.num_aux) + " aux values");
      }
      is_wide_[j / 64] |= std::uint64_t{1} << (j % 64);
      previous = j;
    }
    std::uint32_t running = 0;
    for (std::size_t i = 0; i < words; ++i) {
      rank_[i] = running;
      running += static_cast<std::uint32_t>(std::popcount(is_wide_[i]));
    }
  }

  // acc += coeff · w[column].
  void accumulate(Fr& acc, std::uint32_t column, const Fr& coeff) const {
    if ((column & kInputColumn) != 0) {
      circuit::LinearCombination::accumulate(acc, coeff, inputs_[column & ~kInputColumn]);
      return;
    }
    const std::size_t word = column / 64;
    const std::uint64_t bit = std::uint64_t{1} << (column % 64);
    if ((is_wide_[word] & bit) != 0) {
      const std::size_t k =
          rank_[word] + static_cast<std::size_t>(std::popcount(is_wide_[word] & (bit - 1)));
      circuit::LinearCombination::accumulate(acc, coeff, wide_[k].value);
    } else if ((bits_[word] & bit) != 0) {
      acc += coeff;
    }
  }

  Fr dot(const CompactMatrix& m, std::span<const Fr> coefficients, std::size_t row) const {
    Fr acc;
    for (std::uint32_t k = m.row_start[row]; k < m.row_start[row + 1]; ++k) {
      accumulate(acc, m.column[k], coefficients[m.coeff[k]]);
    }
    return acc;
  }

 private:
  std::span<const Fr> inputs_;
  std::span<const std::uint64_t> bits_;
  std::span<const circuit::WideValue> wide_;
  std::vector<std::uint64_t> is_wide_;
  std::vector<std::uint32_t> rank_;
};

void check_sizes(const circuit::CompactR1cs& r, const CompactWitness& w) {
  if (w.inputs.size() != r.size.num_inputs || w.num_aux != r.size.num_aux ||
      w.bits.size() != w.num_aux) {
    throw Error("the witness has " + std::to_string(w.inputs.size()) + " inputs and " +
                std::to_string(w.num_aux) + " aux values, the circuit " +
                std::to_string(r.size.num_inputs) + " and " + std::to_string(r.size.num_aux));
  }
  for (const CompactMatrix* m : {&r.a, &r.b, &r.c}) {
    if (m->rows() != r.size.num_constraints) {
      throw Error("recorded matrices: " + std::to_string(m->rows()) + " rows for " +
                  std::to_string(r.size.num_constraints) + " constraints");
    }
  }
}

}  // namespace

RowEvaluations evaluate_rows(const circuit::CompactR1cs& r, const CompactWitness& w) {
  check_sizes(r, w);
  const ColumnValues values(w);
  const std::size_t rows = r.size.num_constraints;
  // Room for the quotient's domain: it pads the rows with zeros in place instead of reallocating.
  const std::size_t room = EvaluationDomain::for_points(rows).size();
  RowEvaluations out;
  for (std::vector<Fr>* v : {&out.a, &out.b, &out.c}) {
    v->reserve(room);
    v->resize(rows);
  }
  std::size_t unsatisfied = 0;
  std::size_t first = std::numeric_limits<std::size_t>::max();
  const auto n = static_cast<std::int64_t>(rows);
#pragma omp parallel for schedule(static, 8192) reduction(+ : unsatisfied) reduction(min : first)
  for (std::int64_t si = 0; si < n; ++si) {
    const auto i = static_cast<std::size_t>(si);
    const Fr a = values.dot(r.a, r.coefficients, i);
    const Fr b = values.dot(r.b, r.coefficients, i);
    const Fr c = values.dot(r.c, r.coefficients, i);
    if (a * b != c) {
      ++unsatisfied;
      first = std::min(first, i);
    }
    out.a[i] = a;
    out.b[i] = b;
    out.c[i] = c;
  }
  if (unsatisfied != 0) {
    throw Error("the witness does not satisfy constraint " + std::to_string(first) + " (" +
                std::to_string(unsatisfied) + " of " + std::to_string(rows) +
                " constraints unsatisfied)");
  }
  return out;
}

}  // namespace cuzk::prover
