// Internal to the JSON readers of porep (the C1 reader, update/update_input_json.cpp): simdjson
// on-demand helpers that fail with one line naming the field. Do not include elsewhere (simdjson.h
// is a large header).
#pragma once

#include <simdjson.h>

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "porep/domain.hpp"

namespace cuzk::porep::detail {

namespace od = simdjson::ondemand;

// Where the reader is in the document: a location ("partition 3, challenge 7") and a field path
// ("replica_column_proofs.drg_parents[2].rows"). Kept as views and numbers while reading; turned
// into text only when something fails.
class JsonPath {
 public:
  void set_location(std::string location) { location_ = std::move(location); }
  void push(std::string_view name) { parts_.push_back({name, 0, false}); }
  void push_index(std::size_t index) { parts_.push_back({{}, index, true}); }
  void pop() { parts_.pop_back(); }

  std::string str() const;
  // Throws cuzk::Error("<location>: <path>: <problem>"), leaving out empty pieces.
  [[noreturn]] void fail(std::string_view problem) const;
  [[noreturn]] void fail_json(simdjson::error_code error) const;

 private:
  struct Part {
    std::string_view name;
    std::size_t index;
    bool is_index;
  };
  std::string location_;
  std::vector<Part> parts_;
};

class PathScope {
 public:
  PathScope(JsonPath& path, std::string_view name) : path_(path) { path_.push(name); }
  PathScope(JsonPath& path, std::size_t index) : path_(path) { path_.push_index(index); }
  ~PathScope() { path_.pop(); }
  PathScope(const PathScope&) = delete;
  PathScope& operator=(const PathScope&) = delete;

 private:
  JsonPath& path_;
};

od::object get_object(od::value value, const JsonPath& path);
od::array get_array(od::value value, const JsonPath& path);
std::uint64_t get_u64(od::value value, const JsonPath& path);
std::uint32_t get_u32(od::value value, const JsonPath& path);
std::int64_t get_i64(od::value value, const JsonPath& path);
std::string_view get_string(od::value value, const JsonPath& path);

// An array of exactly 32 integers 0..255.
void read_bytes32(od::value value, Domain& out, const JsonPath& path);
// The same, and below the BLS12-381 scalar modulus.
void read_domain(od::value value, Domain& out, const JsonPath& path);

// Reads an array whose elements read_element(value, slot) stores into `slots`; more elements than
// slots are counted but not stored. Fails with "has N <unit>, expected M" on a mismatch.
template <class Slot, class ReadElement>
void read_exact_array(od::value value, std::span<Slot> slots, std::string_view unit, JsonPath& path,
                      ReadElement&& read_element) {
  std::size_t n = 0;
  for (auto element : get_array(value, path)) {
    od::value v;
    if (const auto error = std::move(element).get(v)) path.fail_json(error);
    if (n < slots.size()) {
      const PathScope scope(path, n);
      read_element(v, slots[n]);
    }
    ++n;
  }
  if (n != slots.size()) {
    path.fail("has " + std::to_string(n) + " " + std::string(unit) + ", expected " +
              std::to_string(slots.size()));
  }
}

// Calls handle(i, value) for each field whose key is keys[i], inside a PathScope of the key;
// ignores unknown keys (as serde does) and fails on a duplicate or on a missing one of the first
// `required` keys (serde has no defaults for the C1 structs; the rest are Option fields).
template <std::size_t N, class Handle>
void read_fields(od::value value, const std::array<std::string_view, N>& keys, JsonPath& path,
                 Handle&& handle, std::size_t required = N) {
  std::array<bool, N> seen{};
  for (auto field_result : get_object(value, path)) {
    od::field field;
    if (const auto error = std::move(field_result).get(field)) path.fail_json(error);
    std::string_view key;
    if (const auto error = field.unescaped_key().get(key)) path.fail_json(error);
    for (std::size_t i = 0; i < N; ++i) {
      if (key != keys[i]) continue;
      if (seen[i]) path.fail("duplicate field \"" + std::string(key) + "\"");
      seen[i] = true;
      const PathScope scope(path, keys[i]);
      handle(i, field.value());
      break;
    }
  }
  for (std::size_t i = 0; i < required; ++i) {
    if (!seen[i]) path.fail("missing field \"" + std::string(keys[i]) + "\"");
  }
}

}  // namespace cuzk::porep::detail
