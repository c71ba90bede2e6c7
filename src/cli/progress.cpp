#include "cli/progress.hpp"

#include <cstdio>
#include <string>

namespace cuzk::cli {

using prover::seal::phase_name;
using prover::seal::SealPhase;

Verbosity verbosity_from_flags(bool quiet, bool verbose) {
  if (quiet) return Verbosity::kQuiet;
  return verbose ? Verbosity::kVerbose : Verbosity::kNormal;
}

Progress::Progress(std::string command, Verbosity verbosity)
    : command_(std::move(command)),
      verbosity_(verbosity),
      start_(std::chrono::steady_clock::now()) {}

double Progress::elapsed_seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void Progress::log(const std::string& line) const {
  if (verbosity_ != Verbosity::kQuiet) warn(line);
}

void Progress::warn(const std::string& line) const {
  std::fprintf(stderr, "%s [%8.1fs] %s\n", command_.c_str(), elapsed_seconds(), line.c_str());
  std::fflush(stderr);
}

void Progress::detail(const std::string& line) const {
  if (verbosity_ == Verbosity::kVerbose) log(line);
}

void Progress::phase_started(SealPhase phase, std::uint32_t first, std::uint32_t count,
                             std::uint32_t total) {
  std::string line(phase_name(phase));
  if (count == total) {
    line += total == 1 ? ": 1 partition" : ": " + std::to_string(total) + " partitions";
  } else {
    line += ": partitions " + std::to_string(first + 1) + "-" + std::to_string(first + count) +
            " of " + std::to_string(total);
  }
  log(line);
}

void Progress::partition_done(SealPhase phase, std::uint32_t k, std::uint32_t total) {
  log(std::string(phase_name(phase)) + ": partition " + std::to_string(k + 1) + "/" +
      std::to_string(total) + " done");
}

void Progress::step_done(SealPhase phase, std::string_view step, double seconds) {
  char took[32];
  std::snprintf(took, sizeof took, " in %.3f s", seconds);
  detail(std::string(phase_name(phase)) + ": " + std::string(step) + took);
}

}  // namespace cuzk::cli
