#include "porep/update/encoding.hpp"

#include <algorithm>
#include <string>

#include "porep/update/randomness.hpp"
#include "util/error.hpp"

namespace cuzk::porep::update {

std::uint32_t high_bits_shift(const UpdateProofInfo& info, std::uint32_t h) {
  if (std::find(info.h_choices.begin(), info.h_choices.end(), h) == info.h_choices.end()) {
    throw Error("h = " + std::to_string(h) + " is not allowed for " + std::string(info.name));
  }
  return info.challenge_bits() - h;
}

Rhos::Rhos(const UpdateProofInfo& info, std::uint32_t h, const Domain& phi)
    : shift_(high_bits_shift(info, h)) {
  const std::uint32_t slices = std::uint32_t{1} << h;
  rhos_.reserve(slices);
  for (std::uint32_t high = 0; high < slices; ++high) rhos_.push_back(rho(phi, high));
}

}  // namespace cuzk::porep::update
