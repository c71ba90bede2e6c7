// Which circuit a sector is proved with: a registered seal proof (PoRep C2, from a C1 output) or a
// registered update proof (SnapDeals, from an update input: docs/update-input.md). The pipeline
// keys what it keeps from one sector to the next by it: the parameters (job_queue.hpp), the
// recorded shape (shape_recording.hpp) and the sector prover (sector_prover.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "porep/registered_proof.hpp"
#include "porep/update/update_proof.hpp"

namespace cuzk::pipeline {

using CircuitKind = std::variant<porep::RegisteredSealProof, porep::update::RegisteredUpdateProof>;

// The registered proof's name as its input spells it: "StackedDrg32GiBV1_1", "StackedDrg32GiBV1".
std::string_view registered_name(const CircuitKind& kind);
// For messages, which must not take one kind for the other (the update proofs are named as the
// V1 seal proofs are): the seal proof's name, or "StackedDrg32GiBV1 update".
std::string circuit_name(const CircuitKind& kind);
// What the kind's input is called in messages: "C1 output", "update input".
std::string_view input_name(const CircuitKind& kind);

std::uint64_t sector_bytes(const CircuitKind& kind);
std::uint32_t partition_count(const CircuitKind& kind);
std::uint32_t challenges_per_partition(const CircuitKind& kind);

}  // namespace cuzk::pipeline
