// One partition's vanilla proof as the bytes lotus and curio hand it over: rust-filecoin-proofs-api
// `PartitionProofBytes`, which is `bincode::serialize(&PartitionProof<TreeR>)` with bincode 1's
// default options (src/update.rs). Those are: little-endian fixed-width integers, usize as u64,
// every Vec as a u64 element count then its elements, enum variants as a u32 index, structs as
// their fields in declaration order, and a 32-byte domain (Sha256Domain, PoseidonDomain: newtypes
// over [u8; 32]) as its 32 bytes with no length. So a PartitionProof is
//   comm_c | u64 n, n apex leaves | u64 m, m ChallengeProofs (proof_r_old, proof_d_new,
//   proof_r_new)
// and a merkle/proof.rs MerkleProof is its `ProofData` variant, then that variant's fields:
//   0 Single: root, leaf, path                          (TreeD; TreeR of 2 KiB to 512 MiB)
//   1 Sub:    base path, sub path, root, leaf           (TreeR of 32 GiB)
//   2 Top:    base path, sub path, top path, root, leaf (TreeR of 64 GiB)
// where a path is a u64 count of PathElements, each a Vec of arity - 1 sibling hashes and the
// node's u64 position among its arity children.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "porep/update/update_proof.hpp"
#include "porep/update/vanilla_proof.hpp"
#include "util/expected.hpp"

namespace cuzk::porep::update {

enum class BincodeError : std::uint8_t {
  kTruncated,           // the bytes end inside a value
  kTrailingBytes,       // bytes are left after the PartitionProof
  kWrongProofVariant,   // a ProofData variant other than the tree's shape gives
  kWrongPathLength,     // a path with more or fewer levels than the tree has
  kWrongSiblingCount,   // a level with other than arity - 1 sibling hashes
  kPositionOutOfRange,  // a level's position not below its arity
  kImplausibleLength,   // a Vec longer than the remaining bytes could hold
};

struct BincodeDecodeError {
  BincodeError code;
  std::size_t offset;      // of the value that failed
  std::string_view field;  // e.g. "challenge_proofs[3].proof_r_new" (static storage)
};

// One line naming the field, the offset and what was wrong.
std::string describe(const BincodeDecodeError& error);

// Decodes the PartitionProof of a proof of `info`'s size: TreeR paths must have its TreeR shape,
// TreeD paths log2(nodes) binary levels. Counts of apex leaves and challenge proofs are not
// checked here (the Rust's deserializer does not either); verification checks them.
[[nodiscard]] Expected<PartitionProof, BincodeDecodeError> decode_partition_proof(
    std::span<const std::uint8_t> bytes, const UpdateProofInfo& info);

// The exact bytes bincode::serialize gives. Each path's shape must match its values (siblings and
// indices of the shape's length); throws std::invalid_argument otherwise.
std::vector<std::uint8_t> encode_partition_proof(const PartitionProof& proof);

}  // namespace cuzk::porep::update
