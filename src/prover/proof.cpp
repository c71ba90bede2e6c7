#include "prover/proof.hpp"

#include <algorithm>

#include "bls12_381/encoding.hpp"

namespace cuzk::prover {

using bls12_381::SubgroupCheck;

std::array<std::uint8_t, kProofBytes> encode_proof(const Proof& proof) {
  std::array<std::uint8_t, kProofBytes> out{};
  const auto a = bls12_381::encode_compressed(proof.a);
  const auto b = bls12_381::encode_compressed(proof.b);
  const auto c = bls12_381::encode_compressed(proof.c);
  auto it = std::copy(a.begin(), a.end(), out.begin());
  it = std::copy(b.begin(), b.end(), it);
  std::copy(c.begin(), c.end(), it);
  return out;
}

namespace {

template <class Decoded>
std::string problem(const Decoded& d, const char* name) {
  if (!d) return std::string("proof ") + name + ": " + bls12_381::to_string(d.error());
  if (d->is_identity()) return std::string("proof ") + name + ": point at infinity";
  return {};
}

}  // namespace

Expected<Proof, std::string> decode_proof(std::span<const std::uint8_t, kProofBytes> bytes) {
  const auto a = bls12_381::decode_g1_compressed(bytes.subspan<0, 48>(), SubgroupCheck::kYes);
  const auto b = bls12_381::decode_g2_compressed(bytes.subspan<48, 96>(), SubgroupCheck::kYes);
  const auto c = bls12_381::decode_g1_compressed(bytes.subspan<144, 48>(), SubgroupCheck::kYes);
  for (std::string why : {problem(a, "A"), problem(b, "B"), problem(c, "C")}) {
    if (!why.empty()) return Unexpected{why};
  }
  return Proof{*a, *b, *c};
}

std::vector<std::uint8_t> encode_proofs(std::span<const Proof> proofs) {
  std::vector<std::uint8_t> out;
  out.reserve(proofs.size() * kProofBytes);
  for (const Proof& p : proofs) {
    const auto e = encode_proof(p);
    out.insert(out.end(), e.begin(), e.end());
  }
  return out;
}

Expected<std::vector<Proof>, std::string> decode_proofs(std::span<const std::uint8_t> bytes) {
  if (bytes.size() % kProofBytes != 0) {
    return Unexpected{std::to_string(bytes.size()) + " bytes of proofs is not a multiple of " +
                      std::to_string(kProofBytes)};
  }
  std::vector<Proof> out;
  for (std::size_t i = 0; i < bytes.size() / kProofBytes; ++i) {
    auto p = decode_proof(bytes.subspan(i * kProofBytes).first<kProofBytes>());
    if (!p) return Unexpected{"proof " + std::to_string(i) + ": " + p.error()};
    out.push_back(*p);
  }
  return out;
}

}  // namespace cuzk::prover
