#include "prover/verifier.hpp"

#include <string>

#include "prover/msm_cpu.hpp"
#include "util/error.hpp"
#include "util/os_random.hpp"

namespace cuzk::prover {

void check_proof_bytes(std::size_t proof_bytes, std::uint32_t partitions,
                       std::string_view proof_name) {
  const std::size_t expected = std::size_t{partitions} * kProofBytes;
  if (proof_bytes != expected) {
    throw Error("the proof has " + std::to_string(proof_bytes) + " bytes; " +
                std::string(proof_name) + " proofs have " + std::to_string(expected) + " (" +
                std::to_string(kProofBytes) + " per partition)");
  }
}

void check_public_input_count(const PreparedVerifyingKey& pvk, std::size_t public_inputs,
                              std::string_view proof_name) {
  if (pvk.num_public_inputs() != public_inputs) {
    throw Error("the verifying key has " + std::to_string(pvk.num_public_inputs()) +
                " public inputs, but " + std::string(proof_name) + " needs " +
                std::to_string(public_inputs) + ": it belongs to another circuit");
  }
}

using bls12_381::G2Prepared;
using bls12_381::PairingTerm;

PreparedVerifyingKey::PreparedVerifyingKey(const VerifyingKey& vk)
    : alpha_beta_(bls12_381::pairing(vk.alpha_g1, vk.beta_g2)),
      neg_gamma_(-vk.gamma_g2),
      neg_delta_(-vk.delta_g2),
      ic_(vk.ic) {
  if (ic_.empty()) throw Error("verifying key has an empty ic: it lacks the input ONE");
}

namespace {

void check_input_count(const PreparedVerifyingKey& pvk, std::size_t given) {
  if (given != pvk.num_public_inputs()) {
    throw Error("the verifying key expects " + std::to_string(pvk.num_public_inputs()) +
                " public inputs, " + std::to_string(given) + " were given");
  }
}

// ic[0] * w0 + sum_i ic[i+1] * inputs[i].
G1Affine input_accumulator(const PreparedVerifyingKey& pvk, const Fr& weight_of_one,
                           std::span<const Fr> inputs) {
  std::vector<ScalarLimbs> scalars(inputs.size() + 1);
  scalars[0] = weight_of_one.to_canonical();
  for (std::size_t i = 0; i < inputs.size(); ++i) scalars[i + 1] = inputs[i].to_canonical();
  return msm_g1(pvk.ic(), scalars).to_affine();
}

}  // namespace

bool verify_proof(const PreparedVerifyingKey& pvk, const Proof& proof,
                  std::span<const Fr> public_inputs) {
  check_input_count(pvk, public_inputs.size());
  const G1Affine acc = input_accumulator(pvk, Fr::one(), public_inputs);
  const G2Prepared b(proof.b);
  const PairingTerm terms[] = {{proof.a, b}, {acc, pvk.neg_gamma()}, {proof.c, pvk.neg_delta()}};
  return bls12_381::final_exponentiation(bls12_381::multi_miller_loop(terms)) == pvk.alpha_beta();
}

bool verify_proofs_batch(const PreparedVerifyingKey& pvk, std::span<const Proof> proofs,
                         std::span<const std::vector<Fr>> public_inputs) {
  OsRandom rng;
  std::vector<Fr> z(proofs.size());
  for (Fr& zj : z) {
    const ScalarLimbs limbs{rng(), rng(), 0, 0};  // 128 bits, below r
    zj = *Fr::from_canonical(limbs);
  }
  return verify_proofs_batch(pvk, proofs, public_inputs, z);
}

bool verify_proofs_batch(const PreparedVerifyingKey& pvk, std::span<const Proof> proofs,
                         std::span<const std::vector<Fr>> public_inputs,
                         std::span<const Fr> coefficients) {
  if (public_inputs.size() != proofs.size() || coefficients.size() != proofs.size()) {
    throw Error("batch verification: " + std::to_string(proofs.size()) + " proofs, " +
                std::to_string(public_inputs.size()) + " input sets, " +
                std::to_string(coefficients.size()) + " coefficients");
  }
  if (proofs.empty()) return true;
  for (const auto& inputs : public_inputs) check_input_count(pvk, inputs.size());

  // sum_j z_j acc_j = (sum_j z_j) ic[0] + sum_i (sum_j z_j x_ji) ic[i+1].
  const std::size_t n_inputs = pvk.num_public_inputs();
  Fr z_sum{};
  std::vector<Fr> combined(n_inputs, Fr::zero());
  std::vector<ScalarLimbs> z_limbs(proofs.size());
  std::vector<G1Affine> c_points(proofs.size());
  for (std::size_t j = 0; j < proofs.size(); ++j) {
    const Fr& zj = coefficients[j];
    z_sum += zj;
    for (std::size_t i = 0; i < n_inputs; ++i) combined[i] += zj * public_inputs[j][i];
    z_limbs[j] = zj.to_canonical();
    c_points[j] = proofs[j].c;
  }
  const G1Affine acc = input_accumulator(pvk, z_sum, combined);
  const G1Affine c_sum = msm_g1(c_points, z_limbs).to_affine();

  std::vector<G2Prepared> b_prepared;
  b_prepared.reserve(proofs.size());
  std::vector<PairingTerm> terms;
  terms.reserve(proofs.size() + 2);
  for (std::size_t j = 0; j < proofs.size(); ++j) {
    b_prepared.emplace_back(proofs[j].b);
  }
  for (std::size_t j = 0; j < proofs.size(); ++j) {
    terms.push_back({(proofs[j].a * coefficients[j]).to_affine(), b_prepared[j]});
  }
  terms.push_back({acc, pvk.neg_gamma()});
  terms.push_back({c_sum, pvk.neg_delta()});
  return bls12_381::final_exponentiation(bls12_381::multi_miller_loop(terms)) ==
         pvk.alpha_beta().pow(z_sum);
}

}  // namespace cuzk::prover
