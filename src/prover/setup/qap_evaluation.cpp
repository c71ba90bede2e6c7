#include "prover/setup/qap_evaluation.hpp"

#include <omp.h>

#include <atomic>
#include <cstdint>
#include <string>

#include "util/error.hpp"

namespace cuzk::prover {
namespace {

using circuit::CoefficientTable;
using circuit::kInputColumn;

// acc += coefficient * l, without a multiplication for the common ids of 1 and -1.
inline void accumulate(Fr& acc, std::uint32_t coeff, const Fr& l, std::span<const Fr> table) {
  if (coeff == CoefficientTable::kOne) {
    acc += l;
  } else if (coeff == CoefficientTable::kMinusOne) {
    acc -= l;
  } else {
    acc += table[coeff] * l;
  }
}

// One term of an aux column after the transpose.
struct ColumnEntry {
  std::uint32_t row;
  std::uint32_t coeff;
};

// Input columns are few (ONE and the public inputs) but ONE occurs in millions of rows, so they
// are summed in per-thread accumulators instead of being transposed with the aux columns.
std::vector<Fr> evaluate_inputs(const circuit::CompactMatrix& m, std::span<const Fr> table,
                                std::size_t num_inputs, std::span<const Fr> lagrange) {
  const auto rows = static_cast<std::int64_t>(m.rows());
  std::vector<std::vector<Fr>> partial(static_cast<std::size_t>(omp_get_max_threads()),
                                       std::vector<Fr>(num_inputs));
#pragma omp parallel
  {
    std::vector<Fr>& mine = partial[static_cast<std::size_t>(omp_get_thread_num())];
#pragma omp for schedule(static)
    for (std::int64_t si = 0; si < rows; ++si) {
      const auto i = static_cast<std::size_t>(si);
      for (std::uint32_t k = m.row_start[i]; k < m.row_start[i + 1]; ++k) {
        const std::uint32_t col = m.column[k];
        if ((col & kInputColumn) != 0)
          accumulate(mine[col & ~kInputColumn], m.coeff[k], lagrange[i], table);
      }
    }
  }
  std::vector<Fr> sums(num_inputs);
  for (const auto& p : partial) {
    for (std::size_t j = 0; j < num_inputs; ++j) sums[j] += p[j];
  }
  return sums;
}

// Aux columns: a counting-sort transpose of the aux terms (row, coefficient id), 8 bytes a term,
// then one independent sum per column.
std::vector<Fr> evaluate_aux(const circuit::CompactMatrix& m, std::span<const Fr> table,
                             std::size_t num_aux, std::span<const Fr> lagrange) {
  const auto rows = static_cast<std::int64_t>(m.rows());
  // cursor[j + 1] counts column j's terms; the prefix sum turns cursor[j] into column j's start.
  std::vector<std::uint32_t> cursor(num_aux + 1, 0);
#pragma omp parallel for schedule(static)
  for (std::int64_t si = 0; si < rows; ++si) {
    const auto i = static_cast<std::size_t>(si);
    for (std::uint32_t k = m.row_start[i]; k < m.row_start[i + 1]; ++k) {
      const std::uint32_t col = m.column[k];
      if ((col & kInputColumn) == 0) {
        std::atomic_ref<std::uint32_t>(cursor[col + 1]).fetch_add(1, std::memory_order_relaxed);
      }
    }
  }
  for (std::size_t j = 0; j < num_aux; ++j) cursor[j + 1] += cursor[j];
  std::vector<ColumnEntry> entries(cursor[num_aux]);
  // Filling advances cursor[j] to the start of column j + 1, so afterwards column j spans
  // [cursor[j - 1], cursor[j]) with cursor[-1] read as 0.
#pragma omp parallel for schedule(static)
  for (std::int64_t si = 0; si < rows; ++si) {
    const auto i = static_cast<std::size_t>(si);
    for (std::uint32_t k = m.row_start[i]; k < m.row_start[i + 1]; ++k) {
      const std::uint32_t col = m.column[k];
      if ((col & kInputColumn) != 0) continue;
      const std::uint32_t at =
          std::atomic_ref<std::uint32_t>(cursor[col]).fetch_add(1, std::memory_order_relaxed);
      entries[at] = {static_cast<std::uint32_t>(i), m.coeff[k]};
    }
  }
  std::vector<Fr> sums(num_aux);
  const auto columns = static_cast<std::int64_t>(num_aux);
#pragma omp parallel for schedule(static, 4096)
  for (std::int64_t sj = 0; sj < columns; ++sj) {
    const auto j = static_cast<std::size_t>(sj);
    Fr acc;
    for (std::uint32_t e = j == 0 ? 0 : cursor[j - 1]; e < cursor[j]; ++e) {
      accumulate(acc, entries[e].coeff, lagrange[entries[e].row], table);
    }
    sums[j] = acc;
  }
  return sums;
}

}  // namespace

ColumnValues evaluate_columns(const circuit::CompactMatrix& m, std::span<const Fr> coefficients,
                              const circuit::CircuitSize& size, std::span<const Fr> lagrange) {
  if (lagrange.size() < m.rows()) {
    throw Error("QAP evaluation: " + std::to_string(lagrange.size()) +
                " Lagrange values for a matrix of " + std::to_string(m.rows()) + " rows");
  }
  return {evaluate_inputs(m, coefficients, size.num_inputs, lagrange),
          evaluate_aux(m, coefficients, size.num_aux, lagrange)};
}

}  // namespace cuzk::prover
