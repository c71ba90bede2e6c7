#include "porep/update/challenges.hpp"

#include <stdexcept>
#include <string>

#include "porep/update/domain_fr.hpp"
#include "porep/update/randomness.hpp"

namespace cuzk::porep::update {

std::vector<std::uint32_t> update_challenges(const UpdateProofInfo& info, const Domain& comm_r_new,
                                             std::uint32_t k) {
  if (k >= info.partitions) {
    throw std::out_of_range("partition " + std::to_string(k) + " of " +
                            std::to_string(info.partitions));
  }
  const Fr comm_r_new_fr = canonical_fr(comm_r_new, "comm_r_new");

  const std::uint32_t random_bits = info.challenge_bits() - info.partition_bits();
  const std::uint32_t per_digest = kDigestRandomBits / random_bits;
  const std::uint32_t digests_per_partition =
      (info.challenges_per_partition + per_digest - 1) / per_digest;
  const std::uint32_t partition_high = k << random_bits;

  std::vector<std::uint32_t> challenges;
  challenges.reserve(info.challenges_per_partition);
  std::uint64_t digest_index = std::uint64_t{k} * digests_per_partition;
  Domain digest{};
  for (std::uint32_t n = 0; n < info.challenges_per_partition; ++n) {
    const std::uint32_t slot = n % per_digest;
    if (slot == 0) {
      digest = fr_to_domain(gen_randomness_hash(comm_r_new_fr, Fr::from_u64(digest_index++)));
    }
    std::uint32_t c = 0;
    for (std::uint32_t b = 0; b < random_bits; ++b) {
      const std::uint32_t bit = slot * random_bits + b;
      c |= static_cast<std::uint32_t>((digest[bit / 8] >> (bit % 8)) & 1) << b;
    }
    challenges.push_back(c | partition_high);
  }
  return challenges;
}

}  // namespace cuzk::porep::update
