// Writes a C1 output byte for byte as filecoin-ffi and lotus do:
//  * the inner document is serde_json's compact encoding of the API's SealCommitPhase1Output
//    (fields in declaration order, every 32-byte value an array of integers, "_h":null in every
//    column, the Merkle proof variants externally tagged, the vanilla proofs under the size's V1
//    tag whatever the registered proof's version);
//  * the wrapper is Go's encoding/json of {SectorNum int64, Phase1Out []byte, SectorSize uint64}:
//    {"SectorNum":N,"Phase1Out":"<standard base64 of the inner bytes>","SectorSize":S}.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "sealing/vanilla_proof.hpp"

namespace cuzk::sealing {

std::string c1_inner_json(const SealCommitOutput& c1);

// Throws cuzk::Error if sector_num does not fit Go's int64.
std::string c1_wrapper_json(std::string_view inner_json, std::uint64_t sector_num,
                            std::uint64_t sector_size);

}  // namespace cuzk::sealing
