// Native SDR labels (sealing/labels.hpp) against rust-fil-proofs' own known answers: the
// last label of an 11-layer sector of 64 and 128 nodes with replica_id [9; 32], for the legacy
// (V1_0_0, porep_id [0; 32]) and the newer graphs (V1_1_0 and V1_2_0, porep_id [123; 32]); from
// storage-proofs-porep/tests/stacked_vanilla.rs `test_generate_labels` and
// create_label/multi.rs `test_create_labels`. Then create_label against the stacked circuit
// helper's independent create_label_native, and the 37-slot parent layout.
#include "sealing/labels.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "circuit/stacked/label_native.hpp"
#include "porep/graph.hpp"

namespace {

namespace porep = cuzk::porep;
namespace sealing = cuzk::sealing;

using namespace cuzk::circuit;

// Fr::from_u64s_le(limbs).to_repr(): the limbs' little-endian bytes.
porep::Domain from_u64s_le(const std::array<std::uint64_t, 4>& limbs) {
  porep::Domain d{};
  for (std::size_t i = 0; i < 32; ++i)
    d[i] = static_cast<std::uint8_t>(limbs[i / 8] >> (8 * (i % 8)));
  return d;
}

porep::Domain random_domain(std::mt19937_64& rng) {
  porep::Domain d{};
  for (auto& b : d) b = static_cast<std::uint8_t>(rng());
  return porep::truncate_to_fr32(d);
}

struct LabelVector {
  std::uint64_t sector_bytes;
  std::uint8_t porep_id_byte;
  porep::ApiVersion version;
  std::array<std::uint64_t, 4> last_label;
};

constexpr std::array<LabelVector, 6> kVectors = {{
    {2048,
     0,
     porep::ApiVersion::kV1_0_0,
     {0xd3faa96b9a0fba04, 0xea81a283d106485e, 0xe3d51b9afa5ac2b3, 0x0462f4f4f1a68d37}},
    {4096,
     0,
     porep::ApiVersion::kV1_0_0,
     {0x7e191e52c4a8da86, 0x5ae8a1c9e6fac148, 0xce239f3b88a894b8, 0x234c00d1dc1d53be}},
    {2048,
     123,
     porep::ApiVersion::kV1_1_0,
     {0xabb3f38bb70defcf, 0x777a2e4d7769119f, 0x3448959d495490bc, 0x06021188c7a71cb5}},
    {4096,
     123,
     porep::ApiVersion::kV1_1_0,
     {0x22ab81cf68c4676d, 0x7a77a82fc7c9c189, 0xc6c03d32c1e42d23, 0x0f777c18cc2c55bd}},
    {2048,
     123,
     porep::ApiVersion::kV1_2_0,
     {0xabb3f38bb70defcf, 0x777a2e4d7769119f, 0x3448959d495490bc, 0x06021188c7a71cb5}},
    {4096,
     123,
     porep::ApiVersion::kV1_2_0,
     {0x22ab81cf68c4676d, 0x7a77a82fc7c9c189, 0xc6c03d32c1e42d23, 0x0f777c18cc2c55bd}},
}};

}  // namespace

TEST_CASE("sealing labels: rust-fil-proofs' last labels of 11-layer sectors") {
  constexpr std::uint32_t kLayers = 11;
  porep::Domain replica_id;
  replica_id.fill(9);
  for (const LabelVector& v : kVectors) {
    const std::uint64_t nodes = v.sector_bytes / porep::kNodeBytes;
    porep::PorepId porep_id;
    porep_id.fill(v.porep_id_byte);
    INFO("nodes " << nodes << ", porep_id byte " << int(v.porep_id_byte) << ", version "
                  << int(v.version));
    const porep::StackedGraph graph(nodes, porep_id, v.version);
    const auto labels = sealing::label_sector(graph, replica_id, kLayers);
    REQUIRE(labels.size() == kLayers);
    CHECK(labels.back().back() == from_u64s_le(v.last_label));
  }
}

TEST_CASE("sealing labels: every label of a sector hashes its parents' labels") {
  porep::Domain replica_id;
  replica_id.fill(9);
  porep::PorepId porep_id;
  porep_id.fill(123);
  const porep::StackedGraph graph(64, porep_id, porep::ApiVersion::kV1_1_0);
  const auto labels = sealing::label_sector(graph, replica_id, 3);
  for (std::uint32_t layer = 1; layer <= 3; ++layer) {
    INFO("layer " << layer);
    CHECK(labels[layer - 1][0] == sealing::create_label(replica_id, layer, 0, {}));
    for (std::uint32_t node = 1; node < 64; ++node) {
      const porep::Parents p = graph.parents(node);
      std::vector<porep::Domain> distinct;
      for (std::size_t j = 0; j < porep::kBaseDegree; ++j)
        distinct.push_back(labels[layer - 1][p[j]]);
      if (layer > 1) {
        for (std::size_t j = porep::kBaseDegree; j < porep::kParentCount; ++j) {
          distinct.push_back(labels[layer - 2][p[j]]);
        }
      }
      const auto slots = sealing::repeat_parent_labels(distinct);
      CHECK(labels[layer - 1][node] == sealing::create_label(replica_id, layer, node, slots));
    }
  }
}

TEST_CASE("sealing labels: create_label equals the circuit helper's create_label_native") {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 20; ++trial) {
    INFO("trial " << trial);
    const porep::Domain replica_id = random_domain(rng);
    const auto layer = static_cast<std::uint32_t>(1 + rng() % 11);
    const std::uint64_t node = rng() % (std::uint64_t{1} << 31);
    std::vector<porep::Domain> distinct(trial % 2 ? porep::kParentCount : porep::kBaseDegree);
    for (auto& d : distinct) d = random_domain(rng);
    const auto slots = sealing::repeat_parent_labels(distinct);
    CHECK(sealing::create_label(replica_id, layer, node, slots) ==
          stacked::create_label_native(replica_id, layer, node, slots));
  }
  porep::Domain replica_id{};
  replica_id[0] = 1;
  CHECK(sealing::create_label(replica_id, 1, 0, {}) ==
        stacked::create_label_native(replica_id, 1, 0, {}));
}

TEST_CASE("sealing labels: the 37 slots repeat 6 or 14 distinct parents in order") {
  std::vector<porep::Domain> drg(6), all(14);
  for (std::size_t i = 0; i < all.size(); ++i) {
    all[i].fill(static_cast<std::uint8_t>(i));
    if (i < drg.size()) drg[i] = all[i];
  }
  const auto six = sealing::repeat_parent_labels(drg);
  const auto fourteen = sealing::repeat_parent_labels(all);
  for (std::size_t j = 0; j < porep::kTotalParents; ++j) {
    CHECK(six[j][0] == j % 6);        // six rounds of P0..P5, then P0
    CHECK(fourteen[j][0] == j % 14);  // P0..P13 twice, then P0..P8
  }
  CHECK(six[36][0] == 0);
  CHECK(fourteen[36][0] == 8);
}
