#include "circuit/stacked/partition_layout.hpp"

#include <string>

#include "circuit/counting_cs.hpp"
#include "circuit/shape_cs.hpp"
#include "circuit/stacked/stacked_circuit.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::stacked {

namespace {

// The registered sector sizes' recorded counts, as partition_layout measured them.
struct KnownCounts {
  porep::RegisteredSealProof proof;
  RecordedCounts counts;
};
constexpr KnownCounts kKnownCounts[] = {
    {porep::RegisteredSealProof::kStackedDrg2KiBV1_1,
     {1'344'246, {3'211'799, 1'344'789, 2'912'664}}},
    {porep::RegisteredSealProof::kStackedDrg8MiBV1_1,
     {1'922'750, {4'695'523, 1'924'229, 4'117'764}}},
    {porep::RegisteredSealProof::kStackedDrg512MiBV1_1,
     {2'212'002, {5'437'385, 2'213'949, 4'720'314}}},
    {porep::RegisteredSealProof::kStackedDrg32GiBV1_1,
     {7'238'236, {17'191'638, 7'240'948, 15'703'749}}},
    {porep::RegisteredSealProof::kStackedDrg64GiBV1_1,
     {7'288'642, {17'329'831, 7'291'416, 15'806'862}}},
};

}  // namespace

PartitionLayout partition_layout(const CircuitShape& shape) {
  CountingCS cs;
  return measure_partition(cs, blank_circuit(shape));
}

std::optional<RecordedCounts> known_recorded_counts(const CircuitShape& shape) {
  for (const KnownCounts& k : kKnownCounts) {
    const CircuitShape known = circuit_shape(k.proof);
    if (known.nodes == shape.nodes && known.layers == shape.layers && known.tree == shape.tree) {
      return k.counts;
    }
  }
  return std::nullopt;
}

template <class CS>
PartitionLayout measure_partition(CS& cs, const StackedCircuit& blank) {
  const PartitionWires wires = synthesize_prefix(cs, blank);
  PartitionLayout layout;
  layout.challenges = blank.shape.challenges;
  layout.prefix = cs.size();
  layout.prefix_nonzeros = nonzeros_of(cs);
  const auto mark = [&](ChallengePart part, std::size_t index) {
    if (!layout.parts.empty()) {
      ChallengePartSpan& last = layout.parts.back();
      last.size = size_difference(size_difference(cs.size(), layout.prefix), last.start);
    }
    layout.parts.push_back({part, static_cast<std::uint32_t>(index),
                            size_difference(cs.size(), layout.prefix), CircuitSize{}});
  };
  synthesize_challenge_of(cs, blank, wires, 0, mark);
  layout.block = size_difference(cs.size(), layout.prefix);
  layout.parts.back().size = size_difference(layout.block, layout.parts.back().start);
  const Nonzeros after = nonzeros_of(cs);
  for (std::size_t m = 0; m < 3; ++m)
    layout.block_nonzeros[m] = after[m] - layout.prefix_nonzeros[m];
  return layout;
}

template PartitionLayout measure_partition(CountingCS&, const StackedCircuit&);
template PartitionLayout measure_partition(ShapeCS&, const StackedCircuit&);

}  // namespace cuzk::circuit::stacked
