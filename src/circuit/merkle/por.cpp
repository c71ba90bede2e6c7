#include "circuit/merkle/por.hpp"

namespace cuzk::circuit::merkle {

std::size_t base_path_length(const TreeShape& shape, std::size_t leaves) {
  detail::check_arity(shape.base_arity);
  if (shape.top_arity > 0 && shape.sub_arity == 0) {
    throw std::invalid_argument("a Merkle top tree needs a sub-tree level");
  }
  std::size_t base_leaves = leaves;
  for (const std::size_t arity : {shape.sub_arity, shape.top_arity}) {
    if (arity > 0) base_leaves /= arity;
  }
  std::size_t levels = 0;
  std::size_t width = 1;
  while (width < base_leaves) {
    width *= shape.base_arity;
    ++levels;
  }
  if (width != base_leaves) {
    throw std::invalid_argument("leaf count does not fill the Merkle tree shape");
  }
  return levels;
}

AuthPath AuthPath::blank(const TreeShape& shape, std::size_t leaves) {
  auto blank_level = [](std::size_t arity) {
    return PathLevel{std::nullopt, std::vector<std::optional<Fr>>(arity - 1)};
  };
  AuthPath path;
  path.base.assign(base_path_length(shape, leaves), blank_level(shape.base_arity));
  if (shape.sub_arity > 0) path.sub = blank_level(shape.sub_arity);
  if (shape.top_arity > 0) path.top = blank_level(shape.top_arity);
  return path;
}

}  // namespace cuzk::circuit::merkle
