#include "serve/circuit_id.hpp"

#include <cstdint>
#include <variant>
#include <vector>

namespace cuzk::serve {

namespace {

// The circuits the ids name: the V1_1 seal proofs, one per size, then the update proofs.
std::vector<pipeline::CircuitKind> named_circuits() {
  std::vector<pipeline::CircuitKind> kinds;
  for (const porep::SealProofInfo& info : porep::all_seal_proofs()) {
    if (info.name.ends_with("V1_1")) kinds.emplace_back(info.proof);
  }
  for (const porep::update::UpdateProofInfo& info : porep::update::all_update_proofs()) {
    kinds.emplace_back(info.proof);
  }
  return kinds;
}

}  // namespace

std::string circuit_id(const pipeline::CircuitKind& kind) {
  std::uint64_t size = pipeline::sector_bytes(kind);
  const char* unit = "";
  for (const char* next : {"k", "m", "g"}) {
    if (size % 1024 != 0) break;
    size /= 1024;
    unit = next;
  }
  const char* prefix =
      std::holds_alternative<porep::RegisteredSealProof>(kind) ? "porep-" : "snap-";
  return prefix + std::to_string(size) + unit;
}

std::optional<pipeline::CircuitKind> circuit_for_id(std::string_view id) {
  for (const pipeline::CircuitKind& kind : named_circuits()) {
    if (circuit_id(kind) == id) return kind;
  }
  return std::nullopt;
}

std::string circuit_ids() {
  std::string ids;
  for (const pipeline::CircuitKind& kind : named_circuits()) {
    ids += (ids.empty() ? "" : ", ") + circuit_id(kind);
  }
  return ids;
}

}  // namespace cuzk::serve
