#include "hashers/poseidon_gen_randomness.hpp"

#include <stdexcept>

namespace cuzk::hashers::poseidon {

using bls12_381::Fr;

Fr custom_domain_tag(std::uint64_t id) {
  if (id < 1 || id > 256)
    throw std::invalid_argument("Poseidon custom domain tag id not in 1..256");
  return Fr::from_u64(id) * Fr::from_u64(std::uint64_t{1} << 40);
}

const PoseidonConstants& gen_randomness_constants() {
  // Immutable after its thread-safe first initialization.
  static const PoseidonConstants constants = [] {
    PoseidonConstants c = PoseidonConstants::generate(2, Strength::kStandard);
    c.domain_tag = custom_domain_tag(1);
    return c;
  }();
  return constants;
}

}  // namespace cuzk::hashers::poseidon
