#include "hashers/poseidon_hasher.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "hashers/poseidon.hpp"

namespace cuzk::hashers {

namespace {

bool is_node_arity(std::size_t n) { return n == 2 || n == 4 || n == 8 || n == 16; }

}  // namespace

Fr poseidon_hash2(const Fr& a, const Fr& b) {
  const std::array<Fr, 2> preimage = {a, b};
  return poseidon::hash(preimage, poseidon::poseidon_constants(2));
}

Fr poseidon_multi_node(std::span<const Fr> parts) {
  if (!is_node_arity(parts.size())) {
    throw std::invalid_argument("Poseidon Merkle node with " + std::to_string(parts.size()) +
                                " children (2, 4, 8 or 16 expected)");
  }
  return poseidon::hash(parts);
}

Fr poseidon_hash_md(std::span<const Fr> input) {
  if (input.size() < 2) throw std::invalid_argument("Poseidon hash_md needs at least two elements");
  const poseidon::PoseidonConstants& constants = poseidon::poseidon_constants(kPoseidonMdArity);
  std::array<Fr, kPoseidonMdArity> preimage{};
  Fr acc = input[0];
  for (std::size_t start = 1; start < input.size(); start += kPoseidonMdArity - 1) {
    const std::size_t n = std::min(kPoseidonMdArity - 1, input.size() - start);
    preimage.fill(Fr::zero());
    preimage[0] = acc;
    std::copy_n(input.begin() + static_cast<std::ptrdiff_t>(start), n, preimage.begin() + 1);
    acc = poseidon::hash(preimage, constants);
  }
  return acc;
}

std::optional<Fr> poseidon_hash_bytes(std::span<const std::uint8_t> data) {
  if (data.size() % Fr::kBytes != 0 || !is_node_arity(data.size() / Fr::kBytes)) {
    throw std::invalid_argument("Poseidon hash of " + std::to_string(data.size()) +
                                " bytes (2, 4, 8 or 16 elements of 32 bytes expected)");
  }
  std::vector<Fr> elements;
  for (std::size_t off = 0; off < data.size(); off += Fr::kBytes) {
    const auto e = Fr::from_bytes_le(data.subspan(off).first<Fr::kBytes>());
    if (!e) return std::nullopt;
    elements.push_back(*e);
  }
  return poseidon::hash(elements);
}

}  // namespace cuzk::hashers
