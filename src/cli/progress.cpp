#include "cli/progress.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>

namespace cuzk::cli {

using prover::seal::phase_name;
using prover::seal::SealPhase;

Verbosity verbosity_from_flags(bool quiet, bool verbose) {
  if (quiet) return Verbosity::kQuiet;
  return verbose ? Verbosity::kVerbose : Verbosity::kNormal;
}

Progress::Progress(std::string command, Verbosity verbosity, ProgressStyle style)
    : command_(std::move(command)),
      verbosity_(verbosity),
      start_(std::chrono::steady_clock::now()) {
  if (style == ProgressStyle::kBar && verbosity_ != Verbosity::kQuiet) {
    bar_ = std::jthread([this](std::stop_token stop) { draw_bar(stop); });
  }
}

Progress::~Progress() {
  if (bar_.joinable()) {
    bar_.request_stop();
    bar_.join();
  }
  const std::lock_guard lock(output_);
  if (bar_shown_) std::fputs("\r\033[K", stderr);
}

namespace {

// The terminal's width, for a bar that must not wrap; 100 when stderr is no terminal.
std::size_t terminal_columns() {
  winsize size{};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 100;
}

// Steps shorter than this are not worth a bar: it would only flicker.
constexpr double kBarAfterSeconds = 0.5;
constexpr auto kBarInterval = std::chrono::milliseconds(250);

}  // namespace

void Progress::draw_bar(std::stop_token stop) {
  while (!stop.stop_requested()) {
    const WorkMeter::Reading r = meter_.read();
    {
      const std::lock_guard lock(output_);
      if (r.active && r.seconds >= kBarAfterSeconds) {
        char prefix[64];
        std::snprintf(prefix, sizeof prefix, "%s [%8.1fs] ", command_.c_str(), elapsed_seconds());
        const std::size_t columns = terminal_columns();
        const std::size_t room =
            columns > std::strlen(prefix) + 1 ? columns - std::strlen(prefix) - 1 : 0;
        std::fprintf(stderr, "\r%s%s\033[K", prefix, progress_bar_text(r, room).c_str());
        std::fflush(stderr);
        bar_shown_ = true;
      } else if (!r.active && bar_shown_) {
        std::fputs("\r\033[K", stderr);
        std::fflush(stderr);
        bar_shown_ = false;
      }
    }
    std::this_thread::sleep_for(kBarInterval);
  }
}

double Progress::elapsed_seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void Progress::log(const std::string& line) const {
  if (verbosity_ != Verbosity::kQuiet) warn(line);
}

void Progress::warn(const std::string& line) const { print(line); }

void Progress::print(const std::string& line) const {
  const std::lock_guard lock(output_);
  if (bar_shown_) std::fputs("\r\033[K", stderr);  // the line takes the bar's place
  bar_shown_ = false;
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
