#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "groth16_circuits.hpp"
#include "prover/cpu_backend.hpp"
#include "prover/params/params_error.hpp"
#include "prover/prover.hpp"
#include "prover/setup/test_setup.hpp"
#include "prover/verifier.hpp"

namespace {

using cuzk::bls12_381::Fr;
using cuzk::bls12_381::G1Jacobian;
using cuzk::bls12_381::G2Jacobian;
using cuzk::circuit::ProvingCS;
using namespace cuzk::prover;

ToxicWaste waste(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  return ToxicWaste::random(rng);
}

Blinding blinding(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  return {Fr::random(rng), Fr::random(rng)};
}

}  // namespace

TEST_CASE("groth16: x^3 + x + 5 = y proves and verifies; tampering is rejected") {
  const Parameters params = generate_test_parameters(cuzk::test::CubicCircuit{}, waste(1));
  // 3 constraints + 2 input constraints -> m = 8; 3 aux; 2 inputs.
  CHECK(params.h.size() == 7);
  CHECK(params.l.size() == 3);
  CHECK(params.vk.ic.size() == 2);
  CHECK(params.a.size() == 2 + 3);     // x, x2, x3 all occur in A
  CHECK(params.b_g1.size() == 1 + 1);  // ONE and x occur in B
  CHECK(params.b_g2.size() == 2);

  const Fr x = Fr::from_u64(3);
  std::vector<ProvingCS> circuits;
  circuits.push_back(synthesize_for_proving(cuzk::test::CubicCircuit{x}));
  circuits.push_back(synthesize_for_proving(cuzk::test::CubicCircuit{Fr::from_u64(11)}));
  CpuBackend cpu;
  const InMemoryParameters source(params);
  const std::vector<Blinding> rs = {blinding(10), blinding(11)};
  const auto proofs = create_proofs(source, circuits, cpu, rs);
  REQUIRE(proofs.size() == 2);

  const PreparedVerifyingKey pvk(params.vk);
  const Fr y = cuzk::test::CubicCircuit::output(x);
  CHECK(y == Fr::from_u64(35));
  const std::vector<Fr> inputs0 = {y};
  const std::vector<Fr> inputs1 = {cuzk::test::CubicCircuit::output(Fr::from_u64(11))};
  CHECK(verify_proof(pvk, proofs[0], inputs0));
  CHECK(verify_proof(pvk, proofs[1], inputs1));
  CHECK_FALSE(verify_proof(pvk, proofs[0], inputs1));  // wrong public input
  CHECK_FALSE(verify_proof(pvk, proofs[1], inputs0));
  CHECK_THROWS_AS(verify_proof(pvk, proofs[0], {}), cuzk::Error);  // wrong input count

  Proof bad = proofs[0];
  bad.a = (G1Jacobian::from_affine(bad.a) + G1Jacobian::generator()).to_affine();
  CHECK_FALSE(verify_proof(pvk, bad, inputs0));
  bad = proofs[0];
  bad.b = (G2Jacobian::from_affine(bad.b) + G2Jacobian::generator()).to_affine();
  CHECK_FALSE(verify_proof(pvk, bad, inputs0));
  bad = proofs[0];
  bad.c = proofs[1].c;
  CHECK_FALSE(verify_proof(pvk, bad, inputs0));

  // The key of another setup of the same circuit rejects the proof.
  const Parameters other = generate_test_parameters(cuzk::test::CubicCircuit{}, waste(2));
  CHECK_FALSE(verify_proof(PreparedVerifyingKey(other.vk), proofs[0], inputs0));

  // A witness that does not satisfy the circuit gives a proof that does not verify, even for
  // the output it claims.
  const cuzk::test::CubicCircuit cheat{x, Fr::one()};
  std::vector<ProvingCS> cheat_batch;
  cheat_batch.push_back(synthesize_for_proving(cheat));
  const auto p_cheat = create_proofs(source, cheat_batch, cpu, std::vector<Blinding>{blinding(3)});
  CHECK_FALSE(verify_proof(pvk, p_cheat[0], {{y + Fr::one()}}));
  CHECK_FALSE(verify_proof(pvk, p_cheat[0], inputs0));

  // Encoding round trip of a proof, and decoding rejects tampered bytes.
  const auto bytes = encode_proof(proofs[0]);
  const auto decoded = decode_proof(bytes);
  REQUIRE(decoded.has_value());
  CHECK(*decoded == proofs[0]);
  auto flipped = bytes;
  flipped[60] ^= 0x01;  // inside B's x coordinate: almost surely not on the curve any more
  CHECK_FALSE(decode_proof(flipped).has_value());
}

