// What a GPU proving session (gpu_proving_session.hpp) proves, whatever the proof type: a circuit
// (its shape, and the parameters' lengths it needs) fixed for the session, and per sector the
// partitions of that circuit, their input checked before any synthesis, their witnesses made in
// the layout of the recorded shape, and their proofs verified once assembled. PoRep C2 gives the
// C1 (porep_sector.hpp), SnapDeals the update input (update_sector.hpp); the tests give a sector
// of a small shape of several partitions.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "circuit/stacked/witness_assembly.hpp"
#include "pipeline/background_release.hpp"
#include "pipeline/partition_shape.hpp"
#include "prover/params/parameters.hpp"
#include "prover/params/verifying_key.hpp"
#include "prover/proof.hpp"

namespace cuzk::pipeline {

struct SessionCircuit {
  std::string name;  // for messages: "StackedDrg32GiBV1_1" (circuit_kind.hpp's circuit_name)
  PartitionShape shape;
  // The parameters' lengths, checked from their header before any work; none: only against the
  // recorded shape, once it is recorded.
  std::optional<prover::VectorLengths> parameter_lengths;
};

// Where partition k's witness is allocated (a heap of its own on the GPU path), and who takes it
// once it is complete.
using circuit::stacked::WitnessMemory;
using circuit::stacked::WitnessReady;

class SessionSector {
 public:
  virtual ~SessionSector() = default;

  virtual std::uint32_t partitions() const = 0;
  // Throws cuzk::Error naming what is wrong with the input, before any synthesis.
  virtual void check() const = 0;
  // Every partition's witness in `layout` (the session's recorded shape), each handed to `ready`
  // as soon as it is complete, from whichever thread made it, and allocated from the memory
  // `memory` gives its partition (called on the calling thread). Host buffers the synthesis is
  // done with go to `release`. Throws cuzk::Error for a failed synthesis, once the other
  // partitions are done.
  virtual void witnesses(const WitnessLayout& layout, const WitnessMemory& memory,
                         const WitnessReady& ready, BackgroundRelease& release) const = 0;
  // Verifies the assembled proofs, one per partition; false when verification is turned off.
  // Throws cuzk::Error naming `params_name` when they fail: such proofs are never to be written.
  virtual bool verify(const prover::VerifyingKey& vk, std::span<const prover::Proof> proofs,
                      const std::string& params_name) const = 0;
};

}  // namespace cuzk::pipeline
