// ShapeCS: records the R1CS matrices A, B, C of a circuit in the compact form (compact_r1cs.hpp)
// without computing any value, so that a prover can evaluate a = A·w, b = B·w, c = C·w itself (on
// the GPU) from a compact witness (WitnessCS). Every partition of a sector, and every sector of a
// size, share the recording.
//
// A ShapeCS either records a whole circuit (default constructor: ONE exists, nothing else) or one
// block of it: constructed at the counts where the block starts, it numbers its variables from
// there, so its rows hold the circuit's real column indices and can be copied into place
// (stacked/record_shape.cpp records a partition's challenges that way, in parallel).
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

#include "circuit/compact_r1cs.hpp"
#include "circuit/constraint_system.hpp"

namespace cuzk::circuit {

class ShapeCS {
 public:
  static constexpr bool kKeepsWitness = false;

  ShapeCS() = default;
  // A block that continues a circuit whose first `start.num_inputs` inputs, `start.num_aux` aux
  // and `start.num_constraints` constraints came before it.
  explicit ShapeCS(const CircuitSize& start)
      : start_(start), num_inputs_(start.num_inputs), num_aux_(start.num_aux) {}

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

  // Counts of the whole circuit so far (the block's start included).
  std::size_t num_inputs() const { return num_inputs_; }
  std::size_t num_aux() const { return num_aux_; }
  std::size_t num_constraints() const { return start_.num_constraints + a_.rows(); }
  CircuitSize size() const { return {num_inputs(), num_aux(), num_constraints()}; }
  const CircuitSize& start() const { return start_; }

  // This system's own rows (coefficient ids index table()).
  const CompactMatrix& a() const { return a_; }
  const CompactMatrix& b() const { return b_; }
  const CompactMatrix& c() const { return c_; }
  const CoefficientTable& table() const { return table_; }

  // This system's rows and coefficients, moved out; no densities.
  CompactR1cs take_rows() && {
    CompactR1cs r;
    r.size = size();
    r.a = std::move(a_);
    r.b = std::move(b_);
    r.c = std::move(c_);
    r.coefficients.assign(table_.values().begin(), table_.values().end());
    return r;
  }
  // A whole circuit's recording, densities included. Only for a system made by the default
  // constructor.
  CompactR1cs finish() && {
    CompactR1cs r = std::move(*this).take_rows();
    compute_densities(r);
    return r;
  }

 private:
  void append_row(CompactMatrix& m, LinearCombination& lc) {
    lc.normalize();
    for (const Term& t : lc.terms()) {
      if (t.coeff.is_zero()) continue;
      m.column.push_back(column_of(t.var));
      m.coeff.push_back(coefficient_id(t.coeff));
    }
    m.row_start.push_back(static_cast<std::uint32_t>(m.column.size()));
  }

  std::uint32_t coefficient_id(const Fr& c) {
    // Most terms are ±1: skip the table for them.
    const auto& l = c.montgomery_limbs();
    if (l == kOne.montgomery_limbs()) return CoefficientTable::kOne;
    if (l == kMinusOne.montgomery_limbs()) return CoefficientTable::kMinusOne;
    return table_.intern(c);
  }

  static inline const Fr kOne = Fr::one();
  static inline const Fr kMinusOne = -Fr::one();

  CircuitSize start_{1, 0, 0};  // ONE
  std::size_t num_inputs_ = 1;
  std::size_t num_aux_ = 0;
  CompactMatrix a_, b_, c_;
  CoefficientTable table_;
};

static_assert(ConstraintSystem<ShapeCS>);

// The digest (fingerprint_hasher.hpp) of a recorded circuit, row by row, so that what a prover
// evaluating A·w, B·w and C·w from the recording proves is pinned to the same known answers as the
// synthesis. `r` holds bellperson's input rows last (as keygen and the prover see it): they are
// checked to be exactly `Input(i)·0 = 0` and left to the hasher, which appends them itself for the
// fingerprint with input rows. Throws cuzk::Error if they are not.
R1csDigest digest_recorded(const CompactR1cs& r);

}  // namespace cuzk::circuit
