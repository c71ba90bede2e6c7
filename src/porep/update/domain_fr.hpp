// A commitment or hash value of an update proof read as an Fr, refused with one line naming it
// when its bytes are not a canonical encoding (at or above the modulus).
#pragma once

#include <string>
#include <string_view>

#include "bls12_381/fields.hpp"
#include "porep/domain.hpp"
#include "util/error.hpp"
#include "util/hex.hpp"

namespace cuzk::porep::update {

inline bls12_381::Fr canonical_fr(const Domain& d, std::string_view what) {
  const auto fr = domain_to_fr(d);
  if (!fr) throw Error(std::string(what) + " " + to_hex(d) + " is not a canonical Fr");
  return *fr;
}

}  // namespace cuzk::porep::update