TEST_CASE("groth16: random circuits with several inputs; batch verification") {
  cuzk::test::RandomCircuit shape;
  shape.inputs = 6;
  shape.constraints = 400;
  const Parameters params = generate_test_parameters(shape, waste(3));
  CHECK(params.vk.ic.size() == 7);
  CHECK(params.l.size() == 400);
  CHECK(params.h.size() == 511);  // 400 + 7 input constraints -> m = 512

  std::vector<ProvingCS> circuits;
  std::vector<std::vector<Fr>> inputs;
  for (std::uint64_t k = 0; k < 3; ++k) {
    cuzk::test::RandomCircuit c = shape;
    c.witness_seed = 100 + k;
    circuits.push_back(synthesize_for_proving(c));
    inputs.push_back(c.public_inputs());
  }
  // The shape checks agree with the parameters built by the setup.
  CHECK(lengths_for_circuit(circuits[0]) == InMemoryParameters(params).lengths());

  CpuBackend cpu;
  const InMemoryParameters source(params);
  const auto proofs = create_proofs(source, circuits, cpu);  // r, s from the OS
  const PreparedVerifyingKey pvk(params.vk);
  for (std::size_t k = 0; k < proofs.size(); ++k) {
    INFO("proof " << k);
    CHECK(verify_proof(pvk, proofs[k], inputs[k]));
  }
  CHECK(verify_proofs_batch(pvk, proofs, inputs));
  auto swapped = inputs;
  std::swap(swapped[0], swapped[1]);
  CHECK_FALSE(verify_proofs_batch(pvk, proofs, swapped));
  auto tampered = inputs;
  tampered[2][5] += Fr::one();
  CHECK_FALSE(verify_proofs_batch(pvk, proofs, tampered));
  std::vector<Proof> bad = proofs;
  bad[1].c = proofs[0].c;
  CHECK_FALSE(verify_proofs_batch(pvk, bad, inputs));
  CHECK(verify_proofs_batch(pvk, {}, {}));
}

TEST_CASE("groth16: parameters of another circuit are refused by shape") {
  const Parameters cubic = generate_test_parameters(cuzk::test::CubicCircuit{}, waste(4));
  cuzk::test::RandomCircuit shape;
  shape.inputs = 1;
  shape.constraints = 20;
  std::vector<ProvingCS> circuits;
  circuits.push_back(synthesize_for_proving(shape));
  CpuBackend cpu;
  try {
    (void)create_proofs(InMemoryParameters(cubic), circuits, cpu);
    FAIL("expected a ParamsError");
  } catch (const ParamsError& e) {
    CHECK(e.kind() == ParamsErrorKind::kWrongCircuit);
    CHECK(std::string(e.what()).find("do not belong to this circuit") != std::string::npos);
  }
  // Circuits of different shapes in one batch are refused too.
  cuzk::test::RandomCircuit other = shape;
  other.shape_seed = 9;
  circuits.push_back(synthesize_for_proving(other));
  const Parameters for_shape = generate_test_parameters(shape, waste(5));
  CHECK_THROWS_AS(create_proofs(InMemoryParameters(for_shape), circuits, cpu), cuzk::Error);
}

TEST_CASE("test setup refuses an unconstrained aux variable") {
  auto circuit = [](auto& cs) {
    const auto v = cs.alloc("used", [] { return Fr::one(); });
    (void)cs.alloc("unused", [] { return Fr::one(); });
    cs.enforce("c", cuzk::circuit::LinearCombination(v), cuzk::circuit::LinearCombination(v),
               cuzk::circuit::LinearCombination(v));
  };
  CHECK_THROWS_AS(generate_test_parameters(circuit, waste(6)), cuzk::Error);
}
