// The porep challenges of one partition (stacked/vanilla/challenges.rs). Every variant reduces a
// 32-byte string H, read as a little-endian integer, to (H mod (nodes - 1)) + 1, so node 0 is never
// challenged.
//  * interactive: H = SHA-256(replica_id || seed || j as u32 LE), j = cpp * k + i;
//  * non-interactive: H = SHA-256("filecoin.io|PoRep|1|NonInteractive|1" || replica_id || comm_r
//    || j as u32 LE); the seed is not used;
//  * synthetic: min(nodes, 2^18) synthetic challenges come from a ChaCha20 stream keyed by
//    replica_id and comm_r; a second stream keyed by replica_id and the seed picks which of them
//    are the porep challenges of partition k.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "porep/chacha.hpp"
#include "porep/domain.hpp"
#include "porep/registered_proof.hpp"

namespace cuzk::porep {

std::uint64_t challenge_from_hash(std::span<const std::uint8_t, 32> hash, std::uint64_t nodes);

// Partition k < 256 (the Rust casts k to u8); nodes in [2, 2^32].
std::vector<std::uint64_t> interactive_challenges(std::uint64_t nodes, const Domain& replica_id,
                                                  const Domain& seed, std::uint32_t per_partition,
                                                  std::uint32_t k);
std::vector<std::uint64_t> non_interactive_challenges(std::uint64_t nodes, const Domain& replica_id,
                                                      const Domain& comm_r,
                                                      std::uint32_t per_partition, std::uint32_t k);

class SyntheticChallenges {
 public:
  static std::uint64_t default_count(std::uint64_t nodes);  // min(nodes, 2^18)

  // replica_id and comm_r must be canonical Fr encodings (the Rust converts them through Fr).
  SyntheticChallenges(std::uint64_t nodes, const Domain& replica_id, const Domain& comm_r,
                      std::uint64_t count);
  SyntheticChallenges(std::uint64_t nodes, const Domain& replica_id, const Domain& comm_r)
      : SyntheticChallenges(nodes, replica_id, comm_r, default_count(nodes)) {}

  std::uint64_t count() const { return count_; }
  std::uint64_t challenge(std::uint64_t i) const;  // i < count()
  // Which synthetic challenges partition k uses: keystream words j = cpp*k + i as u32 LE, mod
  // count.
  std::vector<std::uint64_t> partition_indexes(const Domain& seed, std::uint32_t per_partition,
                                               std::uint32_t k) const;
  std::vector<std::uint64_t> partition_challenges(const Domain& seed, std::uint32_t per_partition,
                                                  std::uint32_t k) const;

 private:
  std::uint64_t nodes_;
  std::uint64_t count_;
  Domain replica_id_;
  ChaCha20Stream generator_;
};

// Dispatches on config.challenge_mode; seed is ignored by non-interactive PoRep and comm_r by
// interactive PoRep.
std::vector<std::uint64_t> partition_challenges(const PorepConfig& config, const Domain& replica_id,
                                                const Domain& comm_r, const Domain& seed,
                                                std::uint32_t k);

}  // namespace cuzk::porep
