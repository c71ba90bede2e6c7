#include "circuit/stacked/record_parts.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "circuit/shape_cs.hpp"
#include "circuit/stacked/stacked_circuit.hpp"
#include "util/error.hpp"
#include "util/parallel_for.hpp"

namespace cuzk::circuit::stacked {

namespace {

// Column numbering inside a part's own recording. The prefix's variables keep their indices
// (below kStandIn), the stand-ins for earlier parts' variables sit at kStandIn + (ordinal <<
// kStandInBits) + k (k in the order the earlier part allocated them), and the part's own
// variables count from kLocal. All stay below kInputColumn.
constexpr std::uint32_t kStandIn = std::uint32_t{1} << 29;
constexpr std::uint32_t kLocal = std::uint32_t{1} << 30;
constexpr unsigned kStandInBits = 8;  // a part hands on at most 256 variables (the challenge 64)
constexpr CircuitSize kLocalStart{kLocal, kLocal, 0};

// A system that only numbers, so that a stand-in is made by the same gadget code that allocates
// the real variable (alloc_column, UInt64::alloc): variable k it allocates is stand-in k of the
// part `ordinal`.
class StandInCS {
 public:
  static constexpr bool kKeepsWitness = false;

  explicit StandInCS(std::size_t ordinal)
      : first_(kStandIn + static_cast<std::uint32_t>(ordinal << kStandInBits)), next_(first_) {}

  template <class ValueFn>
  Variable alloc(Name, ValueFn&&) {
    if (next_ - first_ == (std::uint32_t{1} << kStandInBits)) {
      throw Error("stacked circuit: a part hands on more variables than the recorder numbers");
    }
    return Variable::aux(next_++);
  }
  template <class ValueFn>
  Variable alloc_input(Name, ValueFn&&) {
    throw Error("stacked circuit: a part takes an earlier part's public input");
  }
  void enforce(Name, const LinearCombination&, const LinearCombination&, const LinearCombination&) {
  }
  NoScope scope(Name) { return {}; }
  template <std::integral I>
  NoScope scope(const char*, I) {
    return {};
  }
  std::size_t num_inputs() const { return 0; }
  std::size_t num_aux() const { return next_ - first_; }
  std::size_t num_constraints() const { return 0; }

 private:
  std::uint32_t first_, next_;
};

static_assert(ConstraintSystem<StandInCS>);

// The parts of a challenge in allocation order: ordinal 0 is the data path, 1..14 the columns,
// 15 the challenge, then one per layer, then the tail.
struct Parts {
  std::size_t layers;

  static constexpr std::size_t kDataPath = 0;
  static constexpr std::size_t kFirstColumn = 1;
  static constexpr std::size_t kChallenge = kFirstColumn + porep::kParentCount;
  static constexpr std::size_t kFirstLabel = kChallenge + 1;

  std::size_t tail() const { return kFirstLabel + layers; }
  std::size_t count() const { return tail() + 1; }
  ChallengePartSpan span(std::size_t ordinal) const {
    if (ordinal == kDataPath) return {ChallengePart::kDataPath, 0, {}, {}};
    if (ordinal < kChallenge) {
      return {ChallengePart::kColumn, static_cast<std::uint32_t>(ordinal - kFirstColumn), {}, {}};
    }
    if (ordinal == kChallenge) return {ChallengePart::kChallenge, 0, {}, {}};
    if (ordinal < tail()) {
      return {ChallengePart::kLabel, static_cast<std::uint32_t>(ordinal - kFirstLabel), {}, {}};
    }
    return {ChallengePart::kTail, 0, {}, {}};
  }
};

// What the parts take from each other, as stand-ins.
struct StandIns {
  AllocatedNum data_leaf;
  std::vector<std::vector<AllocatedNum>> columns;
  UInt64 challenge;
  std::vector<AllocatedNum> labels;

