// SDR labels, natively, as rust-fil-proofs computes them (stacked/vanilla/create_label/single.rs,
// labeling_proof.rs): label(layer, node) = trim(SHA-256(replica_id || layer as u32 BE || node as
// u64 BE || 20 zero bytes || 37 parent labels)), where trim clears the top two bits (fr32) and the
// 37 slots repeat the node's distinct parent labels cyclically:
//  * layer 1: the 6 DRG parents' layer-1 labels, six times, then the first once more;
//  * layer l > 1: the 6 DRG parents' layer-l labels and the 8 expander parents' layer-(l-1)
//    labels, twice, then the first nine once more.
// Node 0 hashes no parents at all.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "porep/domain.hpp"
#include "porep/graph.hpp"
#include "porep/registered_proof.hpp"

namespace cuzk::sealing {

using ParentSlots = std::array<porep::Domain, porep::kTotalParents>;

// The 37 slots from a node's distinct parent labels (6 for layer 1, 6 DRG then 8 expander after).
ParentSlots repeat_parent_labels(std::span<const porep::Domain> distinct);

// The label from the 37 hashed slots, or from none for node 0.
porep::Domain create_label(const porep::Domain& replica_id, std::uint32_t layer, std::uint64_t node,
                           std::span<const porep::Domain> slots);

// Every label of a whole sector: result[l - 1][node] is the label of layer l. Parents are
// computed once for the whole graph, in parallel; each layer is then labelled in node order,
// since a node's DRG parents are earlier nodes of the same layer.
std::vector<std::vector<porep::Domain>> label_sector(const porep::StackedGraph& graph,
                                                     const porep::Domain& replica_id,
                                                     std::uint32_t layers);

}  // namespace cuzk::sealing
