#include "cli/size_option.hpp"

#include <string>

namespace cuzk::cli {

CLI::Validator positive_size() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        static const std::string kNotPositive = "must be a positive size, e.g. 24GiB";
        // CLI11 reads "-5GiB" as a huge unsigned number and reports an overflow.
        if (text.find('-') != std::string::npos) return kNotPositive;
        std::string error = CLI::AsSizeValue(false)(text);  // text becomes the byte count
        if (!error.empty()) return error;
        return text == "0" ? kNotPositive : "";
      },
      "SIZE");
}

}  // namespace cuzk::cli
