#include "circuit/native/sha256_node_trace.hpp"

#include <array>
#include <string>

#include "hashers/sha256_hasher.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::native {

Sha256MessagePattern Sha256NodeTrace::pattern() {
  return Sha256MessagePattern().field_element().field_element();
}

Sha256NodeTrace::Sha256NodeTrace(const Sha256ProgramSet& programs)
    : message_(pattern(), programs) {}

Sha256NodeTrace::Sha256NodeTrace() : message_(pattern()) {}

Fr Sha256NodeTrace::hash(AuxWriter& out, const Fr& left, const Fr& right) const {
  std::array<std::uint8_t, 2 * Fr::kBytes> message;
  out.put_field_bits(left);
  left.to_bytes_le(std::span(message).first<Fr::kBytes>());
  out.put_field_bits(right);
  right.to_bytes_le(std::span(message).last<Fr::kBytes>());
  const Fr node = hashers::sha256_domain_to_fr(
      hashers::sha256_trim(message_.hash(out, std::span<const std::uint8_t>(message))));
  out.put(node);
  return node;
}

Fr Sha256NodeTrace::hash(AuxWriter& out, std::span<const Fr> children) const {
  if (children.size() != 2) {
    throw Error("native SHA-256 node: " + std::to_string(children.size()) +
                " children for a binary tree");
  }
  return hash(out, children[0], children[1]);
}

}  // namespace cuzk::circuit::native
