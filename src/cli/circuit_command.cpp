// `cuzk circuit`: the size of one partition's PoRep circuit, counted without a witness: counts,
// FFT domain, the parameter vector lengths a matching .params file must have, and optionally the
// R1CS fingerprints, non-zeros and densities that rust-fil-proofs-r1cs.json pins; or the digests
// of one partition's witness synthesized from a C1 file (rust-fil-proofs-witness.json); or the
// same size report for one partition of an EmptySectorUpdate (SnapDeals) proof.
//
//   cuzk circuit --registered-proof StackedDrg32GiBV1_1 [--fingerprint] [--json]
//   cuzk circuit --registered-update-proof StackedDrg32GiBV1 [--fingerprint] [--json]
//   cuzk circuit --update-input FILE --partition K --witness-digest [--json]
//   cuzk circuit --nodes 8 --layers 2 --challenges 1 --tree 8-0-0   (rust-fil-proofs test shapes)
//   cuzk circuit --c1 C1 --partition K --witness-digest [--witness-source proving|witness|native]
//   [--json]
//
// With --registered-proof the overrides replace single fields of its shape.
#include <cinttypes>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "circuit/stacked/circuit_report.hpp"
#include "circuit/stacked/circuit_shape.hpp"
#include "circuit/stacked/partition_witness.hpp"
#include "circuit/update/from_vanilla.hpp"
#include "circuit/update/update_report.hpp"
#include "circuit/update/update_shape.hpp"
#include "cli/cli.hpp"
#include "cli/registered_proof_option.hpp"
#include "porep/c1_parser.hpp"
#include "porep/registered_proof.hpp"
#include "porep/update/update_input_json.hpp"
#include "porep/update/update_proof.hpp"
#include "util/error.hpp"