  StandIns(const Parts& parts, const ChallengeWitness& proof) {
    {
      StandInCS cs(Parts::kDataPath);
      data_leaf = AllocatedNum::alloc(cs, std::optional<Fr>{});
    }
    for (std::size_t i = 0; i < porep::kParentCount; ++i) {
      StandInCS cs(Parts::kFirstColumn + i);
      columns.push_back(detail::alloc_column(cs, parent_column_witness(proof, i)));
    }
    {
      StandInCS cs(Parts::kChallenge);
      challenge = UInt64::alloc(cs, std::nullopt);
    }
    for (std::size_t l = 0; l < parts.layers; ++l) {
      StandInCS cs(Parts::kFirstLabel + l);
      labels.push_back(AllocatedNum::alloc(cs, std::optional<Fr>{}));
    }
  }
};

// One part as its own ShapeCS recorded it.
struct PartRows {
  CompactR1cs rows;
  CircuitSize size;  // the part's own counts
  // The local columns of the variables later parts take from this one, in stand-in order.
  std::vector<std::uint32_t> handed_on;
};

CircuitSize minus(const CircuitSize& a, const CircuitSize& b) {
  return {a.num_inputs - b.num_inputs, a.num_aux - b.num_aux,
          a.num_constraints - b.num_constraints};
}

PartRows record_part(const StackedCircuit& blank, const PartitionWires& wires, const Parts& parts,
                     const StandIns& in, std::size_t ordinal) {
  const ChallengeWitness& proof = blank.proofs[0];
  const CircuitShape& shape = blank.shape;
  ShapeCS cs(kLocalStart);
  PartRows out;
  const auto hand_on = [&](const AllocatedNum& n) {
    out.handed_on.push_back(column_of(n.variable()));
  };
  if (ordinal == Parts::kDataPath) {
    hand_on(synthesize_data_path(cs, shape, proof, wires.comm_d));
  } else if (ordinal < Parts::kChallenge) {
    for (const AllocatedNum& row :
         synthesize_parent_column(cs, shape, proof, ordinal - Parts::kFirstColumn, wires.comm_c)) {
      hand_on(row);
    }
  } else if (ordinal == Parts::kChallenge) {
    const UInt64 challenge = synthesize_challenge_bits(cs, proof);
    for (const Boolean& bit : challenge.bits_le()) {
      if (bit.kind() != Boolean::Kind::kIs) {
        throw Error("stacked circuit: a challenge bit is not an allocated bit");
      }
      out.handed_on.push_back(column_of(bit.bit().variable()));
    }
  } else if (ordinal < parts.tail()) {
    const auto layer = static_cast<std::uint32_t>(ordinal - Parts::kFirstLabel + 1);
    hand_on(synthesize_label(cs, layer, std::span<const std::vector<AllocatedNum>>(in.columns),
                             std::span<const Boolean>(wires.replica_id_bits), in.challenge));
  } else {
    synthesize_tail(cs, shape, proof, std::span<const AllocatedNum>(in.labels), in.data_leaf,
                    wires.comm_r_last, wires.comm_c);
  }
  for (const std::uint32_t c : out.handed_on) {
    if (c < kLocal || (c & kInputColumn) != 0) {
      throw Error("stacked circuit: a part hands on a variable it did not allocate");
    }
  }
  out.size = minus(cs.size(), kLocalStart);
  out.rows = std::move(cs).take_rows();
  return out;
}

// Renumbers one part's columns into the circuit's: its own from its start, the stand-ins to the
// variables they stand for, the prefix's as they are.
class PartColumns {
 public:
  PartColumns(const CircuitSize& prefix, const CircuitSize& part_start,
              std::span<const std::vector<std::uint32_t>> resolved, std::size_t ordinal)
      : prefix_(prefix), start_(part_start), resolved_(resolved), ordinal_(ordinal) {}

  std::uint32_t operator()(std::uint32_t c) const {
    if ((c & kInputColumn) != 0) {
      const std::uint32_t index = c & ~kInputColumn;
      if (index >= kLocal) return kInputColumn | narrow(start_.num_inputs + (index - kLocal));
      if (index < prefix_.num_inputs) return c;
    } else if (c >= kLocal) {
      return narrow(start_.num_aux + (c - kLocal));
    } else if (c >= kStandIn) {
      const std::size_t from = (c - kStandIn) >> kStandInBits;
      const std::size_t k = (c - kStandIn) & ((std::uint32_t{1} << kStandInBits) - 1);
      if (from < ordinal_ && k < resolved_[from].size()) return resolved_[from][k];
    } else if (c < prefix_.num_aux) {
      return c;
    }
    throw Error("stacked circuit: a part refers to a variable it was not handed (column " +
                std::to_string(c) + ")");
  }

