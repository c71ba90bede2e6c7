// The name of a variable, constraint or namespace, taken lazily: only TestCS ever turns one into a
// string, so the proving and counting systems pay nothing for naming. A name is static text plus
// an optional number, which covers bellpepper's `format!("bit {}", i)` names: Name("bit", 3) reads
// "bit 3". Text must outlive the call (string literals do).
#pragma once

#include <concepts>
#include <cstdint>
#include <string>

namespace cuzk::circuit {

class Name {
 public:
  constexpr Name(const char* text) : text_(text) {}  // NOLINT: literals convert implicitly
  template <std::integral I>
  constexpr Name(const char* text, I index)
      : text_(text), index_(static_cast<std::uint64_t>(index)), indexed_(true) {}

  std::string str() const {
    std::string s(text_);
    if (indexed_) {
      s += ' ';
      s += std::to_string(index_);
    }
    return s;
  }

 private:
  const char* text_;
  std::uint64_t index_ = 0;
  bool indexed_ = false;
};

}  // namespace cuzk::circuit
