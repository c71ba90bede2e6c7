#include "circuit/update/update_record.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "circuit/shape_cs.hpp"
#include "circuit/update/update_circuit.hpp"
#include "circuit/update/update_layout.hpp"
#include "util/error.hpp"
#include "util/parallel_for.hpp"

namespace cuzk::circuit::update {

namespace {

CompactMatrix& matrix(CompactR1cs& r, std::size_t m) { return m == 0 ? r.a : m == 1 ? r.b : r.c; }

Nonzeros nonzeros_of(const ShapeCS& cs) {
  return {cs.nonzeros_a(), cs.nonzeros_b(), cs.nonzeros_c()};
}

// The ids of a coefficient table's values, looked up without changing the table, so from any
// thread at once (CoefficientTable::id_of interns).
class CoefficientIds {
 public:
  explicit CoefficientIds(std::span<const Fr> values) {
    sorted_.reserve(values.size());
    for (std::size_t id = 0; id < values.size(); ++id) {
      sorted_.emplace_back(values[id].montgomery_limbs(), static_cast<std::uint32_t>(id));
    }
    std::sort(sorted_.begin(), sorted_.end());
  }

  // The id of every value, or nullopt where one is not in the table.
  std::optional<std::vector<std::uint32_t>> ids_of(std::span<const Fr> values) const {
    std::vector<std::uint32_t> ids;
    ids.reserve(values.size());
    for (const Fr& v : values) {
      const bls12_381::Limbs<4>& l = v.montgomery_limbs();
      const auto it =
          std::lower_bound(sorted_.begin(), sorted_.end(), l,
                           [](const auto& e, const auto& key) { return e.first < key; });
      if (it == sorted_.end() || it->first != l) return std::nullopt;
      ids.push_back(it->second);
    }
    return ids;
  }

 private:
  std::vector<std::pair<bls12_381::Limbs<4>, std::uint32_t>> sorted_;
};

// Challenge i of the blank circuit, recorded where it sits in the partition, in room reserved for
// exactly its rows.
CompactR1cs record_challenge(const UpdateCircuit& blank, const UpdatePartitionWires& wires,
                             const UpdateLayout& layout, std::size_t i) {
  ShapeCS cs(layout.block_start(i));
  cs.reserve(layout.block.num_constraints, layout.block_nonzeros);
  synthesize_update_challenge(cs, blank, wires, i);
  const std::string what = "challenge " + std::to_string(i);
  check_update_counts(cs.size(), layout.block_start(i + 1), what);
  if (nonzeros_of(cs) != layout.block_nonzeros) {
    throw Error("empty sector update circuit: " + what +
                " has other numbers of non-zero terms than challenge 0");
  }
  return std::move(cs).take_rows();
}

// Copies challenge i's rows (already in the circuit's numbering) into place in `r`, with their
// coefficient ids mapped through `ids` to r's table.
void place_challenge(const CompactR1cs& block, std::span<const std::uint32_t> ids,
                     const UpdateLayout& layout, std::size_t i, CompactR1cs& r) {
  const std::size_t first_row = layout.block_start(i).num_constraints;
  const Nonzeros first_term = layout.block_start_nonzeros(i);
  for (std::size_t m = 0; m < 3; ++m) {
    const CompactMatrix& src = m == 0 ? block.a : m == 1 ? block.b : block.c;
    CompactMatrix& dst = matrix(r, m);
    const auto base = static_cast<std::uint32_t>(first_term[m]);
    for (std::size_t row = 0; row < src.rows(); ++row) {
      dst.row_start[first_row + row + 1] = base + src.row_start[row + 1];
    }
    std::copy(src.column.begin(), src.column.end(),
              dst.column.begin() + static_cast<std::ptrdiff_t>(first_term[m]));
    for (std::size_t t = 0; t < src.nonzeros(); ++t)
      dst.coeff[first_term[m] + t] = ids[src.coeff[t]];
  }
}

// bellperson's input rows after the synthesized ones: Input(i) · 0 = 0, one A term each.
void append_input_rows(CompactR1cs& r, const CircuitSize& synthesized, const Nonzeros& nonzeros) {
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

}  // namespace

CompactR1cs record_update_partition(const UpdateShape& shape) {
  const UpdateCircuit blank = blank_update_circuit(shape);
  validate(blank);

  // The prefix and challenge 0 on this thread, in the system whose arrays become the result's: for
  // a registered size they have room for the whole partition from the start, so nothing recorded
  // here is ever copied.
  ShapeCS head;
  if (const std::optional<RecordTotals> known = known_record_totals(shape)) {
    head.reserve(known->rows, known->nonzeros);
  }
  const UpdatePartitionWires wires = synthesize_update_prefix(head, blank);
  MeasuredPrefix measured;
  measured.prefix = head.size();
  measured.prefix_nonzeros = nonzeros_of(head);
  synthesize_update_challenge(head, blank, wires, 0);
  measured.first_challenge_end = head.size();
  measured.first_challenge_end_nonzeros = nonzeros_of(head);
  const UpdateLayout layout = update_layout(shape, measured);

  CompactR1cs r = std::move(head).take_rows();
  const CircuitSize synthesized = layout.total();
  const Nonzeros nonzeros = layout.total_nonzeros();
  const std::size_t inputs = synthesized.num_inputs;
  r.size = {inputs, synthesized.num_aux, synthesized.num_constraints + inputs};
  size_matrix(r.a, r.size.num_constraints, nonzeros[0] + inputs);
  size_matrix(r.b, r.size.num_constraints, nonzeros[1]);
  size_matrix(r.c, r.size.num_constraints, nonzeros[2]);

  // The other challenges, each copied into place as soon as it is recorded (so that only the
  // threads' blocks in flight are held besides the result), with its coefficient ids mapped to
  // those of the prefix and challenge 0. Every challenge is the same gadgets, so it has no
  // coefficient they lack, and the table and its ids are those of one sequential recording.
  const CoefficientIds base_ids(r.coefficients);
  parallel_for(layout.challenges - 1, 1, [&](std::size_t k) {
    const std::size_t i = k + 1;
    const CompactR1cs block = record_challenge(blank, wires, layout, i);
    const std::optional<std::vector<std::uint32_t>> ids = base_ids.ids_of(block.coefficients);
    if (!ids) {
      throw Error("empty sector update circuit: challenge " + std::to_string(i) +
                  " has a coefficient the prefix and challenge 0 lack");
    }
    place_challenge(block, *ids, layout, i, r);
  });
  append_input_rows(r, synthesized, nonzeros);
  compute_densities(r);
  return r;
}

}  // namespace cuzk::circuit::update
