// Generates a valid C1 output (SealCommitPhase1Output) for any registered proof, for tests and
// benchmarks that cannot download one: small sectors are really sealed (sector_sealer.hpp), 32
// and 64 GiB ones get a sparse, consistent partial replica (sparse_replica.hpp). The same options
// always give the same output.
#pragma once

#include <cstdint>

#include "porep/registered_proof.hpp"
#include "sealing/sector_identity.hpp"
#include "sealing/vanilla_proof.hpp"

namespace cuzk::sealing {

enum class ReplicaMethod : std::uint8_t {
  kAuto,    // seal up to 512 MiB, sparse above
  kSeal,    // really seal (at most 512 MiB)
  kSparse,  // sparse partial replica (interactive PoRep only), any size
};

struct GenerateC1Options {
  porep::RegisteredSealProof proof = porep::RegisteredSealProof::kStackedDrg2KiBV1_1;
  std::uint64_t data_seed = 0;
  SectorIdentity identity;
  porep::Domain seed{};  // the interactive randomness; must not be zero (C2 rejects it)
  ReplicaMethod method = ReplicaMethod::kAuto;
  // A network's own porep_id or API version. The C1 file cannot record them: C2 and verification
  // must be told them again.
  porep::PorepOverrides overrides{};
};

// The method kAuto picks for a registered proof.
ReplicaMethod resolve_method(porep::RegisteredSealProof proof, ReplicaMethod method);

// Throws cuzk::Error for a zero seed, a sector too large to seal, or a sparse replica of a
// synthetic or non-interactive proof.
SealCommitOutput generate_c1(const GenerateC1Options& options);

}  // namespace cuzk::sealing
