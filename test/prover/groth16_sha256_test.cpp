// Groth16 over a real gadget: one SHA-256 compression of a private 512-bit block whose digest is
// packed into two public inputs (about 26k constraints, most of the witness bits).
#include <doctest/doctest.h>

#include <array>
#include <random>
#include <vector>

#include "circuit/gadgets/multipack.hpp"
#include "circuit/gadgets/sha256.hpp"
#include "hashers/sha256.hpp"
#include "prover/cpu_backend.hpp"
#include "prover/prover.hpp"
#include "prover/setup/test_setup.hpp"
#include "prover/verifier.hpp"

namespace {

namespace hashers = cuzk::hashers;

using cuzk::bls12_381::Fr;
using namespace cuzk::prover;
namespace circuit = cuzk::circuit;

struct Sha256BlockCircuit {
  std::array<std::uint8_t, 64> block{};

  template <class CS>
  void operator()(CS& cs) const {
    std::vector<circuit::Boolean> bits;
    for (std::size_t i = 0; i < 512; ++i) {
      bits.push_back(circuit::AllocatedBit::alloc(cs, ((block[i / 8] >> (7 - i % 8)) & 1) != 0));
    }
    const auto digest =
        circuit::sha256_block_no_padding(cs, std::span<const circuit::Boolean>(bits));
    circuit::pack_into_inputs(cs, std::span<const circuit::Boolean>(digest));
  }

  // The public inputs, computed natively: the digest bytes, MSB first, packed 254 bits a time.
  std::vector<Fr> public_inputs() const {
    const auto state = hashers::sha256_compress(hashers::kSha256Iv, block);
    std::vector<std::uint8_t> bytes;
    for (std::uint32_t word : state) {
      for (int shift = 24; shift >= 0; shift -= 8)
        bytes.push_back(static_cast<std::uint8_t>(word >> shift));
    }
    return circuit::compute_multipacking(circuit::bytes_to_bits(bytes));
  }
};

}  // namespace

TEST_CASE("groth16: a SHA-256 compression proves and verifies") {
  std::mt19937_64 rng(256);
  const Parameters params = generate_test_parameters(Sha256BlockCircuit{}, ToxicWaste::random(rng));
  CHECK(params.vk.ic.size() == 3);  // ONE and the two packed digest chunks

  std::vector<circuit::ProvingCS> circuits;
  std::vector<std::vector<Fr>> inputs;
  for (int k = 0; k < 2; ++k) {
    Sha256BlockCircuit c;
    for (auto& b : c.block) b = static_cast<std::uint8_t>(rng());
    circuits.push_back(synthesize_for_proving(c));
    inputs.push_back(c.public_inputs());
    // The circuit's inputs are the native digest.
    CHECK(std::vector<Fr>(circuits.back().inputs().begin() + 1, circuits.back().inputs().end()) ==
          inputs.back());
  }
  CpuBackend cpu;
  const auto proofs = create_proofs(InMemoryParameters(params), circuits, cpu);
  const PreparedVerifyingKey pvk(params.vk);
  CHECK(verify_proof(pvk, proofs[0], inputs[0]));
  CHECK(verify_proof(pvk, proofs[1], inputs[1]));
  CHECK_FALSE(verify_proof(pvk, proofs[0], inputs[1]));
  CHECK(verify_proofs_batch(pvk, proofs, inputs));
}
