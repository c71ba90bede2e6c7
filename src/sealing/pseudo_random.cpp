#include "sealing/pseudo_random.hpp"

#include <array>

#include "hashers/sha256.hpp"

namespace cuzk::sealing {

PseudoRandomDomains::PseudoRandomDomains(std::uint64_t seed, std::string_view purpose) {
  std::array<std::uint8_t, 9> tail{};  // the 0x00 separator, then the seed
  for (std::size_t i = 0; i < 8; ++i) tail[1 + i] = static_cast<std::uint8_t>(seed >> (8 * i));
  key_ = hashers::Sha256().update(purpose).update(tail).finish();
}

porep::Domain PseudoRandomDomains::at(std::uint64_t index, std::uint64_t sub_index) const {
  const std::array<std::uint32_t, 4> words = {
      static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(index >> 32),
      static_cast<std::uint32_t>(sub_index), static_cast<std::uint32_t>(sub_index >> 32)};
  constexpr int kRounds = 20;
  const porep::ChaChaBlock block = porep::chacha_block(key_, words, kRounds);
  porep::Domain out{};
  for (std::size_t w = 0; w < out.size() / 4; ++w) {
    for (std::size_t b = 0; b < 4; ++b)
      out[4 * w + b] = static_cast<std::uint8_t>(block[w] >> (8 * b));
  }
  return porep::truncate_to_fr32(out);
}

}  // namespace cuzk::sealing
