#include "cli/timings.hpp"

#include <cstdio>

#include "util/atomic_file.hpp"

namespace cuzk::cli {

namespace {

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6f", v);
  return buf;
}

// The names are phase and measure names of our own: no JSON escaping is needed.
std::string object(const NamedValues& values) {
  std::string out = "{";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += ',';
    out += "\"" + values[i].first + "\":" + number(values[i].second);
  }
  return out + "}";
}

std::string row(const std::string& name, double value) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "  %-28s %14.3f\n", name.c_str(), value);
  return buf;
}

}  // namespace

std::string json_quoted(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string timings_json(const TimingReport& r) {
  std::string out = "{\"command\":\"" + r.command + "\",\"registered_proof\":\"" +
                    r.registered_proof + "\",\"partitions\":" + std::to_string(r.partitions) +
                    ",\"backend\":\"" + r.backend + "\"";
  if (!r.gpu_fault.empty()) out += ",\"gpu_fault\":" + json_quoted(r.gpu_fault);
  out += ",\"phases\":" + object(r.phases);
  if (!r.partition_details.empty()) {
    out += ",\"partition_details\":[";
    for (std::size_t k = 0; k < r.partition_details.size(); ++k) {
      if (k > 0) out += ',';
      out += object(r.partition_details[k]);
    }
    out += "]";
  }
  if (!r.totals.empty()) out += ",\"totals\":" + object(r.totals);
  out += ",\"total\":" + number(r.total_seconds) + "}\n";
  return out;
}

std::string timings_table(const TimingReport& r) {
  std::string out;
  if (!r.gpu_fault.empty()) out += "proved on the CPU after a GPU fault: " + r.gpu_fault + "\n";
  out += "phases (seconds):\n";
  for (const auto& [name, value] : r.phases) out += row(name, value);
  for (std::size_t k = 0; k < r.partition_details.size(); ++k) {
    out += "partition " + std::to_string(k) + ":\n";
    for (const auto& [name, value] : r.partition_details[k]) out += row(name, value);
  }
  if (!r.totals.empty()) out += "totals:\n";
  for (const auto& [name, value] : r.totals) out += row(name, value);
  out += row("total_s", r.total_seconds);
  return out;
}

void write_timings_file(const std::filesystem::path& path, const TimingReport& report) {
  const std::string json = timings_json(report);
  AtomicFile out(path);
  out.write({reinterpret_cast<const std::uint8_t*>(json.data()), json.size()});
  out.commit();
}

}  // namespace cuzk::cli
