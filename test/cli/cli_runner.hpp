// Runs the `cuzk` command line in-process through cli::run, as the binary would, capturing what
// it prints on stdout and stderr. Shared by the CLI tests.
#pragma once

#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.hpp"

namespace cuzk::test {

struct CliOutcome {
  int exit_code = 0;
  std::string out;
  std::string err;
};

namespace detail {

// Sends `stream` to a temporary file from construction until text(), which restores the stream
// and returns what was written.
class StreamCapture {
 public:
  explicit StreamCapture(std::FILE* stream) : stream_(stream), file_(std::tmpfile()) {
    REQUIRE(file_ != nullptr);
    std::fflush(stream_);
    saved_ = dup(fileno(stream_));
    dup2(fileno(file_), fileno(stream_));
  }
  StreamCapture(const StreamCapture&) = delete;
  StreamCapture& operator=(const StreamCapture&) = delete;
  ~StreamCapture() {
    restore();
    std::fclose(file_);
  }

  std::string text() {
    restore();
    std::string s;
    std::rewind(file_);
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, file_)) > 0) s.append(buf, n);
    return s;
  }

 private:
  void restore() {
    if (saved_ < 0) return;
    std::fflush(stream_);
    dup2(saved_, fileno(stream_));
    close(saved_);
    saved_ = -1;
  }

  std::FILE* stream_;
  std::FILE* file_;
  int saved_ = -1;
};

}  // namespace detail

// Whether a command's stderr is exactly one line, as every failure must be.
inline bool one_line(const std::string& s) {
  return !s.empty() && s.back() == '\n' && s.find('\n') == s.size() - 1;
}

// A command's output cut into lines (no newlines kept).
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// What every usage error must look like: exit 2, nothing on stdout, one line on stderr.
inline void check_usage_error(const CliOutcome& o) {
  INFO(o.err);
  CHECK(o.exit_code == 2);
  CHECK(o.out.empty());
  CHECK(one_line(o.err));
}

inline CliOutcome run_cuzk(std::vector<std::string> args) {
  args.insert(args.begin(), "cuzk");
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  detail::StreamCapture out(stdout), err(stderr);
  CliOutcome o;
  o.exit_code = cuzk::cli::run(static_cast<int>(argv.size()), argv.data());
  o.out = out.text();
  o.err = err.text();
  return o;
}

}  // namespace cuzk::test
