#include "porep/challenges.hpp"

#include <algorithm>
#include <string>
#include <string_view>

#include "hashers/sha256.hpp"
#include "porep/blake2b.hpp"
#include "util/error.hpp"

namespace cuzk::porep {
namespace {

constexpr std::string_view kNonInteractiveTag = "filecoin.io|PoRep|1|NonInteractive|1";
constexpr std::string_view kSynthGenerationKey = "filecoin.io|PoRep|1|Synthetic|1|Generation";
constexpr std::string_view kSynthSelectionKey = "filecoin.io|PoRep|1|Synthetic|1|Selection";
constexpr std::array<std::uint8_t, 12> kSynthNonce = {'s', 'y', 'n', 't', 'h', '-',
                                                      'p', 'o', 'r', 'e', 'p', 0};
constexpr std::uint32_t kSynthChallengeBytes = 32;
constexpr std::uint32_t kSynthIndexBytes = 4;

void check_arguments(std::uint64_t nodes, std::uint32_t k) {
  if (nodes < 2 || nodes > (std::uint64_t{1} << 32)) {
    throw Error("challenges need 2 to 2^32 nodes, not " + std::to_string(nodes));
  }
  if (k > 0xff) throw Error("partition " + std::to_string(k) + " does not fit the u8 of the Rust");
}

std::array<std::uint8_t, 4> u32_le(std::uint32_t v) {
  return {static_cast<std::uint8_t>(v), static_cast<std::uint8_t>(v >> 8),
          static_cast<std::uint8_t>(v >> 16), static_cast<std::uint8_t>(v >> 24)};
}

std::span<const std::uint8_t> bytes_of(std::string_view s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

// Keyed BLAKE2b-256 over a || b: the ChaCha20 keys of synthetic PoRep.
ChaChaKey synth_key(std::string_view key, const Domain& a, const Domain& b) {
  ChaChaKey out{};
  Blake2b(out.size(), bytes_of(key)).update(a).update(b).finish(out);
  return out;
}

void require_canonical(const Domain& d, const char* what) {
  if (!is_canonical_fr(d)) {
    throw Error(std::string("synthetic challenges: ") + what + " is not below the field modulus");
  }
}

}  // namespace

std::uint64_t challenge_from_hash(std::span<const std::uint8_t, 32> hash, std::uint64_t nodes) {
  const std::uint64_t modulus = nodes - 1;
  unsigned __int128 rem = 0;
  for (std::size_t i = hash.size(); i-- > 0;) rem = ((rem << 8) | hash[i]) % modulus;
  return static_cast<std::uint64_t>(rem) + 1;
}

std::vector<std::uint64_t> interactive_challenges(std::uint64_t nodes, const Domain& replica_id,
                                                  const Domain& seed, std::uint32_t per_partition,
                                                  std::uint32_t k) {
  check_arguments(nodes, k);
  std::vector<std::uint64_t> out(per_partition);
  for (std::uint32_t i = 0; i < per_partition; ++i) {
    const hashers::Sha256Digest h = hashers::Sha256()
                                        .update(replica_id)
                                        .update(seed)
                                        .update(u32_le(per_partition * k + i))
                                        .finish();
    out[i] = challenge_from_hash(h, nodes);
  }
  return out;
}

std::vector<std::uint64_t> non_interactive_challenges(std::uint64_t nodes, const Domain& replica_id,
                                                      const Domain& comm_r,
                                                      std::uint32_t per_partition,
                                                      std::uint32_t k) {
  check_arguments(nodes, k);
  std::vector<std::uint64_t> out(per_partition);
  for (std::uint32_t i = 0; i < per_partition; ++i) {
    const hashers::Sha256Digest h = hashers::Sha256()
                                        .update(kNonInteractiveTag)
                                        .update(replica_id)
                                        .update(comm_r)
                                        .update(u32_le(per_partition * k + i))
                                        .finish();
    out[i] = challenge_from_hash(h, nodes);
  }
  return out;
}

std::uint64_t SyntheticChallenges::default_count(std::uint64_t nodes) {
  return std::min(nodes, kMaxSyntheticChallenges);
}

SyntheticChallenges::SyntheticChallenges(std::uint64_t nodes, const Domain& replica_id,
                                         const Domain& comm_r, std::uint64_t count)
    : nodes_(nodes),
      count_(count),
      replica_id_(replica_id),
      generator_(synth_key(kSynthGenerationKey, replica_id, comm_r), kSynthNonce) {
  check_arguments(nodes, 0);
  require_canonical(replica_id, "replica_id");
  require_canonical(comm_r, "comm_r");
  if (count == 0 || count > (std::uint64_t{1} << 27)) {
    // The byte offset 32 * i must fit the u32 seek of the Rust.
    throw Error("synthetic challenges: count " + std::to_string(count) + " is out of range");
  }
}

std::uint64_t SyntheticChallenges::challenge(std::uint64_t i) const {
  if (i >= count_) {
    throw Error("synthetic challenge " + std::to_string(i) + " of " + std::to_string(count_));
  }
  std::array<std::uint8_t, kSynthChallengeBytes> bytes{};
  generator_.keystream(static_cast<std::uint32_t>(i * kSynthChallengeBytes), bytes);
  return challenge_from_hash(bytes, nodes_);
}

std::vector<std::uint64_t> SyntheticChallenges::partition_indexes(const Domain& seed,
                                                                  std::uint32_t per_partition,
                                                                  std::uint32_t k) const {
  check_arguments(nodes_, k);
  const ChaCha20Stream selector(synth_key(kSynthSelectionKey, replica_id_, seed), kSynthNonce);
  std::vector<std::uint8_t> words(std::size_t{per_partition} * kSynthIndexBytes);
  selector.keystream(per_partition * k * kSynthIndexBytes, words);
  std::vector<std::uint64_t> out(per_partition);
  for (std::uint32_t i = 0; i < per_partition; ++i) {
    const std::uint8_t* w = words.data() + std::size_t{i} * kSynthIndexBytes;
    const std::uint32_t word = std::uint32_t{w[0]} | std::uint32_t{w[1]} << 8 |
                               std::uint32_t{w[2]} << 16 | std::uint32_t{w[3]} << 24;
    out[i] = word % count_;
  }
  return out;
}

std::vector<std::uint64_t> SyntheticChallenges::partition_challenges(const Domain& seed,
                                                                     std::uint32_t per_partition,
                                                                     std::uint32_t k) const {
  std::vector<std::uint64_t> out = partition_indexes(seed, per_partition, k);
  for (std::uint64_t& c : out) c = challenge(c);
  return out;
}

std::vector<std::uint64_t> partition_challenges(const PorepConfig& config, const Domain& replica_id,
                                                const Domain& comm_r, const Domain& seed,
                                                std::uint32_t k) {
  switch (config.challenge_mode) {
    case ChallengeMode::kInteractive:
      return interactive_challenges(config.nodes, replica_id, seed, config.challenges_per_partition,
                                    k);
    case ChallengeMode::kNonInteractive:
      return non_interactive_challenges(config.nodes, replica_id, comm_r,
                                        config.challenges_per_partition, k);
    case ChallengeMode::kSynthetic:
      return SyntheticChallenges(config.nodes, replica_id, comm_r)
          .partition_challenges(seed, config.challenges_per_partition, k);
  }
  throw Error("unknown challenge mode");
}

}  // namespace cuzk::porep
