// The EmptySectorUpdate encoding (vanilla.rs `encode`, `Rhos`): node i of the updated replica is
//   label_r_new[i] = label_r_old[i] + data_new[i] * rho(high(i)),
// where high(i) is the top h bits of the node index (i >> (log2(nodes) - h)), so all nodes of one
// of the 2^h slices of the sector share one rho.
#pragma once

#include <cstdint>
#include <vector>

#include "bls12_381/fields.hpp"
#include "porep/domain.hpp"
#include "porep/update/update_proof.hpp"

namespace cuzk::porep::update {

using bls12_381::Fr;

// Right shift taking a node index to its h high bits: log2(nodes) - h. Throws cuzk::Error if h is
// not one of info.h_choices.
std::uint32_t high_bits_shift(const UpdateProofInfo& info, std::uint32_t h);

inline Fr encode_label(const Fr& label_r_old, const Fr& data_new, const Fr& rho) {
  return label_r_old + data_new * rho;
}

// rho for every one of the 2^h slices, computed once for a whole sector.
class Rhos {
 public:
  Rhos(const UpdateProofInfo& info, std::uint32_t h, const Domain& phi);
  const Fr& for_node(std::uint64_t node) const { return rhos_[node >> shift_]; }

 private:
  std::uint32_t shift_;
  std::vector<Fr> rhos_;
};

}  // namespace cuzk::porep::update
