// Pinned sizes of the EmptySectorUpdate circuit. The constraint counts of whole partitions come
// from rust-fil-proofs' own asserts (storage-proofs-update tests/circuit.rs: the six testing sizes
// and 32 GiB) and those of its gadgets from gadgets.rs' tests (gen_challenge_bits, apex_por). The
// other counts of the registered sizes (update_r1cs_vectors.hpp) are ours, pinned so that a change
// shows; 512 MiB's and 64 GiB's are checked with their fingerprints
// (update_r1cs_production_test.cpp).
#include <doctest/doctest.h>

#include <cstddef>
#include <vector>

#include "circuit/counting_cs.hpp"
#include "circuit/update/apex_por.hpp"
#include "circuit/update/gen_challenge_bits.hpp"
#include "circuit/update/update_circuit.hpp"
#include "circuit/update/update_shape.hpp"
#include "update_r1cs_vectors.hpp"

namespace {

using namespace cuzk::circuit;
using namespace cuzk::circuit::update;

CountingCS count(std::uint64_t sector_nodes) {
  CountingCS cs;
  synthesize(cs, blank_update_circuit(update_shape(sector_nodes)));
  return cs;
}

// The constraints apex_por adds on top of its allocated arguments, for a tree with
// `partitions` partitions of `leaves` apex leaves each.
std::size_t apex_por_constraints(std::size_t partitions, std::size_t leaves) {
  CountingCS cs;
  const AllocatedNum comm_d = AllocatedNum::alloc(cs, std::optional<Fr>());
  std::vector<Boolean> bits;
  std::vector<std::vector<AllocatedNum>> path;
  for (std::size_t p = 1; p < partitions; p *= 2) {
    bits.emplace_back(AllocatedBit::alloc(cs, std::optional<bool>()));
    path.push_back({AllocatedNum::alloc(cs, std::optional<Fr>())});
  }
  std::vector<AllocatedNum> apex;
  for (std::size_t i = 0; i < leaves; ++i)
    apex.push_back(AllocatedNum::alloc(cs, std::optional<Fr>()));
  const std::size_t before = cs.num_constraints();
  apex_por(cs, std::span<const AllocatedNum>(apex), std::span<const Boolean>(bits),
           std::span<const std::vector<AllocatedNum>>(path), comm_d);
  return cs.num_constraints() - before;
}

}  // namespace

TEST_CASE("update circuit: tests/circuit.rs' constraint counts at the testing sizes") {
  struct Row {
    std::uint64_t nodes;
    std::size_t constraints;
  };
  const Row rows[] = {
      {kSectorSize1KiB, 1'248'389}, {kSectorSize2KiB, 1'705'039},  {kSectorSize4KiB, 2'165'109},
      {kSectorSize8KiB, 2'620'359}, {kSectorSize16KiB, 6'300'021}, {kSectorSize32KiB, 6'760'091},
  };
  for (const Row& r : rows) {
    INFO(sector_size_name(r.nodes));
    const CountingCS cs = count(r.nodes);
    CHECK(cs.num_inputs() == UpdateShape::num_inputs());
    CHECK(cs.num_constraints() == r.constraints);
  }
}

TEST_CASE(
    "update circuit: the registered sizes' counts; 32 GiB's is tests/circuit.rs' 81,049,499") {
  CHECK(cuzk::test::kUpdateR1csVectors[3].digest.size.num_constraints == 81'049'499);
  for (const auto& v : cuzk::test::kUpdateR1csVectors) {
    // 512 MiB and 64 GiB take 7 and 11 s; their fingerprints check their counts in
    // update_r1cs_production_test.cpp.
    if (v.proof == cuzk::porep::update::RegisteredUpdateProof::kStackedDrg512MiBV1 ||
        v.proof == cuzk::porep::update::RegisteredUpdateProof::kStackedDrg64GiBV1) {
      continue;
    }
    INFO(v.name);
    CountingCS cs;
    synthesize(cs, blank_update_circuit(update_shape(v.proof)));
    CHECK(cs.size() == v.digest.size);
    // Each input row adds one entry to A.
    CHECK(cs.nonzeros_a() + cs.num_inputs() == v.digest.nnz_with_input_rows.a);
    CHECK(cs.nonzeros_b() == v.digest.nnz_with_input_rows.b);
    CHECK(cs.nonzeros_c() == v.digest.nnz_with_input_rows.c);
  }
}

TEST_CASE("update circuit: the shape table agrees with the registered update proofs'") {
  for (const auto& info : cuzk::porep::update::all_update_proofs()) {
    INFO(info.name);
    const UpdateShape s = update_shape(info.proof);
    CHECK(s.sector_nodes == info.nodes);
    CHECK(s.partition_count == info.partitions);
    CHECK(s.challenge_count == info.challenges_per_partition);
    CHECK(s.apex_leaf_count == info.apex_leaves);
    CHECK(s.tree_r.base_arity == info.tree.base_arity);
    CHECK(s.tree_r.sub_arity == info.tree.sub_arity);
    CHECK(s.tree_r.top_arity == info.tree.top_arity);
    for (std::size_t i = 0; i < kHsCount; ++i) CHECK(s.hs[i] == info.h_choices[i]);
  }
}

TEST_CASE("update circuit: gen_challenge_bits costs what gadgets.rs asserts") {
  for (const std::uint64_t nodes : allowed_sector_sizes()) {
    INFO(sector_size_name(nodes));
    const UpdateShape shape = update_shape(nodes);
    CountingCS cs;
    const AllocatedNum comm_r_new = AllocatedNum::alloc(cs, std::optional<Fr>());
    const AllocatedNum k = AllocatedNum::alloc(cs, std::optional<Fr>());
    const auto bits = gen_challenge_bits(cs, comm_r_new, k, shape.challenge_count,
                                         shape.challenge_sans_partition_bit_len());
    const std::size_t expected = nodes >= kSectorSize32GiB    ? 5680
                                 : nodes == kSectorSize512MiB ? 4544
                                                              : 568;
    CHECK(cs.num_constraints() == expected);
    CHECK(bits.size() == shape.challenge_count);
  }
}

TEST_CASE("update circuit: apex_por costs what gadgets.rs asserts") {
  CHECK(apex_por_constraints(1, 8) == 317'654);      // 1 to 8 KiB
  CHECK(apex_por_constraints(2, 128) == 5'808'515);  // 16 and 32 KiB
  CHECK(apex_por_constraints(4, 16) == 771'448);     // 16 KiB cut into 4 partitions
  CHECK(apex_por_constraints(8, 8) == 453'797);      // and into 8
}
