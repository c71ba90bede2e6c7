// `cuzk prove --jobs` end to end on the CPU with 2 KiB sectors: the test parameters of the ctest
// fixture params_2kib (params_2kib.hpp), C1s from `cuzk gen-c1`. A list fed through a pipe as the
// proofs are written: two proofs valid by `cuzk verify`, a missing C1 and a bad line reported
// alone, nothing at their outputs, the parameters loaded once. Then failures that cost no proving
// (unwritable outputs, the C1 itself or a directory as output, a C1 of another sector), a list
// file with bad lines refused whole before any proving, the command line's usage errors, SIGINT
// and SIGTERM stopping a run before its proving, and SIGINT while the CPU proves: that job is
// finished and written.
#include <doctest/doctest.h>
#include <simdjson.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "cli/prove_jobs.hpp"

#include "cli_runner.hpp"
#include "file_bytes.hpp"
#include "params_2kib.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;

using cuzk::test::check_usage_error;
using cuzk::test::one_line;
using cuzk::test::run_cuzk;
using cuzk::test::TempDir;
using Outcome = cuzk::test::CliOutcome;

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

// Every file in `dir` (names only): a failed job must add none, not even a temporary.
std::vector<std::string> listing(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// The fixture's parameters and the C1s of sectors 7 and 8 of miner 1000, made once.
struct World {
  TempDir dir{"prove_jobs"};
  fs::path params_dir = cuzk::test::params_2kib_dir();
  fs::path c1_7 = dir / "c1-7.json";
  fs::path c1_8 = dir / "c1-8.json";

  World() {
    for (const auto& [path, sector] : {std::pair{c1_7, "7"}, std::pair{c1_8, "8"}}) {
      const Outcome o =
          run_cuzk({"gen-c1", "--registered-proof", "StackedDrg2KiBV1_1", "--miner-id", "1000",
                    "--sector-id", sector, "-o", path.string()});
      INFO(o.err);
      REQUIRE(o.exit_code == 0);
    }
  }
};

const World& world() {
  static const World w;
  return w;
}

Outcome verify(const World& w, const fs::path& c1, const fs::path& proof, const char* sector) {
  return run_cuzk({"verify", "--c1", c1.string(), "--proof", proof.string(), "--miner-id", "1000",
                   "--sector-id", sector, "--params-dir", w.params_dir.string()});
}

// fd 0 reads from `fd` while the object lives.
class StdinFrom {
 public:
  explicit StdinFrom(int fd) : saved_(dup(STDIN_FILENO)) {
    REQUIRE(saved_ >= 0);
    REQUIRE(dup2(fd, STDIN_FILENO) == STDIN_FILENO);
  }
  ~StdinFrom() {
    dup2(saved_, STDIN_FILENO);
    close(saved_);
  }
  StdinFrom(const StdinFrom&) = delete;
  StdinFrom& operator=(const StdinFrom&) = delete;

 private:
  int saved_;
};

}  // namespace

