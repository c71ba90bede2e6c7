// `cuzk circuit` end to end through cli::run: the JSON for rust-fil-proofs' base_8 test shape
// (whose 1,199,620 constraints and 22 inputs the Rust asserts), with --fingerprint against
// rust-fil-proofs' own numbers for it (../shared/vectors/rust-fil-proofs-r1cs.json), the
// EmptySectorUpdate report at 2 KiB and witness digest of gen-update's 2 KiB input, and the usage
// errors (exit 2).
#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "cli_runner.hpp"
#include "r1cs_vectors.hpp"

namespace {

using cuzk::test::run_cuzk;
using Outcome = cuzk::test::CliOutcome;

}  // namespace

TEST_CASE("cuzk circuit --json for the stacked_circuit.rs base_8 shape") {
  const Outcome o = run_cuzk({"circuit", "--nodes", "8", "--layers", "2", "--challenges", "1",
                              "--tree", "8-0-0", "--json"});
  CHECK(o.exit_code == 0);
  // a and b_g1/b_g2 are DensityCS's, which the satisfiability test checks against ProvingCS.
  CHECK(
      o.out ==
      "{\"registered_proof\":null,\"sector_size\":256,\"nodes\":8,\"layers\":2,\"tree\":\"8-0-0\","
      "\"partitions\":1,\"challenges_per_partition\":1,\"num_inputs\":22,\"num_aux\":1198525,"
      "\"num_constraints\":1199620,\"num_constraints_with_inputs\":1199642,"
      "\"domain_size\":2097152,\"params_lengths\":{\"ic\":22,\"h\":2097151,\"l\":1198525,"
      "\"a\":1195210,\"b_g1\":302285,\"b_g2\":302285}}\n");
}

TEST_CASE("cuzk circuit --fingerprint --json reports what rust-fil-proofs-r1cs.json pins") {
  const Outcome o = run_cuzk({"circuit", "--nodes", "8", "--layers", "2", "--challenges", "1",
                              "--tree", "8-0-0", "--fingerprint", "--json"});
  REQUIRE(o.exit_code == 0);
  simdjson::dom::parser parser;
  const simdjson::dom::element r = parser.parse(o.out).value();
  const cuzk::circuit::R1csDigest got = cuzk::test::r1cs_digest_from_json(r);
  bool found = false;
  for (const auto& v : cuzk::test::load_r1cs_vectors()) {
    if (v.name != "test-8-0-0") continue;
    found = true;
    cuzk::test::check_digest(got, v);
  }
  CHECK(found);
  // The parameter lengths follow from the densities.
  CHECK(r["params_lengths"]["a"].get_uint64().value() == 22 + got.density.a_aux);
  CHECK(r["params_lengths"]["b_g1"].get_uint64().value() ==
        got.density.b_input + got.density.b_aux);
}

TEST_CASE("cuzk circuit --registered-update-proof: the EmptySectorUpdate circuit's report") {
  // 1,705,039 constraints is tests/circuit.rs' assert at 2 KiB; the fingerprints and densities are
  // ours (test/circuit/update_r1cs_test.cpp pins them too).
  const Outcome o = run_cuzk(
      {"circuit", "--registered-update-proof", "StackedDrg2KiBV1", "--fingerprint", "--json"});
  CHECK(o.exit_code == 0);
  CHECK(o.out ==
        "{\"registered_update_proof\":\"StackedDrg2KiBV1\",\"sector_size\":2048,\"nodes\":64,"
        "\"tree_r\":\"8-0-0\",\"partitions\":1,\"challenges_per_partition\":10,"
        "\"apex_leaves\":8,\"num_inputs\":5,\"num_aux\":1703569,\"num_constraints\":1705039,"
        "\"num_constraints_with_inputs\":1705044,\"domain_size\":2097152,"
        "\"params_lengths\":{\"ic\":5,\"h\":2097151,\"l\":1703569,\"a\":1697194,"
        "\"b_g1\":444404,\"b_g2\":444404},"
        "\"fingerprint\":\"c787aea9329f4525b3bcde14533b9b775654f6a9afe0a7c671783c8bd4f1f7a5\","
        "\"fingerprint_with_input_rows\":"
        "\"2f0493eebe6d1bdc937302830533ede875e3b8744715a432eca84f9a70767b48\","
        "\"nnz_incl_input_rows\":{\"A\":4030892,\"B\":1706537,\"C\":3616648},"
        "\"density\":{\"a_aux\":1697189,\"b_aux\":444403,\"b_input\":1}}\n");
  CHECK(run_cuzk({"circuit", "--registered-update-proof", "StackedDrg2KiBV1_1"}).exit_code == 2);
  CHECK(run_cuzk({"circuit", "--registered-update-proof", "StackedDrg2KiBV1", "--registered-proof",
                  "StackedDrg2KiBV1_1"})
            .exit_code == 2);
}