namespace cuzk::cli {
namespace {

using circuit::stacked::CircuitReport;
using circuit::stacked::CircuitShape;
using porep::RegisteredSealProof;

struct CircuitOptions {
  std::string registered_proof;
  std::string registered_update_proof;
  std::optional<std::uint64_t> nodes;
  std::optional<std::uint32_t> layers;
  std::optional<std::uint32_t> challenges;
  std::string tree;
  bool fingerprint = false;
  std::string c1;
  std::string update_input;
  std::uint32_t partition = 0;
  bool witness_digest = false;
  std::string witness_source = "proving";
  bool json = false;
};

// The partition's shape and the registered proof it came from, if any; a usage error otherwise.
struct Selection {
  std::optional<RegisteredSealProof> proof;
  CircuitShape shape;
  std::uint32_t partitions = 1;
};

Selection select_shape(const CircuitOptions& o) {
  Selection s;
  if (!o.registered_proof.empty()) {
    s.proof = registered_proof_option(o.registered_proof);
    const auto& info = porep::seal_proof_info(*s.proof);
    s.shape = circuit::stacked::circuit_shape(info);
    s.partitions = info.partitions;
  } else if (!o.nodes || !o.layers || !o.challenges || o.tree.empty()) {
    throw CLI::ValidationError(
        "give --registered-proof, or all of --nodes, --layers, --challenges and --tree");
  }
  if (o.nodes) s.shape.nodes = *o.nodes;
  if (o.layers) s.shape.layers = *o.layers;
  if (o.challenges) s.shape.challenges = *o.challenges;
  if (!o.tree.empty()) {
    const auto tree = circuit::stacked::parse_tree_shape(o.tree);
    if (!tree)
      throw CLI::ValidationError("--tree '" + o.tree + "' is not BASE-SUB-TOP, e.g. 8-8-0");
    s.shape.tree = *tree;
  }
  try {
    s.shape.validate();
  } catch (const Error& e) {
    throw CLI::ValidationError(e.what());
  }
  return s;
}

std::string proof_name(const Selection& s) {
  return s.proof ? std::string(porep::seal_proof_info(*s.proof).name) : std::string();
}

// The members of a report every circuit has, as JSON members (no braces around them).
void print_json_sizes(const circuit::R1csReport& r) {
  const auto& p = r.params;
  std::printf("\"num_inputs\":%" PRIu64 ",\"num_aux\":%" PRIu64 ",\"num_constraints\":%" PRIu64
              ",\"num_constraints_with_inputs\":%" PRIu64 ",\"domain_size\":%" PRIu64 ",",
              r.num_inputs, r.num_aux, r.num_constraints, r.num_constraints_with_inputs(),
              r.domain_size);
  std::printf("\"params_lengths\":{\"ic\":%" PRIu64 ",\"h\":%" PRIu64 ",\"l\":%" PRIu64
              ",\"a\":%" PRIu64 ",\"b_g1\":%" PRIu64 ",\"b_g2\":%" PRIu64 "}",
              p.ic, p.h, p.l, p.a, p.b_g1, p.b_g2);
  if (r.digest) {
    const auto& d = *r.digest;
    std::printf(",\"fingerprint\":\"%s\",\"fingerprint_with_input_rows\":\"%s\",",
                d.fingerprint.c_str(), d.fingerprint_with_input_rows.c_str());
    std::printf("\"nnz_incl_input_rows\":{\"A\":%" PRIu64 ",\"B\":%" PRIu64 ",\"C\":%" PRIu64 "},",
                d.nnz_with_input_rows.a, d.nnz_with_input_rows.b, d.nnz_with_input_rows.c);
    std::printf("\"density\":{\"a_aux\":%" PRIu64 ",\"b_aux\":%" PRIu64 ",\"b_input\":%" PRIu64 "}",
                d.density.a_aux, d.density.b_aux, d.density.b_input);
  }
}

void print_text_row(const char* key, const std::string& value) {
  std::printf("%-28s %s\n", key, value.c_str());
}

// The rows of a report every circuit has.
void print_text_sizes(const circuit::R1csReport& r) {
  const auto row = print_text_row;
  const auto num = [](std::uint64_t v) { return std::to_string(v); };
  row("inputs (ONE included)", num(r.num_inputs));
  row("aux", num(r.num_aux));
  row("constraints (synthesized)", num(r.num_constraints));
  row("constraints (+ input rows)", num(r.num_constraints_with_inputs()));
  row("FFT domain size", num(r.domain_size));
  const auto& p = r.params;
  row("params ic", num(p.ic));
  row("params h", num(p.h));
  row("params l", num(p.l));
  row("params a", num(p.a));
  row("params b_g1", num(p.b_g1));
  row("params b_g2", num(p.b_g2));
  if (r.digest) {
    const auto& d = *r.digest;
    row("fingerprint", d.fingerprint);
    row("fingerprint (+ input rows)", d.fingerprint_with_input_rows);
    row("non-zeros A (+ input rows)", num(d.nnz_with_input_rows.a));
    row("non-zeros B (+ input rows)", num(d.nnz_with_input_rows.b));
    row("non-zeros C (+ input rows)", num(d.nnz_with_input_rows.c));
    row("density: aux in A", num(d.density.a_aux));
    row("density: inputs in B", num(d.density.b_input));
    row("density: aux in B", num(d.density.b_aux));
  }
}

void print_json(const Selection& s, const CircuitReport& r) {
  std::printf("{\"registered_proof\":%s,",
              s.proof ? ("\"" + proof_name(s) + "\"").c_str() : "null");
  std::printf("\"sector_size\":%" PRIu64 ",\"nodes\":%" PRIu64 ",\"layers\":%u,",
              r.shape.nodes * porep::kNodeBytes, r.shape.nodes, r.shape.layers);
  std::printf("\"tree\":\"%s\",\"partitions\":%u,\"challenges_per_partition\":%u,",
              circuit::stacked::format_tree_shape(r.shape.tree).c_str(), s.partitions,
              r.shape.challenges);
  print_json_sizes(r);
  std::printf("}\n");
}

void print_text(const Selection& s, const CircuitReport& r) {
  const auto row = print_text_row;
  const auto num = [](std::uint64_t v) { return std::to_string(v); };
  row("registered proof", s.proof ? proof_name(s) : "(none: shape given by hand)");
  row("sector size", num(r.shape.nodes * porep::kNodeBytes) + " bytes");
  row("nodes", num(r.shape.nodes));
  row("layers", num(r.shape.layers));
  row("tree (C, R_last)", circuit::stacked::format_tree_shape(r.shape.tree));
  row("partitions", num(s.partitions));
  row("challenges per partition", num(r.shape.challenges));
  print_text_sizes(r);
}

std::string format_tree_shape(const circuit::merkle::TreeShape& t) {
  return std::to_string(t.base_arity) + "-" + std::to_string(t.sub_arity) + "-" +
         std::to_string(t.top_arity);
}

void print_update_report(const CircuitOptions& o, const circuit::update::UpdateCircuitReport& r) {
  const auto& s = r.shape;
  const std::string name = o.registered_update_proof;
  const std::string tree = format_tree_shape(s.tree_r);
  if (o.json) {
    std::printf("{\"registered_update_proof\":\"%s\",\"sector_size\":%" PRIu64 ",\"nodes\":%" PRIu64
                ",\"tree_r\":\"%s\",\"partitions\":%zu,"
                "\"challenges_per_partition\":%zu,\"apex_leaves\":%zu,",
                name.c_str(), s.sector_nodes * porep::kNodeBytes, s.sector_nodes, tree.c_str(),
                s.partition_count, s.challenge_count, s.apex_leaf_count);
    print_json_sizes(r);
    std::printf("}\n");
    return;
  }
  const auto row = print_text_row;
  const auto num = [](std::uint64_t v) { return std::to_string(v); };
  row("registered update proof", name);
  row("sector size", num(s.sector_nodes * porep::kNodeBytes) + " bytes");
  row("nodes", num(s.sector_nodes));
  row("tree (R old, R new)", tree);
  row("partitions", num(s.partition_count));
  row("challenges per partition", num(s.challenge_count));
  row("apex leaves per partition", num(s.apex_leaf_count));
  print_text_sizes(r);
}

// A witness digest, formatted whole before anything is printed. `proof_key` names the JSON member
// of the registered proof.
void print_digest(const CircuitOptions& o, const char* proof_key, const std::string& name,
                  std::string_view source, const circuit::WitnessDigest& d) {
  const std::string source_name(source);
  char text[1024];
  if (o.json) {
    std::snprintf(text, sizeof text,
                  "{\"%s\":\"%s\",\"partition\":%u,\"witness_source\":\"%s\","
                  "\"num_inputs\":%" PRIu64 ",\"num_aux\":%" PRIu64
                  ",\"aux_sha256\":\"%s\",\"inputs_sha256\":\"%s\"}\n",
                  proof_key, name.c_str(), o.partition, source_name.c_str(), d.num_inputs,
                  d.num_aux, d.aux_sha256.c_str(), d.inputs_sha256.c_str());
  } else {
    std::snprintf(text, sizeof text,
                  "%-28s %s\n%-28s %u\n%-28s %s\n%-28s %" PRIu64 "\n%-28s %" PRIu64
                  "\n%-28s %s\n%-28s %s\n",
                  "registered proof", name.c_str(), "partition", o.partition, "witness source",
                  source_name.c_str(), "inputs (ONE included)", d.num_inputs, "aux", d.num_aux,
                  "aux sha256", d.aux_sha256.c_str(), "inputs sha256", d.inputs_sha256.c_str());
  }
  std::fputs(text, stdout);
}

// --c1 ... --witness-digest: the whole result is formatted before anything is printed.
void print_witness_digest(const CircuitOptions& o) {
  const auto source = circuit::stacked::witness_source_from_name(o.witness_source);
  if (!source) {
    throw CLI::ValidationError("--witness-source '" + o.witness_source +
                               "': expected proving, witness or native");
  }
  porep::C1Output c1;
  try {
    c1 = porep::load_c1_file(o.c1, porep::C1Checks::kStructure);
  } catch (const Error& e) {
    throw CLI::ValidationError(e.what());  // an unreadable or malformed C1 is bad input
  }
  if (o.partition >= c1.partitions) {
    throw CLI::ValidationError("--partition " + std::to_string(o.partition) + ": " + o.c1 +
                               " has partitions 0 to " + std::to_string(c1.partitions - 1));
  }
  print_digest(o, "registered_proof", std::string(c1.info().name),
               circuit::stacked::witness_source_name(*source),
               circuit::stacked::partition_witness_digest(c1, o.partition, *source));
}

// --update-input ... --witness-digest: partition K's circuit from its vanilla proof, synthesized
// in ProvingCS.
void print_update_witness_digest(const CircuitOptions& o) {
  porep::update::UpdateInput input;
  try {
    input = porep::update::load_update_input_file(o.update_input,
                                                  porep::update::UpdateInputChecks::kStructure);
  } catch (const Error& e) {
    throw CLI::ValidationError(e.what());  // an unreadable or malformed input is bad input
  }
  if (o.partition >= input.partitions.size()) {
    throw CLI::ValidationError("--partition " + std::to_string(o.partition) + ": " +
                               o.update_input + " has partitions 0 to " +
                               std::to_string(input.partitions.size() - 1));
  }
  const circuit::update::UpdateCircuit circuit = circuit::update::circuit_from_vanilla(
      input.statement(o.partition), input.partitions[o.partition]);
  print_digest(o, "registered_update_proof", std::string(input.info().name), "proving",
               circuit::update::update_witness_digest(circuit));
}

}  // namespace

void add_circuit_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand(
      "circuit",
      "Size, parameter lengths and fingerprints of one partition's PoRep or EmptySectorUpdate "
      "circuit, or digests of a partition's witness");
  // The options outlive this function: CLI11 writes them during parse, the callback reads them.
  auto o = std::make_shared<CircuitOptions>();
  auto* proof = add_registered_proof_option(*cmd, o->registered_proof, "Registered seal proof");
  auto* update_proof = cmd->add_option("--registered-update-proof", o->registered_update_proof,
                                       "Instead of a PoRep circuit: the EmptySectorUpdate "
                                       "(SnapDeals) circuit of this registered update proof, e.g. "
                                       "StackedDrg32GiBV1");
  auto* nodes = cmd->add_option("--nodes", o->nodes, "Override: sector nodes (32 bytes each)");
  auto* layers = cmd->add_option("--layers", o->layers, "Override: layers (2 or 11)");
  auto* challenges =
      cmd->add_option("--challenges", o->challenges, "Override: challenges per partition");
  auto* tree =
      cmd->add_option("--tree", o->tree, "Override: tree C/R_last shape BASE-SUB-TOP, e.g. 8-8-2");
  auto* fingerprint =
      cmd->add_flag("--fingerprint", o->fingerprint,
                    "Also compute the R1CS fingerprints (bellpepper's TestConstraintSystem::hash, "
                    "without and with the input rows), the non-zeros per matrix and the densities");
  auto* c1 = cmd->add_option("--c1", o->c1, "C1 file (lotus/curio wrapper or inner JSON)");
  auto* update_input = cmd->add_option("--update-input", o->update_input,
                                       "Update input file (cuzk gen-update; docs/update-input.md)");
  auto* partition = cmd->add_option("--partition", o->partition,
                                    "Partition of the C1 or update input (default 0)");
  auto* witness_source = cmd->add_option("--witness-source", o->witness_source,
                                         "What synthesizes the witness: proving (ProvingCS, the "
                                         "CPU prover's; about 17 GB at 32 GiB), witness "
                                         "(WitnessCS, compact) or native (the generator the GPU "
                                         "path uses)")
                             ->capture_default_str();
  auto* witness_digest = cmd->add_flag(
      "--witness-digest", o->witness_digest,
      "Instead of the circuit's size: synthesize partition K of --c1 or --update-input and print "
      "SHA-256 digests of its aux values and inputs (each Fr as 32 little-endian bytes, ONE first "
      "among inputs)");
  c1->needs(witness_digest);
  update_input->needs(witness_digest);
  update_input->excludes(c1);
  update_input->excludes(witness_source);
  partition->needs(witness_digest);
  witness_source->needs(witness_digest);
  for (auto* opt : {proof, nodes, layers, challenges, tree, fingerprint})
    witness_digest->excludes(opt);
  for (auto* opt : {proof, nodes, layers, challenges, tree, witness_digest})
    update_proof->excludes(opt);
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->callback([&exit_code, o] {
    if (o->witness_digest) {
      if (o->update_input.empty() && o->c1.empty()) {
        throw CLI::ValidationError("--witness-digest needs --c1 or --update-input");
      }
      if (o->update_input.empty()) {
        print_witness_digest(*o);
      } else {
        print_update_witness_digest(*o);
      }
      exit_code = kExitSuccess;
      return;
    }
    const auto fingerprint =
        o->fingerprint ? circuit::Fingerprint::kCompute : circuit::Fingerprint::kSkip;
    if (!o->registered_update_proof.empty()) {
      const circuit::update::UpdateShape shape =
          circuit::update::update_shape(registered_update_proof_option(o->registered_update_proof));
      print_update_report(*o, circuit::update::analyze_update_circuit(shape, fingerprint));
      exit_code = kExitSuccess;
      return;
    }
    const Selection s = select_shape(*o);
    const CircuitReport report = circuit::stacked::analyze_circuit(s.shape, fingerprint);
    if (o->json) {
      print_json(s, report);
    } else {
      print_text(s, report);
    }
    exit_code = kExitSuccess;
  });
}

}  // namespace cuzk::cli
