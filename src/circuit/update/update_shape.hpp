// The shape of one EmptySectorUpdate (SnapDeals) partition circuit, from the sector size alone:
// storage-proofs-update constants.rs (partition_count, challenge_count, hs, h_select,
// apex_leaf_count, validate_tree_r_shape) and vanilla.rs PublicParams::from_sector_size, under the
// Rust names. Besides the published sizes the table holds the Rust's testing sizes, whose circuit
// sizes tests/circuit.rs asserts.
//
// A registered update proof (porep/update/update_proof.hpp, whose table holds the published sizes)
// maps onto update_shape(its nodes); update_counts_test checks that both tables agree.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "circuit/merkle/por.hpp"
#include "porep/update/update_proof.hpp"

namespace cuzk::circuit::update {

// Sector sizes in 32-byte nodes (constants.rs SECTOR_SIZE_*).
inline constexpr std::uint64_t kSectorSize1KiB = std::uint64_t{1} << 5;
inline constexpr std::uint64_t kSectorSize2KiB = std::uint64_t{1} << 6;
inline constexpr std::uint64_t kSectorSize4KiB = std::uint64_t{1} << 7;
inline constexpr std::uint64_t kSectorSize8KiB = std::uint64_t{1} << 8;
inline constexpr std::uint64_t kSectorSize16KiB = std::uint64_t{1} << 9;
inline constexpr std::uint64_t kSectorSize32KiB = std::uint64_t{1} << 10;
inline constexpr std::uint64_t kSectorSize8MiB = std::uint64_t{1} << 18;
inline constexpr std::uint64_t kSectorSize16MiB = std::uint64_t{1} << 19;
inline constexpr std::uint64_t kSectorSize512MiB = std::uint64_t{1} << 24;
inline constexpr std::uint64_t kSectorSize32GiB = std::uint64_t{1} << 30;
inline constexpr std::uint64_t kSectorSize64GiB = std::uint64_t{1} << 31;

// The number of `h` values the circuit selects among (constants.rs hs() returns six).
inline constexpr std::size_t kHsCount = 6;

// constants.rs, one function each; every one throws cuzk::Error for a size not in the table.
std::size_t partition_count(std::uint64_t sector_nodes);
std::size_t challenge_count(std::uint64_t sector_nodes);
std::array<std::size_t, kHsCount> hs(std::uint64_t sector_nodes);
std::size_t h_default(std::uint64_t sector_nodes);  // hs()[3]
// 2^i for h == hs()[i]; throws for an h the size does not allow.
std::uint64_t h_select(std::uint64_t sector_nodes, std::size_t h);
std::size_t apex_leaf_count(std::uint64_t sector_nodes);
// TreeR's arities (validate_tree_r_shape); TreeD is binary SHA-256 at every size.
merkle::TreeShape tree_r_shape(std::uint64_t sector_nodes);

// vanilla.rs PublicParams: every count the circuit's R1CS depends on.
struct UpdateShape {
  std::uint64_t sector_nodes = 0;
  std::size_t challenge_count = 0;    // challenges per partition
  std::size_t challenge_bit_len = 0;  // log2(sector_nodes): TreeD's height
  std::size_t partition_count = 0;
  std::size_t partition_bit_len = 0;  // the partitions tree's height, at the top of TreeD
  std::size_t apex_leaf_count = 0;    // leaves of each partition's apex tree
  std::size_t apex_leaf_bit_len = 0;  // the apex tree's height
  merkle::TreeShape tree_r;
  std::array<std::size_t, kHsCount> hs{};

  merkle::TreeShape tree_d() const { return {2, 0, 0}; }
  // Random bits drawn per challenge; the partition index supplies the rest.
  std::size_t challenge_sans_partition_bit_len() const {
    return challenge_bit_len - partition_bit_len;
  }
  // Public inputs, ONE included: k_and_h_select, comm_r_old, comm_d_new, comm_r_new.
  static constexpr std::size_t num_inputs() { return 5; }

  friend bool operator==(const UpdateShape&, const UpdateShape&) = default;
};

UpdateShape update_shape(std::uint64_t sector_nodes);
UpdateShape update_shape(porep::update::RegisteredUpdateProof proof);

// Every size the table holds (constants.rs ALLOWED_SECTOR_SIZES), smallest first.
std::span<const std::uint64_t> allowed_sector_sizes();

// "2KiB", "8MiB", "32GiB" for sector_nodes · 32 bytes.
std::string_view sector_size_name(std::uint64_t sector_nodes);

}  // namespace cuzk::circuit::update