TEST_CASE("cuzk circuit: usage errors exit with 2") {
  CHECK(run_cuzk({"circuit", "--registered-proof", "StackedDrg3GiBV1"}).exit_code == 2);
  CHECK(run_cuzk({"circuit", "--registered-proof", "StackedDrg2KiBV1_1", "--tree", "8-8"})
            .exit_code == 2);
  CHECK(run_cuzk({"circuit", "--registered-proof", "StackedDrg2KiBV1_1", "--layers", "5"})
            .exit_code == 2);
  CHECK(run_cuzk({"circuit", "--nodes", "8"}).exit_code == 2);
}

TEST_CASE("cuzk circuit --witness-digest: usage errors exit with 2, one line, no output") {
  const std::vector<std::vector<std::string>> cases = {
      {"circuit", "--witness-digest"},
      {"circuit", "--c1", "c1.json"},
      {"circuit", "--c1", "c1.json", "--witness-digest", "--fingerprint"},
      {"circuit", "--c1", "c1.json", "--witness-digest", "--registered-proof",
       "StackedDrg2KiBV1_1"},
      {"circuit", "--c1", "c1.json", "--witness-digest", "--witness-source", "gpu"},
      {"circuit", "--c1", "/nonexistent/c1.json", "--witness-digest"},
      {"circuit", "--update-input", "update.json"},
      {"circuit", "--update-input", "update.json", "--c1", "c1.json", "--witness-digest"},
      {"circuit", "--update-input", "update.json", "--witness-digest", "--witness-source",
       "native"},
      {"circuit", "--update-input", "/nonexistent/update.json", "--witness-digest"},
  };
  for (const auto& args : cases) {
    INFO(args.back());
    const Outcome o = run_cuzk(args);
    CHECK(o.exit_code == 2);
    CHECK(o.out.empty());
    CHECK((!o.err.empty() && o.err.find('\n') == o.err.size() - 1));
  }
}

TEST_CASE("cuzk circuit --update-input --witness-digest: gen-update's 2 KiB input") {
  // gen-update's defaults always give the same input, so the digests are fixed (ours: no Rust run
  // has digested an update witness).
  char dir_template[] = "/tmp/cuzk-circuit-update-XXXXXX";
  REQUIRE(::mkdtemp(dir_template) != nullptr);
  const std::string path = std::string(dir_template) + "/update.json";
  REQUIRE(run_cuzk({"gen-update", "--registered-update-proof", "StackedDrg2KiBV1", "-o", path})
              .exit_code == 0);
  const Outcome o = run_cuzk(
      {"circuit", "--update-input", path, "--partition", "0", "--witness-digest", "--json"});
  CHECK(o.exit_code == 0);
  CHECK(
      o.out ==
      "{\"registered_update_proof\":\"StackedDrg2KiBV1\",\"partition\":0,"
      "\"witness_source\":\"proving\",\"num_inputs\":5,\"num_aux\":1703569,"
      "\"aux_sha256\":\"c8f4402d40929df018eaf855db6c19ff41532579a40cfe96fecb495c72316be2\","
      "\"inputs_sha256\":\"a0484bf2a4c69809a362ac25c9faefb790f55c96278cdeedcad635cfb7cb5104\"}\n");
  CHECK(run_cuzk({"circuit", "--update-input", path, "--partition", "1", "--witness-digest"})
            .exit_code == 2);
  std::remove(path.c_str());
  ::rmdir(dir_template);
}
