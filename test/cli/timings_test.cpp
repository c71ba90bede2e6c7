// The timings JSON says which backend proved, and after a GPU fault that fell back to the CPU,
// the fault itself as a JSON string (escaped: an error message may hold quotes and backslashes).
#include <doctest/doctest.h>
#include <simdjson.h>

#include <string>
#include <string_view>

#include "cli/timings.hpp"

namespace {

cuzk::cli::TimingReport report() {
  cuzk::cli::TimingReport r;
  r.registered_proof = "StackedDrg2KiBV1_1";
  r.partitions = 1;
  r.backend = "gpu";
  r.phases = {{"load_c1", 0.5}};
  r.total_seconds = 1.25;
  return r;
}

}  // namespace

TEST_CASE("timings JSON: the backend, and no gpu_fault when the GPU proved") {
  const std::string json = cuzk::cli::timings_json(report());
  simdjson::dom::parser parser;
  const simdjson::dom::element doc = parser.parse(json);
  CHECK(std::string_view(doc["backend"]) == "gpu");
  CHECK(doc["gpu_fault"].error() == simdjson::NO_SUCH_FIELD);
  CHECK(double(doc["phases"]["load_c1"]) == 0.5);
}

TEST_CASE("timings JSON: a fallback records the CPU as the backend and the fault, escaped") {
  cuzk::cli::TimingReport r = report();
  r.backend = "cpu";
  r.gpu_fault = "CUDA call f(\"x\\y\") failed at a.cu:1: cudaErrorLaunchFailure:\tunspecified";
  r.phases.emplace_back("gpu_failed", 0.75);
  const std::string json = cuzk::cli::timings_json(r);
  simdjson::dom::parser parser;
  const simdjson::dom::element doc = parser.parse(json);
  CHECK(std::string_view(doc["backend"]) == "cpu");
  CHECK(std::string_view(doc["gpu_fault"]) == r.gpu_fault);
  CHECK(double(doc["phases"]["gpu_failed"]) == 0.75);
  CHECK(cuzk::cli::timings_table(r).rfind("proved on the CPU after a GPU fault: CUDA call f(", 0) ==
        0);
}
