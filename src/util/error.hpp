// The one exception type for failures nothing below the CLI can repair (I/O, malformed input,
// resource exhaustion). Its message is a complete line for the user: it names the file or value
// and what was expected. The CLI catches it once and prints "cuzk: <message>".
#pragma once

#include <stdexcept>
#include <string>

namespace cuzk {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace cuzk
