#include "porep/c1_parser.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "porep/c1_consistency.hpp"
#include "porep/c1_fixture.hpp"
#include "temp_dir.hpp"
#include "util/error.hpp"

using namespace cuzk::porep;
using cuzk::test::C1Fixture;
using cuzk::test::C1FixtureOptions;
using cuzk::test::TempDir;

namespace {

std::string replace_first(std::string s, std::string_view from, std::string_view to,
                          std::size_t start = 0) {
  const std::size_t at = s.find(from, start);
  REQUIRE_MESSAGE(at != std::string::npos, "fixture has no " << from);
  return s.replace(at, from.size(), to);
}

// The message of the cuzk::Error that parsing throws; "" if it parses.
std::string parse_error(const std::string& json, C1Checks checks = C1Checks::kFull) {
  try {
    (void)parse_c1(json, checks);
  } catch (const cuzk::Error& e) {
    return e.what();
  }
  return "";
}

std::string zero_domains(int n) {
  std::string out = "[";
  for (int i = 0; i < n; ++i) {
    if (i) out += ',';
    out += "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]";
  }
  return out + "]";
}

// r in little-endian bytes: the smallest value that is not a canonical Fr.
const std::string kModulusBytes =
    "[1,0,0,0,255,255,255,255,254,91,254,255,2,164,189,83,5,216,161,9,8,216,57,51,72,125,157,41,"
    "83,167,237,115]";

void check_matches_fixture(const C1Output& c1, const C1Fixture& fixture) {
  const SealProofInfo& info = c1.info();
  CHECK(c1.replica_id == fixture.replica_id);
  CHECK(c1.comm_d == fixture.comm_d);
  CHECK(c1.comm_r == fixture.comm_r);
  CHECK(c1.seed == fixture.seed);
  CHECK(c1.ticket == fixture.ticket);
  REQUIRE(c1.partitions == info.partitions);
  REQUIRE(c1.challenges_per_partition == info.challenges_per_partition);
  REQUIRE(c1.proofs.size() == std::size_t{info.partitions} * info.challenges_per_partition);
  const PathShape column_path = column_tree_path(info.nodes, info.tree);
  for (std::uint32_t k = 0; k < c1.partitions; ++k) {
    const auto expected = partition_challenges(porep_config(c1.registered_proof), c1.replica_id,
                                               c1.comm_r, c1.seed, k);
    const auto proofs = c1.partition(k);
    for (std::size_t i = 0; i < proofs.size(); ++i) {
      const ChallengeProof& p = proofs[i];
      CHECK(p.challenge() == expected[i]);
      CHECK(p.comm_d.root == c1.comm_d);
      CHECK(p.comm_d.shape == data_tree_path(info.nodes));
      CHECK(p.comm_d.siblings.size() == p.comm_d.shape.levels());
      CHECK(p.comm_d.node_index() == expected[i]);
      CHECK(p.comm_r_last.shape == column_path);
      CHECK(p.comm_r_last.siblings.size() == column_path.sibling_count());
      CHECK(p.comm_r_last.node_index() == expected[i]);
      CHECK(p.comm_r_last.root == c1.comm_r_last(k));
      CHECK(p.comm_c() == c1.comm_c(k));
      CHECK(p.c_x.rows.size() == info.layers);
      for (const ColumnProof& column : p.drg_parents) CHECK(column.rows.size() == info.layers);
      CHECK(p.labeling.size() == info.layers);
      CHECK(p.encoding.parents.size() == kTotalParents);
      CHECK(p.encoding.layer_index == info.layers);
      for (std::uint32_t level = 0; level < column_path.levels(); ++level) {
        CHECK(p.comm_r_last.level_siblings(level).size() == column_path.arity(level) - 1);
      }
    }
  }
}

}  // namespace

