// The libFuzzer entry point, built once per reader by test/fuzz/CMakeLists.txt, which names the
// reader in CUZK_FUZZ_READER ("c1", "params", "vk" or "proof"). A failed check aborts, so that
// libFuzzer keeps the input as a crash.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iterator>

#include "fuzz/reader_checks.hpp"

namespace {

const cuzk::fuzz::Reader& reader() {
  static const cuzk::fuzz::Reader& r =
      *std::find_if(std::begin(cuzk::fuzz::kReaders), std::end(cuzk::fuzz::kReaders),
                    [](const cuzk::fuzz::Reader& x) { return x.name == CUZK_FUZZ_READER; });
  return r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (const auto verdict = reader().check({data, size}); !verdict.problem.empty()) {
    std::fprintf(stderr, "%s_fuzz: %s\n", CUZK_FUZZ_READER, verdict.problem.c_str());
    std::abort();
  }
  return 0;
}
