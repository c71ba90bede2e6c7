// Loads a JSON file of known-answer vectors from test/vectors/. A missing or malformed file is a
// test failure, never a skip.
#pragma once

#include <simdjson.h>

#include <stdexcept>
#include <string>

namespace cuzk::test {

inline simdjson::padded_string load_vector_file(const std::string& name) {
  const std::string path = std::string(CUZK_TEST_VECTORS_DIR) + "/" + name;
  simdjson::padded_string json;
  if (simdjson::padded_string::load(path).get(json) != simdjson::SUCCESS) {
    throw std::runtime_error("cannot read test vectors " + path);
  }
  return json;
}

}  // namespace cuzk::test