TEST_CASE(
    "cuzk prove --jobs -: a piped list, two proofs valid, a missing C1 and a bad line alone") {
  const World& w = world();
  const TempDir out("prove_jobs_out");
  const fs::path missing = w.dir / "no-such-c1.json";
  const std::string first = "# two sectors and a missing C1\n" + w.c1_7.string() + " " +
                            (out / "p7.bin").string() + " --miner-id 1000 --sector-id 7\n\n";
  const std::string rest =
      missing.string() + " " + (out / "p9.bin").string() + " --miner-id 1000 --sector-id 9\n" +
      w.c1_8.string() + " " + (out / "p8.bin").string() + " --miner-id f01000 --sector-id 8\n" +
      w.c1_8.string() + " " + (out / "p10.bin").string() + " --miner-id nope\n";
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  // The rest of the list comes only once the first proof is written: a prover that read its list
  // to the end before starting would write nothing (and the writer gives up after ten minutes).
  bool first_proof_before_rest = false;
  std::thread writer([&] {
    REQUIRE(write(fds[1], first.data(), first.size()) == static_cast<ssize_t>(first.size()));
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(10);
    while (!fs::exists(out / "p7.bin") && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    first_proof_before_rest = fs::exists(out / "p7.bin");
    REQUIRE(write(fds[1], rest.data(), rest.size()) == static_cast<ssize_t>(rest.size()));
    close(fds[1]);
  });
  const fs::path timings = w.dir / "jobs-timings.json";
  Outcome o;
  {
    const StdinFrom stdin_from(fds[0]);
    o = run_cuzk({"prove", "--jobs", "-", "--params-dir", w.params_dir.string(), "--backend", "cpu",
                  "--timings", timings.string()});
  }
  writer.join();
  close(fds[0]);

  INFO(o.err);
  CHECK(o.exit_code == 1);
  CHECK(first_proof_before_rest);
  CHECK(contains(o.err, "job 1 (" + w.c1_7.string() + "): wrote " + (out / "p7.bin").string()));
  CHECK(contains(o.err, "job 2: failed: " + missing.string()));
  CHECK(contains(o.err, "job 3 (" + w.c1_8.string() + "): wrote " + (out / "p8.bin").string()));
  // A piped list is read as it comes: its bad line fails alone, after the jobs before it.
  CHECK(contains(o.err, "job 4: failed: line 6: --miner-id 'nope' is not an actor id"));
  CHECK(contains(o.err, "summary: 2 sectors proved, 2 failed"));
  CHECK(listing(out.path()) == std::vector<std::string>{"p7.bin", "p8.bin"});
  CHECK(cuzk::test::read_bytes(out / "p7.bin").size() == 192);
  const Outcome v7 = verify(w, w.c1_7, out / "p7.bin", "7");
  const Outcome v8 = verify(w, w.c1_8, out / "p8.bin", "8");
  CHECK(v7.exit_code == 0);
  CHECK(v7.out == "valid\n");
  CHECK(v8.exit_code == 0);
  CHECK(v8.out == "valid\n");
  // Each proof is of its own sector.
  CHECK(verify(w, w.c1_8, out / "p7.bin", "8").exit_code == 1);

  simdjson::dom::parser parser;
  const simdjson::padded_string json = simdjson::padded_string::load(timings.string());
  const simdjson::dom::element doc = parser.parse(json);
  const simdjson::dom::array jobs = doc["jobs"];
  REQUIRE(jobs.size() == 4);
  CHECK(bool(jobs.at(0)["ok"]));
  CHECK_FALSE(bool(jobs.at(1)["ok"]));
  CHECK(std::int64_t(jobs.at(1)["line"]) == 4);
  CHECK(bool(jobs.at(2)["ok"]));
  // The parameters are loaded for the first job and kept for the third.
  CHECK(jobs.at(0)["timings"]["phases"]["load_params"].error() == simdjson::SUCCESS);
  CHECK(jobs.at(2)["timings"]["phases"]["load_params"].error() == simdjson::NO_SUCH_FIELD);
  CHECK(jobs.at(2)["timings"]["phases"]["prove"].error() == simdjson::SUCCESS);
  CHECK(std::int64_t(doc["summary"]["sectors"]) == 2);
  CHECK(std::int64_t(doc["summary"]["failed"]) == 2);
  CHECK(double(doc["summary"]["steady_state_s_per_sector"]) > 0);
  CHECK(doc["summary"]["gpu_busy_fraction"].is_null());
}

TEST_CASE("cuzk prove --jobs FILE: unusable inputs and outputs fail alone, by number") {
  const World& w = world();
  const TempDir out("prove_jobs_bad");
  const fs::path list = w.dir / "unusable-jobs.txt";
  const fs::path c1_copy = out / "c1-7.json";
  fs::copy_file(w.c1_7, c1_copy);
  const std::vector<std::uint8_t> c1_bytes = cuzk::test::read_bytes(c1_copy);
  fs::create_directories(out / "a-directory");
  const std::string c1 = w.c1_7.string();
  std::ofstream(list) << "# nothing here can be proved\n"
                      << (w.dir / "none.json").string() << " " << (out / "b.bin").string() << "\n"
                      << c1 << " " << (out / "no-dir" / "c.bin").string()
                      << " --miner-id 1000 --sector-id 7\n"
                      << c1 << " " << (out / "d.bin").string() << " --miner-id 1000 --sector-id 8\n"
                      << c1_copy.string() << " " << c1_copy.string()
                      << " --miner-id 1000 --sector-id 7\n"
                      << c1 << " " << (out / "a-directory").string() << "\n";
  const Outcome o = run_cuzk({"prove", "--jobs", list.string(), "--params-dir",
                              w.params_dir.string(), "--backend", "cpu", "-q"});
  INFO(o.err);
  CHECK(o.exit_code == 1);
  CHECK(o.out.empty());
  CHECK(contains(o.err, "job 1: failed: " + (w.dir / "none.json").string() + ": no such file"));
  CHECK(contains(o.err, "job 2: failed: "));
  CHECK(contains(o.err, "job 3: failed: " + c1 +
                            ": this C1 was sealed for another miner or sector (given: f01000 "
                            "sector 8; the C1's wrapper says sector 7)"));
  CHECK(contains(o.err, "job 4: failed: " + c1_copy.string() + ": is the C1 file"));
  CHECK(contains(o.err, "job 5: failed: " + (out / "a-directory").string() + ": is a directory"));
  // -q: the failures and nothing else, one line each.
  CHECK(std::count(o.err.begin(), o.err.end(), '\n') == 5);
  CHECK(listing(out.path()) == std::vector<std::string>{"a-directory", "c1-7.json"});
  CHECK(cuzk::test::read_bytes(c1_copy) == c1_bytes);
}

TEST_CASE("cuzk prove --jobs FILE: a bad line refuses the whole list before any proving") {
  const World& w = world();
  const TempDir out("prove_jobs_bad_line");
  const fs::path list = w.dir / "bad-line-jobs.txt";
  const std::string c1 = w.c1_7.string();
  const std::vector<std::uint8_t> c1_bytes = cuzk::test::read_bytes(w.c1_7);
  std::ofstream(list) << "# the third line is bad, the seventh too\n"
                      << c1 << " " << (out / "a.bin").string() << " --miner-id 1000 --sector-id 7\n"
                      << c1 << " " << (out / "b.bin").string() << " --miner-id nope\n"
                      << "\n"
                      << c1 << " " << (out / "c.bin").string() << " --miner-id 1000 --sector-id 7\n"
                      << "# a comment\n"
                      << c1 << "\n";
  const Outcome o = run_cuzk({"prove", "--jobs", list.string(), "--params-dir",
                              w.params_dir.string(), "--backend", "cpu"});
  INFO(o.err);
  CHECK(o.exit_code == 1);
  CHECK(one_line(o.err));
  CHECK(contains(o.err, list.string() + ": 2 bad lines, nothing proved: line 3: --miner-id 'nope' "
                                        "is not an actor id"));
  CHECK(contains(o.err, "; line 7: "));
  CHECK(listing(out.path()).empty());
  CHECK(cuzk::test::read_bytes(w.c1_7) == c1_bytes);
}

TEST_CASE("cuzk prove: --jobs or C1 and -o, never both; bad options fail before any job") {
  const World& w = world();
  const fs::path list = w.dir / "usage-jobs.txt";
  std::ofstream(list) << w.c1_7.string() << " " << (w.dir / "never.bin").string() << "\n";
  const std::string jobs = list.string();
  const std::string c1 = w.c1_7.string();
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"prove", "--jobs", jobs, c1},
                                             {"prove", "--jobs", jobs, "-o", "x.bin"},
                                             {"prove"},
                                             {"prove", c1},
                                             {"prove", "--jobs", jobs, "--sector-id", "3"},
                                             {"prove", "--jobs", jobs, "--miner-id", "zz"},
                                             {"prove", "--jobs", jobs, "--porep-id", "12"},
                                             {"prove", "--jobs", jobs, "--backend", "tpu"}}) {
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    INFO(joined);
    check_usage_error(run_cuzk(args));
  }
  CHECK_FALSE(fs::exists(w.dir / "never.bin"));
  // A negative or zero size is named as such, not as CLI11's unsigned overflow.
  for (const char* size : {"-5GiB", "0"}) {
    INFO(size);
    const Outcome o = run_cuzk({"prove", c1, "-o", "x.bin", "--gpu-memory-limit", size});
    check_usage_error(o);
    CHECK(contains(o.err, "cuzk: --gpu-memory-limit: must be a positive size, e.g. 24GiB"));
  }

  const Outcome missing = run_cuzk({"prove", "--jobs", (w.dir / "no-list.txt").string()});
  CHECK(missing.exit_code == 1);
  CHECK(one_line(missing.err));
  CHECK(contains(missing.err, "cannot open the job list"));
}

