#include "sealing/tree_hash.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "hashers/poseidon.hpp"
#include "hashers/poseidon_hasher.hpp"
#include "hashers/sha256_hasher.hpp"
#include "util/error.hpp"

namespace cuzk::sealing {
namespace {

using bls12_381::Fr;

// The largest arity any hash here takes: an 11-layer column.
constexpr std::size_t kMaxChildren = 16;

Fr to_fr(const porep::Domain& d) {
  const auto fr = porep::domain_to_fr(d);
  if (!fr) throw Error("a Poseidon tree value is not below the field modulus");
  return *fr;
}

}  // namespace

porep::Domain column_hash(std::span<const porep::Domain> rows) {
  if (rows.size() > kMaxChildren) throw Error("column of too many layers");
  std::array<Fr, kMaxChildren> parts;
  for (std::size_t i = 0; i < rows.size(); ++i) parts[i] = to_fr(rows[i]);
  return porep::fr_to_domain(
      hashers::poseidon::hash(std::span<const Fr>(parts).first(rows.size())));
}

porep::Domain comm_r_from_roots(const porep::Domain& comm_c, const porep::Domain& comm_r_last) {
  return porep::fr_to_domain(hashers::poseidon_hash2(to_fr(comm_c), to_fr(comm_r_last)));
}

porep::Domain encode_node(const porep::Domain& key, const porep::Domain& data) {
  return porep::fr_to_domain(to_fr(key) + to_fr(data));
}

}  // namespace cuzk::sealing
