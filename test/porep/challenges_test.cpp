// replica_id and challenges against rust-fil-proofs: the hard-coded synthetic vector of
// challenges.rs and test/vectors/porep_challenges.json (regression records, values from an
// independent Python implementation; see porep_challenges_gen.py).
#include "porep/challenges.hpp"

#include <doctest/doctest.h>

#include <string>

#include "porep/replica_id.hpp"
#include "test_vectors.hpp"
#include "util/hex.hpp"

using namespace cuzk::porep;
namespace od = simdjson::ondemand;

namespace {

Domain domain_from_hex(std::string_view hex) {
  const auto bytes = cuzk::from_hex(hex);
  REQUIRE(bytes.has_value());
  REQUIRE(bytes->size() == 32);
  Domain d{};
  std::copy(bytes->begin(), bytes->end(), d.begin());
  return d;
}

Domain small_fr(std::uint64_t v) { return fr_to_domain(cuzk::bls12_381::Fr::from_u64(v)); }

struct Record {
  std::string name;
  PorepConfig config;
  ProverId prover_id{};
  std::uint64_t sector_id = 0;
  Domain ticket{}, seed{}, comm_d{}, comm_r{}, replica_id{};
  std::vector<std::pair<std::uint32_t, std::vector<std::uint64_t>>> challenges;
};

std::vector<Record> load_records() {
  const simdjson::padded_string json = cuzk::test::load_vector_file("porep_challenges.json");
  od::parser parser;
  od::document doc = parser.iterate(json);
  std::vector<Record> records;
  for (od::object r : doc["records"].get_array()) {
    Record rec;
    rec.name = std::string(std::string_view(r["record"]));
    const std::uint64_t sector_size = r["sector_size"];
    rec.config.nodes = sector_size / kNodeBytes;
    rec.config.porep_id = domain_from_hex(std::string_view(r["porep_id"]));
    const std::string_view version = r["api_version"];
    rec.config.api_version = version == "V1_0_0"   ? ApiVersion::kV1_0_0
                             : version == "V1_1_0" ? ApiVersion::kV1_1_0
                                                   : ApiVersion::kV1_2_0;
    rec.config.challenge_mode = ChallengeMode::kInteractive;
    for (std::string_view feature : r["api_features"].get_array()) {
      rec.config.challenge_mode =
          feature == "SyntheticPoRep" ? ChallengeMode::kSynthetic : ChallengeMode::kNonInteractive;
    }
    rec.config.partitions = static_cast<std::uint32_t>(std::uint64_t(r["partitions"]));
    rec.config.challenges_per_partition =
        static_cast<std::uint32_t>(std::uint64_t(r["challenges_per_partition"]));
    rec.prover_id = domain_from_hex(std::string_view(r["prover_id"]));
    rec.sector_id = r["sector_id"];
    rec.ticket = domain_from_hex(std::string_view(r["ticket"]));
    rec.seed = domain_from_hex(std::string_view(r["seed"]));
    rec.comm_d = domain_from_hex(std::string_view(r["comm_d"]));
    rec.comm_r = domain_from_hex(std::string_view(r["comm_r"]));
    rec.replica_id = domain_from_hex(std::string_view(r["replica_id"]));
    for (od::field f : r["challenges"].get_object()) {
      const std::uint32_t k =
          static_cast<std::uint32_t>(std::stoul(std::string(std::string_view(f.unescaped_key()))));
      std::vector<std::uint64_t> values;
      for (std::uint64_t c : f.value().get_array()) values.push_back(c);
      rec.challenges.emplace_back(k, std::move(values));
    }
    records.push_back(std::move(rec));
  }
  return records;
}

}  // namespace

TEST_CASE("synthetic challenges reproduce challenges.rs test_synth_challenges_against_hardcoded") {
  const SyntheticChallenges synth(1 << 10, small_fr(55), small_fr(101), 21);
  const std::uint64_t expected_synth[] = {178, 297, 869, 211, 875, 477, 94,  781, 124, 332, 856,
                                          801, 176, 692, 429, 691, 290, 204, 986, 210, 973};
  for (std::uint64_t i = 0; i < 21; ++i) CHECK(synth.challenge(i) == expected_synth[i]);
  Domain rand{};
  rand.fill(1);
  const std::vector<std::uint64_t> expected_porep = {176, 781, 801, 986, 290,
                                                     211, 692, 856, 986, 332};
  CHECK(synth.partition_challenges(rand, 10, 0) == expected_porep);
  CHECK_THROWS(synth.challenge(21));
}

