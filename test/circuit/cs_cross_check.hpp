// Runs one circuit through every constraint system and checks that they agree with TestCS, which
// stores the whole R1CS: CountingCS's counts and non-zeros, FingerprintCS's streamed digest,
// ProvingCS's assignments, evaluations a/b/c and densities recomputed from TestCS's matrices, and
// the digest's own non-zeros and densities; the fingerprint with input rows is TestCS's plain
// fingerprint of the circuit followed by enforce_input_columns.
#pragma once

#include <doctest/doctest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "circuit/bit_vector.hpp"
#include "circuit/counting_cs.hpp"
#include "circuit/fingerprint_cs.hpp"
#include "circuit/proving_cs.hpp"
#include "circuit/test_cs.hpp"

namespace cuzk::circuit::test {

// `synth` is a generic callable [&](auto& cs) { ... } that builds the same circuit every call.
// Returns TestCS's fingerprint.
template <class Synth>
std::string check_systems_agree(Synth&& synth) {
  TestCS t;
  synth(t);
  CHECK_MESSAGE(!t.which_is_unsatisfied(),
                "unsatisfied: " << t.which_is_unsatisfied().value_or(""));

  CountingCS counting;
  synth(counting);
  CHECK(counting.size() == t.size());
  std::size_t nnz[3] = {0, 0, 0};
  for (const auto& k : t.constraints()) {
    const LinearCombination* lcs[3] = {&k.a, &k.b, &k.c};
    for (int m = 0; m < 3; ++m) {
      for (const Term& term : lcs[m]->terms()) nnz[m] += term.coeff.is_zero() ? 0 : 1;
    }
  }
  CHECK(counting.nonzeros_a() == nnz[0]);
  CHECK(counting.nonzeros_b() == nnz[1]);
  CHECK(counting.nonzeros_c() == nnz[2]);

  const R1csDigest digest = t.digest();
  CHECK(digest_of(synth) == digest);
  CHECK(digest.size == t.size());
  CHECK(digest.nnz_with_input_rows.a == nnz[0] + t.num_inputs());
  CHECK(digest.nnz_with_input_rows.b == nnz[1]);
  CHECK(digest.nnz_with_input_rows.c == nnz[2]);
  {
    TestCS with_rows;
    synth(with_rows);
    enforce_input_columns(with_rows);
    CHECK(with_rows.fingerprint() == digest.fingerprint_with_input_rows);
  }

  ProvingCS p;
  synth(p);
  REQUIRE(p.num_inputs() == t.num_inputs());
  REQUIRE(p.num_aux() == t.num_aux());
  REQUIRE(p.num_constraints() == t.num_constraints());
  CHECK(std::vector<Fr>(p.inputs().begin(), p.inputs().end()) ==
        std::vector<Fr>(t.inputs().begin(), t.inputs().end()));
  CHECK(std::vector<Fr>(p.aux().begin(), p.aux().end()) ==
        std::vector<Fr>(t.aux().begin(), t.aux().end()));
  BitVector a_aux, b_in, b_aux;
  for (std::size_t i = 0; i < t.num_inputs(); ++i) b_in.push_back(false);
  for (std::size_t j = 0; j < t.num_aux(); ++j) {
    a_aux.push_back(false);
    b_aux.push_back(false);
  }
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < t.num_constraints(); ++i) {
    const auto& k = t.constraints()[i];
    mismatches += k.a.evaluate(t.inputs(), t.aux()) != p.a()[i];
    mismatches += k.b.evaluate(t.inputs(), t.aux()) != p.b()[i];
    mismatches += k.c.evaluate(t.inputs(), t.aux()) != p.c()[i];
    for (const Term& term : k.a.terms()) {
      if (!term.coeff.is_zero() && term.var.is_aux()) a_aux.set(term.var.index());
    }
    for (const Term& term : k.b.terms()) {
      if (term.coeff.is_zero()) continue;
      (term.var.is_input() ? b_in : b_aux).set(term.var.index());
    }
  }
  CHECK(mismatches == 0);
  CHECK(p.a_aux_density() == a_aux);
  CHECK(p.b_input_density() == b_in);
  CHECK(p.b_aux_density() == b_aux);
  CHECK(digest.density.a_aux == a_aux.count());
  CHECK(digest.density.b_input == b_in.count());
  CHECK(digest.density.b_aux == b_aux.count());
  return digest.fingerprint;
}

}  // namespace cuzk::circuit::test
