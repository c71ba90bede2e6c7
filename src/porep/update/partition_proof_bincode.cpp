#include "porep/update/partition_proof_bincode.hpp"

#include <cstring>
#include <stdexcept>

namespace cuzk::porep::update {
namespace {

constexpr std::size_t kDomainBytes = sizeof(Domain);
// Field names of the error, fixed strings because BincodeDecodeError keeps a string_view.
constexpr std::string_view kChallengeProofFields[] = {"proof_r_old", "proof_d_new", "proof_r_new"};

// Thrown inside the decoder only, and turned into the Expected's error at its entry point.
struct DecodeFailure {
  BincodeDecodeError error;
};

class BincodeReader {
 public:
  explicit BincodeReader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}

  void set_field(std::string_view field) { field_ = field; }
  [[noreturn]] void fail(BincodeError code, std::size_t at) const {
    throw DecodeFailure{{code, at, field_}};
  }
  std::size_t offset() const { return offset_; }
  std::size_t remaining() const { return bytes_.size() - offset_; }

  std::uint64_t u64() {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < 8; ++i) v |= std::uint64_t{take(8)[i]} << (8 * i);
    advance(8);
    return v;
  }
  std::uint32_t u32() {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < 4; ++i) v |= std::uint32_t{take(4)[i]} << (8 * i);
    advance(4);
    return v;
  }
  Domain domain() {
    Domain d;
    std::memcpy(d.data(), take(kDomainBytes).data(), kDomainBytes);
    advance(kDomainBytes);
    return d;
  }
  // A Vec's element count, refused if `min_element_bytes` each would not fit in what is left.
  std::uint64_t length(std::size_t min_element_bytes) {
    const std::size_t at = offset_;
    const std::uint64_t n = u64();
    if (n > remaining() / min_element_bytes) fail(BincodeError::kImplausibleLength, at);
    return n;
  }

 private:
  std::span<const std::uint8_t> take(std::size_t n) const {
    if (remaining() < n) fail(BincodeError::kTruncated, offset_);
    return bytes_.subspan(offset_, n);
  }
  void advance(std::size_t n) { offset_ += n; }

  std::span<const std::uint8_t> bytes_;
  std::size_t offset_ = 0;
  std::string_view field_ = "comm_c";
};

// One InclusionPath covering `levels` levels of the shape starting at `first_level`.
void read_inclusion_path(BincodeReader& in, const PathShape& shape, std::uint32_t first_level,
                         std::uint32_t levels, MerklePath& path) {
  const std::size_t at = in.offset();
  if (in.u64() != levels) in.fail(BincodeError::kWrongPathLength, at);
  for (std::uint32_t level = first_level; level < first_level + levels; ++level) {
    const std::uint32_t arity = shape.arity(level);
    const std::size_t count_at = in.offset();
    if (in.length(kDomainBytes) != arity - 1) in.fail(BincodeError::kWrongSiblingCount, count_at);
    for (std::uint32_t s = 0; s + 1 < arity; ++s) path.siblings.push_back(in.domain());
    const std::size_t index_at = in.offset();
    const std::uint64_t index = in.u64();
    if (index >= arity) in.fail(BincodeError::kPositionOutOfRange, index_at);
    path.indices.push_back(static_cast<std::uint8_t>(index));
  }
}

MerklePath read_merkle_path(BincodeReader& in, const PathShape& shape) {
  MerklePath path;
  path.shape = shape;
  path.siblings.reserve(shape.sibling_count());
  path.indices.reserve(shape.levels());
  const std::size_t at = in.offset();
  if (in.u32() != static_cast<std::uint32_t>(shape.kind())) {
    in.fail(BincodeError::kWrongProofVariant, at);
  }
  if (shape.kind() == MerkleProofKind::kSingle) {
    path.root = in.domain();
    path.leaf = in.domain();
    read_inclusion_path(in, shape, 0, shape.levels(), path);
    return path;
  }
  read_inclusion_path(in, shape, 0, shape.base_levels, path);
  read_inclusion_path(in, shape, shape.base_levels, shape.sub_levels, path);
  if (shape.kind() == MerkleProofKind::kTop) {
    read_inclusion_path(in, shape, shape.base_levels + shape.sub_levels, shape.top_levels, path);
  }
  path.root = in.domain();
  path.leaf = in.domain();
  return path;
}

// The bytes of the smallest ChallengeProof: three variant tags, roots, leaves and path counts.
constexpr std::size_t kMinChallengeProofBytes = 3 * (4 + 2 * kDomainBytes + 8);