TEST_CASE("a 2 KiB C1 parses the same raw and wrapped") {
  for (const auto proof :
       {RegisteredSealProof::kStackedDrg2KiBV1, RegisteredSealProof::kStackedDrg2KiBV1_1,
        RegisteredSealProof::kStackedDrg2KiBV1_1_Feat_SyntheticPoRep,
        RegisteredSealProof::kStackedDrg2KiBV1_2_Feat_NonInteractivePoRep}) {
    INFO(seal_proof_info(proof).name);
    C1Fixture fixture({.proof = proof, .rng_seed = 11});
    const std::string raw = fixture.json();
    const C1Output from_raw = parse_c1(raw);
    CHECK(from_raw.registered_proof == proof);
    CHECK_FALSE(from_raw.sector_number.has_value());
    check_matches_fixture(from_raw, fixture);

    const C1Output wrapped = parse_c1(C1Fixture::wrap(raw, 42, 2048));
    CHECK(wrapped.sector_number == std::optional<std::uint64_t>(42));
    check_matches_fixture(wrapped, fixture);
    // Byte-identical content: compare every stored value of one proof.
    const ChallengeProof& a = from_raw.proofs.back();
    const ChallengeProof& b = wrapped.proofs.back();
    CHECK(std::equal(a.exp_parents[7].rows.begin(), a.exp_parents[7].rows.end(),
                     b.exp_parents[7].rows.begin()));
    CHECK(a.labeling[1].parents[36] == b.labeling[1].parents[36]);
    CHECK(a.comm_d.leaf == b.comm_d.leaf);
  }
}

TEST_CASE("Sub (32 GiB) and Top (64 GiB) proofs parse; moving a C1Output keeps its views") {
  for (const auto proof :
       {RegisteredSealProof::kStackedDrg32GiBV1_1, RegisteredSealProof::kStackedDrg64GiBV1_1}) {
    INFO(seal_proof_info(proof).name);
    C1Fixture fixture({.proof = proof, .rng_seed = 5});
    C1Output parsed = parse_c1(fixture.json());
    const C1Output moved = std::move(parsed);
    check_matches_fixture(moved, fixture);
    const MerkleProof& m = moved.proofs[17].exp_parents[3].inclusion;
    CHECK(m.shape.kind() == (proof == RegisteredSealProof::kStackedDrg32GiBV1_1
                                 ? MerkleProofKind::kSub
                                 : MerkleProofKind::kTop));
    CHECK(m.indices.size() == (proof == RegisteredSealProof::kStackedDrg32GiBV1_1 ? 10u : 11u));
    CHECK(m.node_index() == moved.proofs[17].exp_parents[3].index);
  }
}

TEST_CASE("field order does not matter and unknown keys are ignored") {
  C1Fixture fixture({.rng_seed = 3});
  std::string json = fixture.json();
  // Move "registered_proof" to the end and add an unknown key.
  const std::size_t comma = json.find(",\"vanilla_proofs\"");
  const std::string registered = json.substr(1, comma - 1);
  json = "{\"extra\":{\"a\":[1,2]}," + json.substr(comma + 1, json.size() - comma - 2) + "," +
         registered + "}";
  const C1Output c1 = parse_c1(json);
  check_matches_fixture(c1, fixture);
}

