// The SnapDeals update sector (pipeline/update_sector.hpp) on the CPU, at 2 KiB: what the sector
// provers ask of it before any proving (its kind, its partitions, the native check refusing a
// tampered input) and the witnesses it hands the GPU session: a sequential WitnessCS's, allocated
// from the heap the session gives, satisfying the recorded R1CS row by row; a layout of another
// circuit or of other counts refused before any witness is handed over. The proofs themselves are
// made in cli/prove_update_test (CPU) and pipeline/gpu_update_sector_test (GPU).
#include "pipeline/update_sector.hpp"

#include <doctest/doctest.h>

#include <memory>
#include <memory_resource>
#include <utility>
#include <vector>

#include "circuit/update/from_vanilla.hpp"
#include "circuit/update/update_circuit.hpp"
#include "circuit/update/update_record.hpp"
#include "circuit/update/update_shape.hpp"
#include "circuit/witness_cs.hpp"
#include "pipeline/background_release.hpp"
#include "porep/update/update_input.hpp"
#include "prover/cpu_r1cs_eval.hpp"
#include "sealing/update/update_generator.hpp"
#include "util/error.hpp"

namespace cuzk::pipeline {
namespace {

using porep::update::RegisteredUpdateProof;
using porep::update::UpdateInput;

constexpr RegisteredUpdateProof kProof = RegisteredUpdateProof::kStackedDrg2KiBV1;

const UpdateInput& input() {
  static const UpdateInput made = [] {
    sealing::GenerateUpdateOptions options;
    options.proof = kProof;
    options.new_data_seed = 4;
    return sealing::generate_update(options);
  }();
  return made;
}

std::shared_ptr<const UpdateInput> shared_input() {
  return std::shared_ptr<const UpdateInput>(&input(), [](const UpdateInput*) {});
}

// What the session does with the witnesses: keeps them by partition.
struct Handed {
  std::vector<circuit::CompactWitness> witnesses;
  WitnessReady ready() {
    return [this](std::size_t k, circuit::CompactWitness&& w) {
      if (witnesses.size() <= k) witnesses.resize(k + 1);
      witnesses[k] = std::move(w);
    };
  }
};

TEST_CASE("update sector: its kind and partitions; the native check refuses a tampered input") {
  const UpdateSector sector(shared_input(), true);
  CHECK(sector.kind() == CircuitKind(kProof));
  CHECK(sector.partitions() == 1);
  CHECK_NOTHROW(sector.check());

  auto tampered = std::make_shared<UpdateInput>(input());
  tampered->partitions[0].challenge_proofs[2].proof_r_new.leaf[0] ^= 0x01;
  CHECK_THROWS_WITH_AS(UpdateSector(tampered, true).check(),
                       doctest::Contains("the vanilla proofs fail the native check"), Error);
}

TEST_CASE("update sector: the witnesses satisfy the recorded R1CS, in the heaps given") {
  const circuit::CompactR1cs r1cs =
      circuit::update::record_update_partition(circuit::update::update_shape(kProof));
  const UpdateSector sector(shared_input(), true);
  BackgroundRelease release;
  std::vector<std::shared_ptr<PartitionHeap>> heaps;
  Handed handed;
  sector.witnesses(
      WitnessLayout(r1cs.size),
      [&](std::size_t) {
        heaps.push_back(release.new_heap());
        return heaps.back();
      },
      handed.ready(), release);
  REQUIRE(handed.witnesses.size() == 1);
  const circuit::CompactWitness& w = handed.witnesses[0];
  CHECK(w.memory() == heaps.at(0).get());
  CHECK_NOTHROW(prover::evaluate_rows(r1cs, w));
  circuit::WitnessCS sequential;
  circuit::update::synthesize(sequential, circuit::update::circuit_from_vanilla(
                                              input().statement(0), input().partitions[0]));
  CHECK(w == std::move(sequential).finish());
  handed.witnesses.clear();  // before the heaps go

  SUBCASE("a layout of other counts, or of StackedDRG's blocks, is refused") {
    circuit::CircuitSize other = r1cs.size;
    ++other.num_aux;
    Handed none;
    CHECK_THROWS_WITH_AS(sector.witnesses(WitnessLayout(other), {}, none.ready(), release),
                         doctest::Contains("for a recorded R1CS of"), Error);
    CHECK_THROWS_WITH_AS(sector.witnesses(WitnessLayout(circuit::stacked::PartitionLayout{}), {},
                                          none.ready(), release),
                         doctest::Contains("not an update circuit's"), Error);
    CHECK(none.witnesses.empty());
  }
}

}  // namespace
}  // namespace cuzk::pipeline
