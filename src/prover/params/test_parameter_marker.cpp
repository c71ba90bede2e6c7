#include "prover/params/test_parameter_marker.hpp"

#include <algorithm>
#include <system_error>

#include "prover/params/mapped_file.hpp"
#include "util/error.hpp"

namespace cuzk::prover {
namespace {

constexpr std::string_view kHeader =
    "# INSECURE TEST parameters written by `cuzk params generate`: whoever ran it could forge\n"
    "# proofs with them. Never use them for Filecoin. Each line: a file beside this marker and\n"
    "# the first 32 hex digits of its BLAKE2b-512 as written.\n";

bool is_digest(std::string_view s) {
  return s.size() == 32 && std::all_of(s.begin(), s.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

}  // namespace

std::filesystem::path test_marker_path(const std::filesystem::path& file) {
  std::filesystem::path marker = file;
  return marker.replace_extension(".test-only");
}

std::string encode_test_marker(std::span<const MarkedFile> files) {
  std::string text(kHeader);
  for (const MarkedFile& f : files) text += f.name + " " + f.digest + "\n";
  return text;
}

std::vector<MarkedFile> parse_test_marker(std::string_view text, const std::string& source) {
  std::vector<MarkedFile> files;
  std::size_t line_number = 0;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    const std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    ++line_number;
    if (line.empty() || line.front() == '#') continue;
    const std::size_t space = line.find(' ');
    const std::string_view name = line.substr(0, space);
    const std::string_view digest =
        space == std::string_view::npos ? std::string_view() : line.substr(space + 1);
    if (name.empty() || !is_digest(digest)) {
      throw Error(source + ": line " + std::to_string(line_number) +
                  ": expected '<file name> <32 lowercase hex digits>'");
    }
    files.push_back({std::string(name), std::string(digest)});
  }
  return files;
}

std::vector<MarkedFile> read_test_marker(const std::filesystem::path& file) {
  const std::filesystem::path marker = test_marker_path(file);
  std::error_code ec;
  if (!std::filesystem::exists(marker, ec)) return {};
  const MappedFile mapped(marker);
  const auto bytes = mapped.bytes();
  return parse_test_marker(
      std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), marker.string());
}

bool is_marked_test_file(const std::filesystem::path& file, std::string_view digest) {
  const std::string name = file.filename().string();
  const auto marked = read_test_marker(file);
  return std::any_of(marked.begin(), marked.end(),
                     [&](const MarkedFile& m) { return m.name == name && m.digest == digest; });
}

}  // namespace cuzk::prover
