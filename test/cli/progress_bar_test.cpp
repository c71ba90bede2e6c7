// The progress bar's line for a long step: the step, the percentage, amounts in their unit
// (bytes as GB with the rate), the time left once a few percent are done, cut to the width.
#include <doctest/doctest.h>

#include "cli/progress_bar.hpp"

namespace {

cuzk::WorkMeter::Reading reading(std::uint64_t done, std::uint64_t total, const char* unit,
                                 double seconds) {
  cuzk::WorkMeter::Reading r;
  r.active = true;
  r.step = "step";
  r.unit = unit;
  r.done = done;
  r.total = total;
  r.seconds = seconds;
  return r;
}

}  // namespace

TEST_CASE("progress bar: percentage, amounts, rate and time left") {
  using cuzk::cli::progress_bar_text;
  CHECK(progress_bar_text(reading(45, 100, "", 9), 200) == "step  45%, about 11 s left");
  CHECK(progress_bar_text(reading(3, 7, "NTTs", 3), 200) ==
        "step  43% 3 of 7 NTTs, about 4 s left");
  // 21.3 GB in 25 s: 0.852 GB/s; 26.1 GB left at that rate: 30.6 s.
  CHECK(progress_bar_text(reading(21'300'000'000, 47'400'000'000, "bytes", 25), 200) ==
        "step  45% 21.3 of 47.4 GB, 0.85 GB/s, about 31 s left");
  // Under 2 % the rate is not yet worth a time left; an unknown total shows the step alone.
  CHECK(progress_bar_text(reading(1, 100, "", 1), 200) == "step   1%");
  CHECK(progress_bar_text(reading(5, 0, "", 1), 200) == "step");
  // A line never wraps.
  CHECK(progress_bar_text(reading(45, 100, "", 9), 8) == "step  45");
}
