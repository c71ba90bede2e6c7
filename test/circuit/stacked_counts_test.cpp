// Pinned sizes of the StackedDRG circuit, from rust-fil-proofs' own asserts
// (storage-proofs-porep/tests/stacked_circuit.rs) and the published parameter sizes
// (docs: 130,278,869 constraints for a 32 GiB partition, input rows included), plus the
// allocation offsets of the first challenge that the spec's counting model gives
// (/work/shared/spec/porep-circuit.md §1, §4).
//
// The 32 and 64 GiB partitions take about 15 s each to count on one core; they run in CI because
// they pin the sizes of the circuits that matter most.
#include <doctest/doctest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "circuit/counting_cs.hpp"
#include "circuit/stacked/circuit_report.hpp"
#include "circuit/stacked/partition_layout.hpp"
#include "circuit/stacked/stacked_circuit.hpp"

namespace {

namespace porep = cuzk::porep;

using namespace cuzk::circuit;
using namespace cuzk::circuit::stacked;
using porep::RegisteredSealProof;

CountingCS count(const CircuitShape& shape) {
  CountingCS cs;
  synthesize(cs, blank_circuit(shape));
  return cs;
}

// A CountingCS that records where the scopes of the top two levels begin.
class ProbeCS {
 public:
  static constexpr bool kKeepsWitness = false;

  struct Mark {
    std::string path;
    CircuitSize at;
  };

  class Scope {
   public:
    explicit Scope(ProbeCS& cs) : cs_(&cs) {}
    Scope(Scope&& o) noexcept : cs_(o.cs_) { o.cs_ = nullptr; }
    ~Scope() {
      if (cs_) cs_->pop();
    }

   private:
    ProbeCS* cs_;
  };

  template <class F>
  Variable alloc(Name n, F&& f) {
    return inner_.alloc(n, f);
  }
  template <class F>
  Variable alloc_input(Name n, F&& f) {
    return inner_.alloc_input(n, f);
  }
  void enforce(Name n, LinearCombination a, LinearCombination b, LinearCombination c) {
    inner_.enforce(n, std::move(a), std::move(b), std::move(c));
  }
  Scope scope(Name n) {
    if (path_.size() < 3) {
      std::string p;
      for (const auto& s : path_) p += s + "/";
      marks_.push_back(Mark{p + n.str(), inner_.size()});
    }
    path_.push_back(path_.size() < 3 ? n.str() : std::string());
    return Scope(*this);
  }
  template <std::integral I>
  Scope scope(const char* text, I i) {
    return scope(Name(text, i));
  }
  std::size_t num_inputs() const { return inner_.num_inputs(); }
  std::size_t num_aux() const { return inner_.num_aux(); }
  std::size_t num_constraints() const { return inner_.num_constraints(); }

  // Where the first scope with this path began.
  CircuitSize at(const std::string& path) const {
    for (const Mark& m : marks_) {
      if (m.path == path) return m.at;
    }
    FAIL("no scope " << path);
    return {};
  }
  CircuitSize size() const { return inner_.size(); }

 private:
  void pop() { path_.pop_back(); }

  CountingCS inner_;
  std::vector<std::string> path_;
  std::vector<Mark> marks_;
};

struct TestShape {
  const char* name;
  porep::TreeShape tree;
  std::uint64_t nodes;
  std::size_t constraints;
};

}  // namespace

TEST_CASE("stacked circuit: the stacked_circuit.rs test shapes") {
  // nodes = 8 per base tree, 2 layers, 1 challenge; 22 inputs each.
  const TestShape shapes[] = {
      {"poseidon_base_2", {2, 0, 0}, 8, 1'206'212},
      {"poseidon_base_8", {8, 0, 0}, 8, 1'199'620},
      {"poseidon_sub_8_4", {8, 4, 0}, 32, 1'296'576},
      {"poseidon_top_8_4_2", {8, 4, 2}, 64, 1'346'982},
  };
  for (const TestShape& s : shapes) {
    INFO(s.name);
    const CountingCS cs = count(CircuitShape{s.nodes, 2, 1, s.tree});
    CHECK(cs.num_inputs() == 22);
    CHECK(cs.num_constraints() == s.constraints);
  }
  // The spec's closed form also gives the aux count of base_8.
  CHECK(count(CircuitShape{8, 2, 1, {8, 0, 0}}).num_aux() == 1'198'525);
}

TEST_CASE("stacked circuit: test-size registered proofs") {
  struct Row {
    RegisteredSealProof proof;
    std::size_t with_inputs;
    std::size_t aux;
  };
  const Row rows[] = {
      {RegisteredSealProof::kStackedDrg2KiBV1_1, 2'687'961, 2'685'673},
      {RegisteredSealProof::kStackedDrg8MiBV1_1, 3'844'969, 3'842'449},
      {RegisteredSealProof::kStackedDrg512MiBV1_1, 4'423'473, 4'420'837},
  };
  for (const Row& r : rows) {
    INFO(porep::seal_proof_info(r.proof).name);
    const CountingCS cs = count(circuit_shape(r.proof));
    CHECK(cs.num_inputs() == 40);
    CHECK(cs.num_constraints() + cs.num_inputs() == r.with_inputs);
    CHECK(cs.num_aux() == r.aux);
  }
}

