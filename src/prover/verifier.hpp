// Groth16 verification with bellperson's equation, rearranged so that one multi-Miller loop and
// one final exponentiation suffice:
//   e(A, B) * e(acc, -gamma) * e(C, -delta) == e(alpha, beta),   acc = ic[0] + sum_i x_i ic[i+1].
// Batches use a random linear combination with 128-bit coefficients z_j (Zcash protocol spec,
// appendix B.2): prod_j e(z_j A_j, B_j) * e(sum_j z_j acc_j, -gamma) * e(sum_j z_j C_j, -delta)
// == e(alpha, beta)^(sum_j z_j). A batch that passes is valid except with probability ~2^-128.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bls12_381/gt.hpp"
#include "bls12_381/pairing.hpp"
#include "prover/params/verifying_key.hpp"
#include "prover/proof.hpp"

namespace cuzk::prover {

using bls12_381::Fr;

class PreparedVerifyingKey {
 public:
  explicit PreparedVerifyingKey(const VerifyingKey& vk);

  const bls12_381::Gt& alpha_beta() const { return alpha_beta_; }
  const bls12_381::G2Prepared& neg_gamma() const { return neg_gamma_; }
  const bls12_381::G2Prepared& neg_delta() const { return neg_delta_; }
  std::span<const G1Affine> ic() const { return ic_; }
  // Public inputs a proof must come with (ic has one more point, for ONE).
  std::size_t num_public_inputs() const { return ic_.size() - 1; }

 private:
  bls12_381::Gt alpha_beta_;
  bls12_381::G2Prepared neg_gamma_;
  bls12_381::G2Prepared neg_delta_;
  std::vector<G1Affine> ic_;
};

// Throws cuzk::Error unless `proof_bytes` is 192 bytes for each of `partitions`, naming the
// registered proof `proof_name`.
void check_proof_bytes(std::size_t proof_bytes, std::uint32_t partitions,
                       std::string_view proof_name);

// Throws cuzk::Error unless the key takes `public_inputs` inputs (ONE excluded): a key of another
// circuit is a usage mistake, not an invalid proof.
void check_public_input_count(const PreparedVerifyingKey& pvk, std::size_t public_inputs,
                              std::string_view proof_name);

// What a verifier decides about proof bytes it could read against a statement it could form.
struct ProofVerdict {
  bool valid = false;
  std::string reason;  // why it is invalid; empty when valid
};

// Whether the proof is valid for these public inputs (ONE excluded). Throws cuzk::Error if the
// number of inputs does not match the key (bellperson's MalformedVerifyingKey).
bool verify_proof(const PreparedVerifyingKey& pvk, const Proof& proof,
                  std::span<const Fr> public_inputs);

// All proofs at once; public_inputs[j] belongs to proofs[j]. The coefficients come from the
// operating system's generator. An empty batch is valid.
bool verify_proofs_batch(const PreparedVerifyingKey& pvk, std::span<const Proof> proofs,
                         std::span<const std::vector<Fr>> public_inputs);
// The same with the caller's coefficients (tests; each should be a random 128-bit value).
bool verify_proofs_batch(const PreparedVerifyingKey& pvk, std::span<const Proof> proofs,
                         std::span<const std::vector<Fr>> public_inputs,
                         std::span<const Fr> coefficients);

}  // namespace cuzk::prover
