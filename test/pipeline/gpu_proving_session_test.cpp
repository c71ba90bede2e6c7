// One GpuProvingSession across several 2 KiB sectors (test parameters made on the GPU, sectors
// really sealed): a sector submitted while the previous one is still with the GPU, each proof
// valid for its own sector; the shape recorded and the parameters uploaded once; an abandoned
// sector and a C1 that fails its check do not disturb the next; a stop request refuses the next
// sector. Skipped without a GPU (scripts/gpu-check.sh runs it with --no-skip).
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <random>
#include <string>
#include <vector>

#include "porep/c1_parser.hpp"
#include "porep/registered_proof.hpp"
#include "porep/replica_id.hpp"
#include "prover/params/mapped_parameters.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/seal/seal_prover.hpp"
#include "prover/setup/test_parameters.hpp"
#include "prover/setup/toxic_waste.hpp"
#include "sealing/c1_generator.hpp"
#include "sealing/c1_writer.hpp"

#include "kernels/gpu_test_support.hpp"
#include "temp_dir.hpp"

// The session exists only in CUDA builds; without them this executable has no test.
#ifdef CUZK_HAVE_CUDA

#include "pipeline/gpu_proving_session.hpp"
#include "pipeline/porep_sector.hpp"

namespace {

namespace porep = cuzk::porep;
namespace prover = cuzk::prover;
namespace sealing = cuzk::sealing;

constexpr porep::RegisteredSealProof kProof = porep::RegisteredSealProof::kStackedDrg2KiBV1_1;
constexpr std::uint64_t kMinerId = 1000;

using cuzk::kernels::test::no_gpu;

sealing::ProverSector sector(std::uint64_t id) {
  return {porep::prover_id_from_actor_id(kMinerId), id};
}

porep::C1Output seal_sector(std::uint64_t id) {
  sealing::GenerateC1Options g;
  g.proof = kProof;
  g.data_seed = id;
  g.identity.prover_id = sector(id).prover_id;
  g.identity.sector_id = id;
  g.identity.ticket.fill(0x11);
  g.seed.fill(0x22);
  return porep::parse_c1(sealing::c1_inner_json(sealing::generate_c1(g)));
}

bool has_phase(const std::vector<std::pair<std::string, double>>& phases, const char* name) {
  return std::any_of(phases.begin(), phases.end(), [&](const auto& p) { return p.first == name; });
}

double phase(const std::vector<std::pair<std::string, double>>& phases, const char* name) {
  for (const auto& [n, s] : phases) {
    if (n == name) return s;
  }
  FAIL("no phase " << name);
  return 0;
}

}  // namespace

TEST_CASE("GPU proving session: sectors in a row share the parameters and the shape" *
          doctest::skip(no_gpu())) {
  namespace pipeline = cuzk::pipeline;
  const cuzk::test::TempDir dir("gpu_session");
  const prover::ParameterPaths paths = prover::parameter_paths(dir.path(), kProof);
  {
    std::mt19937_64 rng(20261201);
    prover::TestParameterWriter writer(paths);
    (void)prover::write_seal_test_parameters(kProof, prover::ToxicWaste::random(rng), writer,
                                             prover::SetupDevice::kGpu, [](const std::string&) {});
  }
  const prover::MappedParameters params(paths.params, cuzk::bls12_381::SubgroupCheck::kNo);
  const std::shared_ptr<const porep::C1Output> c1[] = {
      std::make_shared<const porep::C1Output>(seal_sector(1)),
      std::make_shared<const porep::C1Output>(seal_sector(2)),
      std::make_shared<const porep::C1Output>(seal_sector(3))};
  // The C1 of sector `id` (of c1[index]), as the GPU sector prover hands it to the session.
  const auto job = [&](std::size_t index, std::uint64_t id) {
    return std::make_shared<const pipeline::PorepSector>(c1[index], sector(id), true);
  };

  std::atomic<bool> stop{false};
  pipeline::GpuSessionOptions options;
  options.device = cuzk::kernels::test::kTestGpu;
  options.stop = &stop;
  pipeline::GpuProvingSession session(params, pipeline::porep_session_circuit(kProof), options);

  // Sector 2 is synthesized while sector 1 is with the GPU.
  pipeline::GpuPendingSector first = session.submit(job(0, 1));
  pipeline::GpuPendingSector second = session.submit(job(1, 2));
  const pipeline::GpuSectorResult r1 = session.finish(std::move(first));
  const pipeline::GpuSectorResult r2 = session.finish(std::move(second));
  CHECK(r1.verified);
  CHECK(r2.verified);
  REQUIRE(r1.proofs.size() == 1);
  REQUIRE(r2.proofs.size() == 1);
  // Each proof is of its own sector: sector 1's proof is no proof of sector 2.
  CHECK_THROWS_WITH_AS(
      prover::seal::verify_new_proofs(*c1[1], params.vk(), sector(2), r1.proofs, params.name()),
      doctest::Contains("failed self-verification"), cuzk::Error);
  // Recorded and uploaded for the first sector only.
  CHECK(has_phase(r1.report.phases, "shape"));
  CHECK_FALSE(has_phase(r2.report.phases, "shape"));
  CHECK(phase(r1.report.phases, "parameter_upload") > 0);
  CHECK(phase(r2.report.phases, "parameter_upload") == 0);
  CHECK(phase(r2.report.phases, "shape_upload") == 0);
  CHECK(r2.report.gpu_seconds > 0);
  // Busy is the union of the partitions' intervals: within the thread's span, never above it.
  CHECK(session.gpu_busy_seconds() > 0);
  CHECK(session.gpu_thread_seconds() >= session.gpu_busy_seconds());

  // Abandoned (never finished), and a C1 refused by its check: the next sector is proved.
  { const pipeline::GpuPendingSector dropped = session.submit(job(2, 3)); }
  CHECK_THROWS_WITH_AS((void)session.submit(job(2, 4)), doctest::Contains("sealed for another miner or sector"),
                       cuzk::Error);
  const pipeline::GpuSectorResult r3 = session.finish(session.submit(job(2, 3)));
  CHECK(r3.verified);

  // Once a stop is requested no sector is synthesized (the GPU thread checks the same flag
  // between partitions; when it sees it is a matter of timing, so it is not tested here).
  stop = true;
  CHECK_THROWS_WITH_AS((void)session.submit(job(0, 1)), "interrupted", cuzk::Error);
}

#endif  // CUZK_HAVE_CUDA
