// The wire contract against curio's client, byte by byte. curio's cuzk.v1 proto gives every field
// a number and a type; here the messages curio sends and reads are written by hand from those
// numbers and wire types (a tag is field_number << 3 | wire_type: 0 varint, 2 length-delimited;
// varints are 7 bits a byte, low first, the high bit saying more follow), then decoded or
// compared with our generated classes. A field renumbered or retyped in our .proto fails here.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "cuzk/v1/proving.pb.h"

namespace {

namespace pb = cuzk::v1;

std::string bytes(std::initializer_list<int> values) {
  std::string s;
  for (const int v : values) s.push_back(static_cast<char>(v));
  return s;
}

// A SubmitProofRequest as curio's PoRep task fills it, every field of the message set, in field
// order (the order a Go client writes them in; any order decodes the same).
std::string curio_submit_request() {
  std::string m;
  m += bytes({0x0A, 12}) + "porep-1000-7";                 // 1 request_id, LEN 12
  m += bytes({0x10, 0x01});                                // 2 proof_kind = POREP_SEAL_COMMIT (1)
  m += bytes({0x18, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01});  // 3 sector_size = 2^35 (32 GiB)
  m += bytes({0x20, 0x08});                                // 4 registered_proof = 8 (32 GiB V1_1)
  m += bytes({0x28, 0x03});                                // 5 priority = HIGH (3)
  m += bytes({0x52, 0x05}) + "{\"a\":";                    // 10 vanilla_proof, LEN 5
  m += bytes({0x5A, 0x02, 0x01, 0x02});                    // 11 vanilla_proofs[0] = 01 02
  m += bytes({0x5A, 0x00});                                // 11 vanilla_proofs[1] = (empty)
  m += bytes({0xA0, 0x01, 0x07});                          // 20 sector_number = 7
  m += bytes({0xA8, 0x01, 0xE8, 0x07});                    // 21 miner_id = 1000
  m += bytes({0xB2, 0x01, 0x03, 0xAA, 0xBB, 0xCC});        // 22 randomness = AA BB CC
  m += bytes({0xB8, 0x01, 0x96, 0x01});                    // 23 partition_index = 150
  m += bytes({0xF2, 0x01, 0x01, 0x11});                    // 30 comm_r_old = 11
  m += bytes({0xFA, 0x01, 0x01, 0x22});                    // 31 comm_r_new = 22
  m += bytes({0x82, 0x02, 0x01, 0x33});                    // 32 comm_d_new = 33
  return m;
}

}  // namespace

TEST_CASE(
    "a SubmitProofRequest encoded by hand from curio's field numbers decodes field by field") {
  pb::SubmitProofRequest r;
  REQUIRE(r.ParseFromString(curio_submit_request()));
  CHECK(r.request_id() == "porep-1000-7");
  CHECK(r.proof_kind() == pb::POREP_SEAL_COMMIT);
  CHECK(r.sector_size() == (std::uint64_t{1} << 35));
  CHECK(r.registered_proof() == 8);
  CHECK(r.priority() == pb::HIGH);
  CHECK(r.vanilla_proof() == "{\"a\":");
  REQUIRE(r.vanilla_proofs_size() == 2);
  CHECK(r.vanilla_proofs(0) == bytes({0x01, 0x02}));
  CHECK(r.vanilla_proofs(1).empty());
  CHECK(r.sector_number() == 7);
  CHECK(r.miner_id() == 1000);
  CHECK(r.randomness() == bytes({0xAA, 0xBB, 0xCC}));
  CHECK(r.partition_index() == 150);
  CHECK(r.comm_r_old() == bytes({0x11}));
  CHECK(r.comm_r_new() == bytes({0x22}));
  CHECK(r.comm_d_new() == bytes({0x33}));
  // Nothing left over as an unknown field: every byte landed in a field of ours.
  CHECK(r.GetReflection()->GetUnknownFields(r).empty());
  // And our encoding of it is the same bytes.
  CHECK(r.SerializeAsString() == curio_submit_request());
}

