#include "porep/c1_consistency.hpp"

#include <string>

#include "porep/challenges.hpp"
#include "porep/graph.hpp"
#include "util/error.hpp"

namespace cuzk::porep {
namespace {

class ProofChecker {
 public:
  ProofChecker(std::uint32_t k, std::uint32_t i)
      : where_("partition " + std::to_string(k) + ", challenge " + std::to_string(i) + ": ") {}

  [[noreturn]] void fail(const std::string& problem) const { throw Error(where_ + problem); }

  void expect_node(std::uint64_t got, std::uint64_t expected, const std::string& what) const {
    if (got != expected) {
      fail(what + " is of node " + std::to_string(got) + ", but " + std::to_string(expected) +
           " was expected");
    }
  }
  void expect_root(const Domain& got, const Domain& expected, const std::string& what) const {
    if (got != expected) fail(what);
  }

 private:
  std::string where_;
};

}  // namespace

void check_c1_consistency(const C1Output& c1) {
  const PorepConfig config = c1.config();
  const StackedGraph graph(config);
  for (std::uint32_t k = 0; k < c1.partitions; ++k) {
    const std::span<const ChallengeProof> proofs = c1.partition(k);
    const std::vector<std::uint64_t> challenges =
        partition_challenges(config, c1.replica_id, c1.comm_r, c1.seed, k);
    for (std::uint32_t i = 0; i < proofs.size(); ++i) {
      const ChallengeProof& p = proofs[i];
      const ProofChecker check(k, i);
      check.expect_node(p.challenge(), challenges[i], "the challenged column c_x");
      const Parents parents = graph.parents(static_cast<std::uint32_t>(p.challenge()));
      for (std::size_t j = 0; j < kBaseDegree; ++j) {
        check.expect_node(p.drg_parents[j].index, parents[j],
                          "replica_column_proofs.drg_parents[" + std::to_string(j) + "]");
      }
      for (std::size_t j = 0; j < kExpanderDegree; ++j) {
        check.expect_node(p.exp_parents[j].index, parents[kBaseDegree + j],
                          "replica_column_proofs.exp_parents[" + std::to_string(j) + "]");
      }
      check.expect_root(p.comm_d.root, c1.comm_d, "comm_d_proofs has a root other than comm_d");
      for (const ColumnProof& column : p.drg_parents) {
        check.expect_root(column.inclusion.root, p.comm_c(),
                          "a drg_parents column has a root other than c_x's comm_c");
      }
      for (const ColumnProof& column : p.exp_parents) {
        check.expect_root(column.inclusion.root, p.comm_c(),
                          "an exp_parents column has a root other than c_x's comm_c");
      }
      // StackedCompound::circuit: one comm_c and one comm_r_last per partition.
      check.expect_root(p.comm_c(), proofs.front().comm_c(),
                        "comm_c differs from challenge 0's in this partition");
      check.expect_root(p.comm_r_last.root, proofs.front().comm_r_last.root,
                        "comm_r_last differs from challenge 0's in this partition");
    }
  }
}

}  // namespace cuzk::porep
