// The progress bar of a long step (util/work_meter.hpp) as one terminal line, redrawn in place:
//   "writing v28-...params  45% 21.3 of 47.4 GB, 1.10 GB/s, about 24 s left"
//   "MSM in G1: 4194304 points  62%, about 8 s left"
// and how a command shows it (--progress): a bar on a terminal, nothing between the phase lines
// when stderr is a file or a pipe, so logs keep one line per phase.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

#include "util/work_meter.hpp"

namespace cuzk::cli {

enum class ProgressStyle : std::uint8_t { kPlain, kBar };

// Adds --progress auto|bar|plain to `cmd` (auto: a bar when stderr is a terminal).
void add_progress_option(CLI::App& cmd, std::string& value);
// The style --progress names; "auto" asks whether stderr is a terminal.
ProgressStyle progress_style(const std::string& value);

// The bar's text for a reading of an active step, at most `width` characters.
std::string progress_bar_text(const WorkMeter::Reading& reading, std::size_t width);

}  // namespace cuzk::cli