// prove_jobs in this process, on the CPU, over sectors 7 and 8 written to `out`, with `hooks`
// (which raise the signals): the exit status and what it printed on stderr.
struct InProcessRun {
  int status = 0;
  std::string err;
};

InProcessRun prove_sectors_7_and_8(const World& w, const TempDir& out,
                                   const cuzk::cli::JobsHooks& hooks) {
  const fs::path list = out / "jobs.txt";
  std::ofstream(list) << w.c1_7.string() << " " << (out / "p7.bin").string()
                      << " --miner-id 1000 --sector-id 7\n"
                      << w.c1_8.string() << " " << (out / "p8.bin").string()
                      << " --miner-id 1000 --sector-id 8\n";
  cuzk::cli::ProveOptions options;
  options.jobs = list.string();
  options.params_dir = w.params_dir.string();
  options.backend = "cpu";
  InProcessRun run;
  cuzk::test::detail::StreamCapture capture(stderr);
  run.status = cuzk::cli::prove_jobs(options, hooks);
  run.err = capture.text();
  return run;
}

TEST_CASE(
    "SIGINT and SIGTERM before proving: the job in flight abandoned, no more taken, no file") {
  const World& w = world();
  for (const int signal : {SIGINT, SIGTERM}) {
    INFO("signal " << signal);
    const TempDir out("prove_jobs_signal");
    std::vector<std::size_t> started;
    cuzk::cli::JobsHooks hooks;
    // The signal arrives as job 1 starts: its C1 and parameters are read, its proving is not.
    hooks.job_started = [&](std::size_t job) {
      started.push_back(job);
      std::raise(signal);
    };
    const auto [status, err] = prove_sectors_7_and_8(w, out, hooks);
    INFO(err);
    CHECK(status == 128 + signal);
    CHECK(started == std::vector<std::size_t>{1});
    CHECK(contains(err, "job 1: failed: interrupted"));
    CHECK_FALSE(contains(err, "job 2"));
    CHECK(listing(out.path()) == std::vector<std::string>{"jobs.txt"});
  }
}

