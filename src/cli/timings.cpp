#include "cli/timings.hpp"

#include <cstdio>

#include "util/atomic_file.hpp"

namespace cuzk::cli {

namespace {

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6f", s);
  return buf;
}

}  // namespace

std::string timings_json(const TimingReport& r) {
  // The names are registered-proof and phase names of our own: no JSON escaping is needed.
  std::string out = "{\"command\":\"" + r.command + "\",\"registered_proof\":\"" +
                    r.registered_proof + "\",\"partitions\":" + std::to_string(r.partitions) +
                    ",\"backend\":\"" + r.backend + "\",\"phases\":{";
  for (std::size_t i = 0; i < r.phases.size(); ++i) {
    if (i > 0) out += ',';
    out += "\"" + r.phases[i].first + "\":" + seconds(r.phases[i].second);
  }
  out += "},\"total\":" + seconds(r.total_seconds) + "}\n";
  return out;
}

void write_timings_file(const std::filesystem::path& path, const TimingReport& report) {
  const std::string json = timings_json(report);
  AtomicFile out(path);
  out.write({reinterpret_cast<const std::uint8_t*>(json.data()), json.size()});
  out.commit();
}

}  // namespace cuzk::cli
