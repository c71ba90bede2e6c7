#include "porep/update/randomness.hpp"

#include <array>
#include <string>

#include "hashers/poseidon.hpp"
#include "hashers/poseidon_constants.hpp"
#include "util/error.hpp"
#include "util/hex.hpp"

namespace cuzk::porep::update {
namespace {

// neptune's CType::domain_tag: identifier * 2^40, identifier 1 here.
constexpr std::uint64_t kGenRandomnessTag = std::uint64_t{1} << 40;

const hashers::poseidon::PoseidonConstants& gen_randomness_constants() {
  // Immutable after its thread-safe first initialization: neptune derives round constants and MDS
  // from width and strength only, so the MerkleTree constants serve with the tag replaced.
  static const hashers::poseidon::PoseidonConstants constants = [] {
    hashers::poseidon::PoseidonConstants c = hashers::poseidon::poseidon_constants(2);
    c.domain_tag = Fr::from_u64(kGenRandomnessTag);
    return c;
  }();
  return constants;
}

Fr to_fr(const Domain& d, const char* what) {
  const auto fr = domain_to_fr(d);
  if (!fr) throw Error(std::string(what) + " " + to_hex(d) + " is not a canonical Fr");
  return *fr;
}

}  // namespace

Fr gen_randomness_hash(const Fr& a, const Fr& b) {
  const std::array<Fr, 2> preimage = {a, b};
  return hashers::poseidon::hash(preimage, gen_randomness_constants());
}

Domain phi(const Domain& comm_d_new, const Domain& comm_r_old) {
  return fr_to_domain(
      gen_randomness_hash(to_fr(comm_d_new, "comm_d_new"), to_fr(comm_r_old, "comm_r_old")));
}

Fr rho(const Domain& phi, std::uint32_t high) {
  return gen_randomness_hash(to_fr(phi, "phi"), Fr::from_u64(high));
}

}  // namespace cuzk::porep::update
