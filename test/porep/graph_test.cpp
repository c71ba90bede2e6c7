// Graph parents against rust-fil-proofs' parent-cache manifest (storage-proofs-porep/
// parent_cache.json at 87348a74): the SHA-256 of a whole parent cache, every node's 14 parents as
// u32 LE, for the published graphs. The manifest key is itself a hash of the graph's identifier
// and Feistel keys (vanilla/cache.rs `cache_path`), which pins feistel_keys() too.
#include "porep/graph.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "hashers/sha256.hpp"
#include "util/hex.hpp"

using namespace cuzk::porep;
using cuzk::hashers::Sha256;

namespace {

struct CacheEntry {
  std::uint64_t sector_size;
  const char* digest;
};

// Keys are the "v28-sdr-parent-<id>" stems.
const std::map<std::string, CacheEntry> kManifest = {
    {"3f0eef38bb48af1f48ad65e14eb85b4ebfc167cec18cd81764f6d998836c9899",
     {2048, "3da49221e2ed55371b86d0bf3d6526fcf128af61bed904f966428db1b531750d"}},
    {"494d91dc80f2df5272c4b9e129bc7ade9405225993af9fe34e6542a39a47554b",
     {2048, "840057702eea7652cf97e04306c30fe57174714d90de156a25eddd6075c25b97"}},
    {"5eed212119fd91aa6220a27f31a8966444a9381842bceb3a1ea61525bd47a5b5",
     {8388608, "03cd13565ded97c240a5f52e54295ad127bd0461b57904cb3a4d79b097bbecab"}},
    {"dcdabb0fbe4364bf0ac28b6a18c66de246409fa1a9020a00f33fb3e3053da6dc",
     {8388608, "a76604f2f59f2744c7151653bbb1d8596b6b57d295e6fa6c1f0c41d725b502ce"}},
};

std::string cache_id(const StackedGraph& graph) {
  const std::string identifier =
      "stacked_graph::StackedGraph{expansion_degree: 8 base_graph: drgraph::BucketGraph{size: " +
      std::to_string(graph.nodes()) + "; degree: 6; hasher: poseidon_hasher} }";
  Sha256 h;
  h.update("poseidon_hasher").update(identifier);
  for (std::uint64_t key : graph.keys()) {
    std::array<std::uint8_t, 8> le{};
    for (int i = 0; i < 8; ++i) le[i] = static_cast<std::uint8_t>(key >> (8 * i));
    h.update(le);
  }
  const auto entries = static_cast<std::uint32_t>(graph.nodes());
  const std::array<std::uint8_t, 4> entries_le = {
      static_cast<std::uint8_t>(entries), static_cast<std::uint8_t>(entries >> 8),
      static_cast<std::uint8_t>(entries >> 16), static_cast<std::uint8_t>(entries >> 24)};
  h.update(entries_le);
  return cuzk::to_hex(h.finish());
}

std::string parent_cache_digest(const StackedGraph& graph) {
  Sha256 h;
  std::vector<std::uint8_t> entry(kParentCount * 4);
  for (std::uint64_t node = 0; node < graph.nodes(); ++node) {
    const Parents parents = graph.parents(static_cast<std::uint32_t>(node));
    for (std::size_t i = 0; i < parents.size(); ++i) {
      for (int b = 0; b < 4; ++b)
        entry[4 * i + b] = static_cast<std::uint8_t>(parents[i] >> (8 * b));
    }
    h.update(entry);
  }
  return cuzk::to_hex(h.finish());
}

void check_against_manifest(RegisteredSealProof proof) {
  const StackedGraph graph(porep_config(proof));
  const std::string id = cache_id(graph);
  INFO(seal_proof_info(proof).name << " cache id " << id);
  const auto entry = kManifest.find(id);
  REQUIRE(entry != kManifest.end());
  CHECK(entry->second.sector_size == seal_proof_info(proof).sector_size);
  CHECK(parent_cache_digest(graph) == entry->second.digest);
}

}  // namespace

TEST_CASE("2 KiB parent caches match the rust-fil-proofs manifest (V1 and V1_1 orderings)") {
  check_against_manifest(RegisteredSealProof::kStackedDrg2KiBV1);
  check_against_manifest(RegisteredSealProof::kStackedDrg2KiBV1_1);
}