TEST_CASE("stacked circuit: the recorded counts known in advance are the measured ones") {
  // The prefix and challenge 0 that record_shape.cpp records (its arrays are reserved from
  // these); the 32 and 64 GiB ones are checked with their partitions below.
  for (const RegisteredSealProof proof :
       {RegisteredSealProof::kStackedDrg2KiBV1_1, RegisteredSealProof::kStackedDrg8MiBV1_1,
        RegisteredSealProof::kStackedDrg512MiBV1_1}) {
    INFO(porep::seal_proof_info(proof).name);
    const CircuitShape shape = circuit_shape(proof);
    const auto known = known_recorded_counts(shape);
    REQUIRE(known);
    CHECK(*known == partition_layout(shape).recorded_counts());
  }
  // They do not depend on the challenge count.
  CircuitShape three = circuit_shape(RegisteredSealProof::kStackedDrg2KiBV1_1);
  three.challenges = 3;
  CHECK(known_recorded_counts(three) == partition_layout(three).recorded_counts());
  // No entry for rust-fil-proofs' test shapes.
  CHECK(!known_recorded_counts(CircuitShape{8, 2, 1, {8, 0, 0}}));
}

TEST_CASE("stacked circuit: every variant of a size has the same shape") {
  for (const porep::SealProofInfo& info : porep::all_seal_proofs()) {
    INFO(info.name);
    const CircuitShape s = circuit_shape(info);
    const CircuitShape v1 = circuit_shape(porep::seal_proof_info(
        static_cast<RegisteredSealProof>(static_cast<unsigned>(info.proof) % 5)));
    CHECK(s == v1);
  }
}

TEST_CASE("stacked circuit: first-challenge offsets of a 32 GiB-shaped partition") {
  // 32 GiB geometry with one challenge: the offsets of the spec's table (constraint, aux, inputs
  // at the start of each part) do not depend on the challenge count.
  CircuitShape shape = circuit_shape(RegisteredSealProof::kStackedDrg32GiBV1_1);
  shape.challenges = 1;
  ProbeCS cs;
  synthesize(cs, blank_circuit(shape));

  const auto check_at = [&](const std::string& path, std::size_t constraint, std::size_t aux,
                            std::size_t inputs) {
    INFO(path);
    const CircuitSize at = cs.at(path);
    CHECK(at.num_constraints == constraint);
    CHECK(at.num_aux == aux);
    CHECK(at.num_inputs == inputs);
  };
  check_at("replica_id", 0, 0, 1);
  check_at("replica_id_bits", 1, 1, 2);
  check_at("comm_d", 257, 256, 2);
  check_at("comm_r", 258, 257, 3);
  check_at("H_comm_c_comm_r_last", 259, 260, 4);
  check_at("challenge 0", 571, 571, 4);  // after comm_r == H, constraint 570
  check_at("challenge 0/comm_d_inclusion", 571, 572, 4);
  check_at("challenge 0/drg_parent_0_num", 1'362'033, 1'360'622, 5);
  check_at("challenge 0/drg_parent_0_constraint", 1'362'033, 1'360'633, 5);
  check_at("challenge 0/drg_parent_0_inclusion", 1'362'631, 1'361'231, 5);
  check_at("challenge 0/exp_parent_7_inclusion", 1'439'331, 1'438'958, 18);
  check_at("challenge 0/challenge", 1'444'633, 1'444'328, 19);
  check_at("challenge 0/labeling 1/drg_parent_0_bits", 1'444'698, 1'444'392, 20);
  check_at("challenge 0/labeling 1/create_label", 1'446'234, 1'445'922, 20);
  check_at("challenge 0/labeling 2/drg_parent_0_bits", 1'968'503, 1'967'671, 20);
  check_at("challenge 0/labeling 2/create_label", 1'972'087, 1'971'241, 20);
  // One 32 GiB challenge costs 7,237,665 constraints after the 571 of the top level.
  CHECK(cs.size().num_constraints == 571 + 7'237'665);
  CHECK(cs.size().num_inputs == 22);
}

TEST_CASE("stacked circuit: 32 and 64 GiB partitions") {
  struct Row {
    RegisteredSealProof proof;
    std::size_t with_inputs;
    std::size_t aux;
  };
  const Row rows[] = {
      {RegisteredSealProof::kStackedDrg32GiBV1_1, 130'278'869, 130'169'893},
      {RegisteredSealProof::kStackedDrg64GiBV1_1, 131'186'177, 131'076'643},
  };
  for (const Row& r : rows) {
    INFO(porep::seal_proof_info(r.proof).name);
    const auto known = known_recorded_counts(circuit_shape(r.proof));
    REQUIRE(known);
    CHECK(*known == partition_layout(circuit_shape(r.proof)).recorded_counts());
    const CircuitReport report = analyze_circuit(circuit_shape(r.proof), Fingerprint::kSkip);
    CHECK(report.num_inputs == 328);
    CHECK(report.num_constraints_with_inputs() == r.with_inputs);
    CHECK(report.num_aux == r.aux);
    CHECK(report.domain_size == (std::uint64_t{1} << 27));
    if (r.proof == RegisteredSealProof::kStackedDrg32GiBV1_1) {
      // The spec's density prediction (§4.3).
      CHECK(report.params.a == 328 + 129'753'292);
      CHECK(report.params.b_g1 == 1 + 33'112'281);
    }
  }
}