 private:
  static std::uint32_t narrow(std::size_t index) {
    if (index >= kStandIn) throw Error("stacked circuit: too many variables for the recorder");
    return static_cast<std::uint32_t>(index);
  }

  CircuitSize prefix_, start_;
  std::span<const std::vector<std::uint32_t>> resolved_;
  std::size_t ordinal_;
};

// Copies `src` (a piece's rows) to rows starting at dst_row of `dst`, terms from dst_term on, with
// its columns renumbered and its coefficient ids mapped to the shared table's.
template <class Renumber>
void place_rows(const CompactMatrix& src, const Renumber& renumber,
                std::span<const std::uint32_t> coefficient_ids, CompactMatrix& dst,
                std::size_t dst_row, std::size_t dst_term) {
  for (std::size_t r = 0; r < src.rows(); ++r) {
    dst.row_start[dst_row + r + 1] = static_cast<std::uint32_t>(dst_term + src.row_start[r + 1]);
  }
  for (std::size_t t = 0; t < src.nonzeros(); ++t) {
    dst.column[dst_term + t] = renumber(src.column[t]);
    dst.coeff[dst_term + t] = coefficient_ids[src.coeff[t]];
  }
}

CompactMatrix& matrix(CompactR1cs& r, std::size_t m) { return m == 0 ? r.a : m == 1 ? r.b : r.c; }
const CompactMatrix& matrix(const CompactR1cs& r, std::size_t m) {
  return m == 0 ? r.a : m == 1 ? r.b : r.c;
}

// The partition's layout from the prefix's counts and the parts' own; part_nonzero_start gets
// where each part's terms start inside the block.
PartitionLayout layout_of(const CircuitShape& shape, const ShapeCS& prefix_cs, const Parts& parts,
                          std::span<const PartRows> recorded,
                          std::vector<Nonzeros>& part_nonzero_start) {
  PartitionLayout layout;
  layout.challenges = shape.challenges;
  layout.prefix = prefix_cs.size();
  layout.prefix_nonzeros = {prefix_cs.nonzeros_a(), prefix_cs.nonzeros_b(), prefix_cs.nonzeros_c()};
  part_nonzero_start.resize(parts.count());
  for (std::size_t o = 0; o < parts.count(); ++o) {
    ChallengePartSpan span = parts.span(o);
    span.start = layout.block;
    span.size = recorded[o].size;
    layout.parts.push_back(span);
    layout.block = {layout.block.num_inputs + span.size.num_inputs,
                    layout.block.num_aux + span.size.num_aux,
                    layout.block.num_constraints + span.size.num_constraints};
    part_nonzero_start[o] = layout.block_nonzeros;
    for (std::size_t m = 0; m < 3; ++m) {
      layout.block_nonzeros[m] += matrix(recorded[o].rows, m).nonzeros();
    }
  }
  if (const std::optional<RecordedCounts> known = known_recorded_counts(shape);
      known && *known != layout.recorded_counts()) {
    throw Error("stacked circuit: the recorded parts do not add up to the known counts");
  }
  return layout;
}

// Where every handed-on variable is in the circuit's numbering, by part. The stand-ins' order
// must be theirs, or the renumbered rows would not be sorted.
std::vector<std::vector<std::uint32_t>> handed_on_columns(const PartitionLayout& layout,
                                                          std::span<const PartRows> recorded) {
  std::vector<std::vector<std::uint32_t>> resolved(recorded.size());
  for (std::size_t o = 0; o < recorded.size(); ++o) {
    const std::size_t start = layout.prefix.num_aux + layout.parts[o].start.num_aux;
    for (const std::uint32_t c : recorded[o].handed_on) {
      resolved[o].push_back(static_cast<std::uint32_t>(start + (c - kLocal)));
      if (resolved[o].size() > 1 && resolved[o].back() <= resolved[o][resolved[o].size() - 2]) {
        throw Error("stacked circuit: a part hands on its variables out of order");
      }
    }
  }
  return resolved;
}

}  // namespace

BlockRecording record_blocks(const CircuitShape& shape) {
  const StackedCircuit blank = blank_circuit(shape);
  ShapeCS prefix_cs;
  const PartitionWires wires = synthesize_prefix(prefix_cs, blank);

  const Parts parts{shape.layers};
  const StandIns stand_ins(parts, blank.proofs[0]);
  // The largest parts first (the data path, then the labels), so that they start at once.
  std::vector<std::size_t> order(parts.count());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_partition(order.begin(), order.end(), [&](std::size_t o) {
    return o == Parts::kDataPath || (o >= Parts::kFirstLabel && o < parts.tail());
  });
  std::vector<PartRows> recorded(parts.count());
  parallel_for(order.size(), 1, [&](std::size_t i) {
    recorded[order[i]] = record_part(blank, wires, parts, stand_ins, order[i]);
  });

  BlockRecording out;
  std::vector<Nonzeros> part_nonzero_start;
  out.layout = layout_of(shape, prefix_cs, parts, recorded, part_nonzero_start);
  const PartitionLayout& layout = out.layout;
  const std::vector<std::vector<std::uint32_t>> resolved = handed_on_columns(layout, recorded);
  const CompactR1cs prefix_rows = std::move(prefix_cs).take_rows();

  // One coefficient table, interned in circuit order: the ids of a one-pass recording.
  CoefficientTable table;
  const auto intern = [&](std::span<const Fr> values) {
    std::vector<std::uint32_t> ids;
    ids.reserve(values.size());
    for (const Fr& v : values) ids.push_back(table.id_of(v));
    return ids;
  };
  const std::vector<std::uint32_t> prefix_ids = intern(prefix_rows.coefficients);
  std::vector<std::vector<std::uint32_t>> part_ids(parts.count());
  for (std::size_t o = 0; o < parts.count(); ++o) {
    part_ids[o] = intern(recorded[o].rows.coefficients);
  }

  CompactR1cs& rows = out.rows;
  rows.size = layout.block_start(1);
  const Nonzeros total = layout.block_start_nonzeros(1);
  for (std::size_t m = 0; m < 3; ++m) {
    size_matrix(matrix(rows, m), rows.size.num_constraints, total[m]);
  }
  // Piece 0 is the prefix, piece 1 + o part o.
  const CircuitSize& prefix = layout.prefix;
  parallel_for(3 * (parts.count() + 1), 1, [&](std::size_t task) {
    const std::size_t m = task % 3;
    const std::size_t piece = task / 3;
    if (piece == 0) {
      place_rows(
          matrix(prefix_rows, m), [](std::uint32_t c) { return c; }, prefix_ids, matrix(rows, m), 0,
          0);
      return;
    }
    const std::size_t o = piece - 1;
    const ChallengePartSpan& span = layout.parts[o];
    const PartColumns renumber(
        prefix, {prefix.num_inputs + span.start.num_inputs, prefix.num_aux + span.start.num_aux, 0},
        resolved, o);
    place_rows(matrix(recorded[o].rows, m), renumber, part_ids[o], matrix(rows, m),
               prefix.num_constraints + span.start.num_constraints,
               layout.prefix_nonzeros[m] + part_nonzero_start[o][m]);
  });
  rows.coefficients.assign(table.values().begin(), table.values().end());
  return out;
}

BlockRecording record_blocks_in_one_pass(const CircuitShape& shape) {
  const StackedCircuit blank = blank_circuit(shape);
  ShapeCS cs;
  if (const std::optional<RecordedCounts> known = known_recorded_counts(shape)) {
    cs.reserve(known->constraints, known->nonzeros);
  }
  BlockRecording out;
  out.layout = measure_partition(cs, blank);
  out.rows = std::move(cs).take_rows();
  return out;
}

}  // namespace cuzk::circuit::stacked