TEST_CASE("8 MiB parent caches match the manifest" * doctest::skip()) {
  // 262144 nodes; run with --no-skip (a few seconds).
  check_against_manifest(RegisteredSealProof::kStackedDrg8MiBV1);
  check_against_manifest(RegisteredSealProof::kStackedDrg8MiBV1_1);
}

TEST_CASE("DRG parents: zeros for nodes 0 and 1, the predecessor where the version puts it") {
  for (const auto version : {ApiVersion::kV1_0_0, ApiVersion::kV1_1_0, ApiVersion::kV1_2_0}) {
    const StackedGraph graph(1 << 12, porep_id(RegisteredSealProof::kStackedDrg2KiBV1_1), version);
    CHECK(graph.drg_parents(0) == DrgParents{});
    CHECK(graph.drg_parents(1) == DrgParents{});
    for (std::uint32_t node = 2; node < graph.nodes(); node += 37) {
      INFO("node " << node);
      const DrgParents p = graph.drg_parents(node);
      CHECK(p[version == ApiVersion::kV1_0_0 ? 5 : 0] == node - 1);
      for (std::uint32_t parent : p) CHECK(parent < node);
      for (std::uint32_t parent : graph.expander_parents(node)) CHECK(parent < graph.nodes());
    }
  }
  // The versions sample the same five random parents, only the predecessor moves.
  const PorepId id = porep_id(RegisteredSealProof::kStackedDrg32GiBV1);
  const StackedGraph v1(1 << 20, id, ApiVersion::kV1_0_0);
  const StackedGraph v1_1(1 << 20, id, ApiVersion::kV1_1_0);
  const DrgParents a = v1.drg_parents(123456);
  const DrgParents b = v1_1.drg_parents(123456);
  CHECK(std::equal(a.begin(), a.begin() + 5, b.begin() + 1));
  CHECK(a[5] == b[0]);
}

TEST_CASE("expander parents differ between V1 and V1_1 only when nodes * 8 exceeds 2^32") {
  const PorepId id = porep_id(RegisteredSealProof::kStackedDrg32GiBV1);
  const StackedGraph small_v1(1 << 20, id, ApiVersion::kV1_0_0);
  const StackedGraph small_v1_1(1 << 20, id, ApiVersion::kV1_1_0);
  const StackedGraph big_v1(std::uint64_t{1} << 30, id, ApiVersion::kV1_0_0);
  const StackedGraph big_v1_1(std::uint64_t{1} << 30, id, ApiVersion::kV1_1_0);
  bool differs = false;
  for (std::uint32_t node = 1000; node < 1100; ++node) {
    CHECK(small_v1.expander_parents(node) == small_v1_1.expander_parents(node));
    const ExpanderParents truncated = big_v1.expander_parents(node);
    const ExpanderParents wide = big_v1_1.expander_parents(node);
    for (std::size_t i = 0; i < kExpanderDegree; ++i) {
      // V1 keeps the permuted value mod 2^32 before dividing by 8.
      CHECK(truncated[i] == wide[i] % (1u << 29));
      differs |= truncated[i] != wide[i];
    }
  }
  CHECK(differs);
}

TEST_CASE("the Feistel permutation is a bijection of [0, n) and invert undoes it") {
  const FeistelKeys keys = feistel_keys(porep_id(RegisteredSealProof::kStackedDrg2KiBV1_1));
  for (std::uint64_t n : {4, 5, 17, 512, 1000}) {
    INFO("n = " << n);
    const FeistelPermutation f(n, keys);
    std::set<std::uint64_t> images;
    for (std::uint64_t i = 0; i < n; ++i) {
      const std::uint64_t p = f.permute(i);
      CHECK(p < n);
      CHECK(f.invert(p) == i);
      images.insert(p);
    }
    CHECK(images.size() == n);
  }
}

TEST_CASE("graph seeds: SHA-256 of the domain tag and porep_id") {
  const PorepId id = porep_id(RegisteredSealProof::kStackedDrg32GiBV1_1);
  const auto full = Sha256().update("Filecoin_DRSample").update(id).finish();
  const DrgSeed seed = drg_seed(id);
  CHECK(std::equal(seed.begin(), seed.end(), full.begin()));
  CHECK_THROWS_WITH(StackedGraph(64, id, ApiVersion::kV1_1_0).drg_parents(64),
                    "graph node 64 is outside a graph of 64 nodes");
}
