#include "cli/progress_bar.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace cuzk::cli {

namespace {

std::string format(const char* pattern, double a, double b = 0, double c = 0) {
  char buf[96];
  std::snprintf(buf, sizeof buf, pattern, a, b, c);
  return buf;
}

// "21.3 of 47.4 GB, 1.10 GB/s" for bytes, "3 of 7 NTTs" for other units.
std::string amounts(const WorkMeter::Reading& r) {
  if (r.unit == "bytes") {
    const double gb = 1e9;
    std::string text = format(" %.1f of %.1f GB", static_cast<double>(r.done) / gb,
                              static_cast<double>(r.total) / gb);
    if (r.seconds > 0) text += format(", %.2f GB/s", static_cast<double>(r.done) / gb / r.seconds);
    return text;
  }
  return " " + std::to_string(r.done) + " of " + std::to_string(r.total) + " " + r.unit;
}

}  // namespace

void add_progress_option(CLI::App& cmd, std::string& value) {
  cmd.add_option("--progress", value,
                 "How long steps show their progress: auto (a bar redrawn in place when stderr is "
                 "a terminal, else only the phase lines), bar or plain")
      ->check(CLI::IsMember({"auto", "bar", "plain"}));
}

ProgressStyle progress_style(const std::string& value) {
  if (value == "bar") return ProgressStyle::kBar;
  if (value == "plain") return ProgressStyle::kPlain;
  return ::isatty(STDERR_FILENO) == 1 ? ProgressStyle::kBar : ProgressStyle::kPlain;
}

std::string progress_bar_text(const WorkMeter::Reading& r, std::size_t width) {
  std::string text = r.step;
  if (r.total > 0) {
    const double fraction =
        std::min(1.0, static_cast<double>(r.done) / static_cast<double>(r.total));
    text += format(" %3.0f%%", 100 * fraction);
    if (!r.unit.empty()) text += amounts(r);
    // The rate so far, once a few percent are done: steady enough to say.
    if (fraction >= 0.02 && fraction < 1 && r.seconds > 0) {
      text += format(", about %.0f s left", r.seconds * (1 - fraction) / fraction);
    }
  }
  if (text.size() > width) text.resize(width);
  return text;
}

}  // namespace cuzk::cli
