#include "circuit/block_layout.hpp"

#include "util/error.hpp"

namespace cuzk::circuit {

namespace {

std::string describe(const CircuitSize& s) {
  return std::to_string(s.num_inputs) + " inputs, " + std::to_string(s.num_aux) + " aux, " +
         std::to_string(s.num_constraints) + " constraints";
}

}  // namespace

CircuitSize size_difference(const CircuitSize& a, const CircuitSize& b) {
  return {a.num_inputs - b.num_inputs, a.num_aux - b.num_aux,
          a.num_constraints - b.num_constraints};
}

void size_recorded_partition(CompactR1cs& r, const BlockLayout& layout) {
  const Nonzeros synthesized = layout.total_nonzeros();
  r.size = layout.recorded_size();
  size_matrix(r.a, r.size.num_constraints, synthesized[0] + r.size.num_inputs);
  size_matrix(r.b, r.size.num_constraints, synthesized[1]);
  size_matrix(r.c, r.size.num_constraints, synthesized[2]);
}

void append_input_rows(CompactR1cs& r, const BlockLayout& layout) {
  const CircuitSize synthesized = layout.total();
  const Nonzeros nonzeros = layout.total_nonzeros();
  for (std::size_t i = 0; i < synthesized.num_inputs; ++i) {
    const std::size_t row = synthesized.num_constraints + i;
    const std::size_t term = nonzeros[0] + i;
    r.a.column[term] = column_of(Variable::input(i));
    r.a.coeff[term] = CoefficientTable::kOne;
    r.a.row_start[row + 1] = static_cast<std::uint32_t>(term + 1);
    r.b.row_start[row + 1] = static_cast<std::uint32_t>(nonzeros[1]);
    r.c.row_start[row + 1] = static_cast<std::uint32_t>(nonzeros[2]);
  }
}

void check_block_counts(const CircuitSize& end, const CircuitSize& expected,
                        const std::string& circuit, const std::string& what) {
  if (end != expected) {
    throw Error(circuit + ": " + what + " ended at " + describe(end) + ", the layout says " +
                describe(expected));
  }
}

}  // namespace cuzk::circuit
