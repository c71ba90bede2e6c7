#include "circuit/update/update_layout.hpp"

#include "util/error.hpp"

namespace cuzk::circuit::update {

namespace {

// The registered sizes' recordings, as record_update_partition records them (the pinned digests'
// constraints plus the five input rows, and their non-zeros with input rows).
struct KnownTotals {
  std::uint64_t sector_nodes;
  RecordTotals totals;
};
constexpr KnownTotals kKnownTotals[] = {
    {kSectorSize2KiB, {1'705'044, {4'030'892, 1'706'537, 3'616'648}}},
    {kSectorSize8MiB, {10'007'508, {23'284'278, 10'015'181, 21'302'734}}},
    {kSectorSize512MiB, {57'450'484, {135'362'852, 57'500'527, 121'971'144}}},
    {kSectorSize32GiB, {81'049'504, {190'374'912, 81'118'127, 172'187'492}}},
    {kSectorSize64GiB, {85'006'106, {199'699'032, 85'077'653, 180'585'650}}},
};

}  // namespace

UpdateLayout update_layout(const UpdateShape& shape, const MeasuredPrefix& measured) {
  if (shape.challenge_count == 0) {
    throw Error("empty sector update circuit: a partition without challenges");
  }
  UpdateLayout layout;
  layout.challenges = static_cast<std::uint32_t>(shape.challenge_count);
  layout.prefix = measured.prefix;
  layout.block = size_difference(measured.first_challenge_end, measured.prefix);
  layout.prefix_nonzeros = measured.prefix_nonzeros;
  for (std::size_t m = 0; m < 3; ++m) {
    layout.block_nonzeros[m] =
        measured.first_challenge_end_nonzeros[m] - measured.prefix_nonzeros[m];
  }
  return layout;
}

std::optional<RecordTotals> known_record_totals(const UpdateShape& shape) {
  for (const KnownTotals& k : kKnownTotals) {
    if (k.sector_nodes == shape.sector_nodes &&
        shape.challenge_count == challenge_count(k.sector_nodes) &&
        shape.partition_count == partition_count(k.sector_nodes)) {
      return k.totals;
    }
  }
  return std::nullopt;
}

}  // namespace cuzk::circuit::update
