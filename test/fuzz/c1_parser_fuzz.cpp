// libFuzzer target for the C1 reader: any input must either parse or throw cuzk::Error; any other
// exception, crash or sanitizer report is a bug. Not part of the default build: see README.md.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "porep/c1_parser.hpp"
#include "util/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  try {
    const auto c1 = cuzk::porep::parse_c1(input, cuzk::porep::C1Checks::kFull);
    // Touch the views so that a dangling span shows up under AddressSanitizer.
    std::uint64_t sum = 0;
    for (const auto& proof : c1.proofs) {
      sum += proof.challenge() + proof.comm_r_last.node_index() + proof.labeling.size();
      for (const auto& row : proof.exp_parents.back().rows) sum += row[0];
    }
    if (sum == 1) return 0;
  } catch (const cuzk::Error&) {
  }
  return 0;
}
