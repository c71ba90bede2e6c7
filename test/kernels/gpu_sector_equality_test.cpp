// The GPU path against the CPU path on a real sealed sector, with the sector's own parameters:
// one partition proved as `cuzk prove --backend cpu` proves it (ProvingCS, CpuBackend) and as
// `--backend gpu` does (the recorded shape, the native witness, PartitionProver). Its inputs are
// the sector's public inputs; a, b, c, the quotient's coefficients and the five sums are equal;
// the proofs assembled from either side's sums verify with those public inputs.
//
// Which sector: a C1 file from the environment,
//   CUZK_EQUALITY_C1=FILE          a C1 output (lotus wrapper or inner JSON), any registered proof
//   CUZK_EQUALITY_PARAMS_DIR=DIR   its .params under Filecoin's name (`cuzk params generate`)
//   CUZK_EQUALITY_PARTITION=K      the partition to prove (default 0)
// (scripts/gpu-512mib-check.sh runs it so on a 512 MiB sector), or without them an 8 MiB sector
// sealed here with parameters generated here (on the GPU when there is one, as the test runs).
// Skipped without a GPU; the lead runs it on the H200.
#include <doctest/doctest.h>

#ifdef CUZK_HAVE_CUDA

#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "circuit/proving_cs.hpp"
#include "circuit/stacked/circuit_inputs.hpp"
#include "circuit/stacked/circuit_shape.hpp"
#include "circuit/stacked/native_witness.hpp"
#include "circuit/stacked/record_shape.hpp"
#include "circuit/stacked/stacked_circuit.hpp"
#include "gpu_test_support.hpp"
#include "porep/c1_parser.hpp"
#include "porep/replica_id.hpp"
#include "prover/backend_kind.hpp"
#include "prover/params/mapped_parameters.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/params/parameters.hpp"
#include "prover/prover.hpp"
#include "prover/seal/seal_verifier.hpp"
#include "prover/setup/test_parameters.hpp"
#include "prover/setup/toxic_waste.hpp"
#include "prover/verifier.hpp"
#include "sealing/c1_generator.hpp"
#include "sealing/c1_writer.hpp"
#include "temp_dir.hpp"
#include "util/error.hpp"

namespace cuzk::kernels::test {
namespace {

namespace fs = std::filesystem;
namespace seal = prover::seal;
namespace stacked = circuit::stacked;

std::optional<std::string> environment(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr || *value == '\0') return std::nullopt;
  return std::string(value);
}

std::uint32_t partition_number(const std::string& text) {
  std::uint32_t k = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), k);
  if (error != std::errc{} || end != text.data() + text.size()) {
    throw Error("CUZK_EQUALITY_PARTITION='" + text + "': expected a partition number");
  }
  return k;
}

// The sector the check runs on, its parameters and the partition to prove.
struct EqualitySector {
  std::optional<cuzk::test::TempDir> scratch;  // the parameters made here
  porep::C1Output c1;
  fs::path params;
  std::uint32_t partition = 0;
  std::string origin;

  EqualitySector() {
    const auto c1_file = environment("CUZK_EQUALITY_C1");
    const auto params_dir = environment("CUZK_EQUALITY_PARAMS_DIR");
    const auto partition_text = environment("CUZK_EQUALITY_PARTITION");
    if (c1_file.has_value() != params_dir.has_value()) {
      throw Error("set both CUZK_EQUALITY_C1 and CUZK_EQUALITY_PARAMS_DIR, or neither");
    }
    if (c1_file) {
      c1 = porep::load_c1_file(*c1_file, porep::C1Checks::kFull);
      params = prover::parameter_paths(*params_dir, c1.registered_proof).params;
      origin = *c1_file;
    } else {
      make_8mib_sector();
    }
    if (partition_text) partition = partition_number(*partition_text);
    if (partition >= c1.partitions) {
      throw Error("CUZK_EQUALITY_PARTITION=" + std::to_string(partition) + ": the sector has " +
                  std::to_string(c1.partitions) + " partition(s)");
    }
  }

