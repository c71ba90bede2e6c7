// c1_writer against the porep helper's independent knowledge of serde's layout: the synthetic C1
// fixture (test/porep/c1_fixture.hpp) is parsed, converted to the writer's types and
// written again, byte for byte the same, for Single (2 KiB), Sub (32 GiB) and Top (64 GiB) proofs;
// and the lotus wrapper equals the fixture's.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "porep/c1_fixture.hpp"
#include "porep/c1_parser.hpp"
#include "sealing/c1_writer.hpp"

namespace {

namespace porep = cuzk::porep;
namespace sealing = cuzk::sealing;

sealing::MerkleOpening opening(const porep::MerkleProof& m) {
  sealing::MerkleOpening o;
  o.root = m.root;
  o.leaf = m.leaf;
  o.shape = m.shape;
  o.siblings.assign(m.siblings.begin(), m.siblings.end());
  o.indices.assign(m.indices.begin(), m.indices.end());
  return o;
}

sealing::ColumnOpening column(const porep::ColumnProof& c) {
  return {
      .index = c.index, .rows = {c.rows.begin(), c.rows.end()}, .inclusion = opening(c.inclusion)};
}

sealing::LabelingOpening labeling(const porep::LabelingProof& l) {
  return {.layer_index = l.layer_index,
          .node = l.node,
          .parents = {l.parents.begin(), l.parents.end()}};
}

sealing::SealCommitOutput to_writer_types(const porep::C1Output& c1) {
  sealing::SealCommitOutput out{.registered_proof = c1.registered_proof,
                                .comm_r = c1.comm_r,
                                .comm_d = c1.comm_d,
                                .replica_id = c1.replica_id,
                                .seed = c1.seed,
                                .ticket = c1.ticket,
                                .partitions = {}};
  for (std::uint32_t k = 0; k < c1.partitions; ++k) {
    auto& partition = out.partitions.emplace_back();
    for (const porep::ChallengeProof& p : c1.partition(k)) {
      sealing::VanillaProof v;
      v.comm_d = opening(p.comm_d);
      v.comm_r_last = opening(p.comm_r_last);
      v.c_x = column(p.c_x);
      for (std::size_t j = 0; j < porep::kBaseDegree; ++j)
        v.drg_parents[j] = column(p.drg_parents[j]);
      for (std::size_t j = 0; j < porep::kExpanderDegree; ++j)
        v.exp_parents[j] = column(p.exp_parents[j]);
      for (const porep::LabelingProof& l : p.labeling) v.labeling.push_back(labeling(l));
      v.encoding = labeling(p.encoding);
      partition.push_back(std::move(v));
    }
  }
  return out;
}

}  // namespace

TEST_CASE("c1_writer: the porep fixture's JSON is rewritten byte for byte") {
  for (porep::RegisteredSealProof proof : {porep::RegisteredSealProof::kStackedDrg2KiBV1_1,
                                           porep::RegisteredSealProof::kStackedDrg32GiBV1_1,
                                           porep::RegisteredSealProof::kStackedDrg64GiBV1}) {
    INFO(porep::seal_proof_info(proof).name);
    cuzk::test::C1Fixture fixture({.proof = proof, .rng_seed = 3});
    const std::string json = fixture.json();
    const porep::C1Output c1 = porep::parse_c1(json, porep::C1Checks::kStructure);
    const std::string again = sealing::c1_inner_json(to_writer_types(c1));
    CHECK(again.size() == json.size());
    CHECK(again == json);
    const std::uint64_t size = porep::seal_proof_info(proof).sector_size;
    CHECK(sealing::c1_wrapper_json(again, 5, size) == cuzk::test::C1Fixture::wrap(json, 5, size));
  }
}
