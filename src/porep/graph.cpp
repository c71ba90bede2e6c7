#include "porep/graph.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "hashers/sha256.hpp"
#include "porep/chacha.hpp"
#include "util/error.hpp"

namespace cuzk::porep {
namespace {

hashers::Sha256Digest porep_domain_seed(std::string_view tag, const PorepId& porep_id) {
  return hashers::Sha256().update(tag).update(porep_id).finish();
}

void check_node(std::uint32_t node, std::uint64_t nodes) {
  if (node >= nodes) {
    throw Error("graph node " + std::to_string(node) + " is outside a graph of " +
                std::to_string(nodes) + " nodes");
  }
}

}  // namespace

DrgSeed drg_seed(const PorepId& porep_id) {
  const hashers::Sha256Digest digest = porep_domain_seed("Filecoin_DRSample", porep_id);
  DrgSeed seed{};
  std::copy_n(digest.begin(), seed.size(), seed.begin());
  return seed;
}

FeistelKeys feistel_keys(const PorepId& porep_id) {
  const hashers::Sha256Digest digest = porep_domain_seed("Filecoin_Feistel", porep_id);
  FeistelKeys keys{};
  for (std::size_t k = 0; k < keys.size(); ++k) {
    for (int i = 7; i >= 0; --i) keys[k] = (keys[k] << 8) | digest[8 * k + i];
  }
  return keys;
}

StackedGraph::StackedGraph(std::uint64_t nodes, const PorepId& porep_id, ApiVersion api_version)
    : nodes_(nodes),
      api_version_(api_version),
      seed_(drg_seed(porep_id)),
      keys_(feistel_keys(porep_id)),
      feistel_(nodes * kExpanderDegree, keys_) {
  if (nodes < 2 || nodes > (std::uint64_t{1} << 32)) {
    throw Error("a stacked graph needs 2 to 2^32 nodes, not " + std::to_string(nodes));
  }
}

DrgParents StackedGraph::drg_parents(std::uint32_t node) const {
  check_node(node, nodes_);
  DrgParents parents{};
  if (node < 2) return parents;  // node 0 refers to itself, node 1 only to node 0

  ChaChaKey rng_seed{};
  std::copy(seed_.begin(), seed_.end(), rng_seed.begin());
  for (int i = 0; i < 4; ++i)
    rng_seed[seed_.size() + i] = static_cast<std::uint8_t>(node >> (8 * i));
  ChaCha8Rng rng(rng_seed);

  // Bucket sampling on a metagraph of degree m' = 5: node v owns metagraph nodes 5v..5v+4.
  constexpr std::uint64_t kMetaDegree = kBaseDegree - 1;
  const std::uint64_t meta_node = std::uint64_t{node} * kMetaDegree;
  // ceil(log2(meta_node)); the Rust computes it in f64, which is exact for meta_node < 2^54.
  const std::uint64_t n_buckets = std::bit_width(meta_node - 1);

  const bool predecessor_first = api_version_ != ApiVersion::kV1_0_0;
  const std::size_t first_sampled = predecessor_first ? 1 : 0;
  for (std::size_t k = 0; k < kMetaDegree; ++k) {
    const std::uint64_t bucket = rng.next_u64() % n_buckets + 1;
    const std::uint64_t largest = std::min(meta_node, std::uint64_t{1} << bucket);
    const std::uint64_t smallest = std::max<std::uint64_t>(2, largest >> 1);
    const std::uint64_t distance = smallest + rng.next_u64() % (largest - smallest + 1);
    const auto parent = static_cast<std::uint32_t>((meta_node - distance) / kMetaDegree);
    parents[first_sampled + k] = parent == node ? node - 1 : parent;
  }
  parents[predecessor_first ? 0 : kMetaDegree] = node - 1;
  return parents;
}

ExpanderParents StackedGraph::expander_parents(std::uint32_t node) const {
  check_node(node, nodes_);
  ExpanderParents parents{};
  for (std::uint32_t i = 0; i < kExpanderDegree; ++i) {
    const std::uint64_t t = feistel_.permute(std::uint64_t{node} * kExpanderDegree + i);
    // V1_0_0 truncated the permuted value to u32 before dividing; that differs only when
    // nodes * 8 > 2^32 (32 and 64 GiB).
    parents[i] = api_version_ == ApiVersion::kV1_0_0
                     ? static_cast<std::uint32_t>(t) / kExpanderDegree
                     : static_cast<std::uint32_t>(t / kExpanderDegree);
  }
  return parents;
}

Parents StackedGraph::parents(std::uint32_t node) const {
  Parents all{};
  const DrgParents drg = drg_parents(node);
  const ExpanderParents exp = expander_parents(node);
  std::copy(drg.begin(), drg.end(), all.begin());
  std::copy(exp.begin(), exp.end(), all.begin() + kBaseDegree);
  return all;
}

}  // namespace cuzk::porep
