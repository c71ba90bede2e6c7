#include "sealing/c1_writer.hpp"

#include <array>
#include <charconv>
#include <limits>
#include <span>

#include "porep/registered_proof.hpp"
#include "util/base64.hpp"
#include "util/error.hpp"

namespace cuzk::sealing {
namespace {

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  JsonWriter& raw(std::string_view text) {
    out_ += text;
    return *this;
  }
  JsonWriter& number(std::uint64_t v) {
    std::array<char, 24> buf;
    const auto end = std::to_chars(buf.data(), buf.data() + buf.size(), v).ptr;
    out_.append(buf.data(), end);
    return *this;
  }
  JsonWriter& domain(const porep::Domain& d) {
    out_ += '[';
    for (std::size_t i = 0; i < d.size(); ++i) {
      if (i) out_ += ',';
      number(d[i]);
    }
    out_ += ']';
    return *this;
  }
  JsonWriter& domains(std::span<const porep::Domain> ds) {
    out_ += '[';
    for (std::size_t i = 0; i < ds.size(); ++i) {
      if (i) out_ += ',';
      domain(ds[i]);
    }
    out_ += ']';
    return *this;
  }

  // {"path":[{"hashes":[...],"index":i}, ...]} for levels [first, first + count) of the opening.
  void inclusion_path(const MerkleOpening& m, std::uint32_t first, std::uint32_t count) {
    raw("{\"path\":[");
    for (std::uint32_t level = first; level < first + count; ++level) {
      if (level > first) raw(",");
      const auto hashes =
          std::span(m.siblings).subspan(m.shape.first_sibling(level), m.shape.arity(level) - 1);
      raw("{\"hashes\":").domains(hashes).raw(",\"index\":").number(m.indices[level]).raw("}");
    }
    raw("]}");
  }

  void merkle_proof(const MerkleOpening& m) {
    const porep::PathShape& s = m.shape;
    raw("{\"data\":{");
    switch (s.kind()) {
      case porep::MerkleProofKind::kSingle:
        raw("\"Single\":{\"root\":").domain(m.root).raw(",\"leaf\":").domain(m.leaf);
        raw(",\"path\":");
        inclusion_path(m, 0, s.base_levels);
        break;
      case porep::MerkleProofKind::kSub:
      case porep::MerkleProofKind::kTop:
        raw(s.kind() == porep::MerkleProofKind::kSub ? "\"Sub\":{" : "\"Top\":{");
        raw("\"base_proof\":");
        inclusion_path(m, 0, s.base_levels);
        raw(",\"sub_proof\":");
        inclusion_path(m, s.base_levels, s.sub_levels);
        if (s.kind() == porep::MerkleProofKind::kTop) {
          raw(",\"top_proof\":");
          inclusion_path(m, s.base_levels + s.sub_levels, s.top_levels);
        }
        raw(",\"root\":").domain(m.root).raw(",\"leaf\":").domain(m.leaf);
        break;
    }
    raw("}}}");
  }

  void column_proof(const ColumnOpening& c) {
    raw("{\"column\":{\"index\":").number(c.index).raw(",\"rows\":").domains(c.rows);
    raw(",\"_h\":null},\"inclusion_proof\":");
    merkle_proof(c.inclusion);
    raw("}");
  }

  void column_proofs(std::span<const ColumnOpening> cs) {
    raw("[");
    for (std::size_t i = 0; i < cs.size(); ++i) {
      if (i) raw(",");
      column_proof(cs[i]);
    }
    raw("]");
  }

  // LabelingProof and EncodingProof serialize alike: parents, layer_index, node.
  void labeling_proof(const LabelingOpening& l) {
    raw("{\"parents\":").domains(l.parents).raw(",\"layer_index\":").number(l.layer_index);
    raw(",\"node\":").number(l.node).raw("}");
  }

  void vanilla_proof(const VanillaProof& p) {
    raw("{\"comm_d_proofs\":");
    merkle_proof(p.comm_d);
    raw(",\"comm_r_last_proof\":");
    merkle_proof(p.comm_r_last);
    raw(",\"replica_column_proofs\":{\"c_x\":");
    column_proof(p.c_x);
    raw(",\"drg_parents\":");
    column_proofs(p.drg_parents);
    raw(",\"exp_parents\":");
    column_proofs(p.exp_parents);
    raw("},\"labeling_proofs\":[");
    for (std::size_t i = 0; i < p.labeling.size(); ++i) {
      if (i) raw(",");
      labeling_proof(p.labeling[i]);
    }
    raw("],\"encoding_proof\":");
    labeling_proof(p.encoding);
    raw("}");
  }

 private:
  std::string& out_;
};

}  // namespace

std::string c1_inner_json(const SealCommitOutput& c1) {
  const porep::SealProofInfo& info = porep::seal_proof_info(c1.registered_proof);
  std::string out;
  JsonWriter w(out);
  w.raw("{\"registered_proof\":\"").raw(info.name).raw("\",\"vanilla_proofs\":{\"");
  w.raw(info.vanilla_proof_tag).raw("\":[");
  for (std::size_t k = 0; k < c1.partitions.size(); ++k) {
    if (k) w.raw(",");
    w.raw("[");
    for (std::size_t i = 0; i < c1.partitions[k].size(); ++i) {
      if (i) w.raw(",");
      w.vanilla_proof(c1.partitions[k][i]);
    }
    w.raw("]");
  }
  w.raw("]},\"comm_r\":").domain(c1.comm_r).raw(",\"comm_d\":").domain(c1.comm_d);
  w.raw(",\"replica_id\":").domain(c1.replica_id).raw(",\"seed\":").domain(c1.seed);
  w.raw(",\"ticket\":").domain(c1.ticket).raw("}");
  return out;
}

std::string c1_wrapper_json(std::string_view inner_json, std::uint64_t sector_num,
                            std::uint64_t sector_size) {
  if (sector_num > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
    throw Error("sector number " + std::to_string(sector_num) +
                " does not fit the wrapper's SectorNum (a Go int64)");
  }
  const auto bytes =
      std::span(reinterpret_cast<const std::uint8_t*>(inner_json.data()), inner_json.size());
  return "{\"SectorNum\":" + std::to_string(sector_num) + ",\"Phase1Out\":\"" +
         encode_base64(bytes) + "\",\"SectorSize\":" + std::to_string(sector_size) + "}";
}

}  // namespace cuzk::sealing
