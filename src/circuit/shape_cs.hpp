// ShapeCS: records the R1CS matrices A, B, C of a circuit in the compact form (compact_r1cs.hpp)
// without computing any value, so that a prover can evaluate a = A·w, b = B·w, c = C·w itself (on
// the GPU) from a compact witness (WitnessCS). Every partition of a sector, and every sector of a
// size, share the recording.
//
// A ShapeCS either records a whole circuit (default constructor: ONE exists, nothing else) or one
// block of it: constructed at the counts where the block starts, it numbers its variables from
// there, so its rows hold the circuit's real column indices and can be copied into place, as
// WitnessCS blocks are (stacked/record_shape.cpp needs no blocks: it records the prefix and
// challenge 0 in one pass, and the other challenges are challenge 0's rows renumbered).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>

#include "circuit/compact_r1cs.hpp"
#include "circuit/constraint_system.hpp"
#include "util/prefault_thread.hpp"

namespace cuzk::circuit {

// One matrix as a ShapeCS records it. The arrays are kept sized to their capacity (default-
// initialized, so a page is touched only when a term is written to it) and filled through
// pointers: one check for room per row instead of a push_back per term.
class MatrixRecorder {
 public:
  // Room for `rows` rows of `terms` terms in all: they are then written without a copy.
  void reserve(std::size_t rows, std::size_t terms) {
    if (rows + 1 > m_.row_start.size()) m_.row_start.resize(rows + 1);
    if (terms > m_.column.size()) resize_terms(terms);
  }
  // The arrays' room past what is written.
  std::array<std::span<std::uint32_t>, 3> room() {
    return {std::span(m_.row_start).subspan(rows_ + 1), std::span(m_.column).subspan(terms_),
            std::span(m_.coeff).subspan(terms_)};
  }

  // Whether a row of `terms` terms fits, and room for it and as much again (which moves the
  // arrays) where it does not.
  bool has_room(std::size_t terms) const {
    return rows_ + 2 <= m_.row_start.size() && terms_ + terms <= m_.column.size();
  }
  void grow(std::size_t terms) {
    if (rows_ + 2 > m_.row_start.size()) {
      m_.row_start.resize(std::max<std::size_t>(2 * m_.row_start.size(), 1024));
    }
    if (terms_ + terms > m_.column.size()) {
      resize_terms(std::max(2 * m_.column.size(), terms_ + terms));
    }
  }

  // Appends a row of normalized terms, which must fit (has_room), with the coefficients' ids from
  // `table` (dropping the terms whose coefficient is zero). Always inlined, like
  // CoefficientTable::id_of, so that each matrix has its own copy of the loop and of its
  // branches, which the branch predictor then learns apart (a quarter fewer mispredictions,
  // measured with cachegrind).
  [[gnu::always_inline]] void append(std::span<const Term> terms, CoefficientTable& table) {
    std::uint32_t* const column = m_.column.data() + terms_;
    std::uint32_t* const coeff = m_.coeff.data() + terms_;
    std::size_t n = 0;
    for (const Term& t : terms) {
      const std::uint32_t id = table.id_of(t.coeff);
      if (id == CoefficientTable::kDropped) continue;
      column[n] = column_of(t.var);
      coeff[n] = id;
      ++n;
    }
    terms_ += n;
    m_.row_start[++rows_] = static_cast<std::uint32_t>(terms_);
  }

  std::size_t rows() const { return rows_; }
  std::size_t nonzeros() const { return terms_; }

  // The matrix, trimmed to what was written.
  CompactMatrix take() && {
    m_.row_start.resize(rows_ + 1);
    m_.column.resize(terms_);
    m_.coeff.resize(terms_);
    return std::move(m_);
  }

 private:
  // Trims to the terms written before resizing, so that only those are copied.
  void resize_terms(std::size_t size) {
    m_.column.resize(terms_);
    m_.coeff.resize(terms_);
    m_.column.resize(size);
    m_.coeff.resize(size);
  }

  CompactMatrix m_;
  std::size_t rows_ = 0;
  std::size_t terms_ = 0;
};

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
  // By reference: gadgets often pass a combination they built in place (`LinearCombination(x)
  // .add(y)` is an lvalue), which a by-value parameter would copy. The few that are not
  // normalized are sorted into a buffer of this system's.
  void enforce(Name, const LinearCombination& a, const LinearCombination& b,
               const LinearCombination& c) {
    record(a, b, c);
  }
  NoScope scope(Name) { return {}; }
  template <std::integral I>
  NoScope scope(const char*, I) {
    return {};
  }

  // Room for `rows` constraints of `nonzeros` terms in A, B and C: a recording that stays within
  // it writes each array once, where growing would copy it and fault its pages in twice. The
  // room's pages are faulted in on a thread of its own (PrefaultThread) as the recording goes.
  void reserve(std::size_t rows, const std::array<std::size_t, 3>& nonzeros);

  // Counts of the whole circuit so far (the block's start included).
  std::size_t num_inputs() const { return num_inputs_; }
  std::size_t num_aux() const { return num_aux_; }
  std::size_t num_constraints() const { return start_.num_constraints + a_.rows(); }
  CircuitSize size() const { return {num_inputs(), num_aux(), num_constraints()}; }
  const CircuitSize& start() const { return start_; }
  // This system's own non-zero terms in A, B and C.
  std::size_t nonzeros_a() const { return a_.nonzeros(); }
  std::size_t nonzeros_b() const { return b_.nonzeros(); }
  std::size_t nonzeros_c() const { return c_.nonzeros(); }

  // This system's rows and coefficients, moved out; no densities.
  CompactR1cs take_rows() && {
    prefault_.reset();
    CompactR1cs r;
    r.size = size();
    r.a = std::move(a_).take();
    r.b = std::move(b_).take();
    r.c = std::move(c_).take();
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
  // One out-of-line body per constraint, holding the three matrices' appends.
  [[gnu::noinline]] void record(const LinearCombination& a, const LinearCombination& b,
                                const LinearCombination& c) {
    append_row(a_, a);
    append_row(b_, b);
    append_row(c_, c);
  }
  [[gnu::always_inline]] void append_row(MatrixRecorder& m, const LinearCombination& lc) {
    const LinearCombination* row = &lc;
    if (!lc.is_normalized()) {
      lc.normalize_into(normalized_);
      row = &normalized_;
    }
    if (!m.has_room(row->size())) [[unlikely]]
      grow(m, row->size());
    m.append(row->terms(), table_);
  }
  // The arrays move: the prefault thread stops first.
  [[gnu::noinline]] void grow(MatrixRecorder& m, std::size_t terms) {
    prefault_.reset();
    m.grow(terms);
  }

  CircuitSize start_{1, 0, 0};  // ONE
  std::size_t num_inputs_ = 1;
  std::size_t num_aux_ = 0;
  MatrixRecorder a_, b_, c_;
  CoefficientTable table_;
  LinearCombination normalized_;              // a combination that came unnormalized, normalized
  std::unique_ptr<PrefaultThread> prefault_;  // after the arrays: stopped before they are freed
};

static_assert(ConstraintSystem<ShapeCS>);

// The digest (fingerprint_hasher.hpp) of a recorded circuit, row by row, so that what a prover
// evaluating A·w, B·w and C·w from the recording proves is pinned to the same known answers as the
// synthesis. `r` holds bellperson's input rows last (as keygen and the prover see it): they are
// checked to be exactly `Input(i)·0 = 0` and left to the hasher, which appends them itself for the
// fingerprint with input rows. Throws cuzk::Error if they are not.
R1csDigest digest_recorded(const CompactR1cs& r);

}  // namespace cuzk::circuit
