#include "porep/update/partition_proof_bincode.hpp"

#include <doctest/doctest.h>

#include <cstring>

#include "porep/update_proof_fixture.hpp"

using namespace cuzk::porep;
using namespace cuzk::porep::update;
using cuzk::test::filled;
using cuzk::test::make_proof;

namespace {

std::uint64_t u64_at(const std::vector<std::uint8_t>& bytes, std::size_t at) {
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < 8; ++i) v |= std::uint64_t{bytes.at(at + i)} << (8 * i);
  return v;
}

void put_u64(std::vector<std::uint8_t>& bytes, std::size_t at, std::uint64_t v) {
  for (std::size_t i = 0; i < 8; ++i) bytes.at(at + i) = static_cast<std::uint8_t>(v >> (8 * i));
}

const UpdateProofInfo& info_2kib() {
  return update_proof_info(RegisteredUpdateProof::kStackedDrg2KiBV1);
}

// Byte offsets in the encoding of make_proof(info_2kib(), 0, 1): comm_c, the two Vec lengths,
// then proof_r_old = u32 variant, root, leaf, u64 levels and per level (u64 7, 7 siblings, index).
constexpr std::size_t kOldVariant = 32 + 8 + 8;
constexpr std::size_t kOldLevels = kOldVariant + 4 + 64;
constexpr std::size_t kOldLevel0 = kOldLevels + 8;
constexpr std::size_t kOldLevel0Index = kOldLevel0 + 8 + 7 * 32;

}  // namespace

TEST_CASE("bincode lays out a 2 KiB partition proof as bincode 1 serializes the Rust types") {
  const auto bytes = encode_partition_proof(make_proof(info_2kib(), 0, 1));
  CHECK(std::memcmp(bytes.data(), filled(0xc0).data(), 32) == 0);
  CHECK(u64_at(bytes, 32) == 0);   // apex_leafs: empty Vec
  CHECK(u64_at(bytes, 40) == 1);   // challenge_proofs: one
  CHECK(bytes[kOldVariant] == 0);  // ProofData::Single, a u32
  CHECK(std::memcmp(bytes.data() + kOldVariant + 4, filled(0x00).data(), 32) == 0);  // root
  CHECK(bytes[kOldVariant + 4 + 32] == 0x01);                                        // leaf
  CHECK(u64_at(bytes, kOldLevels) == 2);       // TreeR of 64 nodes: two levels of 8
  CHECK(u64_at(bytes, kOldLevel0) == 7);       // seven siblings
  CHECK(bytes[kOldLevel0 + 8] == 0x02);        // the first sibling's bytes
  CHECK(u64_at(bytes, kOldLevel0Index) == 0);  // position (level 0 + fill 0) % 8
  const std::size_t tree_r = 4 + 64 + 8 + 2 * (8 + 7 * 32 + 8);
  const std::size_t tree_d = 4 + 64 + 8 + 6 * (8 + 32 + 8);
  CHECK(bytes.size() == 48 + 2 * tree_r + tree_d);
}

TEST_CASE("bincode puts a 32 GiB TreeR path's levels before its root and leaf (ProofData::Sub)") {
  const UpdateProofInfo& info = update_proof_info(RegisteredUpdateProof::kStackedDrg32GiBV1);
  const auto bytes = encode_partition_proof(make_proof(info, 0, 1));
  CHECK(bytes[kOldVariant] == 1);
  CHECK(u64_at(bytes, kOldVariant + 4) == 9);  // base path: nine levels of 8
  const std::size_t sub_path = kOldVariant + 4 + 8 + 9 * (8 + 7 * 32 + 8);
  CHECK(u64_at(bytes, sub_path) == 1);  // sub path: one level of 8
  const std::size_t root = sub_path + 8 + (8 + 7 * 32 + 8);
  CHECK(std::memcmp(bytes.data() + root, filled(0x00).data(), 32) == 0);
  CHECK(bytes[root + 32] == 0x01);
}

TEST_CASE("bincode round trips a partition proof of every registered size") {
  for (const UpdateProofInfo& info : all_update_proofs()) {
    INFO(info.name);
    const PartitionProof proof = make_proof(info, info.apex_leaves, 3);
    const auto bytes = encode_partition_proof(proof);
    const auto decoded = decode_partition_proof(bytes, info);
    REQUIRE(decoded.has_value());
    CHECK(*decoded == proof);
    CHECK(encode_partition_proof(*decoded) == bytes);
  }
}

TEST_CASE("bincode decoding refuses malformed bytes with a typed error") {
  const auto good = encode_partition_proof(make_proof(info_2kib(), 2, 1));
  const auto error_of = [](const std::vector<std::uint8_t>& bytes) {
    const auto decoded = decode_partition_proof(bytes, info_2kib());
    REQUIRE_FALSE(decoded.has_value());
    return decoded.error();
  };
  SUBCASE("every truncation") {
    for (std::size_t n = 0; n < good.size(); ++n) {
      INFO("first " << n << " bytes");
      const BincodeError code = error_of({good.begin(), good.begin() + n}).code;
      CHECK((code == BincodeError::kTruncated || code == BincodeError::kImplausibleLength));
    }
  }
  SUBCASE("a trailing byte") {
    auto bytes = good;
    bytes.push_back(0);
    CHECK(error_of(bytes).code == BincodeError::kTrailingBytes);
    CHECK(describe(error_of(bytes)) == "partition proof at byte " + std::to_string(good.size()) +
                                           ": bytes are left after the partition proof");
  }
  const std::size_t shift = 2 * 32;  // two apex leaves move everything after them
  SUBCASE("a Sub proof where the tree has no sub level") {
    auto bytes = good;
    bytes[kOldVariant + shift] = 1;
    const BincodeDecodeError e = error_of(bytes);
    CHECK(e.code == BincodeError::kWrongProofVariant);
    CHECK(e.field == "proof_r_old");
    CHECK(e.offset == kOldVariant + shift);
  }
  SUBCASE("a path of three levels") {
    auto bytes = good;
    put_u64(bytes, kOldLevels + shift, 3);
    CHECK(error_of(bytes).code == BincodeError::kWrongPathLength);
  }
  SUBCASE("a level of six siblings") {
    auto bytes = good;
    put_u64(bytes, kOldLevel0 + shift, 6);
    CHECK(error_of(bytes).code == BincodeError::kWrongSiblingCount);
  }
  SUBCASE("a position of 8 in an 8-ary level") {
    auto bytes = good;
    put_u64(bytes, kOldLevel0Index + shift, 8);
    CHECK(error_of(bytes).code == BincodeError::kPositionOutOfRange);
  }
  SUBCASE("an apex count that the bytes cannot hold") {
    auto bytes = good;
    put_u64(bytes, 32, std::uint64_t{1} << 60);
    const BincodeDecodeError e = error_of(bytes);
    CHECK(e.code == BincodeError::kImplausibleLength);
    CHECK(e.field == "apex_leafs");
  }
}
