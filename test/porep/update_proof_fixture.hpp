// Partition proofs of the right shapes but arbitrary values, for tests of their encodings: every
// field is a run of one byte value, so it can be found in the bytes.
#pragma once

#include <cstdint>

#include "porep/update/vanilla_proof.hpp"

namespace cuzk::test {

inline porep::Domain filled(std::uint8_t fill) {
  porep::Domain d;
  d.fill(fill);
  return d;
}

inline porep::update::MerklePath make_path(const porep::PathShape& shape, std::uint8_t fill) {
  porep::update::MerklePath path;
  path.shape = shape;
  path.root = filled(fill);
  path.leaf = filled(static_cast<std::uint8_t>(fill + 1));
  for (std::uint32_t level = 0; level < shape.levels(); ++level) {
    for (std::uint32_t s = 0; s + 1 < shape.arity(level); ++s) {
      path.siblings.push_back(filled(static_cast<std::uint8_t>(fill + 2 + level)));
    }
    path.indices.push_back(static_cast<std::uint8_t>((level + fill) % shape.arity(level)));
  }
  return path;
}

// A proof of the right shapes for `info` with `apex` apex leaves and `challenges` challenges.
inline porep::update::PartitionProof make_proof(const porep::update::UpdateProofInfo& info,
                                                std::size_t apex, std::size_t challenges) {
  porep::update::PartitionProof proof;
  proof.comm_c = filled(0xc0);
  for (std::size_t a = 0; a < apex; ++a) {
    proof.apex_leafs.push_back(filled(static_cast<std::uint8_t>(0xa0 + a % 16)));
  }
  for (std::size_t i = 0; i < challenges; ++i) {
    const auto base = static_cast<std::uint8_t>(0x10 * (i % 8));
    proof.challenge_proofs.push_back(
        {make_path(porep::update::tree_r_path(info), base),
         make_path(porep::update::tree_d_path(info), static_cast<std::uint8_t>(base + 0x20)),
         make_path(porep::update::tree_r_path(info), static_cast<std::uint8_t>(base + 0x40))});
  }
  return proof;
}

}  // namespace cuzk::test
