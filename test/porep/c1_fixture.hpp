// Builds synthetic C1 files for tests, the fuzz corpus and timing: JSON in serde's exact layout,
// with random canonical field elements and every index consistent (challenges derived from the
// seed, parents from the graph, Merkle path positions from the node index), so that both
// structural and consistency checks accept it. No hash relation holds between the values.
#pragma once

#include <charconv>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <string_view>

#include "porep/c1_output.hpp"
#include "porep/challenges.hpp"
#include "porep/graph.hpp"
#include "porep/registered_proof.hpp"
#include "util/base64.hpp"

namespace cuzk::test {

struct C1FixtureOptions {
  porep::RegisteredSealProof proof = porep::RegisteredSealProof::kStackedDrg2KiBV1_1;
  std::uint64_t rng_seed = 1;
  std::uint32_t partitions = 0;                // 0: as registered
  std::uint32_t challenges_per_partition = 0;  // 0: as registered
};

class C1Fixture {
 public:
  explicit C1Fixture(const C1FixtureOptions& options)
      : options_(options),
        info_(porep::seal_proof_info(options.proof)),
        config_(porep::porep_config(options.proof)),
        graph_(config_),
        rng_(options.rng_seed),
        column_path_(porep::column_tree_path(info_.nodes, info_.tree)),
        data_path_(porep::data_tree_path(info_.nodes)) {
    replica_id = random_domain();
    comm_d = random_domain();
    comm_r = random_domain();
    seed = random_domain();
    ticket = random_domain();
  }

  porep::Domain replica_id{}, comm_d{}, comm_r{}, seed{}, ticket{};

  // The raw SealCommitPhase1Output JSON, compact, in serde's field order.
  std::string json() {
    const std::uint32_t partitions = options_.partitions ? options_.partitions : info_.partitions;
    const std::uint32_t per_partition = options_.challenges_per_partition
                                            ? options_.challenges_per_partition
                                            : info_.challenges_per_partition;
    out_.clear();
    out_ += "{\"registered_proof\":\"";
    out_ += info_.name;
    out_ += "\",\"vanilla_proofs\":{\"";
    out_ += info_.vanilla_proof_tag;
    out_ += "\":[";
    for (std::uint32_t k = 0; k < partitions; ++k) {
      if (k) out_ += ',';
      out_ += '[';
      // Challenges of the real partition k (repeated past the registered count).
      const auto challenges =
          porep::partition_challenges(config_, replica_id, comm_r, seed, k % info_.partitions);
      const porep::Domain comm_c = random_domain();
      const porep::Domain comm_r_last = random_domain();
      for (std::uint32_t i = 0; i < per_partition; ++i) {
        if (i) out_ += ',';
        proof(challenges[i % challenges.size()], comm_c, comm_r_last);
      }
      out_ += ']';
    }
    out_ += "]},\"comm_r\":";
    domain(comm_r);
    out_ += ",\"comm_d\":";
    domain(comm_d);
    out_ += ",\"replica_id\":";
    domain(replica_id);
    out_ += ",\"seed\":";
    domain(seed);
    out_ += ",\"ticket\":";
    domain(ticket);
    out_ += '}';
    return out_;
  }

  // The lotus-bench / curio wrapper, as Go's encoding/json writes it.
  static std::string wrap(std::string_view inner, std::int64_t sector_num,
                          std::uint64_t sector_size) {
    const std::span bytes(reinterpret_cast<const std::uint8_t*>(inner.data()), inner.size());
    return "{\"SectorNum\":" + std::to_string(sector_num) + ",\"Phase1Out\":\"" +
           encode_base64(bytes) + "\",\"SectorSize\":" + std::to_string(sector_size) + "}";
  }

 private:
  porep::Domain random_domain() {
    porep::Domain d{};
    for (std::size_t i = 0; i < d.size(); i += 8) {
      const std::uint64_t r = rng_();
      for (std::size_t b = 0; b < 8; ++b) d[i + b] = static_cast<std::uint8_t>(r >> (8 * b));
    }
    return porep::truncate_to_fr32(d);  // below 2^254 < r
  }

  void number(std::uint64_t v) {
    char buf[24];
    const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
    out_.append(buf, end);
  }

  void domain(const porep::Domain& d) {
    out_ += '[';
    for (std::size_t i = 0; i < d.size(); ++i) {
      if (i) out_ += ',';
      number(d[i]);
    }
    out_ += ']';
  }

