// `cuzk public-inputs` against filecoin-proofs' get_seal_inputs for a 32 GiB statement
// (../shared/vectors/rust-fil-proofs-public-inputs.json): partition 0 input by input and the
// SHA-256 of all 3,270 inputs; and bad usage or input: one line on stderr, exit 2, nothing on
// stdout. (A 2 KiB statement from a C1 file: rust_seal_vector_test.cpp.)
#include <doctest/doctest.h>

#include <simdjson.h>

#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "hashers/sha256.hpp"
#include "test_vectors.hpp"
#include "util/hex.hpp"

namespace {

using cuzk::test::run_cuzk;
using Outcome = cuzk::test::CliOutcome;

std::string field(simdjson::dom::element e, const char* key) {
  return std::string(e[key].get_string().value());
}

bool one_line(const std::string& s) {
  return !s.empty() && s.back() == '\n' && s.find('\n') == s.size() - 1;
}

struct Statement {
  simdjson::padded_string json =
      cuzk::test::load_shared_vector_file("rust-fil-proofs-public-inputs.json");
  simdjson::dom::parser parser;
  simdjson::dom::element sector = parser.parse(json).value()["sectors"].at(0).value();

  std::vector<std::string> args() const {
    return {"public-inputs",
            "--registered-proof",
            field(sector, "registered_proof"),
            "--comm-r",
            field(sector, "comm_r"),
            "--comm-d",
            field(sector, "comm_d"),
            "--ticket",
            field(sector, "ticket"),
            "--seed",
            field(sector, "seed"),
            "--prover-id",
            field(sector, "prover_id"),
            "--sector-id",
            std::to_string(sector["sector_id"].get_uint64().value())};
  }
};

}  // namespace

TEST_CASE("cuzk public-inputs: the 32 GiB statement of get_seal_inputs") {
  const Statement s;
  REQUIRE(field(s.sector, "api_version") == "1.1.0");  // the registered proof's own
  REQUIRE(s.sector["porep_id_nonce"].get_uint64().value() == 0);
  const Outcome o = run_cuzk(s.args());
  INFO(o.err);
  REQUIRE(o.exit_code == 0);
  CHECK(o.err.empty());
  simdjson::dom::parser parser;
  const simdjson::dom::element r = parser.parse(o.out).value();
  CHECK(field(r, "registered_proof") == field(s.sector, "registered_proof"));
  CHECK(field(r, "replica_id") == field(s.sector, "replica_id"));
  CHECK(r["partitions"].get_uint64().value() == s.sector["partitions"].get_uint64().value());
  CHECK(r["inputs_per_partition"].get_uint64().value() ==
        s.sector["inputs_per_partition"].get_uint64().value());

  const simdjson::dom::array partitions = r["inputs"].get_array().value();
  REQUIRE(partitions.size() == 10);
  const simdjson::dom::array expected = s.sector["partition_0"].get_array().value();
  const simdjson::dom::array first = partitions.at(0).get_array().value();
  REQUIRE(expected.size() == 327);
  REQUIRE(first.size() == expected.size());
  for (std::size_t i = 0; i < first.size(); ++i) {
    INFO("partition 0, input " << i);
    CHECK(first.at(i).get_string().value() == expected.at(i).get_string().value());
  }

  cuzk::hashers::Sha256 all;
  std::size_t count = 0;
  for (const simdjson::dom::element p : partitions) {
    const simdjson::dom::array inputs = p.get_array().value();
    for (const simdjson::dom::element input : inputs) {
      const auto bytes = cuzk::from_hex(input.get_string().value());
      REQUIRE((bytes && bytes->size() == 32));
      all.update(*bytes);
      ++count;
    }
  }
  CHECK(count == 3270);
  CHECK(cuzk::to_hex(all.finish()) == field(s.sector, "sha256_of_all_inputs"));
}

TEST_CASE("cuzk public-inputs: bad usage or input exits 2 with one line and no output") {
  const Statement s;
  const auto with = [&](const std::string& option, const std::string& value) {
    std::vector<std::string> a = s.args();
    for (std::size_t i = 0; i + 1 < a.size(); ++i) {
      if (a[i] == option) a[i + 1] = value;
    }
    return a;
  };
  const std::vector<std::pair<const char*, std::vector<std::string>>> cases = {
      {"no statement", {"public-inputs"}},
      {"unreadable C1",
       {"public-inputs", "--c1", "/nonexistent/c1.json", "--miner-id", "1000", "--sector-id", "1"}},
      {"unknown proof", with("--registered-proof", "StackedDrg3GiBV1_1")},
      {"short comm_r", with("--comm-r", "12")},
      {"zero comm_r", with("--comm-r", std::string(64, '0'))},  // verify_seal refuses it
      {"comm_d above the modulus", with("--comm-d", std::string(64, 'f'))},
      {"bad prover id", with("--prover-id", "xyz")},
      {"negative sector id", with("--sector-id", "-1")},
  };
  for (const auto& [what, args] : cases) {
    INFO(std::string(what));
    const Outcome o = run_cuzk(args);
    CHECK(o.exit_code == 2);
    CHECK(o.out.empty());
    CHECK(one_line(o.err));
  }
}