TEST_CASE("malformed C1 files are rejected with one line naming the field") {
  C1Fixture fixture({.proof = RegisteredSealProof::kStackedDrg2KiBV1_1, .rng_seed = 9});
  const std::string raw = fixture.json();
  const std::string wrapped = C1Fixture::wrap(raw, 1, 2048);

  SUBCASE("bad base64") {
    const std::size_t at = wrapped.find("Phase1Out\":\"") + 12 + 100;
    std::string bad = wrapped;
    bad[at] = '!';
    CHECK(parse_error(bad) == "Phase1Out: is not valid base64: invalid character at offset 100");
    std::string short_by_one = wrapped;
    short_by_one.erase(wrapped.find("\",\"SectorSize\"") - 1, 1);
    CHECK(parse_error(short_by_one).starts_with("Phase1Out: is not valid base64: length"));
  }
  SUBCASE("sector size mismatch") {
    CHECK(parse_error(C1Fixture::wrap(raw, 1, 4096)) ==
          "SectorSize 4096 does not match registered_proof StackedDrg2KiBV1_1 (2048 bytes)");
  }
  SUBCASE("truncated JSON") {
    for (std::size_t cut : {raw.size() / 2, raw.size() - 1, std::size_t{30}}) {
      INFO("cut at " << cut);
      CHECK(parse_error(raw.substr(0, cut)).find("malformed or truncated JSON") !=
            std::string::npos);
    }
    const std::string half = wrapped.substr(0, wrapped.size() / 2);
    CHECK(parse_error(half).find("malformed or truncated JSON") != std::string::npos);
    // A whole wrapper whose base64 holds a truncated inner document.
    const std::string inner_cut = C1Fixture::wrap(raw.substr(0, raw.size() - 3), 1, 2048);
    CHECK(parse_error(inner_cut).starts_with("Phase1Out: malformed or truncated JSON"));
    // Failures inside the wrapped document name Phase1Out first.
    C1Fixture two({.rng_seed = 9, .partitions = 2});
    CHECK(parse_error(C1Fixture::wrap(two.json(), 1, 2048)) ==
          "Phase1Out: vanilla_proofs: 2 partitions, expected 1 for StackedDrg2KiBV1_1");
    CHECK(parse_error(C1Fixture::wrap(wrapped, 1, 2048)) ==
          "Phase1Out: holds another wrapper, not a C1 output");
    CHECK(parse_error(C1Fixture::wrap(raw, -1, 2048)) == "SectorNum -1 is negative");
  }
  SUBCASE("wrong shape tag") {
    CHECK(parse_error(replace_first(raw, "\"StackedDrg2KiBV1\":", "\"StackedDrg8MiBV1\":")) ==
          "vanilla_proofs: shape tag StackedDrg8MiBV1 does not match registered_proof "
          "StackedDrg2KiBV1_1, which needs StackedDrg2KiBV1");
    CHECK(parse_error(replace_first(raw, "\"StackedDrg2KiBV1\":", "\"StackedDrg4KiBV1\":")) ==
          "vanilla_proofs: unknown shape tag \"StackedDrg4KiBV1\"");
  }
  SUBCASE("unknown registered proof") {
    CHECK(parse_error(replace_first(raw, "StackedDrg2KiBV1_1", "StackedDrg2KiBV9")) ==
          "registered_proof: \"StackedDrg2KiBV9\" is not a registered seal proof");
  }
  SUBCASE("wrong partition and challenge counts") {
    C1Fixture two_partitions({.rng_seed = 9, .partitions = 2});
    CHECK(parse_error(two_partitions.json()) ==
          "vanilla_proofs: 2 partitions, expected 1 for StackedDrg2KiBV1_1");
    C1Fixture three_challenges({.rng_seed = 9, .challenges_per_partition = 3});
    CHECK(parse_error(three_challenges.json()) ==
          "vanilla_proofs: partition 0 has 3 challenge proofs, expected 2");
  }
  SUBCASE("wrong Merkle path length, arity or index") {
    const std::size_t r_last = raw.find("\"comm_r_last_proof\"");
    const std::size_t path_start = raw.find("\"path\":{\"path\":[", r_last) + 16;
    const std::string extra_level = raw.substr(0, path_start) + "{\"hashes\":" + zero_domains(7) +
                                    ",\"index\":0}," + raw.substr(path_start);
    CHECK(parse_error(extra_level) ==
          "partition 0, challenge 0: comm_r_last_proof.data.Single.path.path: has 3 levels, "
          "expected 2");
    const std::size_t d_path = raw.find("\"path\":{\"path\":[");
    const std::string missing_level =
        raw.substr(0, d_path + 16) + raw.substr(raw.find("},", d_path) + 2);
    CHECK(parse_error(missing_level) ==
          "partition 0, challenge 0: comm_d_proofs.data.Single.path.path: has 5 levels, "
          "expected 6");

    const std::size_t hashes = raw.find("\"hashes\":[[", r_last) + 10;
    const std::size_t second = raw.find("],[", hashes) + 2;  // drop the first of 7 hashes
    const std::string six_hashes = raw.substr(0, hashes) + raw.substr(second);
    CHECK(parse_error(six_hashes) ==
          "partition 0, challenge 0: comm_r_last_proof.data.Single.path.path[0].hashes: has 6 "
          "hashes, expected 7");

    const std::size_t index = raw.find("\"index\":", r_last) + 8;
    const std::size_t index_end = raw.find('}', index);
    const std::string bad_index = raw.substr(0, index) + "8" + raw.substr(index_end);
    CHECK(parse_error(bad_index) ==
          "partition 0, challenge 0: comm_r_last_proof.data.Single.path.path[0].index: 8 is out of "
          "range for arity 8");
  }
  SUBCASE("a Merkle proof of the wrong variant") {
    const std::string sub = replace_first(raw, "\"comm_r_last_proof\":{\"data\":{\"Single\"",
                                          "\"comm_r_last_proof\":{\"data\":{\"Sub\"");
    CHECK(parse_error(sub) ==
          "partition 0, challenge 0: comm_r_last_proof.data: is a Sub proof, expected Single for "
          "this "
          "sector size");
  }
  SUBCASE("element at or above the modulus, or not a byte") {
    const std::size_t rows = raw.find("\"rows\":[") + 8;
    const std::size_t row_end = raw.find(']', rows) + 1;
    const std::string at_modulus = raw.substr(0, rows) + kModulusBytes + raw.substr(row_end);
    CHECK(parse_error(at_modulus) ==
          "partition 0, challenge 0: replica_column_proofs.c_x.column.rows[0]: is not below the "
          "BLS12-381 scalar field modulus");
    const std::size_t comm_r = raw.find("\"comm_r\":[") + 10;
    const std::string not_byte = raw.substr(0, comm_r) + "256" + raw.substr(raw.find(',', comm_r));
    CHECK(parse_error(not_byte) == "comm_r: element 0 is 256, not a byte");
    const std::string negative = raw.substr(0, comm_r) + "-1" + raw.substr(raw.find(',', comm_r));
    CHECK(parse_error(negative).starts_with("comm_r: element 0: expected an integer 0..255"));
    const std::string short_seed = replace_first(raw, "\"seed\":[", "\"seed\":[1,");
    CHECK(parse_error(short_seed) == "seed: has 33 bytes, expected 32");
  }
  SUBCASE("missing, duplicate and mistyped fields") {
    CHECK(parse_error(replace_first(raw, ",\"_h\":null", "")) ==
          "partition 0, challenge 0: replica_column_proofs.c_x.column: missing field \"_h\"");
    CHECK(parse_error(replace_first(raw, "\"_h\":null", "\"_h\":0")) ==
          "partition 0, challenge 0: replica_column_proofs.c_x.column._h: expected null");
    const std::size_t seed_at = raw.find("\"seed\":");
    const std::string seed_field = raw.substr(seed_at, raw.find(']', seed_at) + 1 - seed_at);
    CHECK(parse_error("{" + seed_field + "," + raw.substr(1)) == "duplicate field \"seed\"");
    const std::size_t ticket = raw.find(",\"ticket\"");
    CHECK(parse_error(raw.substr(0, ticket) + "}") == "missing field \"ticket\"");
    CHECK(parse_error(replace_first(raw, "\"layer_index\":1", "\"layer_index\":\"1\"")) ==
          "partition 0, challenge 0: labeling_proofs[0].layer_index: expected an unsigned 32-bit "
          "integer");
    CHECK(parse_error("[1,2]") == "expected a JSON object at the top level");
    CHECK(parse_error("{\"a\":1}") ==
          "neither a C1 output nor a wrapper: no registered_proof or Phase1Out key");
  }
  SUBCASE("data after a whole document") {
    // Whatever follows, the offset is that of its first byte; a truncated document is still
    // called truncated (above).
    const std::string at = std::to_string(raw.size() + 1);
    CHECK(parse_error(raw + " {}") == "unexpected data after the document, at byte " + at);
    CHECK(parse_error(raw + " x") == "unexpected data after the document, at byte " + at);
    CHECK(parse_error(raw + "\n" + raw) == "unexpected data after the document, at byte " + at);
    CHECK(parse_error(raw + " }") == "unexpected data after the document, at byte " + at);
    CHECK(parse_error(raw + " \n\t").empty());
    CHECK(parse_error(wrapped + " 0") ==
          "unexpected data after the document, at byte " + std::to_string(wrapped.size() + 1));
    CHECK(parse_error(C1Fixture::wrap(raw + "]", 1, 2048)) ==
          "Phase1Out: unexpected data after the document, at byte " + std::to_string(raw.size()));
    // Brackets inside strings do not count: this document is whole, then "x" follows.
    const std::string with_string = "{\"a\":\"}]\\\"{\"}";
    CHECK(parse_error(with_string + "x") ==
          "unexpected data after the document, at byte " + std::to_string(with_string.size()));
  }
  SUBCASE("wrapper and C1 keys mixed") {
    CHECK(parse_error(replace_first(raw, "{\"registered_proof\"",
                                    "{\"SectorNum\":1,\"registered_proof\"")) ==
          "mixes the wrapper's keys (SectorNum, Phase1Out, SectorSize) with C1 output keys");
  }
  SUBCASE("labels and openings of another node") {
    CHECK(parse_error(replace_first(raw, "\"layer_index\":2", "\"layer_index\":3"))
              .ends_with("labeling_proofs[1] is of layer 3, expected 2"));
  }
  SUBCASE("all-zero seed") {
    std::string zero_seed = raw;
    const std::size_t seed = raw.find("\"seed\":[") + 8;
    zero_seed.replace(seed, raw.find(']', seed) - seed,
                      "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0");
    CHECK(parse_error(zero_seed) == "seed is all zero");
  }
}

