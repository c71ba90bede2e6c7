// The job list of `cuzk prove --jobs`: each line's fields and options with the rules of
// `cuzk prove`'s own (ids, porep_id), update lines (--update, without PoRep's options), comments,
// bad lines; the reader's line numbers, its waiting
// (a whole line or nothing) on a pipe and its stop; the end-of-run summary and timings JSON.
#include <doctest/doctest.h>
#include <simdjson.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <string>
#include <vector>

#include "cli/job_list.hpp"
#include "cli/jobs_report.hpp"
#include "porep/replica_id.hpp"

#include "temp_dir.hpp"

namespace {

using cuzk::cli::is_blank_or_comment;
using cuzk::cli::JobLine;
using cuzk::cli::JobLineReader;
using cuzk::cli::JobRecord;
using cuzk::cli::parse_job_line;
using Status = JobLineReader::Status;
using Wait = JobLineReader::Wait;

const std::string kPorepId(64, 'a');

// The message a bad line is reported with.
std::string rejection(const std::string& line) {
  try {
    (void)parse_job_line(line);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "accepted";
}

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

// Both ends of a pipe, closed on destruction.
struct Pipe {
  int read_end = -1, write_end = -1;
  Pipe() { REQUIRE(pipe(&read_end) == 0); }
  ~Pipe() {
    close(read_end);
    close_write();
  }
  void write(const std::string& s) const {
    REQUIRE(::write(write_end, s.data(), s.size()) == static_cast<ssize_t>(s.size()));
  }
  void close_write() {
    if (write_end >= 0) close(write_end);
    write_end = -1;
  }
};

}  // namespace

TEST_CASE("a job line: the C1, the output and the options of `cuzk prove`") {
  const JobLine plain = parse_job_line("c1.json proof.bin");
  CHECK(plain.input == "c1.json");
  CHECK_FALSE(plain.update);
  CHECK(plain.output == "proof.bin");
  CHECK(plain.ids.miner_id.empty());
  CHECK(plain.ids.prover_id.empty());
  CHECK_FALSE(plain.sector_id.has_value());
  CHECK(plain.porep_id.empty());

  const JobLine full = parse_job_line(
      "  /a/c1.json\t/b/p.bin --miner-id f01234 --sector-id 42 "
      "--porep-id " +
      kPorepId + "  \r");
  CHECK(full.input == "/a/c1.json");
  CHECK(full.output == "/b/p.bin");
  CHECK(full.ids.miner_id == "f01234");
  CHECK(full.sector_id == 42);
  CHECK(full.porep_id == kPorepId);

  const std::string prover(64, '0');
  const JobLine by_prover = parse_job_line("x y --prover-id " + prover + " --sector-id 1");
  CHECK(by_prover.ids.prover_id == prover);
  // A path with blanks, quoted.
  CHECK(parse_job_line("\"my sector/c1.json\" out.bin").input == "my sector/c1.json");
}

TEST_CASE("an update job line: --update makes the first field an update input") {
  const JobLine update = parse_job_line("update.json proof.bin --update");
  CHECK(update.update);
  CHECK(update.input == "update.json");
  CHECK(update.output == "proof.bin");
  CHECK(parse_job_line("--update \"my sector/u.json\" p.bin").input == "my sector/u.json");

  // PoRep's options, each named: the update proof commits to no prover, sector or porep_id.
  const std::vector<std::string> porep_options = {
      "--miner-id 1000", "--prover-id " + std::string(64, '0'), "--sector-id 3 --miner-id 1",
      "--porep-id " + kPorepId};
  for (const std::string& option : porep_options) {
    INFO(option);
    const std::string name = option.substr(0, option.find(' '));
    const std::string reason = rejection("u.json p.bin --update " + option);
    CHECK(contains(reason, " does not apply to an update job (--update)"));
    CHECK(contains(reason, option.starts_with("--sector-id") ? "--miner-id" : name));
  }
  CHECK(contains(rejection("u.json --update"), "output"));
}

TEST_CASE("blank lines and # comments hold no job") {
  CHECK(is_blank_or_comment(""));
  CHECK(is_blank_or_comment(" \t\r"));
  CHECK(is_blank_or_comment("# c1.json p.bin"));
  CHECK(is_blank_or_comment("   # indented"));
  CHECK_FALSE(is_blank_or_comment("c1.json p.bin # trailing"));
  CHECK_FALSE(is_blank_or_comment(" c1.json"));
}

TEST_CASE("a bad job line is refused with its reason") {
  CHECK(contains(rejection("c1.json"), "output"));
  CHECK(contains(rejection("c1.json p.bin extra"), "extra"));
  CHECK(contains(rejection("c1.json p.bin --bogus 1"), "--bogus"));
  CHECK(contains(rejection("c1.json p.bin --miner-id abc"), "is not an actor id"));
  CHECK(contains(rejection("c1.json p.bin --prover-id 12"), "is not 64 hex digits"));
  CHECK(contains(rejection("c1.json p.bin --porep-id " + kPorepId.substr(1)),
                 "--porep-id '" + kPorepId.substr(1) + "' is not 64 hex digits"));
  CHECK(contains(rejection("c1.json p.bin --sector-id 3"), "needs --miner-id or --prover-id"));
  CHECK(contains(rejection("c1.json p.bin --sector-id x --miner-id 1"), "--sector-id"));
  CHECK(contains(rejection("c1.json p.bin --miner-id 1 --prover-id " + std::string(64, '0')),
                 "excludes"));
}

TEST_CASE("the reader: jobs with their line numbers, comments skipped, a last line unended") {
  const cuzk::test::TempDir dir("job_list");
  const auto list = dir / "jobs.txt";
  std::ofstream(list) << "# header\n\na.json a.bin\n   \n  # note\nb.json b.bin --miner-id 1\nc d";
  JobLineReader reader(list.string());
  const std::atomic<bool> stop{false};
  std::vector<std::pair<std::size_t, std::string>> lines;
  for (;;) {
    JobLineReader::Next next = reader.next(Wait::kBlock, stop);
    if (next.status != Status::kLine) {
      CHECK(next.status == Status::kEnd);
      break;
    }
    lines.emplace_back(next.line_number, next.text);
  }
  const std::vector<std::pair<std::size_t, std::string>> expected = {
      {3, "a.json a.bin"}, {6, "b.json b.bin --miner-id 1"}, {7, "c d"}};
  CHECK(lines == expected);

  CHECK_THROWS_WITH_AS(JobLineReader((dir / "none.txt").string()),
                       doctest::Contains("cannot open the job list"), cuzk::Error);
}

TEST_CASE("the reader on a pipe: a whole line or nothing, the end, a stop") {
  Pipe pipe;
  const std::string source = "/dev/fd/" + std::to_string(pipe.read_end);
  JobLineReader reader(source);
  std::atomic<bool> stop{false};
  CHECK(reader.next(Wait::kIfReady, stop).status == Status::kNotReady);
  pipe.write("# comment\na.json a");
  CHECK(reader.next(Wait::kIfReady, stop).status == Status::kNotReady);  // half a line
  pipe.write(".bin\n");
  JobLineReader::Next next = reader.next(Wait::kIfReady, stop);
  CHECK(next.status == Status::kLine);
  CHECK(next.line_number == 2);
  CHECK(next.text == "a.json a.bin");

  stop = true;
  pipe.write("b.json b.bin\n");
  CHECK(reader.next(Wait::kBlock, stop).status == Status::kStopped);
  stop = false;
  CHECK(reader.next(Wait::kBlock, stop).text == "b.json b.bin");
  pipe.close_write();
  CHECK(reader.next(Wait::kBlock, stop).status == Status::kEnd);
}

TEST_CASE("the summary: sectors, the steady state from the second proof on, the GPU fraction") {
  std::vector<JobRecord> records(4);
  const double finished[] = {10, 0, 18, 14};
  for (std::size_t i = 0; i < records.size(); ++i) {
    records[i].number = i + 1;
    records[i].ok = i != 1;
    records[i].finished_seconds = finished[i];
  }
  records[1].error = "bad \"c1\"\nsecond line";
  records[1].input = "dir\\c1.json";
  records[1].proof = "update";
  const cuzk::cli::JobsSummary s = cuzk::cli::summarize(records, 20, 6, 8);
  CHECK(s.proved == 3);
  CHECK(s.failed == 1);
  CHECK(s.wall_seconds == 20);
  REQUIRE(s.steady_seconds_per_sector.has_value());
  CHECK(*s.steady_seconds_per_sector == doctest::Approx(4.0));  // (18 - 10) / 2
  REQUIRE(s.gpu_busy_fraction.has_value());
  CHECK(*s.gpu_busy_fraction == doctest::Approx(0.75));
  CHECK(cuzk::cli::summary_line(s) ==
        "summary: 3 sectors proved, 1 failed, 20.0 s; steady state 4.00 s per sector (from the "
        "second on); GPU busy 75%");

  // One proof: no steady state; no GPU thread: no fraction.
  const cuzk::cli::JobsSummary one = cuzk::cli::summarize({records.data(), 2}, 11, 0, 0);
  CHECK_FALSE(one.steady_seconds_per_sector.has_value());
  CHECK_FALSE(one.gpu_busy_fraction.has_value());
  CHECK(cuzk::cli::summary_line(one) == "summary: 1 sector proved, 1 failed, 11.0 s");

  // The timings file is JSON whatever the paths and messages hold.
  const std::string json = cuzk::cli::jobs_timings_json(records, s);
  simdjson::dom::parser parser;
  const simdjson::dom::element doc = parser.parse(json);
  CHECK(doc["jobs"].get_array().size() == 4);
  CHECK(std::string_view(doc["jobs"].at(1)["error"]) == "bad \"c1\"\nsecond line");
  CHECK(std::string_view(doc["jobs"].at(1)["input"]) == "dir\\c1.json");
  CHECK(std::string_view(doc["jobs"].at(1)["proof"]) == "update");
  CHECK(bool(doc["jobs"].at(1)["ok"]) == false);
  CHECK(std::int64_t(doc["summary"]["sectors"]) == 3);
  CHECK(double(doc["summary"]["steady_state_s_per_sector"]) == doctest::Approx(4.0));
  CHECK(cuzk::cli::jobs_timings_json(records, one).find("\"gpu_busy_fraction\":null") !=
        std::string::npos);
}
