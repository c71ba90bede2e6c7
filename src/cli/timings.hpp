// `cuzk prove --timings FILE.json` and `cuzk bench sector --timings FILE.json`: the seconds each
// phase took, written as one JSON object {"command":"prove","registered_proof":...,
// "partitions":N,"backend":"cpu","phases":{"load_c1":s,...},"total":s}, phases in the order they
// ran.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace cuzk::cli {

struct TimingReport {
  std::string command = "prove";
  std::string registered_proof;
  std::uint32_t partitions = 0;
  std::string backend;
  std::vector<std::pair<std::string, double>> phases;
  double total_seconds = 0;
};

std::string timings_json(const TimingReport& report);
// Atomically (util/atomic_file.hpp).
void write_timings_file(const std::filesystem::path& path, const TimingReport& report);

}  // namespace cuzk::cli
