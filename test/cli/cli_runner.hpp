// Runs the `cuzk` command line in-process through cli::run, as the binary would, capturing what
// it prints on stdout (stderr is left alone). Shared by the CLI tests.
#pragma once

#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "cli/cli.hpp"

namespace cuzk::test {

struct CliOutcome {
  int exit_code = 0;
  std::string out;
};

inline CliOutcome run_cuzk(std::vector<std::string> args) {
  args.insert(args.begin(), "cuzk");
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  std::fflush(stdout);
  std::FILE* capture = std::tmpfile();
  REQUIRE(capture != nullptr);
  const int saved = dup(fileno(stdout));
  dup2(fileno(capture), fileno(stdout));
  CliOutcome o;
  o.exit_code = cuzk::cli::run(static_cast<int>(argv.size()), argv.data());
  std::fflush(stdout);
  dup2(saved, fileno(stdout));
  close(saved);
  std::rewind(capture);
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, capture)) > 0) o.out.append(buf, n);
  std::fclose(capture);
  return o;
}

}  // namespace cuzk::test
