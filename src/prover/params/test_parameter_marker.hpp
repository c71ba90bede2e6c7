// `cuzk params generate` writes INSECURE test parameters under Filecoin's file names, so that the
// prover finds them where it finds the published ones. Beside them it writes a marker,
// <stem>.test-only, naming each file it wrote with its digest (parameter_digest.hpp):
//
//   # INSECURE TEST parameters written by `cuzk params generate` ...
//   v28-stacked-proof-of-replication-...params 0123456789abcdef0123456789abcdef
//   v28-stacked-proof-of-replication-...vk fedcba9876543210fedcba9876543210
//
// A file whose digest its marker lists is test-only. A test file is never taken for a published
// one whether or not its marker survives: it cannot have a published digest.
#pragma once

#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cuzk::prover {

struct MarkedFile {
  std::string name;    // file name, no directory
  std::string digest;  // parameter_digest() of the file as written
  friend bool operator==(const MarkedFile&, const MarkedFile&) = default;
};

// <directory of file>/<file name without its extension>.test-only
std::filesystem::path test_marker_path(const std::filesystem::path& file);

std::string encode_test_marker(std::span<const MarkedFile> files);
// Throws cuzk::Error naming `source` and the line that is not "<file name> <32 hex digits>".
std::vector<MarkedFile> parse_test_marker(std::string_view text, const std::string& source);

// The files the marker beside `file` lists; empty when there is none.
std::vector<MarkedFile> read_test_marker(const std::filesystem::path& file);

// Whether the marker beside `file` lists it with this digest.
bool is_marked_test_file(const std::filesystem::path& file, std::string_view digest);

}  // namespace cuzk::prover