class BincodeWriter {
 public:
  void u64(std::uint64_t v) {
    for (std::size_t i = 0; i < 8; ++i) out_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  void u32(std::uint32_t v) {
    for (std::size_t i = 0; i < 4; ++i) out_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  void domain(const Domain& d) { out_.insert(out_.end(), d.begin(), d.end()); }
  std::vector<std::uint8_t> take() { return std::move(out_); }

 private:
  std::vector<std::uint8_t> out_;
};

void write_inclusion_path(BincodeWriter& out, const MerklePath& path, std::uint32_t first_level,
                          std::uint32_t levels) {
  out.u64(levels);
  for (std::uint32_t level = first_level; level < first_level + levels; ++level) {
    const auto siblings = path.view().level_siblings(level);
    out.u64(siblings.size());
    for (const Domain& s : siblings) out.domain(s);
    out.u64(path.indices[level]);
  }
}

void write_merkle_path(BincodeWriter& out, const MerklePath& path) {
  const PathShape& shape = path.shape;
  if (path.siblings.size() != shape.sibling_count() || path.indices.size() != shape.levels()) {
    throw std::invalid_argument("a Merkle path's values do not fill its shape");
  }
  out.u32(static_cast<std::uint32_t>(shape.kind()));
  if (shape.kind() == MerkleProofKind::kSingle) {
    out.domain(path.root);
    out.domain(path.leaf);
    write_inclusion_path(out, path, 0, shape.levels());
    return;
  }
  write_inclusion_path(out, path, 0, shape.base_levels);
  write_inclusion_path(out, path, shape.base_levels, shape.sub_levels);
  if (shape.kind() == MerkleProofKind::kTop) {
    write_inclusion_path(out, path, shape.base_levels + shape.sub_levels, shape.top_levels);
  }
  out.domain(path.root);
  out.domain(path.leaf);
}

}  // namespace

std::string describe(const BincodeDecodeError& error) {
  static constexpr std::string_view kWhat[] = {
      "the bytes end inside a value",
      "bytes are left after the partition proof",
      "a Merkle proof variant other than the tree's shape",
      "a path with the wrong number of levels",
      "a path level with the wrong number of siblings",
      "a path position not below the level's arity",
      "a length longer than the remaining bytes could hold",
  };
  return std::string(error.field) + " at byte " + std::to_string(error.offset) + ": " +
         std::string(kWhat[static_cast<std::size_t>(error.code)]);
}

Expected<PartitionProof, BincodeDecodeError> decode_partition_proof(
    std::span<const std::uint8_t> bytes, const UpdateProofInfo& info) {
  const PathShape shape_r = tree_r_path(info);
  const PathShape shape_d = tree_d_path(info);
  BincodeReader in(bytes);
  try {
    PartitionProof proof;
    proof.comm_c = in.domain();
    in.set_field("apex_leafs");
    proof.apex_leafs.resize(in.length(kDomainBytes));
    for (Domain& leaf : proof.apex_leafs) leaf = in.domain();
    in.set_field("challenge_proofs");
    proof.challenge_proofs.resize(in.length(kMinChallengeProofBytes));
    for (ChallengeProof& challenge : proof.challenge_proofs) {
      in.set_field(kChallengeProofFields[0]);
      challenge.proof_r_old = read_merkle_path(in, shape_r);
      in.set_field(kChallengeProofFields[1]);
      challenge.proof_d_new = read_merkle_path(in, shape_d);
      in.set_field(kChallengeProofFields[2]);
      challenge.proof_r_new = read_merkle_path(in, shape_r);
    }
    in.set_field("partition proof");
    if (in.remaining() != 0) in.fail(BincodeError::kTrailingBytes, in.offset());
    return proof;
  } catch (const DecodeFailure& failure) {
    return Unexpected{failure.error};
  }
}

std::vector<std::uint8_t> encode_partition_proof(const PartitionProof& proof) {
  BincodeWriter out;
  out.domain(proof.comm_c);
  out.u64(proof.apex_leafs.size());
  for (const Domain& leaf : proof.apex_leafs) out.domain(leaf);
  out.u64(proof.challenge_proofs.size());
  for (const ChallengeProof& challenge : proof.challenge_proofs) {
    write_merkle_path(out, challenge.proof_r_old);
    write_merkle_path(out, challenge.proof_d_new);
    write_merkle_path(out, challenge.proof_r_new);
  }
  return out.take();
}

}  // namespace cuzk::porep::update
