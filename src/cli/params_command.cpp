// `cuzk params`: the Groth16 parameter files of a registered seal or update (SnapDeals) proof.
//
//   cuzk params generate (--registered-proof NAME | --registered-update-proof NAME)
//                        [--params-dir DIR] [--device auto|cpu|gpu] [--force] [-q]
//       INSECURE TEST parameters (.params and .vk) under Filecoin's file names, from a setup
//       whose toxic waste this process drew: for testing only, never for mainnet. Beside them a
//       marker, <stem>.test-only, names them test-only with their digests. The setup runs on the
//       GPU when one is usable (--device auto), streaming the files to disk after checking that
//       they fit.
//   cuzk params check [--params-dir DIR] [--registered-proof NAME | --registered-update-proof NAME
//                     | --sector-size SIZE] [-q]
//       Hashes the published files in the cache (BLAKE2b-512, against parameters.json v28): one
//       line per file, ok, MISSING, CORRUPT or TEST-ONLY (parameter_cache_check.hpp).
//   cuzk params check FILE (--registered-proof NAME | --registered-update-proof NAME)
//                     [--full [--subgroup]]
//       Compares a .params (or .vk) file's vector lengths with the circuit's; --full also
//       decodes every point (on the curve, canonical, not infinity), --subgroup checks subgroup
//       membership too.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <system_error>

#include "bls12_381/encoding.hpp"
#include "cli/cli.hpp"
#include "cli/param_lookup.hpp"
#include "cli/parameter_cache_check.hpp"
#include "cli/progress.hpp"
#include "cli/registered_proof_option.hpp"
#include "kernels/device/gpu.hpp"
#include "porep/registered_proof.hpp"
#include "porep/update/update_proof.hpp"
#include "prover/backend_kind.hpp"
#include "prover/params/mapped_parameters.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/params/test_parameter_marker.hpp"
#include "prover/params/verifying_key.hpp"
#include "prover/setup/test_parameters.hpp"
#include "util/error.hpp"
#include "util/os_random.hpp"

namespace cuzk::cli {
namespace {

namespace seal = prover::seal;

struct GenerateOptions {
  std::string registered_proof;
  std::string registered_update_proof;
  std::string params_dir;
  std::string device = "auto";
  bool force = false;
  bool quiet = false;
  std::string progress = "auto";  // --progress (progress_bar.hpp)
};

// The proof a generate or check names: a seal proof or an update proof, exactly one.
struct NamedProof {
  std::optional<porep::RegisteredSealProof> seal;
  std::optional<porep::update::RegisteredUpdateProof> update;