TEST_CASE("consistency: challenges, parents and roots must agree with the public values") {
  C1Fixture fixture({.proof = RegisteredSealProof::kStackedDrg2KiBV1_1, .rng_seed = 21});
  const std::string raw = fixture.json();
  // Claiming V1 changes porep_id and the parent order, hence the graph: the structure still
  // parses, the parents do not match.
  const std::string relabeled = replace_first(raw, "StackedDrg2KiBV1_1", "StackedDrg2KiBV1");
  CHECK(parse_error(relabeled, C1Checks::kStructure).empty());
  CHECK(parse_error(relabeled).starts_with(
      "partition 0, challenge 0: replica_column_proofs.drg_parents[0] is of node"));

  C1Output c1 = parse_c1(raw);
  CHECK_NOTHROW(check_c1_consistency(c1));
  c1.comm_d[0] ^= 1;
  CHECK_THROWS_WITH(check_c1_consistency(c1),
                    "partition 0, challenge 0: comm_d_proofs has a root other than comm_d");
  c1.comm_d[0] ^= 1;
  c1.seed[5] ^= 1;
  CHECK_THROWS_WITH_AS(check_c1_consistency(c1),
                       doctest::Contains("the challenged column c_x is of node"), cuzk::Error);
}

TEST_CASE("load_c1_file names the path in every message, and records it") {
  const TempDir dir("c1_parser");
  const std::string missing = (dir / "c1.json").string();
  CHECK_THROWS_WITH(load_c1_file(missing), (missing + ": no such file").c_str());
  CHECK_THROWS_WITH(load_c1_file(dir.path()),
                    (dir.path().string() + ": is a directory, not a C1 file").c_str());

  C1Fixture fixture({.proof = RegisteredSealProof::kStackedDrg2KiBV1_1, .rng_seed = 9});
  const std::string json = fixture.json();
  const auto c1_path = dir / "c1.json";
  std::ofstream(c1_path) << json << " trailing";
  CHECK_THROWS_WITH(load_c1_file(c1_path),
                    (c1_path.string() + ": unexpected data after the document, at byte " +
                     std::to_string(json.size() + 1))
                        .c_str());
  // Another open error, in the system's words: a path through a file.
  const std::string through_file = c1_path.string() + "/c1.json";
  CHECK_THROWS_WITH(load_c1_file(through_file),
                    (through_file + ": cannot open: Not a directory").c_str());

  std::ofstream(c1_path, std::ios::trunc) << json;
  CHECK(load_c1_file(c1_path).source == c1_path.string());
  CHECK(parse_c1(json).source.empty());
}
