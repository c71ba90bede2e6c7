// A 2 KiB sector sealed and proved by rust-fil-proofs itself with its own random test parameters
// (../shared/vectors/rust-fil-proofs-2kib-seal.json), through the command line: the C1 file
// exactly as filecoin-ffi hands it to lotus passes `cuzk check-c1`; `cuzk verify` with the given
// verifying key accepts Rust's proof, and rejects it for a sector id one higher and with one byte
// flipped (exit 1, the reason on stderr); `cuzk public-inputs` gives get_seal_inputs' values; and
// `cuzk circuit --witness-digest` gives rust-fil-proofs-witness.json's digests from every source.
#include <doctest/doctest.h>

#include <simdjson.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "circuit/stacked/partition_witness.hpp"
#include "cli_runner.hpp"
#include "temp_dir.hpp"
#include "test_vectors.hpp"
#include "util/hex.hpp"
#include "witness_vectors.hpp"

namespace {

namespace fs = std::filesystem;
namespace stacked = cuzk::circuit::stacked;
using cuzk::test::run_cuzk;
using Outcome = cuzk::test::CliOutcome;

std::string field(simdjson::dom::element e, const char* key) {
  return std::string(e[key].get_string().value());
}

void write_file(const fs::path& p, const std::string& bytes) {
  std::ofstream(p, std::ios::binary) << bytes;
}

std::string from_hex_string(const std::string& hex) {
  const auto bytes = cuzk::from_hex(hex);
  REQUIRE(bytes);
  return std::string(bytes->begin(), bytes->end());
}

bool one_line(const std::string& s) {
  return !s.empty() && s.back() == '\n' && s.find('\n') == s.size() - 1;
}

// The vector, its C1, verifying key and proof written to files as they are.
struct Seal {
  cuzk::test::TempDir dir{"rust_seal"};
  simdjson::padded_string json =
      cuzk::test::load_shared_vector_file("rust-fil-proofs-2kib-seal.json");
  simdjson::dom::parser parser;
  simdjson::dom::element v = parser.parse(json).value();
  fs::path c1 = dir / "c1.json";
  fs::path vk = dir / "seal.vk";
  fs::path proof = dir / "proof.bin";
  std::string prover_id = field(v, "prover_id");
  std::uint64_t sector_id = v["sector_id"].get_uint64().value();

  Seal() {
    write_file(c1, field(v, "c1_json"));
    write_file(vk, from_hex_string(field(v, "vk_hex")));
    write_file(proof, from_hex_string(field(v, "proof_hex")));
  }

  std::string expect(const char* what) const { return field(v["expect"].value(), what); }

  std::vector<std::string> verify_args(const fs::path& proof_file, std::uint64_t sector) const {
    return {"verify",    "--c1",        c1.string(), "--proof",     proof_file.string(),   "--vk",
            vk.string(), "--prover-id", prover_id,   "--sector-id", std::to_string(sector)};
  }
};

const Seal& seal() {
  static const Seal s;
  return s;
}

}  // namespace

TEST_CASE("rust-fil-proofs' 2 KiB C1 passes cuzk check-c1 with its prover and sector ids") {
  const Seal& s = seal();
  REQUIRE(s.expect("check_c1") == "valid");
  const Outcome o = run_cuzk({"check-c1", s.c1.string(), "--prover-id", s.prover_id, "--sector-id",
                              std::to_string(s.sector_id)});
  INFO(o.out << o.err);
  CHECK(o.exit_code == 0);
  CHECK(o.out == "valid\n");
}

TEST_CASE("cuzk verify accepts rust-fil-proofs' proof with its verifying key") {
  const Seal& s = seal();
  REQUIRE(s.expect("verify") == "valid");
  const Outcome o = run_cuzk(s.verify_args(s.proof, s.sector_id));
  INFO(o.err);
  CHECK(o.exit_code == 0);
  CHECK(o.out == "valid\n");

  // The same statement given value by value.
  const Outcome long_form = run_cuzk(
      {"verify", "--proof", s.proof.string(), "--vk", s.vk.string(), "--registered-proof",
       field(s.v, "registered_proof"), "--comm-r", field(s.v, "comm_r"), "--comm-d",
       field(s.v, "comm_d"), "--ticket", field(s.v, "ticket"), "--seed", field(s.v, "seed"),
       "--prover-id", s.prover_id, "--sector-id", std::to_string(s.sector_id)});
  INFO(long_form.err);
  CHECK(long_form.exit_code == 0);
  CHECK(long_form.out == "valid\n");
}