  std::string name() const {
    return std::string(seal ? porep::seal_proof_info(*seal).name
                            : porep::update::update_proof_info(*update).name);
  }
  prover::ParameterPaths paths(const std::filesystem::path& dir) const {
    return seal ? prover::parameter_paths(dir, *seal) : prover::parameter_paths(dir, *update);
  }
  prover::VectorLengths circuit_lengths() const {
    return seal ? prover::circuit_parameter_lengths(*seal)
                : prover::circuit_parameter_lengths(*update);
  }
};

NamedProof named_proof(const std::string& seal, const std::string& update) {
  if (seal.empty() == update.empty()) {
    throw CLI::ValidationError("give one of --registered-proof and --registered-update-proof");
  }
  if (!seal.empty()) return {registered_proof_option(seal), std::nullopt};
  return {std::nullopt, registered_update_proof_option(update)};
}

void generate(const GenerateOptions& o) {
  const NamedProof proof = named_proof(o.registered_proof, o.registered_update_proof);
  const std::string name = proof.name();
  const auto device_kind = prover::backend_kind_from_name(o.device);
  if (!device_kind) {
    throw CLI::ValidationError("--device '" + o.device + "': expected auto, cpu or gpu");
  }
  Progress progress("cuzk params", verbosity_from_flags(o.quiet, false),
                    progress_style(o.progress));
  // A GPU asked for and missing fails before anything is created.
  const prover::SetupDevice device = prover::choose_setup_device(*device_kind);
  const ParameterDir dir = parameter_dir(o.params_dir);
  const prover::ParameterPaths paths = proof.paths(dir.path);
  std::error_code ec;
  std::filesystem::create_directories(dir.path, ec);
  if (ec) throw Error(dir.path.string() + ": cannot create the directory: " + ec.message());
  // Waits for another `params generate` of the same files; an unwritable directory fails here.
  prover::TestParameterWriter writer(paths);
  if (!o.force && writer.exists()) {
    // Never overwrite what may be Filecoin's published parameters with test ones.
    throw Error(paths.params.parent_path().string() + " already holds parameters for " + name +
                " (" + paths.params.filename().string() + "); --force replaces them");
  }

  progress.log("generating INSECURE TEST parameters for " + name +
               " (testing only: this process knew the toxic waste, so proofs can be forged)");
  progress.log(device == prover::SetupDevice::kGpu
                   ? "setup on the GPU: " + kernels::gpu_description(prover::kSetupGpu)
                   : "setup on the CPU" +
                         std::string(*device_kind == prover::BackendKind::kAuto
                                         ? " (" + kernels::gpu_description(prover::kSetupGpu) + ")"
                                         : ""));
  OsRandom rng;
  const prover::ToxicWaste waste = prover::ToxicWaste::random(rng);
  const prover::SetupLog log = [&progress](const std::string& line) { progress.log(line); };
  const prover::TestSetupReport report =
      proof.seal ? prover::write_seal_test_parameters(*proof.seal, waste, writer, device, log,
                                                      progress.meter())
                 : prover::write_update_test_parameters(*proof.update, waste, writer, device, log,
                                                        progress.meter());
  const prover::VectorLengths& n = report.lengths;
  progress.log("wrote TEST-ONLY parameters " + paths.params.string() + " (" +
               std::to_string(report.sizes.params) + " bytes: h " + std::to_string(n.h) + ", l " +
               std::to_string(n.l) + ", a " + std::to_string(n.a) + ", b " +
               std::to_string(n.b_g1) + " points) and " + paths.vk.filename().string() + " (" +
               std::to_string(report.sizes.vk) + " bytes), marked by " +
               prover::test_marker_path(paths.params).filename().string());
}

struct CheckOptions {
  std::string file;
  std::string registered_proof;
  std::string registered_update_proof;
  bool full = false;
  bool subgroup = false;
  CacheCheckOptions cache;
};

int check(const CheckOptions& o) {
  if (o.file.empty()) {
    if (o.full) throw CLI::ValidationError("--full needs a FILE");
    CacheCheckOptions cache = o.cache;
    cache.registered_proof = o.registered_proof;
    cache.registered_update_proof = o.registered_update_proof;
    return check_parameter_cache(cache);
  }
  if (o.registered_proof.empty() && o.registered_update_proof.empty()) {
    throw CLI::ValidationError("a FILE needs --registered-proof or --registered-update-proof");
  }
  if (!o.cache.sector_size.empty() || !o.cache.params_dir.empty()) {
    throw CLI::ValidationError("--sector-size and --params-dir check the cache, not a FILE");
  }
  const NamedProof proof = named_proof(o.registered_proof, o.registered_update_proof);
  const bool is_vk = std::filesystem::path(o.file).extension() == ".vk";
  const prover::VectorLengths need = proof.circuit_lengths();
  std::printf("%-8s %14s %14s\n", "vector", "file", "circuit");
  const auto row = [](const char* vector, std::size_t have, std::size_t want) {
    std::printf("%-8s %14zu %14zu  %s\n", vector, have, want, have == want ? "ok" : "MISMATCH");
    return have == want;
  };
  bool match = true;
  if (is_vk) {
    const prover::VerifyingKey vk = prover::read_verifying_key_file(o.file);
    match = row("ic", vk.ic.size(), need.ic);
  } else {
    const auto subgroup =
        o.subgroup ? bls12_381::SubgroupCheck::kYes : bls12_381::SubgroupCheck::kNo;
    const prover::MappedParameters params(o.file, subgroup);
    const prover::VectorLengths have = params.lengths();
    match &= row("ic", have.ic, need.ic);
    match &= row("h", have.h, need.h);
    match &= row("l", have.l, need.l);
    match &= row("a", have.a, need.a);
    match &= row("b_g1", have.b_g1, need.b_g1);
    match &= row("b_g2", have.b_g2, need.b_g2);
    if (match && o.full) {
      (void)params.read_all();  // throws ParamsError naming the first bad point
      std::printf("every point decodes: on the curve, canonical, not infinity%s\n",
                  o.subgroup ? ", in the subgroup" : "");
    }
  }
  if (!match) {
    std::fprintf(stderr, "cuzk: %s: the parameters do not belong to %s\n", o.file.c_str(),
                 proof.name().c_str());
    return kExitFailure;
  }
  std::printf("%s fits %s\n", o.file.c_str(), proof.name().c_str());
  return kExitSuccess;
}

}  // namespace

void add_params_command(CLI::App& app, int& exit_code) {
  auto* params =
      app.add_subcommand("params", "Groth16 parameter files of a registered seal or update proof");
  params->require_subcommand(1);

  auto* gen = params->add_subcommand(
      "generate", "Write INSECURE TEST parameters (.params, .vk) under Filecoin's file names");
  auto g = std::make_shared<GenerateOptions>();
  auto* gen_seal = add_registered_proof_option(*gen, g->registered_proof, "Registered seal proof");
  add_registered_update_proof_option(*gen, g->registered_update_proof,
                                     "Instead: registered update (SnapDeals) proof")
      ->excludes(gen_seal);
  gen->add_option("--params-dir", g->params_dir,
                  "Output directory (else $FIL_PROOFS_PARAMETER_CACHE, else "
                  "/var/tmp/filecoin-proof-parameters)");
  gen->add_option("--device", g->device,
                  "auto (the GPU when one is usable), cpu or gpu: where the setup runs")
      ->check(CLI::IsMember({"auto", "cpu", "gpu"}));
  gen->add_flag("--force", g->force, "Replace files that already exist");
  add_progress_option(*gen, g->progress);
  gen->add_flag("-q,--quiet", g->quiet, "No progress on stderr");
  gen->callback([&exit_code, g] {
    generate(*g);
    exit_code = kExitSuccess;
  });

  auto* chk = params->add_subcommand(
      "check",
      "Without FILE: the digests of the parameter cache against Filecoin's published files. "
      "With FILE: a .params or .vk file's vector lengths against the circuit's");
  auto c = std::make_shared<CheckOptions>();
  chk->add_option("file", c->file,
                  ".params or .vk file (needs --registered-proof or --registered-update-proof)");
  auto* chk_seal = add_registered_proof_option(
      *chk, c->registered_proof,
      "Registered seal proof; without FILE: check only the two files it uses");
  add_registered_update_proof_option(
      *chk, c->registered_update_proof,
      "Instead: registered update (SnapDeals) proof; without FILE: check only its two files")
      ->excludes(chk_seal);
  auto* size = chk->add_option("--sector-size", c->cache.sector_size,
                               "Without FILE: check only the files of this sector size, e.g. "
                               "32GiB (PoRep, PoSt and SnapDeal files, as lotus fetches them)");
  chk->add_option("--params-dir", c->cache.params_dir,
                  "Without FILE: the parameter cache (else $FIL_PROOFS_PARAMETER_CACHE, else "
                  "/var/tmp/filecoin-proof-parameters)");
  chk->add_flag("-q,--quiet", c->cache.quiet, "Without FILE: no progress on stderr");
  auto* full = chk->add_flag("--full", c->full, "With FILE: also decode and check every point");
  chk->add_flag("--subgroup", c->subgroup, "With --full: check subgroup membership too")
      ->needs(full);
  size->excludes("--registered-proof");
  size->excludes("--registered-update-proof");
  chk->callback([&exit_code, c] { exit_code = check(*c); });
}

}  // namespace cuzk::cli
