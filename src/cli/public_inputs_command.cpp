// `cuzk public-inputs`: the Groth16 public inputs of every partition of a sector statement, as
// filecoin-proofs' get_seal_inputs returns them (ONE excluded; each Fr as its 32 little-endian
// bytes in hex), so that a proof rejected on chain can be traced to the input that differs.
//
//   cuzk public-inputs --c1 C1 (--prover-id HEX | --miner-id ID) --sector-id N
//   cuzk public-inputs --registered-proof NAME --comm-r HEX --comm-d HEX --ticket HEX --seed HEX
//                      (--prover-id HEX | --miner-id ID) --sector-id N
//
// The statement options are `cuzk verify`'s (statement_options.hpp). Prints one JSON object:
//   {"registered_proof", "prover_id", "sector_id", "replica_id", "partitions",
//    "inputs_per_partition", "inputs": [[partition 0's inputs], ...]}
// Bad usage or input (an unreadable C1, a zero or non-canonical commitment) is one line on stderr
// and exit 2, with nothing on stdout.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "cli/statement_options.hpp"
#include "porep/registered_proof.hpp"
#include "prover/seal/seal_verifier.hpp"
#include "util/hex.hpp"

namespace cuzk::cli {
namespace {

namespace seal = prover::seal;

std::string quoted_hex(std::span<const std::uint8_t> bytes) { return "\"" + to_hex(bytes) + "\""; }

std::string public_inputs_json(const StatementOptions& o) {
  const seal::SealStatement statement = statement_from_options(o).seal;
  const porep::SealPublicValues values = seal::seal_public_values(statement);
  const std::vector<std::vector<bls12_381::Fr>> inputs =
      seal::seal_public_inputs(statement.proof, values, statement.overrides);
  std::string out =
      "{\"registered_proof\":\"" + std::string(porep::seal_proof_info(statement.proof).name) + "\"";
  out += ",\"prover_id\":" + quoted_hex(statement.prover_id);
  out += ",\"sector_id\":" + std::to_string(statement.sector_id);
  out += ",\"replica_id\":" + quoted_hex(values.replica_id);
  out += ",\"partitions\":" + std::to_string(inputs.size());
  out += ",\"inputs_per_partition\":" + std::to_string(inputs.empty() ? 0 : inputs[0].size());
  out += ",\"inputs\":[";
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    out += k == 0 ? "[" : ",[";
    for (std::size_t i = 0; i < inputs[k].size(); ++i) {
      if (i != 0) out += ",";
      out += quoted_hex(inputs[k][i].to_bytes_le());
    }
    out += "]";
  }
  out += "]}\n";
  return out;
}

}  // namespace

void add_public_inputs_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand(
      "public-inputs",
      "Print the Groth16 public inputs of every partition (get_seal_inputs) as JSON");
  auto o = std::make_shared<StatementOptions>();
  add_statement_options(*cmd, *o);
  cmd->callback([&exit_code, o] {
    std::string json;
    try {
      json = public_inputs_json(*o);
    } catch (const CLI::Error&) {
      throw;
    } catch (const std::exception& e) {
      // An unreadable C1 or a statement verify_seal would refuse is bad input here.
      std::fprintf(stderr, "cuzk: %s\n", e.what());
      exit_code = kExitUsage;
      return;
    }
    std::fputs(json.c_str(), stdout);
    exit_code = kExitSuccess;
  });
}

}  // namespace cuzk::cli