  void random_domains(std::size_t n) {
    out_ += '[';
    for (std::size_t i = 0; i < n; ++i) {
      if (i) out_ += ',';
      domain(random_domain());
    }
    out_ += ']';
  }

  // {"path":[{"hashes":[...],"index":d}, ...]} for `levels` digits of `node` in base `arity`.
  std::uint64_t segment(std::uint64_t node, std::uint32_t arity, std::uint32_t levels) {
    out_ += "{\"path\":[";
    for (std::uint32_t l = 0; l < levels; ++l) {
      if (l) out_ += ',';
      out_ += "{\"hashes\":";
      random_domains(arity - 1);
      out_ += ",\"index\":";
      number(node % arity);
      out_ += '}';
      node /= arity;
    }
    out_ += "]}";
    return node;
  }

  void merkle(std::uint64_t node, const porep::PathShape& shape, const porep::Domain& root) {
    using porep::MerkleProofKind;
    out_ += "{\"data\":{";
    const auto root_leaf = [&] {
      out_ += "\"root\":";
      domain(root);
      out_ += ",\"leaf\":";
      domain(random_domain());
    };
    switch (shape.kind()) {
      case MerkleProofKind::kSingle:
        out_ += "\"Single\":{";
        root_leaf();
        out_ += ",\"path\":";
        segment(node, shape.base_arity, shape.base_levels);
        break;
      case MerkleProofKind::kSub:
      case MerkleProofKind::kTop:
        out_ += shape.kind() == MerkleProofKind::kSub ? "\"Sub\":{" : "\"Top\":{";
        out_ += "\"base_proof\":";
        node = segment(node, shape.base_arity, shape.base_levels);
        out_ += ",\"sub_proof\":";
        node = segment(node, shape.sub_arity, shape.sub_levels);
        if (shape.kind() == MerkleProofKind::kTop) {
          out_ += ",\"top_proof\":";
          segment(node, shape.top_arity, shape.top_levels);
        }
        out_ += ',';
        root_leaf();
        break;
    }
    out_ += "}}}";
  }

  void column(std::uint64_t node, const porep::Domain& comm_c) {
    out_ += "{\"column\":{\"index\":";
    number(node);
    out_ += ",\"rows\":";
    random_domains(info_.layers);
    out_ += ",\"_h\":null},\"inclusion_proof\":";
    merkle(node, column_path_, comm_c);
    out_ += '}';
  }

  void label(std::uint64_t node, std::uint32_t layer) {
    out_ += "{\"parents\":";
    random_domains(porep::kTotalParents);
    out_ += ",\"layer_index\":";
    number(layer);
    out_ += ",\"node\":";
    number(node);
    out_ += '}';
  }

  void proof(std::uint64_t challenge, const porep::Domain& comm_c,
             const porep::Domain& comm_r_last) {
    const auto parents = graph_.parents(static_cast<std::uint32_t>(challenge));
    out_ += "{\"comm_d_proofs\":";
    merkle(challenge, data_path_, comm_d);
    out_ += ",\"comm_r_last_proof\":";
    merkle(challenge, column_path_, comm_r_last);
    out_ += ",\"replica_column_proofs\":{\"c_x\":";
    column(challenge, comm_c);
    out_ += ",\"drg_parents\":[";
    for (std::size_t j = 0; j < porep::kBaseDegree; ++j) {
      if (j) out_ += ',';
      column(parents[j], comm_c);
    }
    out_ += "],\"exp_parents\":[";
    for (std::size_t j = 0; j < porep::kExpanderDegree; ++j) {
      if (j) out_ += ',';
      column(parents[porep::kBaseDegree + j], comm_c);
    }
    out_ += "]},\"labeling_proofs\":[";
    for (std::uint32_t l = 1; l <= info_.layers; ++l) {
      if (l > 1) out_ += ',';
      label(challenge, l);
    }
    out_ += "],\"encoding_proof\":";
    label(challenge, info_.layers);
    out_ += '}';
  }

  C1FixtureOptions options_;
  const porep::SealProofInfo& info_;
  porep::PorepConfig config_;
  porep::StackedGraph graph_;
  std::mt19937_64 rng_;
  porep::PathShape column_path_;
  porep::PathShape data_path_;
  std::string out_;
};

}  // namespace cuzk::test
