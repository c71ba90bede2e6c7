// Loads JSON files of known-answer vectors: the project's own from test/vectors/, and the shared
// ones (rust-fil-proofs' answers, the 32 GiB C1) from ../shared/vectors/, read where they are and
// never copied into the repository. A missing or malformed file is a test failure, never a skip.
#pragma once

#include <simdjson.h>

#include <filesystem>
#include <stdexcept>
#include <string>

namespace cuzk::test {

inline simdjson::padded_string load_json_file(const std::filesystem::path& path) {
  simdjson::padded_string json;
  if (simdjson::padded_string::load(path.string()).get(json) != simdjson::SUCCESS) {
    throw std::runtime_error("cannot read test vectors " + path.string());
  }
  return json;
}

inline simdjson::padded_string load_vector_file(const std::string& name) {
  return load_json_file(std::filesystem::path(CUZK_TEST_VECTORS_DIR) / name);
}

// ../shared/vectors/<name>.
inline std::filesystem::path shared_vector_path(const std::string& name) {
  return std::filesystem::path(CUZK_SHARED_VECTORS_DIR) / name;
}

inline simdjson::padded_string load_shared_vector_file(const std::string& name) {
  return load_json_file(shared_vector_path(name));
}

// Files that test fixtures make from the shared vectors at test time (the unzipped 32 GiB C1),
// in the build directory.
inline std::filesystem::path fixture_path(const std::string& name) {
  return std::filesystem::path(CUZK_TEST_FIXTURES_DIR) / name;
}

}  // namespace cuzk::test