TEST_CASE("cuzk verify rejects rust-fil-proofs' proof for sector id + 1 and with a flipped byte") {
  const Seal& s = seal();
  REQUIRE(s.expect("verify_with_sector_id_plus_1") == "invalid");
  const Outcome other_sector = run_cuzk(s.verify_args(s.proof, s.sector_id + 1));
  CHECK(other_sector.exit_code == 1);
  CHECK(other_sector.out == "invalid\n");
  CHECK(one_line(other_sector.err));
  CHECK(other_sector.err.find("pairing check failed") != std::string::npos);

  std::string bytes = from_hex_string(field(s.v, "proof_hex"));
  REQUIRE(bytes.size() == 192);
  for (const std::size_t at : {std::size_t{20}, std::size_t{100}, std::size_t{191}}) {
    INFO("byte " << at << " flipped");
    std::string flipped = bytes;
    flipped[at] = static_cast<char>(flipped[at] ^ 0x01);
    const fs::path tampered = s.dir / "tampered.bin";
    write_file(tampered, flipped);
    const Outcome o = run_cuzk(s.verify_args(tampered, s.sector_id));
    CHECK(o.exit_code == 1);
    CHECK(o.out == "invalid\n");
    CHECK(one_line(o.err));
  }
}

TEST_CASE("cuzk public-inputs gives get_seal_inputs' values for the Rust-sealed sector") {
  const Seal& s = seal();
  const Outcome o = run_cuzk({"public-inputs", "--c1", s.c1.string(), "--prover-id", s.prover_id,
                              "--sector-id", std::to_string(s.sector_id)});
  INFO(o.err);
  REQUIRE(o.exit_code == 0);
  simdjson::dom::parser parser;
  const simdjson::dom::element r = parser.parse(o.out).value();
  CHECK(field(r, "replica_id") == field(s.v, "replica_id"));
  const simdjson::dom::array expected = s.v["public_inputs"].get_array().value();
  const simdjson::dom::array got = r["inputs"].get_array().value();
  REQUIRE(got.size() == expected.size());
  for (std::size_t k = 0; k < got.size(); ++k) {
    const simdjson::dom::array e = expected.at(k).get_array().value();
    const simdjson::dom::array g = got.at(k).get_array().value();
    REQUIRE(g.size() == e.size());
    for (std::size_t i = 0; i < g.size(); ++i) {
      INFO("partition " << k << ", input " << i);
      CHECK(g.at(i).get_string().value() == e.at(i).get_string().value());
    }
  }
}

TEST_CASE("cuzk circuit --witness-digest gives rust-fil-proofs' witness from every source") {
  const Seal& s = seal();
  for (const auto& v : cuzk::test::witness_vectors_of("StackedDrg2KiBV1_1", 1)) {
    for (const stacked::WitnessSource source : stacked::kWitnessSources) {
      const std::string name(stacked::witness_source_name(source));
      INFO(name);
      const Outcome o =
          run_cuzk({"circuit", "--c1", s.c1.string(), "--partition", std::to_string(v.partition),
                    "--witness-digest", "--witness-source", name, "--json"});
      INFO(o.err);
      REQUIRE(o.exit_code == 0);
      simdjson::dom::parser parser;
      const simdjson::dom::element r = parser.parse(o.out).value();
      CHECK(field(r, "witness_source") == name);
      cuzk::test::check_witness_digest(
          {r["num_inputs"].get_uint64().value(), r["num_aux"].get_uint64().value(),
           field(r, "aux_sha256"), field(r, "inputs_sha256")},
          v);
    }
  }
  // A 2 KiB C1 has one partition.
  const Outcome o =
      run_cuzk({"circuit", "--c1", s.c1.string(), "--partition", "1", "--witness-digest"});
  CHECK(o.exit_code == 2);
  CHECK(o.out.empty());
  CHECK(one_line(o.err));
}
