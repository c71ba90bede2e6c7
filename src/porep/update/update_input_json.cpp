#include "porep/update/update_input_json.hpp"

#include <array>
#include <fstream>
#include <iterator>
#include <sstream>

#include "porep/c1_json.hpp"
#include "porep/update/partition_proof_bincode.hpp"
#include "porep/update/update_input_checks.hpp"
#include "porep/update/verify_partition.hpp"
#include "util/base64.hpp"
#include "util/error.hpp"

namespace cuzk::porep::update {
namespace {

using detail::JsonPath;
using detail::PathScope;
namespace od = detail::od;

// The required keys first, then the optional ones (read_fields' `required`).
constexpr std::array<std::string_view, 7> kKeys = {
    "registered_proof", "comm_r_old", "comm_d_new",   "comm_r_new",
    "partition_proofs", "miner_id",   "sector_number"};
constexpr std::size_t kRequiredKeys = 5;

// The partition proofs' texts are decoded once the registered proof is known, whatever the order
// of the fields; more than any registered proof has are counted, not kept.
constexpr std::size_t kMaxPartitionTexts = 64;

PartitionProof decode_partition(std::string_view base64, const UpdateProofInfo& info,
                                const JsonPath& path) {
  const auto size = base64_decoded_size(base64);
  if (!size) path.fail("is not standard base64");
  std::vector<std::uint8_t> bytes(*size);
  if (!decode_base64(base64, bytes)) path.fail("is not standard base64");
  auto proof = decode_partition_bytes(bytes, info);
  if (!proof) path.fail(proof.error());
  return std::move(proof.value());
}

UpdateInput parse_padded(simdjson::padded_string_view json, UpdateInputChecks checks,
                         JsonPath& path) {
  od::parser parser;
  od::document doc;
  od::value root;
  if (const auto error = parser.iterate(json).get(doc)) path.fail_json(error);
  if (const auto error = doc.get_value().get(root)) path.fail_json(error);

  UpdateInput input;
  std::optional<RegisteredUpdateProof> proof;
  std::vector<std::string_view> proof_texts;
  std::size_t proof_count = 0;
  detail::read_fields(
      root, kKeys, path,
      [&](std::size_t key, od::value value) {
        switch (key) {
          case 0: {
            const std::string_view name = detail::get_string(value, path);
            proof = update_proof_from_name(name);
            if (!proof) {
              path.fail("\"" + std::string(name) + "\" is not one of " + update_proof_names(", "));
            }
            break;
          }
          case 1:
            detail::read_domain(value, input.comm_r_old, path);
            break;
          case 2:
            detail::read_domain(value, input.comm_d_new, path);
            break;
          case 3:
            detail::read_domain(value, input.comm_r_new, path);
            break;
          case 4:
            for (auto element : detail::get_array(value, path)) {
              od::value text;
              if (const auto error = std::move(element).get(text)) path.fail_json(error);
              const PathScope scope(path, proof_count);
              const std::string_view base64 = detail::get_string(text, path);
              if (proof_texts.size() < kMaxPartitionTexts) proof_texts.push_back(base64);
              ++proof_count;
            }
            break;
          case 5:
            input.miner_id = detail::get_u64(value, path);
            break;
          case 6:
            input.sector_number = detail::get_u64(value, path);
            break;
          default:
            break;
        }
      },
      kRequiredKeys);
  // After the root object the document must end: a location still in bounds is trailing text.
  if (const char* rest = nullptr; doc.current_location().get(rest) == simdjson::SUCCESS) {
    path.fail("text follows the JSON object");
  }

  input.proof = *proof;
  const UpdateProofInfo& info = input.info();
  {
    const PathScope scope(path, "partition_proofs");
    if (auto problem = partition_count_problem(proof_count, info)) path.fail(*problem);
    input.partitions.reserve(proof_texts.size());
    for (std::size_t k = 0; k < proof_texts.size(); ++k) {
      const PathScope element(path, k);
      input.partitions.push_back(decode_partition(proof_texts[k], info, path));
    }
  }
  if (checks == UpdateInputChecks::kFull) {
    if (auto why = check_all_partitions(input.statement(0), input.partitions)) path.fail(*why);
  }
  return input;
}

void write_domain(std::string& out, std::string_view key, const Domain& d) {
  out += "  \"";
  out += key;
  out += "\": [";
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (i > 0) out += ',';
    out += std::to_string(d[i]);
  }
  out += "],\n";
}

}  // namespace

UpdateInput parse_update_input(std::string_view json, UpdateInputChecks checks) {
  const simdjson::padded_string padded(json.data(), json.size());
  JsonPath path;
  return parse_padded(padded, checks, path);
}

UpdateInput parse_named_update_input(std::string_view json, const std::string& source,
                                     UpdateInputChecks checks) {
  const simdjson::padded_string padded(json.data(), json.size());
  JsonPath path;
  path.set_location(source);
  return parse_padded(padded, checks, path);
}

UpdateInput load_update_input_file(const std::filesystem::path& path, UpdateInputChecks checks) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path.string() + ": cannot open");
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) throw Error(path.string() + ": cannot read");
  const simdjson::padded_string padded(text.data(), text.size());
  JsonPath json_path;
  json_path.set_location(path.string());
  return parse_padded(padded, checks, json_path);
}

std::string update_input_json(const UpdateInput& input) {
  std::string out = "{\n  \"registered_proof\": \"";
  out += input.info().name;
  out += "\",\n";
  write_domain(out, "comm_r_old", input.comm_r_old);
  write_domain(out, "comm_d_new", input.comm_d_new);
  write_domain(out, "comm_r_new", input.comm_r_new);
  out += "  \"partition_proofs\": [";
  for (std::size_t k = 0; k < input.partitions.size(); ++k) {
    out += k == 0 ? "\n    \"" : ",\n    \"";
    out += encode_base64(encode_partition_proof(input.partitions[k]));
    out += '"';
  }
  out += "\n  ]";
  if (input.miner_id) out += ",\n  \"miner_id\": " + std::to_string(*input.miner_id);
  if (input.sector_number) out += ",\n  \"sector_number\": " + std::to_string(*input.sector_number);
  out += "\n}\n";
  return out;
}

}  // namespace cuzk::porep::update
