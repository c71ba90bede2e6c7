// The StackedDRG graph: for one node, its 6 DRG parents (bucket sampling, storage-proofs-core
// drgraph.rs) and 8 expander parents (Feistel, stacked/vanilla/graph.rs). Parents are computed on
// demand for the few nodes C2 needs, never as a whole parent cache.
#pragma once

#include <array>
#include <cstdint>

#include "porep/feistel.hpp"
#include "porep/registered_proof.hpp"

namespace cuzk::porep {

using DrgParents = std::array<std::uint32_t, kBaseDegree>;
using ExpanderParents = std::array<std::uint32_t, kExpanderDegree>;
using Parents = std::array<std::uint32_t, kParentCount>;  // DRG parents, then expander parents
using DrgSeed = std::array<std::uint8_t, 28>;

// SHA-256("Filecoin_DRSample" || porep_id), first 28 bytes.
DrgSeed drg_seed(const PorepId& porep_id);
// SHA-256("Filecoin_Feistel" || porep_id) as four u64 LE words.
FeistelKeys feistel_keys(const PorepId& porep_id);

class StackedGraph {
 public:
  // Throws cuzk::Error unless 2 <= nodes <= 2^32 (node indices are u32 in the Rust).
  StackedGraph(std::uint64_t nodes, const PorepId& porep_id, ApiVersion api_version);
  explicit StackedGraph(const PorepConfig& config)
      : StackedGraph(config.nodes, config.porep_id, config.api_version) {}

  std::uint64_t nodes() const { return nodes_; }
  ApiVersion api_version() const { return api_version_; }
  const FeistelKeys& keys() const { return keys_; }

  // Nodes 0 and 1 have six zero parents. Otherwise the immediate predecessor node-1 is at index 0
  // (V1_1_0, V1_2_0) or index 5 (V1_0_0); the other five are sampled. Throws if node >= nodes.
  DrgParents drg_parents(std::uint32_t node) const;
  ExpanderParents expander_parents(std::uint32_t node) const;
  Parents parents(std::uint32_t node) const;

 private:
  std::uint64_t nodes_;
  ApiVersion api_version_;
  DrgSeed seed_;
  FeistelKeys keys_;
  FeistelPermutation feistel_;
};

}  // namespace cuzk::porep
