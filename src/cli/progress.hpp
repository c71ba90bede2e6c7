// Progress of a long command on stderr, one line per event, each with the seconds since the
// command started: "cuzk prove [   3.1s] synthesize: partition 2/10". Quiet (-q) shows nothing
// but errors and warnings (a GPU fault the run recovered from); verbose (-v) adds details.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "pipeline/proving_observer.hpp"

namespace cuzk::cli {

enum class Verbosity : std::uint8_t { kQuiet, kNormal, kVerbose };

// -q wins over -v.
Verbosity verbosity_from_flags(bool quiet, bool verbose);

class Progress final : public pipeline::ProvingObserver {
 public:
  Progress(std::string command, Verbosity verbosity);

  void log(const std::string& line) const override;     // unless quiet
  void warn(const std::string& line) const override;    // even when quiet
  void detail(const std::string& line) const override;  // only when verbose
  double elapsed_seconds() const;

  void phase_started(prover::seal::SealPhase phase, std::uint32_t first, std::uint32_t count,
                     std::uint32_t total) override;
  void partition_done(prover::seal::SealPhase phase, std::uint32_t k, std::uint32_t total) override;
  void step_done(prover::seal::SealPhase phase, std::string_view step, double seconds) override;

 private:
  std::string command_;
  Verbosity verbosity_;
  std::chrono::steady_clock::time_point start_;
};

// Wall-clock time since construction.
class Stopwatch {
 public:
  Stopwatch() : start_(std::chrono::steady_clock::now()) {}
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_;
};

}  // namespace cuzk::cli
