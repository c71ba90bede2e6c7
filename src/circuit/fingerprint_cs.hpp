// FingerprintCS: the R1CS digest (fingerprint_hasher.hpp: both fingerprints, non-zeros,
// densities) computed while the circuit is synthesized, storing nothing, so a 130M-constraint
// circuit can be fingerprinted. The fingerprint starts with the circuit's counts, so they must be
// known up front: use digest_of(synth), which runs a counting pass first, or pass the counts
// yourself; finish() checks them.
#pragma once

#include <cstddef>

#include "circuit/constraint_system.hpp"
#include "circuit/fingerprint_hasher.hpp"
#include "circuit/size_cs.hpp"
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
    a.normalize();
    b.normalize();
    c.normalize();
    hasher_.add_row(a.terms(), b.terms(), c.terms());
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

  // The digest; throws if the circuit's counts differ from those given to the constructor.
  R1csDigest finish() {
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

// Digest of `synth(cs)` (a generic callable, e.g. [&](auto& cs) { ... }), in two streaming
// passes: SizeCS for the counts, then FingerprintCS.
template <class Synth>
R1csDigest digest_of(Synth&& synth) {
  SizeCS counting;
  synth(counting);
  FingerprintCS fp(counting.size());
  synth(fp);
  return fp.finish();
}

}  // namespace cuzk::circuit
