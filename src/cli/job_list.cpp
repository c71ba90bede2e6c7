#include "cli/job_list.hpp"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <CLI/CLI.hpp>

#include "util/error.hpp"

namespace cuzk::cli {

namespace {

// How long a blocking wait sleeps in poll() before it looks at the stop flag again: a signal
// usually interrupts the poll itself, this bounds the wait when another thread received it.
constexpr int kStopPollMs = 200;

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

}  // namespace

bool is_blank_or_comment(std::string_view line) {
  const std::size_t first = line.find_first_not_of(" \t\r");
  return first == std::string_view::npos || line[first] == '#';
}

JobLine parse_job_line(std::string_view line) {
  JobLine job;
  // The same options, with the same checks, as on `cuzk prove`'s command line.
  CLI::App app("job line", "job");
  app.set_help_flag();
  app.add_option("input", job.input, "C1 output, or with --update the update input")->required();
  app.add_option("output", job.output, "Where to write the proof")->required();
  add_prover_id_options(app, job.ids);
  auto* sector_id = app.add_option("--sector-id", job.sector_id, "Sector number");
  auto* porep_id = app.add_option("--porep-id", job.porep_id, "porep_id, 64 hex digits");
  app.add_flag("--update", job.update, "The input is a SnapDeals update input");
  std::string text(line);
  while (!text.empty() && is_blank(text.back())) text.pop_back();
  app.parse(text, /*program_name_included=*/false);

  if (job.update) {
    for (const CLI::Option* option :
         {app.get_option("--miner-id"), app.get_option("--prover-id"), sector_id, porep_id}) {
      if (option->count() > 0) {
        throw CLI::ValidationError(option->get_name() +
                                   " does not apply to an update job (--update): the update "
                                   "proof commits to no prover, sector or porep_id");
      }
    }
  }

  (void)resolve_prover_id(job.ids);
  if (!job.porep_id.empty()) (void)parse_hex32("--porep-id", job.porep_id);
  if (job.sector_id && job.ids.miner_id.empty() && job.ids.prover_id.empty()) {
    throw CLI::ValidationError("--sector-id needs --miner-id or --prover-id");
  }
  return job;
}

JobLineReader::JobLineReader(const std::string& source) : source_(source) {
  if (source == "-") {
    fd_ = STDIN_FILENO;
    return;
  }
  owned_ = UniqueFd(::open(source.c_str(), O_RDONLY | O_CLOEXEC));
  if (!owned_) throw Error(source + ": cannot open the job list: " + std::strerror(errno));
  fd_ = owned_.get();
}

std::optional<std::string> JobLineReader::take_line() {
  const std::size_t newline = buffer_.find('\n');
  if (newline == std::string::npos) {
    if (!end_ || buffer_.empty()) return std::nullopt;
    return std::exchange(buffer_, {});  // the last line, without a newline
  }
  std::string line = buffer_.substr(0, newline);
  buffer_.erase(0, newline + 1);
  return line;
}

bool JobLineReader::fill(int timeout_ms) {
  pollfd p{fd_, POLLIN, 0};
  const int ready = ::poll(&p, 1, timeout_ms);
  if (ready < 0 && errno != EINTR) throw Error(source_ + ": " + std::strerror(errno));
  if (ready <= 0) return false;
  char chunk[4096];
  const ssize_t n = ::read(fd_, chunk, sizeof chunk);
  if (n < 0) {
    if (errno == EINTR || errno == EAGAIN) return false;
    throw Error(source_ + ": cannot read the job list: " + std::strerror(errno));
  }
  if (n == 0) {
    end_ = true;
  } else {
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
  return true;
}

JobLineReader::Next JobLineReader::next(Wait wait, const std::atomic<bool>& stop) {
  for (;;) {
    if (stop.load()) return {Status::kStopped, 0, {}};
    while (std::optional<std::string> line = take_line()) {
      ++line_number_;
      if (!is_blank_or_comment(*line)) return {Status::kLine, line_number_, std::move(*line)};
    }
    if (end_) return {Status::kEnd, 0, {}};
    const bool got = fill(wait == Wait::kIfReady ? 0 : kStopPollMs);
    if (!got && wait == Wait::kIfReady) return {Status::kNotReady, 0, {}};
  }
}

}  // namespace cuzk::cli