TEST_CASE("a ProveRequest wraps the SubmitProofRequest as field 1") {
  const std::string inner = curio_submit_request();
  REQUIRE(inner.size() < 128);  // one length byte
  const std::string m = bytes({0x0A, static_cast<int>(inner.size())}) + inner;
  pb::ProveRequest r;
  REQUIRE(r.ParseFromString(m));
  REQUIRE(r.has_submit());
  CHECK(r.submit().miner_id() == 1000);
  CHECK(r.submit().sector_number() == 7);
}

TEST_CASE("the AwaitProofResponse curio reads: our encoding against the bytes written by hand") {
  pb::AwaitProofResponse r;
  r.set_job_id("porep-1000-7");
  r.set_status(pb::AwaitProofResponse::COMPLETED);
  r.set_proof(bytes({0xDE, 0xAD}));
  r.set_error_message("e");
  r.set_queue_wait_ms(1);
  r.set_srs_load_ms(2);
  r.set_synthesis_ms(300);
  r.set_gpu_compute_ms(4);
  r.set_total_ms(5);
  std::string expected;
  expected += bytes({0x0A, 12}) + "porep-1000-7";  // 1 job_id
  expected += bytes({0x10, 0x01});                 // 2 status = COMPLETED (1)
  expected += bytes({0x1A, 0x02, 0xDE, 0xAD});     // 3 proof
  expected += bytes({0x22, 0x01}) + "e";           // 4 error_message
  expected += bytes({0x50, 0x01});                 // 10 queue_wait_ms
  expected += bytes({0x58, 0x02});                 // 11 srs_load_ms
  expected += bytes({0x60, 0xAC, 0x02});           // 12 synthesis_ms = 300
  expected += bytes({0x68, 0x04});                 // 13 gpu_compute_ms
  expected += bytes({0x70, 0x05});                 // 14 total_ms
  CHECK(r.SerializeAsString() == expected);
  // Wrapped as curio's Prove reads it: ProveResponse.result is field 1.
  pb::ProveResponse wrapped;
  *wrapped.mutable_result() = r;
  CHECK(wrapped.SerializeAsString() == bytes({0x0A, static_cast<int>(expected.size())}) + expected);
}

TEST_CASE("the enums' numbers are curio's") {
  CHECK(pb::PROOF_KIND_UNSPECIFIED == 0);
  CHECK(pb::POREP_SEAL_COMMIT == 1);
  CHECK(pb::SNAP_DEALS_UPDATE == 2);
  CHECK(pb::WINDOW_POST_PARTITION == 3);
  CHECK(pb::WINNING_POST == 4);
  CHECK(pb::PRIORITY_UNSPECIFIED == 0);
  CHECK(pb::LOW == 1);
  CHECK(pb::NORMAL == 2);
  CHECK(pb::HIGH == 3);
  CHECK(pb::CRITICAL == 4);
  CHECK(pb::AwaitProofResponse::UNKNOWN == 0);
  CHECK(pb::AwaitProofResponse::FAILED == 2);
  CHECK(pb::AwaitProofResponse::CANCELLED == 3);
  CHECK(pb::AwaitProofResponse::TIMEOUT == 4);
  CHECK(pb::SRSStatus::HOT == 0);
  CHECK(pb::SRSStatus::WARM == 1);
  CHECK(pb::SRSStatus::COLD == 2);
}

TEST_CASE("GetStatusResponse: the queues curio sums for its backpressure, by hand") {
  // 3 queues { 1 proof_kind "porep_c2", 2 pending 4, 3 in_progress 1 }, 4 completed 9,
  // 6 uptime_seconds 300.
  std::string queue = bytes({0x0A, 8}) + "porep_c2" + bytes({0x10, 0x04, 0x18, 0x01});
  const std::string m =
      bytes({0x1A, static_cast<int>(queue.size())}) + queue + bytes({0x20, 0x09, 0x30, 0xAC, 0x02});
  pb::GetStatusResponse r;
  REQUIRE(r.ParseFromString(m));
  REQUIRE(r.queues_size() == 1);
  CHECK(r.queues(0).proof_kind() == "porep_c2");
  CHECK(r.queues(0).pending() == 4);
  CHECK(r.queues(0).in_progress() == 1);
  CHECK(r.total_proofs_completed() == 9);
  CHECK(r.uptime_seconds() == 300);
}
