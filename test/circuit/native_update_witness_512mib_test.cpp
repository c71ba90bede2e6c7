// The native update witness (circuit/update/native_update_witness.hpp) against a sequential
// WitnessCS synthesis on one partition of a structured 512 MiB update, the smallest registered
// size with sixteen partitions, 86 challenges and 128 apex leaves: 57.4 M aux values, about 10 s
// here (the smaller sizes are in native_update_witness_test.cpp).
#include <doctest/doctest.h>

#include "circuit/update/from_vanilla.hpp"
#include "native_update_test_input.hpp"

using namespace cuzk::circuit::update;
using cuzk::porep::update::RegisteredUpdateProof;

TEST_CASE("native update witness equals WitnessCS: partition 9 of a structured 512 MiB update") {
  const cuzk::porep::update::UpdateInput input =
      cuzk::test::generate_update_input(RegisteredUpdateProof::kStackedDrg512MiBV1);
  REQUIRE(input.partitions.size() == 16);
  const NativeUpdateWitnessPlan plan(update_shape(RegisteredUpdateProof::kStackedDrg512MiBV1));
  const cuzk::circuit::CompactWitness witness = cuzk::test::check_native_update_witness(
      plan, circuit_from_vanilla(input.statement(9), input.partitions[9]));
  CHECK(witness.num_aux == 57'401'314);
}
