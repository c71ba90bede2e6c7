// Deterministic pseudo-random 32-byte values for generated test sectors: the sector data, and for
// the sparse (unsealed) replicas the columns of parent nodes and the roots of untouched subtrees.
// Every value is a function of (seed, purpose, index, sub_index) alone, so a generator can ask for
// values in any order, from any thread, and the same seeds always give the same sector.
#pragma once

#include <cstdint>
#include <string_view>

#include "porep/chacha.hpp"
#include "porep/domain.hpp"

namespace cuzk::sealing {

// The purpose of the sector data's values, shared by sealed and sparse sectors.
inline constexpr std::string_view kSectorDataPurpose = "cuzk sector data";

class PseudoRandomDomains {
 public:
  // The ChaCha20 key is SHA-256(purpose || 0x00 || seed as u64 LE): different purposes never
  // share values.
  PseudoRandomDomains(std::uint64_t seed, std::string_view purpose);

  // The first 32 bytes of the ChaCha20 block whose words 12..15 are (index, sub_index) as two
  // u64 LE, with the top two bits cleared: a canonical Fr below 2^254, i.e. what fr32 padding
  // makes of arbitrary data.
  porep::Domain at(std::uint64_t index, std::uint64_t sub_index = 0) const;

 private:
  porep::ChaChaKey key_;
};

}  // namespace cuzk::sealing
