// The challenged nodes of partition k of an update proof (storage-proofs-update challenges.rs).
// Partition k owns the k-th of `partitions` equal slices of the sector; each challenge is
// log2(nodes / partitions) random bits with k appended above them, so it lies in that slice.
// The random bits come from digests D_j = H(comm_r_new, j) (randomness.hpp's gen-randomness
// Poseidon), read little-endian bit first, floor(254 / bits) challenges per digest (254 = Fr's
// capacity). j counts digests across all partitions: partition k starts at
// k * ceil(challenges_per_partition / challenges_per_digest).
#pragma once

#include <cstdint>
#include <vector>

#include "porep/domain.hpp"
#include "porep/update/update_proof.hpp"

namespace cuzk::porep::update {

// Fr::CAPACITY: the bits of a digest taken as uniformly random.
inline constexpr std::uint32_t kDigestRandomBits = 254;

// comm_r_new must be a canonical Fr (throws cuzk::Error otherwise); k < info.partitions (throws
// std::out_of_range otherwise). Returns info.challenges_per_partition node indices.
std::vector<std::uint32_t> update_challenges(const UpdateProofInfo& info, const Domain& comm_r_new,
                                             std::uint32_t k);

}  // namespace cuzk::porep::update
