// CUZK_CUDA_FAULT_AT, the GPU fault-injection test hook: parsed strictly (a typo is a usage
// error, never a fault test that runs without its fault), and armed for the command when set.
#include <doctest/doctest.h>

#include <stdlib.h>

#include <cstdint>
#include <string>

#include "cli/cuda_fault_setting.hpp"
#include "kernels/device/cuda_fault_injection.hpp"
#include "util/error.hpp"

#include "cli_runner.hpp"

namespace {

using cuzk::cli::parse_cuda_fault_at;

// Sets an environment variable for one scope.
class ScopedVariable {
 public:
  ScopedVariable(const char* name, const char* value) : name_(name) { setenv(name, value, 1); }
  ~ScopedVariable() { unsetenv(name_); }
  ScopedVariable(const ScopedVariable&) = delete;
  ScopedVariable& operator=(const ScopedVariable&) = delete;

 private:
  const char* name_;
};

}  // namespace

TEST_CASE("CUZK_CUDA_FAULT_AT: unset or empty arms nothing; a call number from 1 up") {
  CHECK_FALSE(parse_cuda_fault_at(nullptr).has_value());
  CHECK_FALSE(parse_cuda_fault_at("").has_value());
  CHECK(parse_cuda_fault_at("1") == std::uint64_t{1});
  CHECK(parse_cuda_fault_at("57") == std::uint64_t{57});
  CHECK(parse_cuda_fault_at("1000000") == std::uint64_t{1000000});
}

TEST_CASE("CUZK_CUDA_FAULT_AT: anything else is a usage error naming the variable") {
  for (const char* bad : {"0", "-3", "+3", " 5", "5 ", "5x", "abc", "0x10", "1e3",
                          "99999999999999999999", "4611686018427387904"}) {
    INFO("value '" << bad << "'");
    const std::string expected = std::string("CUZK_CUDA_FAULT_AT='") + bad +
                                 "': expected the number of the checked CUDA call to fail, from 1";
    CHECK_THROWS_WITH(parse_cuda_fault_at(bad), expected.c_str());
  }
}

TEST_CASE("CUZK_CUDA_FAULT_AT: a bad value stops the command with exit 2 and one line") {
  const ScopedVariable variable("CUZK_CUDA_FAULT_AT", "seven");
  const cuzk::test::CliOutcome o = cuzk::test::run_cuzk({"circuit", "--help"});
  cuzk::test::check_usage_error(o);
  CHECK(o.err ==
        "cuzk: CUZK_CUDA_FAULT_AT='seven': expected the number of the checked CUDA call "
        "to fail, from 1\n");
}

TEST_CASE("CUZK_CUDA_FAULT_AT: a valid value arms the hook for the command") {
  const ScopedVariable variable("CUZK_CUDA_FAULT_AT", "3");
  cuzk::cli::arm_cuda_fault_from_environment();
  // Armed: the countdown starts over, and the third checked call from now is the one to fail.
  CHECK(cuzk::kernels::checked_cuda_calls() == 0);
  CHECK_FALSE(cuzk::kernels::detail::cuda_fault_due());
  CHECK_FALSE(cuzk::kernels::detail::cuda_fault_due());
  CHECK(cuzk::kernels::detail::cuda_fault_due());
  CHECK_FALSE(cuzk::kernels::detail::cuda_fault_due());
  CHECK(cuzk::kernels::checked_cuda_calls() == 4);
  cuzk::kernels::disarm_cuda_fault();
  CHECK(cuzk::kernels::checked_cuda_calls() == 0);
  CHECK_FALSE(cuzk::kernels::detail::cuda_fault_due());
  CHECK(cuzk::kernels::checked_cuda_calls() == 1);
  CHECK_THROWS_AS(cuzk::kernels::arm_cuda_fault(0), cuzk::Error);
}
