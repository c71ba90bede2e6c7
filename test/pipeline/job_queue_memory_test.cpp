// The job queue's jobs that live in memory (a daemon's): a C1 given as bytes, no output file, the
// registered proof the caller names, a job's own cancel flag, and preload/release; an update
// input given as bytes, read as an update proof's and refused with PoRep's options. Nothing here
// proves (the parameter loader refuses), so every case costs milliseconds: the proofs themselves
// are made through the daemon in serve/grpc_client_test and by `cuzk prove-update` in
// cli/prove_update_test.
#include <doctest/doctest.h>

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pipeline/job_queue.hpp"
#include "porep/c1_output.hpp"
#include "porep/update/update_input_json.hpp"
#include "sealing/c1_generator.hpp"
#include "sealing/c1_writer.hpp"
#include "sealing/update/update_generator.hpp"
#include "util/error.hpp"

namespace {

using namespace cuzk::pipeline;
namespace porep = cuzk::porep;
constexpr porep::RegisteredSealProof kProof = porep::RegisteredSealProof::kStackedDrg2KiBV1_1;

// The inner JSON of a sealed 2 KiB sector of miner 1000, sector 3.
std::shared_ptr<const std::string> c1_json() {
  cuzk::sealing::GenerateC1Options g;
  g.proof = kProof;
  g.identity.prover_id = porep::prover_id_from_actor_id(1000);
  g.identity.sector_id = 3;
  g.identity.ticket.fill(0x11);
  g.seed.fill(0x22);
  static const auto json = std::make_shared<const std::string>(
      cuzk::sealing::c1_inner_json(cuzk::sealing::generate_c1(g)));
  return json;
}

class Reports final : public JobObserver {
 public:
  void input_read(std::size_t, const SectorJob&, const CircuitKind& kind) override {
    ++read;
    kinds.push_back(kind);
  }
  void backend_chosen(std::size_t, const BackendChoice&) override {}
  void job_ended(const JobReport& report) override { ended.push_back(report); }
  int read = 0;
  std::vector<CircuitKind> kinds;  // of the inputs read
  std::vector<JobReport> ended;
};

struct Queue {
  int loads = 0;
  std::vector<CircuitKind> loaded;  // what the loader was asked for
  Reports reports;
  JobQueue queue{
      [] {
        ProvingOptions o;
        o.backend = cuzk::prover::BackendKind::kCpu;
        return o;
      }(),
      [this](const CircuitKind& kind) -> std::unique_ptr<cuzk::prover::MappedParameters> {
        ++loads;
        loaded.push_back(kind);
        throw cuzk::Error("missing parameters: none in this test");
      },
      reports};

  JobReport run(SectorJob job) {
    queue.submit(1, std::move(job));
    queue.finish_pending();
    REQUIRE(reports.ended.size() == 1);
    JobReport r = reports.ended.back();
    reports.ended.clear();
    return r;
  }
};

SectorJob memory_job(std::shared_ptr<const std::string> bytes) {
  SectorJob job;
  job.input = "request-7";
  job.input_bytes = std::move(bytes);
  job.identity.prover_id = porep::prover_id_from_actor_id(1000);
  job.identity.sector_id = 3;
  return job;  // no output: the proof would come back in the report
}

}  // namespace

TEST_CASE("a C1 in memory: its messages start with the job's name") {
  Queue q;
  const JobReport r = q.run(memory_job(std::make_shared<const std::string>("{\"a\":")));
  REQUIRE(r.failure);
  CHECK(r.failure->kind == FailureKind::kInput);
  CHECK(r.failure->message.starts_with("request-7: "));
  CHECK(q.loads == 0);
}

TEST_CASE("a C1 in memory is read, and reaches the parameters; no file is written anywhere") {
  Queue q;
  const JobReport r = q.run(memory_job(c1_json()));
  CHECK(q.reports.read == 1);
  CHECK(q.loads == 1);
  REQUIRE(r.failure);
  CHECK(r.failure->message == "missing parameters: none in this test");
  CHECK(r.proof.empty());
  CHECK_FALSE(q.queue.loaded_proof());
}

