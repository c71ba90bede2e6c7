#include "serve/circuit_id.hpp"

#include <cstdint>

namespace cuzk::serve {

namespace {

// The V1_1 proofs, one per size.
bool is_v1_1(porep::RegisteredSealProof proof) {
  const std::string_view name = porep::seal_proof_info(proof).name;
  return name.ends_with("V1_1");
}

}  // namespace

std::string circuit_id(porep::RegisteredSealProof proof) {
  std::uint64_t size = porep::seal_proof_info(proof).sector_size;
  const char* unit = "";
  for (const char* next : {"k", "m", "g"}) {
    if (size % 1024 != 0) break;
    size /= 1024;
    unit = next;
  }
  return "porep-" + std::to_string(size) + unit;
}

std::optional<porep::RegisteredSealProof> proof_for_circuit(std::string_view id) {
  for (const porep::SealProofInfo& info : porep::all_seal_proofs()) {
    if (is_v1_1(info.proof) && circuit_id(info.proof) == id) return info.proof;
  }
  return std::nullopt;
}

std::string circuit_ids() {
  std::string ids;
  for (const porep::SealProofInfo& info : porep::all_seal_proofs()) {
    if (!is_v1_1(info.proof)) continue;
    ids += (ids.empty() ? "" : ", ") + circuit_id(info.proof);
  }
  return ids;
}

}  // namespace cuzk::serve
