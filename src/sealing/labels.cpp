#include "sealing/labels.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "hashers/sha256.hpp"
#include "util/error.hpp"
#include "util/parallel_for.hpp"

namespace cuzk::sealing {
namespace {

constexpr std::size_t kPrefixBytes = 64;  // replica_id, layer, node, zero padding
constexpr std::size_t kMessageBytes = kPrefixBytes + porep::kTotalParents * porep::kNodeBytes;

using Message = std::array<std::uint8_t, kMessageBytes>;

void write_prefix(Message& m, const porep::Domain& replica_id, std::uint32_t layer,
                  std::uint64_t node) {
  std::fill_n(m.begin(), kPrefixBytes, std::uint8_t{0});
  std::copy(replica_id.begin(), replica_id.end(), m.begin());
  for (std::size_t i = 0; i < 4; ++i) m[32 + i] = static_cast<std::uint8_t>(layer >> (24 - 8 * i));
  for (std::size_t i = 0; i < 8; ++i) m[36 + i] = static_cast<std::uint8_t>(node >> (56 - 8 * i));
}

porep::Domain digest(std::span<const std::uint8_t> message) {
  return porep::truncate_to_fr32(hashers::sha256(message));
}

}  // namespace

ParentSlots repeat_parent_labels(std::span<const porep::Domain> distinct) {
  if (distinct.empty()) throw Error("a label needs at least one parent");
  ParentSlots slots;
  for (std::size_t i = 0; i < slots.size(); ++i) slots[i] = distinct[i % distinct.size()];
  return slots;
}

porep::Domain create_label(const porep::Domain& replica_id, std::uint32_t layer, std::uint64_t node,
                           std::span<const porep::Domain> slots) {
  if (!slots.empty() && slots.size() != porep::kTotalParents) {
    throw Error("a label hashes " + std::to_string(porep::kTotalParents) + " parent slots, not " +
                std::to_string(slots.size()));
  }
  Message m;
  write_prefix(m, replica_id, layer, node);
  for (std::size_t j = 0; j < slots.size(); ++j) {
    std::copy(slots[j].begin(), slots[j].end(), m.begin() + kPrefixBytes + 32 * j);
  }
  return digest(std::span(m).first(kPrefixBytes + 32 * slots.size()));
}

std::vector<std::vector<porep::Domain>> label_sector(const porep::StackedGraph& graph,
                                                     const porep::Domain& replica_id,
                                                     std::uint32_t layers) {
  const std::uint64_t nodes = graph.nodes();
  std::vector<porep::Parents> parents(nodes);
  parallel_for(nodes, 1024, [&](std::uint64_t n) {
    if (n > 0) parents[n] = graph.parents(static_cast<std::uint32_t>(n));
  });

  std::vector<std::vector<porep::Domain>> labels(layers, std::vector<porep::Domain>(nodes));
  Message m;
  for (std::uint32_t layer = 1; layer <= layers; ++layer) {
    std::vector<porep::Domain>& current = labels[layer - 1];
    const std::vector<porep::Domain>* previous = layer > 1 ? &labels[layer - 2] : nullptr;
    const std::size_t distinct = previous ? porep::kParentCount : porep::kBaseDegree;
    write_prefix(m, replica_id, layer, 0);
    current[0] = digest(std::span(m).first(kPrefixBytes));
    for (std::uint64_t node = 1; node < nodes; ++node) {
      write_prefix(m, replica_id, layer, node);
      const porep::Parents& p = parents[node];
      for (std::size_t j = 0; j < porep::kTotalParents; ++j) {
        const std::size_t slot = j % distinct;
        const porep::Domain& label =
            slot < porep::kBaseDegree ? current[p[slot]] : (*previous)[p[slot]];
        std::memcpy(m.data() + kPrefixBytes + 32 * j, label.data(), label.size());
      }
      current[node] = digest(m);
    }
  }
  return labels;
}

}  // namespace cuzk::sealing
