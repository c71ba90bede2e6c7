#include "circuit/compact_r1cs.hpp"

#include <atomic>
#include <cstdint>
#include <limits>
#include <string>

#include "circuit/linear_combination.hpp"
#include "util/error.hpp"

namespace cuzk::circuit {

CoefficientTable::CoefficientTable()
    : limbs_(std::size_t{1} << log_slots_), ids_(std::size_t{1} << log_slots_, kEmpty) {
  values_ = {Fr::one(), -Fr::one()};  // kOne, kMinusOne: never looked up in the slots
}

std::uint32_t CoefficientTable::insert(const Fr& c, std::size_t i) {
  const auto id = static_cast<std::uint32_t>(values_.size());
  values_.push_back(c);
  limbs_[i] = c.montgomery_limbs();
  ids_[i] = id;
  if (2 * (values_.size() - 2) > ids_.size()) {
    ++log_slots_;
    const std::size_t slots = std::size_t{1} << log_slots_;
    limbs_.assign(slots, {});
    ids_.assign(slots, kEmpty);
    for (std::uint32_t k = 2; k < values_.size(); ++k) {
      const bls12_381::Limbs<4>& l = values_[k].montgomery_limbs();
      std::size_t j = slot_of(l);
      while (ids_[j] != kEmpty) j = (j + 1) & (slots - 1);
      limbs_[j] = l;
      ids_[j] = k;
    }
  }
  return id;
}

void size_matrix(CompactMatrix& m, std::size_t rows, std::size_t nonzeros) {
  if (nonzeros > std::numeric_limits<std::uint32_t>::max()) {
    throw Error("compact R1CS: " + std::to_string(nonzeros) +
                " terms in one matrix exceed the 32-bit offsets");
  }
  m.row_start.resize(rows + 1);
  m.row_start[0] = 0;
  m.column.resize(nonzeros);
  m.coeff.resize(nonzeros);
}

Fr row_dot(const CompactMatrix& m, std::span<const Fr> coefficients, std::size_t i,
           std::span<const Fr> inputs, std::span<const Fr> aux) {
  Fr acc;
  for (std::uint32_t k = m.row_start[i]; k < m.row_start[i + 1]; ++k) {
    const Variable v = variable_of(m.column[k]);
    LinearCombination::accumulate(acc, coefficients[m.coeff[k]],
                                  v.is_input() ? inputs[v.index()] : aux[v.index()]);
  }
  return acc;
}

namespace {

// Sets, for every term of m, the bit of its column in `aux` (aux columns) or `inputs` (input
// columns, when given). Terms are scanned in parallel; bits are set with atomic ORs.
void mark_columns(const CompactMatrix& m, BitVector& aux, BitVector* inputs) {
  const std::span<std::uint64_t> aux_words = aux.mutable_words();
  const std::span<std::uint64_t> input_words =
      inputs != nullptr ? inputs->mutable_words() : std::span<std::uint64_t>{};
  const auto n = static_cast<std::int64_t>(m.column.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t k = 0; k < n; ++k) {
    const std::uint32_t col = m.column[static_cast<std::size_t>(k)];
    const bool is_input = (col & kInputColumn) != 0;
    if (is_input && inputs == nullptr) continue;
    const std::uint32_t index = col & ~kInputColumn;
    std::uint64_t& word = is_input ? input_words[index / 64] : aux_words[index / 64];
    const std::uint64_t bit = std::uint64_t{1} << (index % 64);
    std::atomic_ref<std::uint64_t> ref(word);
    if ((ref.load(std::memory_order_relaxed) & bit) == 0)
      ref.fetch_or(bit, std::memory_order_relaxed);
  }
}

}  // namespace

void compute_densities(CompactR1cs& r) {
  r.a_aux_density = BitVector(r.size.num_aux);
  r.b_input_density = BitVector(r.size.num_inputs);
  r.b_aux_density = BitVector(r.size.num_aux);
  mark_columns(r.a, r.a_aux_density, nullptr);
  mark_columns(r.b, r.b_aux_density, &r.b_input_density);
}

}  // namespace cuzk::circuit
