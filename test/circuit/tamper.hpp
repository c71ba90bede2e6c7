// Tampering with a synthesized TestCS: the satisfiability tests set one variable to a wrong value
// and ask which constraint breaks first.
#pragma once

#include <string>

#include "circuit/test_cs.hpp"

namespace cuzk::test {

// Overwrites the variable at `path`, returns the first unsatisfied constraint ("(satisfied)" if
// none), and restores the variable.
inline std::string unsatisfied_after_setting(circuit::TestCS& cs, const std::string& path,
                                             const bls12_381::Fr& value) {
  const bls12_381::Fr saved = cs.get(path);
  cs.set(path, value);
  const std::string failed = cs.which_is_unsatisfied().value_or("(satisfied)");
  cs.set(path, saved);
  return failed;
}

}  // namespace cuzk::test
