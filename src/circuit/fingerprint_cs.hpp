// FingerprintCS: TestCS's fingerprint computed while the circuit is synthesized, storing nothing,
// so a 130M-constraint circuit can be fingerprinted. The fingerprint starts with the circuit's
// counts, so they must be known up front: use fingerprint_of(synth), which runs a CountingCS
// pass first, or pass the counts yourself; finish() checks them.
#pragma once

#include <cstddef>
#include <string>

#include "circuit/constraint_system.hpp"
#include "circuit/counting_cs.hpp"
#include "circuit/fingerprint_hasher.hpp"
#include "util/error.hpp"

namespace cuzk::circuit {

class FingerprintCS {
 public:
  static constexpr bool kKeepsWitness = false;

  explicit FingerprintCS(const CircuitSize& expected) : expected_(expected), hasher_(expected) {}

  template <class ValueFn>
  Variable alloc(Name, ValueFn&&) {
    return Variable::aux(seen_.num_aux++);
  }
  template <class ValueFn>
  Variable alloc_input(Name, ValueFn&&) {
    return Variable::input(seen_.num_inputs++);
  }
  void enforce(Name, LinearCombination a, LinearCombination b, LinearCombination c) {
    hasher_.add_constraint(a, b, c);
    ++seen_.num_constraints;
  }
  NoScope scope(Name) { return {}; }
  template <std::integral I>
  NoScope scope(const char*, I) {
    return {};
  }

  std::size_t num_inputs() const { return seen_.num_inputs; }
  std::size_t num_aux() const { return seen_.num_aux; }
  std::size_t num_constraints() const { return seen_.num_constraints; }

  // The fingerprint; throws if the circuit's counts differ from those given to the constructor.
  std::string finish() {
    if (!(seen_ == expected_)) {
      throw Error("circuit fingerprint: the circuit's size differs from the size announced");
    }
    return hasher_.finish();
  }

 private:
  CircuitSize expected_;
  CircuitSize seen_{1, 0, 0};  // ONE
  FingerprintHasher hasher_;
};

static_assert(ConstraintSystem<FingerprintCS>);

// Fingerprint of `synth(cs)` (a generic callable, e.g. [&](auto& cs) { ... }), in two streaming
// passes: CountingCS for the counts, then FingerprintCS.
template <class Synth>
std::string fingerprint_of(Synth&& synth) {
  CountingCS counting;
  synth(counting);
  FingerprintCS fp(counting.size());
  synth(fp);
  return fp.finish();
}

}  // namespace cuzk::circuit
