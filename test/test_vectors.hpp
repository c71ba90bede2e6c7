// Loads a JSON file of known-answer vectors from test/vectors/ or ../shared/vectors/. A missing or
// malformed file is a test failure, never a skip.
#pragma once

#include <simdjson.h>

#include <stdexcept>
#include <string>

namespace cuzk::test {

inline simdjson::padded_string load_json_file(const std::string& path) {
  simdjson::padded_string json;
  if (simdjson::padded_string::load(path).get(json) != simdjson::SUCCESS) {
    throw std::runtime_error("cannot read test vectors " + path);
  }
  return json;
}

inline simdjson::padded_string load_vector_file(const std::string& name) {
  return load_json_file(std::string(CUZK_TEST_VECTORS_DIR) + "/" + name);
}

// The project's shared vectors (../shared/vectors beside the repository), read where they are.
inline simdjson::padded_string load_shared_vector_file(const std::string& name) {
  return load_json_file(std::string(CUZK_SHARED_VECTORS_DIR) + "/" + name);
}

}  // namespace cuzk::test
