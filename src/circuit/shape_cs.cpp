#include "circuit/shape_cs.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "util/error.hpp"

namespace cuzk::circuit {

void ShapeCS::reserve(std::size_t rows, const std::array<std::size_t, 3>& nonzeros) {
  prefault_.reset();
  a_.reserve(rows, nonzeros[0]);
  b_.reserve(rows, nonzeros[1]);
  c_.reserve(rows, nonzeros[2]);
  std::vector<std::span<std::byte>> room;
  for (MatrixRecorder* m : {&a_, &b_, &c_}) {
    for (const std::span<std::uint32_t> r : m->room()) room.push_back(std::as_writable_bytes(r));
  }
  prefault_ = std::make_unique<PrefaultThread>(std::move(room));
}

namespace {

// Row i of m as terms (the recording keeps columns and coefficient ids apart).
std::span<const Term> row_terms(const CompactMatrix& m, std::span<const Fr> coefficients,
                                std::size_t i, std::vector<Term>& scratch) {
  scratch.clear();
  for (std::uint32_t k = m.row_start[i]; k < m.row_start[i + 1]; ++k) {
    scratch.push_back(Term{variable_of(m.column[k]), coefficients[m.coeff[k]]});
  }
  return scratch;
}

}  // namespace

R1csDigest digest_recorded(const CompactR1cs& r) {
  const std::size_t inputs = r.size.num_inputs;
  for (const CompactMatrix* m : {&r.a, &r.b, &r.c}) {
    if (m->rows() != r.size.num_constraints || r.size.num_constraints < inputs) {
      throw Error("recorded matrices: " + std::to_string(m->rows()) + " rows for " +
                  std::to_string(r.size.num_constraints) + " constraints");
    }
  }
  const std::size_t synthesized = r.size.num_constraints - inputs;
  std::vector<Term> ra, rb, rc;
  for (std::size_t i = 0; i < inputs; ++i) {
    const std::size_t row = synthesized + i;
    const auto a = row_terms(r.a, r.coefficients, row, ra);
    const bool input_row = a.size() == 1 && a[0].var == Variable::input(i) && a[0].coeff.is_one() &&
                           r.b.row_start[row] == r.b.row_start[row + 1] &&
                           r.c.row_start[row] == r.c.row_start[row + 1];
    if (!input_row) {
      throw Error("recorded matrices: row " + std::to_string(row) + " is not input " +
                  std::to_string(i) + "'s row Input(i)·0 = 0");
    }
  }
  FingerprintHasher hasher({inputs, r.size.num_aux, synthesized});
  for (std::size_t i = 0; i < synthesized; ++i) {
    hasher.add_row(row_terms(r.a, r.coefficients, i, ra), row_terms(r.b, r.coefficients, i, rb),
                   row_terms(r.c, r.coefficients, i, rc));
  }
  return hasher.finish();
}

}  // namespace cuzk::circuit
