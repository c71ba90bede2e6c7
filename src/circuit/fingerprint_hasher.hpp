// What pins an R1CS to rust-fil-proofs (../shared/vectors/rust-fil-proofs-r1cs.json), from one
// pass over its rows: bellpepper-core's TestConstraintSystem::hash (util_cs/test_cs.rs), with and
// without bellperson's input rows, the non-zero entries of each matrix and the prover densities.
//
// The fingerprint is BLAKE2s-256 over: three big-endian u64s, #inputs (ONE included), #aux,
// #constraints; then for every constraint, for A, B and C in turn: a big-endian u64 with the
// number of terms whose merged coefficient is non-zero, then those terms in order (inputs by
// index, then aux by index), each as the byte 'I' or 'A', the index as a big-endian u64 and the
// canonical coefficient as 32 big-endian bytes. The counts come FIRST, so a streaming hasher must
// know them before the first row (a counting pass gives them). The fingerprint "with input rows"
// is the same over the R1CS that keygen and the prover see: one more row `Input(i)·0 = 0` per
// input, ONE included, appended and counted.
//
// The row interface. A source of rows calls add_row once per constraint, in order, with A, B and
// C each as its terms sorted by Variable::code() (inputs by index, then aux by index) with no
// variable repeated: bellpepper's map. Zero coefficients may be present; they are skipped.
// Sources today: FingerprintCS (rows as a circuit is synthesized), TestCS (its stored rows),
// digest_recorded (the compact matrices the GPU path records, shape_cs.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "circuit/bit_vector.hpp"
#include "circuit/forked_blake2s.hpp"
#include "circuit/linear_combination.hpp"

namespace cuzk::circuit {

struct CircuitSize {
  std::size_t num_inputs = 0;  // ONE included
  std::size_t num_aux = 0;
  std::size_t num_constraints = 0;
  friend bool operator==(const CircuitSize&, const CircuitSize&) = default;
};

// The prover's densities: how many variables have a non-zero merged coefficient in some row of A
// (aux only: the input rows make every input dense there) and of B. They give the lengths of the
// Groth16 parameter vectors a and b.
struct ProverDensities {
  std::uint64_t a_aux = 0;
  std::uint64_t b_input = 0;  // ONE included
  std::uint64_t b_aux = 0;
  friend bool operator==(const ProverDensities&, const ProverDensities&) = default;
};

// Non-zero entries per matrix.
struct MatrixNonzeros {
  std::uint64_t a = 0, b = 0, c = 0;
  friend bool operator==(const MatrixNonzeros&, const MatrixNonzeros&) = default;
};

// Everything one pass over the rows yields; names as in rust-fil-proofs-r1cs.json.
struct R1csDigest {
  CircuitSize size;                         // as synthesized: no input rows
  std::string fingerprint;                  // 64 hex digits; the synthesized rows only
  std::string fingerprint_with_input_rows;  // the rows keygen and the prover see
  MatrixNonzeros nnz_with_input_rows;       // each input row adds one entry to A
  ProverDensities density;
  friend bool operator==(const R1csDigest&, const R1csDigest&) = default;
};

class FingerprintHasher {
 public:
  // `size` as synthesized (no input rows); exactly size.num_constraints rows must follow.
  explicit FingerprintHasher(const CircuitSize& size);
  ~FingerprintHasher();
  FingerprintHasher(const FingerprintHasher&) = delete;
  FingerprintHasher& operator=(const FingerprintHasher&) = delete;

  // One constraint (see the row interface above). Throws cuzk::Error for a variable outside the
  // announced counts.
  void add_row(std::span<const Term> a, std::span<const Term> b, std::span<const Term> c);

  // Throws cuzk::Error unless the announced number of rows came. The hasher cannot be used
  // afterwards.
  R1csDigest finish();

 private:
  enum class Matrix { kA, kB, kC };
  class CoefficientCache;
  void add_lc(std::span<const Term> terms, Matrix m);
  void put_term(const Term& t);
  void mark(const Term& t, Matrix m);

  CircuitSize size_;
  std::size_t rows_ = 0;
  std::uint64_t nnz_[3] = {0, 0, 0};
  BitVector a_aux_, b_input_, b_aux_;
  std::unique_ptr<CoefficientCache> coefficients_;
  ForkedBlake2s hash_;  // stream 0: the synthesized rows; stream 1: with the input rows
};

}  // namespace cuzk::circuit
