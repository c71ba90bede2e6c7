// Progress of a long command on stderr, one line per event, each with the seconds since the
// command started: "cuzk prove [   3.1s] synthesize: partition 2/10". Quiet (-q) shows nothing
// but errors and warnings (a GPU fault the run recovered from); verbose (-v) adds details. With
// the bar style (progress_bar.hpp) a long step that reports to meter() is shown on a line of its
// own, redrawn in place below the others until the step ends.
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "cli/progress_bar.hpp"
#include "pipeline/proving_observer.hpp"
#include "util/work_meter.hpp"

namespace cuzk::cli {

enum class Verbosity : std::uint8_t { kQuiet, kNormal, kVerbose };

// -q wins over -v.
Verbosity verbosity_from_flags(bool quiet, bool verbose);

class Progress final : public pipeline::ProvingObserver {
 public:
  Progress(std::string command, Verbosity verbosity, ProgressStyle style = ProgressStyle::kPlain);
  ~Progress() override;
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Where long steps report how far they are: shown as a bar in the bar style (unless quiet).
  WorkMeter* meter() const { return &meter_; }

  void log(const std::string& line) const override;     // unless quiet
  void warn(const std::string& line) const override;    // even when quiet
  void detail(const std::string& line) const override;  // only when verbose
  double elapsed_seconds() const;

  void phase_started(prover::seal::SealPhase phase, std::uint32_t first, std::uint32_t count,
                     std::uint32_t total) override;
  void partition_done(prover::seal::SealPhase phase, std::uint32_t k, std::uint32_t total) override;
  void step_done(prover::seal::SealPhase phase, std::string_view step, double seconds) override;

 private:
  void print(const std::string& line) const;  // a whole line, the bar cleared first
  void draw_bar(std::stop_token stop);        // the bar thread

  std::string command_;
  Verbosity verbosity_;
  std::chrono::steady_clock::time_point start_;
  mutable WorkMeter meter_;         // written by the steps, read by the bar: synchronized itself
  mutable std::mutex output_;       // one writer of stderr at a time
  mutable bool bar_shown_ = false;  // the last thing on stderr is the bar, without a newline
  std::jthread bar_;                // last: stopped before the rest goes
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
