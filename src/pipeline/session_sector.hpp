// What a GPU proving session (gpu_proving_session.hpp) proves, whatever the proof type: a circuit
// (its shape, and the parameters' lengths it needs) fixed for the session, and per sector the
// partitions of that circuit, their input checked before any synthesis and their proofs verified
// once assembled. PoRep C2 gives the C1 (porep_sector.hpp); the tests give a sector of a small
// shape of several partitions; SnapDeals' update proofs will be a third.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "circuit/stacked/circuit_shape.hpp"
#include "circuit/stacked/stacked_circuit.hpp"
#include "prover/params/parameters.hpp"
#include "prover/params/verifying_key.hpp"
#include "prover/proof.hpp"

namespace cuzk::pipeline {

struct SessionCircuit {
  std::string name;  // for messages: "StackedDrg32GiBV1_1"
  circuit::stacked::CircuitShape shape;
  // The parameters' lengths, checked from their header before any work; none: only against the
  // recorded shape, once it is recorded.
  std::optional<prover::VectorLengths> parameter_lengths;
};

class SessionSector {
 public:
  virtual ~SessionSector() = default;

  virtual std::uint32_t partitions() const = 0;
  // Throws cuzk::Error naming what is wrong with the input, before any synthesis.
  virtual void check() const = 0;
  // The partitions' circuits, in order, all of the session's shape.
  virtual std::vector<circuit::stacked::StackedCircuit> circuits() const = 0;
  // Verifies the assembled proofs, one per partition; false when verification is turned off.
  // Throws cuzk::Error naming `params_name` when they fail: such proofs are never to be written.
  virtual bool verify(const prover::VerifyingKey& vk, std::span<const prover::Proof> proofs,
                      const std::string& params_name) const = 0;
};

}  // namespace cuzk::pipeline
