#include "porep/update/vanilla_proof.hpp"

namespace cuzk::porep::update {

PathShape tree_r_path(const UpdateProofInfo& info) {
  return column_tree_path(info.nodes, info.tree);
}

PathShape tree_d_path(const UpdateProofInfo& info) { return data_tree_path(info.nodes); }

}  // namespace cuzk::porep::update