  // Sealed as `cuzk gen-c1 --registered-proof StackedDrg8MiBV1_1` seals it; the parameters from
  // `cuzk params generate`'s setup (the GPU's when there is one).
  void make_8mib_sector() {
    const porep::RegisteredSealProof proof = porep::RegisteredSealProof::kStackedDrg8MiBV1_1;
    sealing::GenerateC1Options o;
    o.proof = proof;
    o.data_seed = 12;
    o.identity.prover_id = porep::prover_id_from_actor_id(1000);
    o.identity.sector_id = 12;
    o.identity.ticket.fill(3);
    o.seed.fill(4);
    c1 = porep::parse_c1(sealing::c1_inner_json(sealing::generate_c1(o)), porep::C1Checks::kFull);
    origin =
        "an 8 MiB sector sealed here (set CUZK_EQUALITY_C1 and CUZK_EQUALITY_PARAMS_DIR "
        "for another)";

    scratch.emplace("gpu_sector_equality");
    const prover::ParameterPaths paths = prover::parameter_paths(scratch->path(), proof);
    prover::TestParameterWriter writer(paths);
    std::mt19937_64 rng(12);
    prover::write_seal_test_parameters(proof, prover::ToxicWaste::random(rng), writer,
                                       prover::choose_setup_device(prover::BackendKind::kAuto),
                                       [](const std::string&) {});
    params = paths.params;
  }
};

TEST_CASE(
    "a sealed sector's partition: the GPU path's a, b, c, h and sums are the CPU path's; "
    "both proofs verify with the sector's public inputs" *
    doctest::skip(no_gpu())) {
  const EqualitySector sector;
  const porep::C1Output& c1 = sector.c1;
  MESSAGE(c1.info().name << ", partition " << sector.partition << " of " << c1.partitions << ": "
                         << sector.origin);
  const prover::MappedParameters params(sector.params, bls12_381::SubgroupCheck::kNo);
  const prover::PreparedVerifyingKey pvk(params.vk());
  const std::vector<Fr> public_inputs =
      seal::seal_public_inputs(c1.registered_proof, c1.public_values(), c1.overrides)
          .at(sector.partition);
  const stacked::StackedCircuit circuit = stacked::circuit_from_c1(c1, sector.partition);

  // The CPU path (query_sums checks the parameters' lengths against it); its proof verifies
  // before the GPU is asked anything.
  const circuit::ProvingCS p = prover::synthesize_for_proving(
      [&](circuit::ProvingCS& cs) { stacked::synthesize(cs, circuit); });
  const CpuPartition cpu = prove_on_cpu(params, p);
  const prover::Proof cpu_proof =
      prover::assemble_proof(params.vk(), cpu.sums, prover::Blinding::random());
  REQUIRE(prover::verify_proof(pvk, cpu_proof, public_inputs));

  // The GPU path on the same partition, as the pipeline takes it: the prefix and one challenge
  // block recorded, the other blocks copied on the GPU.
  const stacked::PartitionRecording recording = stacked::record_partition_blocks(circuit.shape);
  prover::check_lengths_match(params.lengths(), prover::lengths_for_circuit(recording),
                              params.name());
  const circuit::CompactWitness witness =
      stacked::native_witnesses(std::span(&circuit, 1), recording.layout).at(0);
  REQUIRE(witness.inputs.size() == public_inputs.size() + 1);
  CHECK(difference(std::span(witness.inputs).subspan(1), public_inputs) == "");
  const GpuPartition gpu = prove_on_gpu(params, pipeline::r1cs_view(recording), witness);
  check_gpu_equals_cpu(p, cpu, gpu, witness);
  CHECK(prover::verify_proof(pvk, proof_from(params.vk(), gpu.sums), public_inputs));
}

}  // namespace
}  // namespace cuzk::kernels::test

#endif  // CUZK_HAVE_CUDA
