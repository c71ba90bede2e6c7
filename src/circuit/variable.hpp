// A wire of the R1CS: Input(i) (public) or Aux(j) (private), each numbered in allocation order.
// Input(0) is ONE, the constant 1, which every constraint system holds before synthesis starts.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>

namespace cuzk::circuit {

class Variable {
 public:
  constexpr Variable() = default;  // ONE; real wires come from a constraint system's alloc
  static constexpr Variable input(std::size_t index) { return Variable(index); }
  static constexpr Variable aux(std::size_t index) { return Variable(index | kAuxFlag); }
  static constexpr Variable one() { return input(0); }

  constexpr bool is_input() const { return (code_ & kAuxFlag) == 0; }
  constexpr bool is_aux() const { return !is_input(); }
  constexpr std::size_t index() const { return static_cast<std::size_t>(code_ & ~kAuxFlag); }

  // One integer whose order is bellpepper's term order: all inputs by index, then all aux by
  // index. Linear combinations sort their terms by it and the fingerprint relies on it.
  constexpr std::uint64_t code() const { return code_; }
  static constexpr Variable from_code(std::uint64_t code) { return Variable(code); }

  friend constexpr auto operator<=>(const Variable&, const Variable&) = default;

 private:
  static constexpr std::uint64_t kAuxFlag = std::uint64_t{1} << 63;
  constexpr explicit Variable(std::uint64_t code) : code_(code) {}
  std::uint64_t code_ = 0;
};

static_assert(Variable::input(5) < Variable::aux(0));
static_assert(Variable::aux(3).index() == 3 && Variable::aux(3).is_aux());

}  // namespace cuzk::circuit
