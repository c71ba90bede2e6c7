// The parts a challenge is split into (challenge_part.hpp) as partition_layout() locates them:
// in allocation order, tiling the challenge's block, each of the size the circuit spec derives,
// pinned at 32 GiB to the spec's allocation offsets. A change in the gadgets' allocation order
// moves these numbers.
#include <doctest/doctest.h>

#include "circuit/stacked/partition_layout.hpp"
#include "porep/registered_proof.hpp"

using namespace cuzk::circuit;
namespace porep = cuzk::porep;

TEST_CASE("a challenge's parts: in allocation order, tiling the block, as the spec counts them") {
  // 32 GiB (porep-circuit.md 1 and 4.2: D = 30, L = 11, arity-8 trees of 10 levels): the data
  // path is 1 + 45,335 D; a column L + P(11) + 10 x 537; the challenge 64 bits; layer 1's label
  // 6 x 255 + 521,749, later ones 14 x 255 + 521,749; the tail 1 + 2 x 5,370 + P(11).
  const stacked::PartitionLayout layout = stacked::partition_layout(
      stacked::circuit_shape(porep::RegisteredSealProof::kStackedDrg32GiBV1_1));
  REQUIRE(layout.parts.size() == 1 + 14 + 1 + 11 + 1);
  CircuitSize at{};
  for (const stacked::ChallengePartSpan& part : layout.parts) {
    CHECK(part.start == at);
    at = {at.num_inputs + part.size.num_inputs, at.num_aux + part.size.num_aux,
          at.num_constraints + part.size.num_constraints};
  }
  CHECK(at == layout.block);
  CHECK(layout.prefix.num_aux == 571);

  const auto expect = [&](std::size_t k, stacked::ChallengePart kind, std::uint32_t index,
                          std::size_t aux, std::size_t inputs) {
    INFO("part " << k);
    CHECK(layout.parts[k].part == kind);
    CHECK(layout.parts[k].index == index);
    CHECK(layout.parts[k].size.num_aux == aux);
    CHECK(layout.parts[k].size.num_inputs == inputs);
  };
  expect(0, stacked::ChallengePart::kDataPath, 0, 1 + 45335 * 30, 1);
  for (std::uint32_t i = 0; i < 14; ++i) {
    expect(1 + i, stacked::ChallengePart::kColumn, i, 11 + 598 + 5370, 1);
  }
  expect(15, stacked::ChallengePart::kChallenge, 0, 64, 1);
  expect(16, stacked::ChallengePart::kLabel, 0, 6 * 255 + 521749, 0);
  for (std::uint32_t l = 1; l < 11; ++l) {
    expect(16 + l, stacked::ChallengePart::kLabel, l, 14 * 255 + 521749, 0);
  }
  expect(27, stacked::ChallengePart::kTail, 0, 1 + 2 * 5370 + 598, 2);
  // The offsets table of porep-circuit.md 1: challenge 0's first column at aux 1,360,622, its
  // challenge bits at 1,444,328, layer 2's parent bits at 1,967,671; 130,169,893 aux in all.
  CHECK(layout.prefix.num_aux + layout.parts[1].start.num_aux == 1360622);
  CHECK(layout.prefix.num_aux + layout.parts[15].start.num_aux == 1444328);
  CHECK(layout.prefix.num_aux + layout.parts[17].start.num_aux == 1967671);
  CHECK(layout.total().num_aux == 130169893);
}
