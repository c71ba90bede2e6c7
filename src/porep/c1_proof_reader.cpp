#include "porep/c1_proof_reader.hpp"

#include <string>

#include "util/error.hpp"

namespace cuzk::porep::detail {
namespace {

constexpr std::uint32_t kColumnProofsPerChallenge = 1 + kBaseDegree + kExpanderDegree;
// Tree C/R_last openings per challenge: every column proof and the R_last proof.
constexpr std::uint32_t kColumnTreeProofsPerChallenge = kColumnProofsPerChallenge + 1;

std::string_view kind_name(MerkleProofKind kind) {
  switch (kind) {
    case MerkleProofKind::kSingle:
      return "Single";
    case MerkleProofKind::kSub:
      return "Sub";
    case MerkleProofKind::kTop:
      return "Top";
  }
  return "?";
}

std::optional<MerkleProofKind> kind_from_name(std::string_view name) {
  for (MerkleProofKind kind :
       {MerkleProofKind::kSingle, MerkleProofKind::kSub, MerkleProofKind::kTop}) {
    if (kind_name(kind) == name) return kind;
  }
  return std::nullopt;
}

std::string node_text(std::uint64_t node) { return "node " + std::to_string(node); }

}  // namespace

ProofLayout ProofLayout::for_sector(std::uint64_t nodes, std::uint32_t layers,
                                    const TreeShape& tree) {
  return ProofLayout{.nodes = nodes,
                     .layers = layers,
                     .data_path = data_tree_path(nodes),
                     .column_path = column_tree_path(nodes, tree)};
}

std::size_t ProofLayout::values_per_proof() const {
  return data_path.sibling_count() +
         std::size_t{kColumnTreeProofsPerChallenge} * column_path.sibling_count() +
         std::size_t{kColumnProofsPerChallenge} * layers +
         (std::size_t{layers} + 1) * kTotalParents;
}

std::size_t ProofLayout::indices_per_proof() const {
  return data_path.levels() + std::size_t{kColumnTreeProofsPerChallenge} * column_path.levels();
}

std::span<Domain> ChallengeProofReader::take_values(std::size_t n) {
  std::vector<Domain>& values = proof_->values_;
  // The layout bounds every read, so the reserved buffer never moves under the spans.
  if (values.size() + n > values.capacity()) throw Error("internal error: C1 value storage full");
  values.resize(values.size() + n);
  return std::span(values).last(n);
}

std::span<std::uint8_t> ChallengeProofReader::take_indices(std::size_t n) {
  std::vector<std::uint8_t>& indices = proof_->indices_;
  if (indices.size() + n > indices.capacity()) throw Error("internal error: C1 index storage full");
  indices.resize(indices.size() + n);
  return std::span(indices).last(n);
}

ChallengeProof ChallengeProofReader::read(od::value value, JsonPath& path) {
  ChallengeProof proof;
  proof.values_.reserve(layout_.values_per_proof());
  proof.indices_.reserve(layout_.indices_per_proof());
  proof_ = &proof;
  read_proof_fields(value, path);
  check_indices(path);
  proof_ = nullptr;
  return proof;  // moving the vectors keeps their buffers, so the spans stay valid
}

void ChallengeProofReader::read_proof_fields(od::value value, JsonPath& path) {
  static constexpr std::array<std::string_view, 5> kKeys = {"comm_d_proofs", "comm_r_last_proof",
                                                            "replica_column_proofs",
                                                            "labeling_proofs", "encoding_proof"};
  static constexpr std::array<std::string_view, 3> kColumnKeys = {"c_x", "drg_parents",
                                                                  "exp_parents"};
  read_fields(value, kKeys, path, [&](std::size_t key, od::value v) {
    switch (key) {
      case 0:
        read_merkle_proof(v, layout_.data_path, proof_->comm_d, path);
        break;
      case 1:
        read_merkle_proof(v, layout_.column_path, proof_->comm_r_last, path);
        break;
      case 2:
        read_fields(v, kColumnKeys, path, [&](std::size_t column_key, od::value cv) {
          const auto read_one = [&](od::value e, ColumnProof& slot) {
            read_column_proof(e, slot, path);
          };
          if (column_key == 0) {
            read_column_proof(cv, proof_->c_x, path);
          } else if (column_key == 1) {
            read_exact_array(cv, std::span<ColumnProof>(proof_->drg_parents), "column proofs", path,
                             read_one);
          } else {
            read_exact_array(cv, std::span<ColumnProof>(proof_->exp_parents), "column proofs", path,
                             read_one);
          }
        });
        break;
      case 3:
        proof_->labeling.resize(layout_.layers);
        read_exact_array(
            v, std::span(proof_->labeling), "entries", path,
            [&](od::value e, LabelingProof& slot) { read_labeling_proof(e, slot, path); });
        break;
      default:
        read_labeling_proof(v, proof_->encoding, path);
        break;
    }
  });
}

void ChallengeProofReader::read_merkle_proof(od::value value, const PathShape& shape,
                                             MerkleProof& out, JsonPath& path) {
  out.shape = shape;
  const std::span<Domain> siblings = take_values(shape.sibling_count());
  const std::span<std::uint8_t> indices = take_indices(shape.levels());
  out.siblings = siblings;
  out.indices = indices;

  static constexpr std::array<std::string_view, 1> kDataKey = {"data"};
  static constexpr std::array<std::string_view, 3> kSingleKeys = {"root", "leaf", "path"};
  static constexpr std::array<std::string_view, 4> kSubKeys = {"base_proof", "sub_proof", "root",
                                                               "leaf"};
  static constexpr std::array<std::string_view, 5> kTopKeys = {"base_proof", "sub_proof",
                                                               "top_proof", "root", "leaf"};
  const auto read_segment = [&](od::value v, std::string_view key) {
    if (key == "path" || key == "base_proof") {
      read_path_segment(v, shape, 0, shape.base_levels, shape.base_arity, siblings, indices, path);
    } else if (key == "sub_proof") {
      read_path_segment(v, shape, shape.base_levels, shape.sub_levels, shape.sub_arity, siblings,
                        indices, path);
    } else if (key == "top_proof") {
      read_path_segment(v, shape, shape.base_levels + shape.sub_levels, shape.top_levels,
                        shape.top_arity, siblings, indices, path);
    } else if (key == "root") {
      read_domain(v, out.root, path);
    } else {
      read_domain(v, out.leaf, path);
    }
  };

  read_fields(value, kDataKey, path, [&](std::size_t, od::value data) {
    // ProofData is an externally tagged enum: an object with exactly one key, the variant.
    std::size_t variants = 0;
    for (auto field_result : get_object(data, path)) {
      od::field field;
      if (const auto error = std::move(field_result).get(field)) path.fail_json(error);
      std::string_view name;
      if (const auto error = field.unescaped_key().get(name)) path.fail_json(error);
      if (++variants > 1) path.fail("has more than one variant");
      const auto kind = kind_from_name(name);
      if (!kind) path.fail("unknown variant \"" + std::string(name) + "\"");
      if (*kind != shape.kind()) {
        path.fail("is a " + std::string(name) + " proof, expected " +
                  std::string(kind_name(shape.kind())) + " for this sector size");
      }
      const PathScope scope(path, kind_name(*kind));
      switch (*kind) {
        case MerkleProofKind::kSingle:
          read_fields(field.value(), kSingleKeys, path,
                      [&](std::size_t k, od::value v) { read_segment(v, kSingleKeys[k]); });
          break;
        case MerkleProofKind::kSub:
          read_fields(field.value(), kSubKeys, path,
                      [&](std::size_t k, od::value v) { read_segment(v, kSubKeys[k]); });
          break;
        case MerkleProofKind::kTop:
          read_fields(field.value(), kTopKeys, path,
                      [&](std::size_t k, od::value v) { read_segment(v, kTopKeys[k]); });
          break;
      }
    }
    if (variants == 0) path.fail("has no variant");
  });
}

void ChallengeProofReader::read_path_segment(od::value value, const PathShape& shape,
                                             std::uint32_t first_level, std::uint32_t levels,
                                             std::uint32_t arity, std::span<Domain> siblings,
                                             std::span<std::uint8_t> indices, JsonPath& path) {
  static constexpr std::array<std::string_view, 1> kPathKey = {"path"};
  static constexpr std::array<std::string_view, 2> kElementKeys = {"hashes", "index"};
  read_fields(value, kPathKey, path, [&](std::size_t, od::value elements) {
    std::uint32_t level = 0;
    for (auto element_result : get_array(elements, path)) {
      od::value element;
      if (const auto error = std::move(element_result).get(element)) path.fail_json(error);
      if (level < levels) {
        const PathScope scope(path, level);
        const std::uint32_t at = first_level + level;
        read_fields(element, kElementKeys, path, [&](std::size_t key, od::value v) {
          if (key == 0) {
            read_exact_array(v, siblings.subspan(shape.first_sibling(at), arity - 1), "hashes",
                             path, [&](od::value h, Domain& slot) { read_domain(h, slot, path); });
          } else {
            const std::uint64_t index = get_u64(v, path);
            if (index >= arity) {
              path.fail(std::to_string(index) + " is out of range for arity " +
                        std::to_string(arity));
            }
            indices[at] = static_cast<std::uint8_t>(index);
          }
        });
      }
      ++level;
    }
    if (level != levels) {
      path.fail("has " + std::to_string(level) + " levels, expected " + std::to_string(levels));
    }
  });
}

void ChallengeProofReader::read_column_proof(od::value value, ColumnProof& out, JsonPath& path) {
  static constexpr std::array<std::string_view, 2> kKeys = {"column", "inclusion_proof"};
  static constexpr std::array<std::string_view, 3> kColumnKeys = {"index", "rows", "_h"};
  read_fields(value, kKeys, path, [&](std::size_t key, od::value v) {
    if (key == 1) {
      read_merkle_proof(v, layout_.column_path, out.inclusion, path);
      return;
    }
    read_fields(v, kColumnKeys, path, [&](std::size_t column_key, od::value cv) {
      if (column_key == 0) {
        out.index = get_u32(cv, path);
      } else if (column_key == 1) {
        const std::span<Domain> rows = take_values(layout_.layers);
        read_exact_array(cv, rows, "rows", path,
                         [&](od::value r, Domain& slot) { read_domain(r, slot, path); });
        out.rows = rows;
      } else {
        // A PhantomData that serde writes as null.
        bool is_null = false;
        if (cv.is_null().get(is_null) != simdjson::SUCCESS || !is_null) path.fail("expected null");
      }
    });
  });
}

void ChallengeProofReader::read_labeling_proof(od::value value, LabelingProof& out,
                                               JsonPath& path) {
  static constexpr std::array<std::string_view, 3> kKeys = {"parents", "layer_index", "node"};
  read_fields(value, kKeys, path, [&](std::size_t key, od::value v) {
    if (key == 0) {
      const std::span<Domain> parents = take_values(kTotalParents);
      read_exact_array(v, parents, "parents", path,
                       [&](od::value p, Domain& slot) { read_domain(p, slot, path); });
      out.parents = parents;
    } else if (key == 1) {
      out.layer_index = get_u32(v, path);
    } else {
      out.node = get_u64(v, path);
    }
  });
}

// Every opening of one challenge must be of the node it claims (vanilla `Proof::verify` checks
// the same through `proves_challenge` and the column indices).
void ChallengeProofReader::check_indices(JsonPath& path) const {
  const ChallengeProof& p = *proof_;
  const std::uint64_t challenge = p.c_x.index;
  if (challenge >= layout_.nodes) {
    path.fail("challenged node " + std::to_string(challenge) + " is outside the sector's " +
              std::to_string(layout_.nodes) + " nodes");
  }
  const auto expect_node = [&](std::uint64_t got, std::string_view what) {
    if (got != challenge) {
      path.fail(std::string(what) + " is of " + node_text(got) + ", but c_x is " +
                node_text(challenge));
    }
  };
  expect_node(p.comm_d.node_index(), "comm_d_proofs");
  expect_node(p.comm_r_last.node_index(), "comm_r_last_proof");
  const auto check_column = [&](const ColumnProof& column, const std::string& what) {
    if (column.inclusion.node_index() != column.index) {
      path.fail(what + ".inclusion_proof is of " + node_text(column.inclusion.node_index()) +
                ", but the column is of " + node_text(column.index));
    }
  };
  check_column(p.c_x, "replica_column_proofs.c_x");
  for (std::size_t i = 0; i < p.drg_parents.size(); ++i) {
    check_column(p.drg_parents[i], "replica_column_proofs.drg_parents[" + std::to_string(i) + "]");
  }
  for (std::size_t i = 0; i < p.exp_parents.size(); ++i) {
    check_column(p.exp_parents[i], "replica_column_proofs.exp_parents[" + std::to_string(i) + "]");
  }
  for (std::size_t i = 0; i < p.labeling.size(); ++i) {
    const std::string what = "labeling_proofs[" + std::to_string(i) + "]";
    if (p.labeling[i].layer_index != i + 1) {
      path.fail(what + " is of layer " + std::to_string(p.labeling[i].layer_index) + ", expected " +
                std::to_string(i + 1));
    }
    expect_node(p.labeling[i].node, what);
  }
  if (p.encoding.layer_index != layout_.layers) {
    path.fail("encoding_proof is of layer " + std::to_string(p.encoding.layer_index) +
              ", expected " + std::to_string(layout_.layers));
  }
  expect_node(p.encoding.node, "encoding_proof");
}

}  // namespace cuzk::porep::detail
