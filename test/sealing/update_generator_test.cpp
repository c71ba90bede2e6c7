#include "sealing/update/update_generator.hpp"

#include <doctest/doctest.h>

#include "porep/update/partition_proof_bincode.hpp"
#include "porep/update/update_input_json.hpp"
#include "porep/update/verify_partition.hpp"
#include "sealing/sector_sealer.hpp"

using namespace cuzk;
using namespace cuzk::porep::update;
using cuzk::sealing::GenerateUpdateOptions;
using cuzk::sealing::UpdateReplicaMethod;

namespace {

// One really sealed 2 KiB update, made once: sealing is the slow part.
const UpdateInput& sealed_2kib_update() {
  static const UpdateInput input = [] {
    GenerateUpdateOptions options;
    options.proof = RegisteredUpdateProof::kStackedDrg2KiBV1;
    options.data_seed = 7;
    options.new_data_seed = 11;
    options.identity.sector_id = 3;
    options.method = UpdateReplicaMethod::kSeal;
    return sealing::generate_update(options);
  }();
  return input;
}

std::optional<std::string> check(const UpdateInput& input) {
  return check_all_partitions(input.statement(0), input.partitions);
}

void flip(porep::Domain& d) { d[5] ^= 0x01; }

}  // namespace

TEST_CASE("a really sealed 2 KiB sector, updated, verifies natively") {
  const UpdateInput& input = sealed_2kib_update();
  REQUIRE(input.partitions.size() == 1);
  CHECK(input.partitions[0].apex_leafs.size() == 8);
  CHECK(input.partitions[0].challenge_proofs.size() == 10);
  CHECK(check(input) == std::nullopt);
  // The old sector is the sealed one: comm_r_old is its comm_r.
  sealing::SectorIdentity identity;
  identity.sector_id = 3;
  const sealing::SealedSector sealed(porep::RegisteredSealProof::kStackedDrg2KiBV1_1, {}, 7,
                                     identity);
  CHECK(input.comm_r_old == sealed.comm_r());
  CHECK(input.partitions[0].comm_c == sealed.comm_c());
  CHECK(input.comm_r_new != input.comm_r_old);
}

TEST_CASE("a 2 KiB update with one flipped byte is refused, naming what failed") {
  const UpdateInput& good = sealed_2kib_update();
  struct Tamper {
    const char* what;
    void (*apply)(UpdateInput&);
    const char* reason;
  };
  const Tamper tampers[] = {
      {"comm_r_new", [](UpdateInput& in) { flip(in.comm_r_new); },
       "Poseidon(comm_c, root_r_new) is not comm_r_new"},
      {"comm_r_old", [](UpdateInput& in) { flip(in.comm_r_old); },
       "Poseidon(comm_c, root_r_old) is not comm_r_old"},
      {"comm_d_new", [](UpdateInput& in) { flip(in.comm_d_new); }, "proof_d_new: path's root"},
      {"a TreeR_new path sibling",
       [](UpdateInput& in) { flip(in.partitions[0].challenge_proofs[4].proof_r_new.siblings[9]); },
       "challenge 4"},
      {"a TreeD path sibling",
       [](UpdateInput& in) { flip(in.partitions[0].challenge_proofs[2].proof_d_new.siblings[0]); },
       "proof_d_new: path does not hash to its root"},
      {"a new label",
       [](UpdateInput& in) { flip(in.partitions[0].challenge_proofs[1].proof_r_new.leaf); },
       "proof_r_new: path does not hash to its root"},
      {"an old label",
       [](UpdateInput& in) { flip(in.partitions[0].challenge_proofs[7].proof_r_old.leaf); },
       "proof_r_old: path does not hash to its root"},
      {"an apex leaf", [](UpdateInput& in) { flip(in.partitions[0].apex_leafs[3]); },
       "is not in the apex tree"},
      {"comm_c", [](UpdateInput& in) { flip(in.partitions[0].comm_c); }, "is not comm_r_old"},
  };
  for (const Tamper& t : tampers) {
    INFO(t.what);
    UpdateInput bad = {good.proof,      good.comm_r_old, good.comm_d_new,   good.comm_r_new,
                       good.partitions, good.miner_id,   good.sector_number};
    t.apply(bad);
    const auto why = check(bad);
    REQUIRE(why.has_value());
    CHECK(why->find(t.reason) != std::string::npos);
  }
}

TEST_CASE("a 2 KiB update is refused under an h its registered proof does not allow") {
  const UpdateInput& good = sealed_2kib_update();
  UpdateStatement statement = good.statement(0);
  CHECK(check_partition_proof(statement, good.partitions[0]) == std::nullopt);
  statement.h = 2;  // 2 KiB allows only h = 1
  const auto why = check_partition_proof(statement, good.partitions[0]);
  REQUIRE(why.has_value());
  CHECK(why->find("h = 2 is not allowed") != std::string::npos);
}

TEST_CASE("a real partition proof survives bincode exactly") {
  const UpdateInput& input = sealed_2kib_update();
  const UpdateProofInfo& info = update_proof_info(input.proof);
  const auto bytes = encode_partition_proof(input.partitions[0]);
  // comm_c, 8 apex leaves, 10 challenges of two 2-level TreeR paths and one 6-level TreeD path.
  const std::size_t tree_r_path_bytes = 4 + 64 + 8 + 2 * (8 + 7 * 32 + 8);
  const std::size_t tree_d_path_bytes = 4 + 64 + 8 + 6 * (8 + 32 + 8);
  CHECK(bytes.size() == 32 + 8 + 8 * 32 + 8 + 10 * (2 * tree_r_path_bytes + tree_d_path_bytes));
  const auto decoded = decode_partition_proof(bytes, info);
  REQUIRE(decoded.has_value());
  CHECK(*decoded == input.partitions[0]);
}

TEST_CASE("a structured 32 GiB update verifies natively in every partition") {
  GenerateUpdateOptions options;
  options.proof = RegisteredUpdateProof::kStackedDrg32GiBV1;
  options.data_seed = 5;
  options.new_data_seed = 6;
  const UpdateInput input = sealing::generate_update(options);
  REQUIRE(input.partitions.size() == 16);
  CHECK(input.partitions[15].challenge_proofs.size() == 86);
  CHECK(input.partitions[0].challenge_proofs[0].proof_r_new.shape.kind() ==
        porep::MerkleProofKind::kSub);
  CHECK(check(input) == std::nullopt);
  // Every path still opens under another allowed h, but rho now changes every 2^19 nodes instead
  // of every 2^20: the encoding check alone must refuse it.
  UpdateStatement other_h = input.statement(0);
  other_h.h = 11;
  const auto why = check_partition_proof(other_h, input.partitions[0]);
  REQUIRE(why.has_value());
  CHECK(why->find("new label is not old label + data * rho") != std::string::npos);

  const auto bytes = encode_partition_proof(input.partitions[9]);
  const auto decoded = decode_partition_proof(bytes, update_proof_info(input.proof));
  REQUIRE(decoded.has_value());
  CHECK(*decoded == input.partitions[9]);
}

TEST_CASE("a real 2 KiB update passes the input file's full check after a round trip") {
  const UpdateInput& input = sealed_2kib_update();
  const UpdateInput back = parse_update_input(update_input_json(input), UpdateInputChecks::kFull);
  CHECK(back.partitions == input.partitions);
  CHECK(back.comm_r_new == input.comm_r_new);
}
