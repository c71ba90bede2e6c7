#include "porep/update/randomness.hpp"

#include <array>

#include "hashers/poseidon.hpp"
#include "hashers/poseidon_gen_randomness.hpp"
#include "porep/update/domain_fr.hpp"

namespace cuzk::porep::update {

Fr gen_randomness_hash(const Fr& a, const Fr& b) {
  const std::array<Fr, 2> preimage = {a, b};
  return hashers::poseidon::hash(preimage, hashers::poseidon::gen_randomness_constants());
}

Domain phi(const Domain& comm_d_new, const Domain& comm_r_old) {
  return fr_to_domain(gen_randomness_hash(canonical_fr(comm_d_new, "comm_d_new"),
                                          canonical_fr(comm_r_old, "comm_r_old")));
}

Fr rho(const Domain& phi, std::uint32_t high) {
  return gen_randomness_hash(canonical_fr(phi, "phi"), Fr::from_u64(high));
}

}  // namespace cuzk::porep::update