TEST_CASE("SIGINT while the CPU proves: the job is finished and written, valid; no more taken") {
  const World& w = world();
  const TempDir out("prove_jobs_cpu_signal");
  cuzk::cli::JobsHooks hooks;
  // The signal arrives as job 1's proving starts: minutes of MSMs on a large sector.
  hooks.phase_started = [](std::size_t job, cuzk::prover::seal::SealPhase phase) {
    if (job == 1 && phase == cuzk::prover::seal::SealPhase::kProve) std::raise(SIGINT);
  };
  const auto [status, err] = prove_sectors_7_and_8(w, out, hooks);
  INFO(err);
  CHECK(status == 128 + SIGINT);
  // Said at once, before the proof is written.
  const std::size_t notice = err.find("interrupted: finishing job 1 (the CPU is proving it)");
  const std::size_t wrote = err.find("job 1 (" + w.c1_7.string() + "): wrote ");
  REQUIRE(notice != std::string::npos);
  REQUIRE(wrote != std::string::npos);
  CHECK(notice < wrote);
  CHECK_FALSE(contains(err, "job 2"));
  CHECK(listing(out.path()) == std::vector<std::string>{"jobs.txt", "p7.bin"});
  const Outcome v7 = verify(w, w.c1_7, out / "p7.bin", "7");
  CHECK(v7.out == "valid\n");
}
