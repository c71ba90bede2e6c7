// The checks an update input's pieces get however they arrive: from a file's JSON
// (update_input_json.hpp) or as the raw fields of a daemon's request (serve/update_request.hpp).
// Each gives the piece or one line saying what is wrong with it; the caller puts the field's name
// in front ("partition_proofs[2]: ...", "vanilla_proofs[2]: ...").
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "porep/domain.hpp"
#include "porep/update/update_proof.hpp"
#include "porep/update/vanilla_proof.hpp"
#include "util/expected.hpp"

namespace cuzk::porep::update {

// "has N partition proofs, expected M for StackedDrg32GiBV1" when `count` is not info.partitions.
std::optional<std::string> partition_count_problem(std::size_t count, const UpdateProofInfo& info);

// One partition's PartitionProofBytes (partition_proof_bincode.hpp) decoded, with as many apex
// leaves and challenge proofs as `info` asks for.
Expected<PartitionProof, std::string> decode_partition_bytes(std::span<const std::uint8_t> bytes,
                                                             const UpdateProofInfo& info);

// A commitment given as raw bytes (curio sends comm_r_old, comm_r_new and comm_d_new so):
// exactly 32 of them, a canonical BLS12-381 scalar.
Expected<Domain, std::string> commitment_from_bytes(std::span<const std::uint8_t> bytes);

}  // namespace cuzk::porep::update
