// The job list of `cuzk prove --jobs FILE|-`: one sector per line,
//   C1_PATH OUTPUT_PATH [--miner-id ID | --prover-id HEX] [--sector-id N] [--porep-id HEX]
//   UPDATE_PATH OUTPUT_PATH --update
// fields separated by blanks (a field with blanks in double quotes); blank lines and lines whose
// first non-blank character is '#' are skipped. --update makes the first field a SnapDeals update
// input (docs/update-input.md) instead of a C1; the other options are PoRep's and refused beside
// it (an update proof commits to no prover, sector or porep_id). They follow the rules of
// `cuzk prove`'s own (id_options.hpp, porep_options.hpp). Lines are read as they arrive, so a
// pipeline can feed the list through stdin while earlier jobs are proved.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "cli/id_options.hpp"
#include "util/unique_fd.hpp"

namespace cuzk::cli {

struct JobLine {
  std::string input;    // the C1, or with `update` the update input
  bool update = false;  // --update
  std::string output;
  ProverIdOptions ids;  // both empty: none given on the line
  std::optional<std::uint64_t> sector_id;
  std::string porep_id;  // empty: none given on the line
};

// The job on one line that is neither blank nor a comment. Throws CLI::ParseError (a missing
// field, an unknown option, --miner-id with --prover-id) or CLI::ValidationError (a bad id, a
// porep_id that is not 64 hex digits, --sector-id without a prover id, a PoRep option with
// --update) naming the problem.
JobLine parse_job_line(std::string_view line);

// Whether a line holds no job: blank, or a '#' comment.
bool is_blank_or_comment(std::string_view line);

// Lines of the list from a file or, for "-", from stdin, one at a time.
class JobLineReader {
 public:
  // Throws cuzk::Error naming the file if it cannot be opened.
  explicit JobLineReader(const std::string& source);

  enum class Wait : std::uint8_t {
    kBlock,    // until a line, the end of the list or `stop`
    kIfReady,  // only if a whole line is there already
  };
  enum class Status : std::uint8_t { kLine, kNotReady, kEnd, kStopped };
  struct Next {
    Status status = Status::kEnd;
    std::size_t line_number = 0;  // from 1, counting every line
    std::string text;
  };

  // The next line holding a job (blank lines and comments are skipped). Returns kStopped once
  // `stop` is true. Throws cuzk::Error on a read error.
  Next next(Wait wait, const std::atomic<bool>& stop);

 private:
  std::optional<std::string> take_line();  // a whole line from the buffer, if any
  bool fill(int timeout_ms);               // false when nothing came within the timeout

  std::string source_;
  UniqueFd owned_;
  int fd_ = -1;
  std::string buffer_;
  std::size_t line_number_ = 0;
  bool end_ = false;
};

}  // namespace cuzk::cli
