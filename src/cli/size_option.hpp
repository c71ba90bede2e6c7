// A byte count given on the command line, such as --gpu-memory-limit 24GiB: a number with an
// optional unit (B, KiB, MiB, GiB, TiB and the decimal kB, MB, GB, TB; K, M, G, T as binary).
// Negative and zero sizes are refused with "must be a positive size" rather than CLI11's
// conversion text.
#pragma once

#include <CLI/CLI.hpp>

namespace cuzk::cli {

CLI::Validator positive_size();

}  // namespace cuzk::cli
