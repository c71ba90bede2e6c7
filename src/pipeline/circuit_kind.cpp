#include "pipeline/circuit_kind.hpp"

namespace cuzk::pipeline {

namespace {

// The table row of either registered proof: both have the fields asked for here.
template <class F>
auto with_info(const CircuitKind& kind, F&& f) {
  return std::visit(
      [&f](auto proof) {
        if constexpr (std::is_same_v<decltype(proof), porep::RegisteredSealProof>) {
          return f(porep::seal_proof_info(proof));
        } else {
          return f(porep::update::update_proof_info(proof));
        }
      },
      kind);
}

}  // namespace

std::string_view registered_name(const CircuitKind& kind) {
  return with_info(kind, [](const auto& info) { return info.name; });
}

std::string circuit_name(const CircuitKind& kind) {
  std::string name(registered_name(kind));
  if (std::holds_alternative<porep::update::RegisteredUpdateProof>(kind)) name += " update";
  return name;
}

std::string_view input_name(const CircuitKind& kind) {
  return std::holds_alternative<porep::RegisteredSealProof>(kind) ? "C1 output" : "update input";
}

std::uint64_t sector_bytes(const CircuitKind& kind) {
  return with_info(kind, [](const auto& info) { return info.sector_size; });
}

std::uint32_t partition_count(const CircuitKind& kind) {
  return with_info(kind, [](const auto& info) { return info.partitions; });
}

std::uint32_t challenges_per_partition(const CircuitKind& kind) {
  return with_info(kind, [](const auto& info) { return info.challenges_per_partition; });
}

}  // namespace cuzk::pipeline