TEST_CASE("the registered proof the job names: a C1 of another fails before the parameters") {
  Queue q;
  SectorJob job = memory_job(c1_json());
  job.registered_proof = porep::RegisteredSealProof::kStackedDrg32GiBV1_1;
  const JobReport r = q.run(job);
  REQUIRE(r.failure);
  CHECK(r.failure->kind == FailureKind::kInput);
  CHECK(r.failure->message ==
        "request-7: the C1 output is StackedDrg2KiBV1_1, not the StackedDrg32GiBV1_1 the job "
        "names");
  CHECK(q.loads == 0);
  job.registered_proof = kProof;
  CHECK(q.run(job).failure->message == "missing parameters: none in this test");
}

TEST_CASE("a job's own cancel flag: set before it starts, it fails Interrupted at once") {
  Queue q;
  SectorJob job = memory_job(c1_json());
  auto cancel = std::make_shared<std::atomic<bool>>(true);
  job.cancel = cancel;
  const JobReport r = q.run(job);
  REQUIRE(r.failure);
  CHECK(r.failure->kind == FailureKind::kInterrupted);
  CHECK(q.reports.read == 0);
  // Another job of the same queue is not touched by it.
  CHECK(q.run(memory_job(c1_json())).failure->kind != FailureKind::kInterrupted);
}

TEST_CASE("preload and release: the loader's failure is the caller's, nothing held after") {
  Queue q;
  CHECK_THROWS_WITH_AS(q.queue.preload(kProof), "missing parameters: none in this test",
                       cuzk::Error);
  CHECK(q.loads == 1);
  CHECK_FALSE(q.queue.loaded_proof());
  CHECK(q.queue.loaded_parameters_path().empty());
  CHECK_FALSE(q.queue.release());
}

namespace {

constexpr auto kUpdateProof = porep::update::RegisteredUpdateProof::kStackedDrg2KiBV1;

// A 2 KiB update input's JSON, as `cuzk gen-update` writes it.
std::shared_ptr<const std::string> update_json() {
  static const auto json = std::make_shared<const std::string>(
      porep::update::update_input_json(cuzk::sealing::generate_update({})));
  return json;
}

SectorJob update_job(std::shared_ptr<const std::string> bytes) {
  SectorJob job;
  job.proof_type = ProofType::kUpdate;
  job.input = "update-9";
  job.input_bytes = std::move(bytes);
  return job;
}

}  // namespace

TEST_CASE("an update input in memory is read as an update proof's and reaches its parameters") {
  Queue q;
  const JobReport r = q.run(update_job(update_json()));
  REQUIRE(q.reports.kinds.size() == 1);
  CHECK(q.reports.kinds[0] == CircuitKind(kUpdateProof));
  REQUIRE(q.loaded.size() == 1);
  CHECK(q.loaded[0] == CircuitKind(kUpdateProof));
  REQUIRE(r.failure);
  CHECK(r.failure->message == "missing parameters: none in this test");
  CHECK(r.timings.registered_proof == "StackedDrg2KiBV1");
  CHECK(r.timings.phases.front().first == "load_update");
}

TEST_CASE("an update job: a bad input, another registered proof or PoRep's options fail it") {
  Queue q;
  const JobReport bad = q.run(update_job(std::make_shared<const std::string>("{\"a\":")));
  REQUIRE(bad.failure);
  CHECK(bad.failure->kind == FailureKind::kInput);
  CHECK(bad.failure->message.starts_with("update-9: "));
  // A C1 is no update input.
  CHECK(q.run(update_job(c1_json())).failure->kind == FailureKind::kInput);

  SectorJob named = update_job(update_json());
  named.registered_proof = kProof;
  CHECK(q.run(named).failure->message ==
        "update-9: the update input is StackedDrg2KiBV1 update, not the StackedDrg2KiBV1_1 the job "
        "names");

  SectorJob with_ids = update_job(update_json());
  with_ids.identity.prover_id = porep::prover_id_from_actor_id(1000);
  const JobReport refused = q.run(with_ids);
  REQUIRE(refused.failure);
  CHECK(refused.failure->kind == FailureKind::kUsage);
  CHECK(refused.failure->message.find("does not apply to an update proof") != std::string::npos);
  SectorJob with_porep_id = update_job(update_json());
  with_porep_id.overrides.porep_id = porep::PorepId{};
  CHECK(q.run(with_porep_id).failure->kind == FailureKind::kUsage);
  CHECK(q.loads == 0);
}