TEST_CASE("replica_id and challenges of the regression records") {
  const std::vector<Record> records = load_records();
  REQUIRE(records.size() == 9);
  for (const Record& rec : records) {
    INFO(rec.name);
    CHECK(replica_id(rec.prover_id, rec.sector_id, rec.ticket, rec.comm_d, rec.config.porep_id) ==
          rec.replica_id);
    REQUIRE_FALSE(rec.challenges.empty());
    for (const auto& [k, expected] : rec.challenges) {
      INFO("partition " << k);
      CHECK(partition_challenges(rec.config, rec.replica_id, rec.comm_r, rec.seed, k) == expected);
    }
  }
}

TEST_CASE("the spec's derived values: 2 KiB record v16:2 and 32 GiB record v16:443") {
  // c1-and-groth16-files.md sections 3.3 and 3.4, computed separately from this code.
  const auto records = load_records();
  const Record& small = records.at(1);
  const Record& big = records.at(4);
  REQUIRE(small.name == "v16:2");
  REQUIRE(big.name == "v16:443");
  CHECK(cuzk::to_hex(small.replica_id).substr(0, 8) == "da838d3e");
  CHECK(interactive_challenges(64, small.replica_id, small.seed, 2, 0) ==
        std::vector<std::uint64_t>{57, 58});
  CHECK(cuzk::to_hex(big.replica_id) ==
        "3ca7c8110b2ccdcc89d8d7dabeed81b7a5b87a4f73ed43d0b2eb2220de963129");
  const auto first =
      interactive_challenges(std::uint64_t{1} << 30, big.replica_id, big.seed, 18, 0);
  CHECK(first[0] == 980979701);
  CHECK(first[1] == 721418575);
  CHECK(first[2] == 824730872);
}

TEST_CASE("interactive partitions split one global sequence") {
  const Domain rid = small_fr(12345);
  Domain seed{};
  seed.fill(7);
  const auto all = interactive_challenges(1 << 20, rid, seed, 180, 0);
  for (std::uint32_t k = 0; k < 10; ++k) {
    const auto part = interactive_challenges(1 << 20, rid, seed, 18, k);
    CHECK(std::equal(part.begin(), part.end(), all.begin() + 18 * k));
  }
}

TEST_CASE("challenge reduction: (LE integer mod (nodes - 1)) + 1") {
  std::array<std::uint8_t, 32> h{};
  CHECK(challenge_from_hash(h, 64) == 1);
  h[0] = 62;
  CHECK(challenge_from_hash(h, 64) == 63);
  h[0] = 63;
  CHECK(challenge_from_hash(h, 64) == 1);
  h.fill(0xff);  // 2^256 - 1 = 3 mod 63 (2^6 = 1 mod 63, so 2^256 = 2^4)
  CHECK(challenge_from_hash(h, 64) == 16);
}

TEST_CASE("prover id: LEB128 of the actor id, left-aligned in 32 bytes") {
  ProverId t01000{};
  t01000[0] = 0xe8;
  t01000[1] = 0x07;
  CHECK(prover_id_from_actor_id(1000) == t01000);
  CHECK(prover_id_from_actor_id(0) == ProverId{});
  ProverId max{};
  for (int i = 0; i < 9; ++i) max[i] = 0xff;
  max[9] = 0x01;
  CHECK(prover_id_from_actor_id(~std::uint64_t{0}) == max);
  ProverId v127{};
  v127[0] = 0x7f;
  CHECK(prover_id_from_actor_id(127) == v127);
  ProverId v128{};
  v128[0] = 0x80;
  v128[1] = 0x01;
  CHECK(prover_id_from_actor_id(128) == v128);

  // And back, only from exactly these encodings.
  CHECK(actor_id_from_prover_id(t01000) == 1000);
  CHECK(actor_id_from_prover_id(ProverId{}) == 0);
  CHECK(actor_id_from_prover_id(max) == ~std::uint64_t{0});
  CHECK(actor_id_from_prover_id(v127) == 127);
  CHECK(actor_id_from_prover_id(v128) == 128);
  ProverId padded = v127;  // 127 as a two-byte varint: not minimal
  padded[0] = 0xff;
  padded[1] = 0x00;
  CHECK_FALSE(actor_id_from_prover_id(padded));
  ProverId trailing = t01000;  // a byte after the varint
  trailing[31] = 0x01;
  CHECK_FALSE(actor_id_from_prover_id(trailing));
  ProverId too_long = max;  // 2^64: a tenth group above 1
  too_long[9] = 0x02;
  CHECK_FALSE(actor_id_from_prover_id(too_long));
  ProverId unterminated{};
  unterminated.fill(0x80);
  CHECK_FALSE(actor_id_from_prover_id(unterminated));
}
