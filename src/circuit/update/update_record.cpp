#include "circuit/update/update_record.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "circuit/compact_witness.hpp"
#include "circuit/shape_cs.hpp"
#include "circuit/update/update_circuit.hpp"
#include "circuit/update/update_layout.hpp"
#include "util/error.hpp"
#include "util/parallel_for.hpp"

namespace cuzk::circuit::update {

namespace {

CompactMatrix& matrix(CompactR1cs& r, std::size_t m) { return m == 0 ? r.a : m == 1 ? r.b : r.c; }

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

// Sets bit `index` of `words`, whose word other threads may set bits of too.
void set_shared(std::span<std::uint64_t> words, std::size_t index) {
  std::atomic_ref<std::uint64_t> word(words[index / 64]);
  const std::uint64_t bit = std::uint64_t{1} << (index % 64);
  if ((word.load(std::memory_order_relaxed) & bit) == 0) {
    word.fetch_or(bit, std::memory_order_relaxed);
  }
}

// Marks in r's densities (the prover's: aux in A, inputs and aux in B) the variables that one
// piece's terms of A and B name, as compute_densities does over the whole, while the piece's
// columns are at hand rather than in a pass of their own over the result (a second at 512 MiB).
// The piece's own aux variables (`own` of them from `own_aux` on) are marked in bitmaps of its
// own, placed whole (place_bits shares only the edge words with the neighbouring pieces); the
// earlier ones it names (the prefix's, which every challenge shares) directly in r's, atomically.
void mark_densities(std::span<const std::uint32_t> a_columns,
                    std::span<const std::uint32_t> b_columns, std::size_t own_aux, std::size_t own,
                    CompactR1cs& r) {
  BitVector a_aux(own), b_aux(own);
  const auto mark = [&](std::span<const std::uint32_t> columns, BitVector& own_bits,
                        BitVector& all_bits, BitVector* inputs) {
    for (const std::uint32_t c : columns) {
      if ((c & kInputColumn) != 0) {
        if (inputs != nullptr) set_shared(inputs->mutable_words(), c & ~kInputColumn);
      } else if (c < own_aux) {
        set_shared(all_bits.mutable_words(), c);
      } else if (c - own_aux < own) {
        own_bits.set(c - own_aux);
      } else {
        throw Error("empty sector update circuit: a challenge names an aux variable past its own");
      }
    }
  };
  mark(a_columns, a_aux, r.a_aux_density, nullptr);
  mark(b_columns, b_aux, r.b_aux_density, &r.b_input_density);
  place_bits(r.a_aux_density.mutable_words(), own_aux, a_aux);
  place_bits(r.b_aux_density.mutable_words(), own_aux, b_aux);
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
  size_recorded_partition(r, layout);
  r.a_aux_density = BitVector(r.size.num_aux);
  r.b_input_density = BitVector(r.size.num_inputs);
  r.b_aux_density = BitVector(r.size.num_aux);
  const CircuitSize head_end = layout.block_start(1);
  const Nonzeros head_nonzeros = layout.block_start_nonzeros(1);
  mark_densities(std::span(r.a.column).first(head_nonzeros[0]),
                 std::span(r.b.column).first(head_nonzeros[1]), 0, head_end.num_aux, r);

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
    mark_densities(block.a.column, block.b.column, layout.block_start(i).num_aux,
                   layout.block.num_aux, r);
  });
  append_input_rows(r, layout);
  return r;
}

}  // namespace cuzk::circuit::update
