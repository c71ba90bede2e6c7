// Generates a valid EmptySectorUpdate (SnapDeals) proof input for any registered update proof, for
// tests and benchmarks that have no lotus node: the old sector, new data encoded into it as
// vanilla.rs `encode` does (new label = old label + data * rho), trees D_new and R_new, and every
// partition's vanilla proof (vanilla.rs `prove_all_partitions`).
//  * kSeal: the old sector is really sealed (sector_sealer.hpp, as gen-c1 does), its replica, tree
//    R_last and comm_c kept, and the new data is pseudo-random over the whole sector;
//  * kStructured: the old replica and the new data repeat with a short period and the trees are
//    hashed per pattern (structured_tree.hpp), so 32 and 64 GiB take seconds. Every node is
//    genuine, but the old replica is not the sealing of anything: comm_c is pseudo-random, which
//    the update proof cannot tell (it checks comm_r_old = Poseidon2(comm_c, root_r_old) only).
// The same options always give the same output.
#pragma once

#include <cstdint>

#include "porep/update/update_input.hpp"
#include "porep/update/update_proof.hpp"
#include "sealing/sector_identity.hpp"

namespace cuzk::sealing {

enum class UpdateReplicaMethod : std::uint8_t {
  kAuto,        // seal up to 8 MiB, structured above
  kSeal,        // really seal the old sector (at most 512 MiB)
  kStructured,  // a periodic old replica, any size
};

struct GenerateUpdateOptions {
  porep::update::RegisteredUpdateProof proof =
      porep::update::RegisteredUpdateProof::kStackedDrg2KiBV1;
  std::uint64_t data_seed = 0;      // the old sector's data (kSeal) or replica pattern
  std::uint64_t new_data_seed = 1;  // the data the update encodes
  SectorIdentity identity;          // who sealed the old sector (kSeal's replica_id)
  UpdateReplicaMethod method = UpdateReplicaMethod::kAuto;
};

using porep::update::UpdateInput;

// The method kAuto picks for a registered update proof.
UpdateReplicaMethod resolve_update_method(porep::update::RegisteredUpdateProof proof,
                                          UpdateReplicaMethod method);

// Throws cuzk::Error for an old sector too large to seal here.
UpdateInput generate_update(const GenerateUpdateOptions& options);

}  // namespace cuzk::sealing
