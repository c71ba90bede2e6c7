#include "porep/update/update_input_json.hpp"

#include <doctest/doctest.h>

#include <string>

#include "porep/update/partition_proof_bincode.hpp"
#include "porep/update_proof_fixture.hpp"
#include "util/base64.hpp"
#include "util/error.hpp"

using namespace cuzk::porep;
using namespace cuzk::porep::update;
using cuzk::test::make_proof;

namespace {

Domain small(std::uint8_t v) {
  Domain d{};
  d[0] = v;
  d[31] = 0x1f;
  return d;
}

// A well-formed 8 MiB input (4 partitions) whose proofs are shaped right but prove nothing: only
// kStructure reads it.
UpdateInput shaped_input() {
  UpdateInput input;
  input.proof = RegisteredUpdateProof::kStackedDrg8MiBV1;
  input.comm_r_old = small(1);
  input.comm_d_new = small(2);
  input.comm_r_new = small(3);
  for (std::uint32_t k = 0; k < 4; ++k) {
    input.partitions.push_back(make_proof(input.info(), 128, 10));
    input.partitions.back().comm_c[0] = static_cast<std::uint8_t>(k);  // each text its own
  }
  input.sector_number = 42;
  return input;
}

UpdateInput parse_shape(const std::string& json) {
  return parse_update_input(json, UpdateInputChecks::kStructure);
}

void replace(std::string& text, std::string_view from, std::string_view to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("the update input file round trips") {
  const UpdateInput input = shaped_input();
  const std::string json = update_input_json(input);
  const UpdateInput back = parse_shape(json);
  CHECK(back.proof == input.proof);
  CHECK(back.comm_r_old == input.comm_r_old);
  CHECK(back.comm_d_new == input.comm_d_new);
  CHECK(back.comm_r_new == input.comm_r_new);
  CHECK(back.partitions == input.partitions);
  CHECK_FALSE(back.miner_id.has_value());
  CHECK(back.sector_number == 42u);
  CHECK(update_input_json(back) == json);
}

TEST_CASE("the update input reader names the field that is wrong") {
  const std::string good = update_input_json(shaped_input());
  struct Case {
    const char* what;
    std::string json;
    const char* message;
  };
  std::vector<Case> cases;
  const auto edited = [&](std::string_view from, std::string_view to) {
    std::string json = good;
    replace(json, from, to);
    return json;
  };
  cases.push_back({"unknown proof", edited("StackedDrg8MiBV1", "StackedDrg16MiBV1"),
                   "registered_proof: \"StackedDrg16MiBV1\" is not one of StackedDrg2KiBV1"});
  cases.push_back({"missing field", edited("\"comm_d_new\"", "\"comm_d_old\""),
                   "missing field \"comm_d_new\""});
  cases.push_back(
      {"short commitment", edited("\"comm_r_new\": [3,", "\"comm_r_new\": ["), "comm_r_new"});
  {
    std::string json = good;
    const auto at = json.find("\"comm_r_old\": [");
    const auto end = json.find(']', at);
    std::string fixed = "\"comm_r_old\": [";
    for (int i = 0; i < 32; ++i) fixed += i == 0 ? "255" : ",255";
    fixed += "]";
    json.replace(at, end - at + 1, fixed);
    cases.push_back({"commitment above the modulus", json,
                     "comm_r_old: is not below the BLS12-381 scalar field modulus"});
  }
  {
    std::string json = good;
    const auto first = json.find("\n    \"");
    const auto second = json.find(",\n    \"", first);
    json.erase(first, second - first + 1);  // the first partition's text and its comma
    cases.push_back({"three partitions", json,
                     "partition_proofs: has 3 partition proofs, expected 4 for StackedDrg8MiBV1"});
  }
  cases.push_back({"not base64", edited("\n    \"", "\n    \"*"),
                   "partition_proofs[0]: is not standard base64"});
  {
    // The last partition's bytes, one byte short: base64 of the truncated bincode.
    const UpdateInput input = shaped_input();
    auto bytes = encode_partition_proof(input.partitions[3]);
    const std::string full = cuzk::encode_base64(bytes);
    bytes.pop_back();
    cases.push_back({"truncated bincode", edited(full, cuzk::encode_base64(bytes)),
                     "partition_proofs[3]: proof_r_new at byte"});
  }
  {
    UpdateInput input = shaped_input();
    input.partitions[1].apex_leafs.pop_back();
    cases.push_back({"127 apex leaves", update_input_json(input),
                     "partition_proofs[1]: has 127 apex leaves, expected 128"});
  }
  cases.push_back({"truncated file", good.substr(0, good.size() / 2), ""});
  cases.push_back({"garbage", "\x01\x02garbage", ""});
  cases.push_back({"trailing text", good + "{}", "text follows the JSON object"});
  cases.push_back({"sector_number a string",
                   edited("\"sector_number\": 42", "\"sector_number\": \"42\""), "sector_number"});
  for (const Case& c : cases) {
    INFO(std::string(c.what));
    CHECK_THROWS_WITH_AS(parse_shape(c.json), doctest::Contains(c.message), cuzk::Error);
  }
}

TEST_CASE("the update input reader's full check refuses proofs that do not verify") {
  CHECK_THROWS_WITH_AS(parse_update_input(update_input_json(shaped_input())),
                       doctest::Contains("partition 0: "), cuzk::Error);
}
