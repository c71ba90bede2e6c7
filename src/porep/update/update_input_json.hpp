// The update input file (docs/update-input.md), JSON modelled on the C1 output:
//   {
//     "registered_proof": "StackedDrg32GiBV1",
//     "comm_r_old": [32 integers], "comm_d_new": [...], "comm_r_new": [...],
//     "partition_proofs": ["<standard base64 of one PartitionProof's bincode>", ...],
//     "miner_id": 1000, "sector_number": 7          (both optional)
//   }
// Commitments are serde's form of a [u8; 32] (as in C1 files), each below the BLS12-381 scalar
// modulus; partition proofs are the bytes lotus and curio hold ([][]byte, which Go's JSON writes
// as base64). Reading checks the registered proof, the partition count, each proof's bincode
// (partition_proof_bincode.hpp) and its apex-leaf and challenge counts; with kFull it also
// verifies every partition natively (verify_partition.hpp). A failure throws cuzk::Error with one
// line naming the field, e.g. "update.json: partition_proofs[2]: challenge_proofs[3].proof_r_new
// at byte 812: the bytes end inside a value". Field order does not matter and unknown keys are
// ignored.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "porep/update/update_input.hpp"

namespace cuzk::porep::update {

enum class UpdateInputChecks {
  kStructure,  // what the file itself shows
  kFull,       // also check_all_partitions
};

UpdateInput parse_update_input(std::string_view json,
                               UpdateInputChecks checks = UpdateInputChecks::kFull);
// parse_update_input for an input that has a name but no file (bytes a caller holds): messages
// start with `source`.
UpdateInput parse_named_update_input(std::string_view json, const std::string& source,
                                     UpdateInputChecks checks = UpdateInputChecks::kFull);
// Messages start with the path.
UpdateInput load_update_input_file(const std::filesystem::path& path,
                                   UpdateInputChecks checks = UpdateInputChecks::kFull);

// The file's text, one field a line, in the order above; optional fields only when known.
std::string update_input_json(const UpdateInput& input);

}  // namespace cuzk::porep::update
