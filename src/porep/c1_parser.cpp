#include "porep/c1_parser.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "porep/c1_consistency.hpp"
#include "porep/c1_json.hpp"
#include "porep/c1_proof_reader.hpp"
#include "util/base64.hpp"
#include "util/error.hpp"
#include "util/parallel_for.hpp"
#include "util/unique_fd.hpp"

namespace cuzk::porep {
namespace {

using detail::JsonPath;
using detail::od::value;
namespace od = detail::od;

// The Go wrapper's keys (lotus-bench Commit2In, curio c1OutputWrapper), all required.
constexpr std::array<std::string_view, 3> kWrapperKeys = {"SectorNum", "Phase1Out", "SectorSize"};
// SealCommitPhase1Output's keys, all required.
constexpr std::array<std::string_view, 7> kOutputKeys = {
    "registered_proof", "vanilla_proofs", "comm_r", "comm_d", "replica_id", "seed", "ticket"};

std::optional<std::size_t> key_index(std::span<const std::string_view> keys, std::string_view key) {
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (keys[i] == key) return i;
  }
  return std::nullopt;
}

// What the top level of either form holds, before cross-checks.
struct TopLevel {
  enum class Form { kUnknown, kWrapper, kOutput } form = Form::kUnknown;
  std::array<bool, kWrapperKeys.size()> wrapper_seen{};
  std::array<bool, kOutputKeys.size()> output_seen{};
  // wrapper
  std::int64_t sector_num = 0;
  std::string_view phase1_out;  // raw base64, a view into the wrapper document
  std::uint64_t sector_size = 0;
  // output
  std::optional<RegisteredSealProof> registered_proof;
  std::optional<RegisteredSealProof> shape_tag;  // the V1 proof of the tag's size
  std::vector<std::uint32_t> partition_sizes;
  C1Output out;
};

void check_shape_tag(const TopLevel& top, const JsonPath& path) {
  const SealProofInfo& info = seal_proof_info(*top.registered_proof);
  const std::string_view tag = seal_proof_info(*top.shape_tag).vanilla_proof_tag;
  if (tag != info.vanilla_proof_tag) {
    path.fail("shape tag " + std::string(tag) + " does not match registered_proof " +
              std::string(info.name) + ", which needs " + std::string(info.vanilla_proof_tag));
  }
}

// More partitions than any registered proof has (10) fail the count check after reading; past
// this many, a hostile file's partitions are counted without being copied.
constexpr std::size_t kMaxPartitionTexts = 64;

// One partition's challenge proofs from its own text (a JSON array), `path` naming it.
std::vector<ChallengeProof> read_partition(const simdjson::padded_string& text,
                                           const detail::ProofLayout& layout, std::size_t k,
                                           JsonPath& path) {
  od::parser parser;
  od::document doc;
  value array;
  if (const auto error = parser.iterate(text).get(doc)) path.fail_json(error);
  if (const auto error = doc.get_value().get(array)) path.fail_json(error);
  detail::ChallengeProofReader reader(layout);
  JsonPath proof_path;
  std::vector<ChallengeProof> proofs;
  for (auto proof_result : detail::get_array(array, path)) {
    value proof;
    if (const auto error = std::move(proof_result).get(proof)) path.fail_json(error);
    proof_path.set_location("partition " + std::to_string(k) + ", challenge " +
                            std::to_string(proofs.size()));
    proofs.push_back(reader.read(proof, proof_path));
  }
  return proofs;
}

void read_vanilla_proofs(value v, TopLevel& top, JsonPath& path) {
  std::size_t tags = 0;
  for (auto field_result : detail::get_object(v, path)) {
    od::field field;
    if (const auto error = std::move(field_result).get(field)) path.fail_json(error);
    std::string_view tag;
    if (const auto error = field.unescaped_key().get(tag)) path.fail_json(error);
    if (++tags > 1) path.fail("has more than one shape tag");
    for (const SealProofInfo& info : all_seal_proofs()) {
      if (info.vanilla_proof_tag == tag) {
        top.shape_tag = info.proof;
        break;
      }
    }
    if (!top.shape_tag) path.fail("unknown shape tag \"" + std::string(tag) + "\"");
    // serde writes registered_proof first; if so, a wrong tag fails here, before its proofs.
    if (top.registered_proof) check_shape_tag(top, path);
    const SealProofInfo& shape = seal_proof_info(*top.shape_tag);
    const auto layout = detail::ProofLayout::for_sector(shape.nodes, shape.layers, shape.tree);
    if (top.registered_proof) {
      const SealProofInfo& info = seal_proof_info(*top.registered_proof);
      top.out.proofs.reserve(std::size_t{info.partitions} * info.challenges_per_partition);
    }

    const detail::PathScope scope(path, shape.vanilla_proof_tag);
    // Each partition's text is cut out here (skipping a value is cheap once simdjson has indexed
    // the document), then the partitions are read on threads of their own: read in one go, the
    // 38 MB of a 32 GiB C1 took a third of a second, ahead of everything cuzk prove starts.
    std::vector<simdjson::padded_string> texts;
    std::size_t uncopied = 0;  // partitions past kMaxPartitionTexts: only counted
    for (auto partition_result : detail::get_array(field.value(), path)) {
      const detail::PathScope partition_scope(path, texts.size() + uncopied);
      value partition;
      std::string_view text;
      if (const auto error = std::move(partition_result).get(partition)) path.fail_json(error);
      if (const auto error = detail::get_array(partition, path).raw_json().get(text)) {
        path.fail_json(error);
      }
      if (texts.size() < kMaxPartitionTexts) {
        texts.emplace_back(text);
      } else {
        ++uncopied;
      }
    }
    std::vector<std::vector<ChallengeProof>> partitions(texts.size());
    // The first partition's failure, as read in order.
    parallel_for(texts.size(), 1, [&](std::size_t k) {
      JsonPath partition_path = path;
      partition_path.push_index(k);
      partitions[k] = read_partition(texts[k], layout, k, partition_path);
    });
    for (std::vector<ChallengeProof>& proofs : partitions) {
      top.partition_sizes.push_back(static_cast<std::uint32_t>(proofs.size()));
      std::ranges::move(proofs, std::back_inserter(top.out.proofs));
    }
    top.partition_sizes.resize(top.partition_sizes.size() + uncopied, 0);
  }
  if (tags == 0) path.fail("has no shape tag");
}

void read_output_field(std::size_t key, value v, TopLevel& top, JsonPath& path) {
  C1Output& out = top.out;
  switch (key) {
    case 0: {
      const std::string_view name = detail::get_string(v, path);
      top.registered_proof = seal_proof_from_name(name);
      if (!top.registered_proof) {
        path.fail("\"" + std::string(name) + "\" is not a registered seal proof");
      }
      break;
    }
    case 1:
      read_vanilla_proofs(v, top, path);
      break;
    case 2:
      detail::read_domain(v, out.comm_r, path);
      break;
    case 3:
      detail::read_domain(v, out.comm_d, path);
      break;
    case 4:
      detail::read_domain(v, out.replica_id, path);
      break;
    case 5:
      detail::read_bytes32(v, out.seed, path);
      break;
    default:
      detail::read_bytes32(v, out.ticket, path);
      break;
  }
}

void read_wrapper_field(std::size_t key, value v, TopLevel& top, JsonPath& path) {
  if (key == 0) {
    top.sector_num = detail::get_i64(v, path);
  } else if (key == 2) {
    top.sector_size = detail::get_u64(v, path);
  } else {
    // Go's encoding/json never escapes the base64 alphabet, so the raw token is the text.
    const std::string_view token = v.raw_json_token();
    const std::size_t close = token.find_last_of('"');
    if (token.empty() || token.front() != '"' || close == 0 || close == std::string_view::npos) {
      path.fail("expected a base64 string");
    }
    top.phase1_out = token.substr(1, close - 1);
    if (top.phase1_out.find('\\') != std::string_view::npos) {
      path.fail("is not valid base64: it contains an escape sequence");
    }
  }
}

// Where the object or array that opens `json` (after any whitespace) closes: the offset just past
// its closing bracket, found by counting brackets outside strings, or nullopt if it never closes.
// Only for messages: simdjson refuses both a truncated document and one with data after it as
// "ended early", and an operator needs to know which.
std::optional<std::size_t> end_of_first_value(std::string_view json) {
  std::size_t depth = 0;
  bool in_string = false;
  bool escaped = false;
  for (std::size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (depth == 0) return std::nullopt;  // a stray closing bracket
      if (--depth == 0) return i + 1;
    } else if (depth == 0 && c != ' ' && c != '\t' && c != '\n' && c != '\r') {
      return std::nullopt;  // not an object or array
    }
  }
  return std::nullopt;
}

std::string data_after_document(std::size_t offset) {
  return "unexpected data after the document, at byte " + std::to_string(offset);
}

// Why the top level could not be read as an object.
std::string top_level_failure(std::string_view json, simdjson::error_code error) {
  if (error == simdjson::INCORRECT_TYPE) return "expected a JSON object at the top level";
  if (const auto end = end_of_first_value(json)) {
    const std::size_t next = json.find_first_not_of(" \t\n\r", *end);
    if (next != std::string_view::npos) return data_after_document(next);
  }
  return std::string("malformed or truncated JSON (") + simdjson::error_message(error) + ")";
}

// Reads the top-level object of either form into `top`; fails on a mix of the two.
void read_top_level(od::parser& parser, simdjson::padded_string_view json, TopLevel& top) {
  JsonPath path;
  od::document doc;
  if (const auto error = parser.iterate(json).get(doc)) path.fail_json(error);
  od::object root;
  if (const auto error = doc.get_object().get(root)) {
    path.fail(top_level_failure(std::string_view(json.data(), json.size()), error));
  }
  for (auto field_result : root) {
    od::field field;
    if (const auto error = std::move(field_result).get(field)) path.fail_json(error);
    std::string_view key;
    if (const auto error = field.unescaped_key().get(key)) path.fail_json(error);
    const auto wrapper_key = key_index(kWrapperKeys, key);
    const auto output_key = key_index(kOutputKeys, key);
    if (!wrapper_key && !output_key) continue;  // unknown keys are ignored, as serde does
    const auto form = wrapper_key ? TopLevel::Form::kWrapper : TopLevel::Form::kOutput;
    if (top.form != TopLevel::Form::kUnknown && top.form != form) {
      path.fail("mixes the wrapper's keys (SectorNum, Phase1Out, SectorSize) with C1 output keys");
    }
    top.form = form;
    bool& seen = wrapper_key ? top.wrapper_seen[*wrapper_key] : top.output_seen[*output_key];
    if (seen) path.fail("duplicate field \"" + std::string(key) + "\"");
    seen = true;
    const detail::PathScope scope(
        path, wrapper_key ? kWrapperKeys[*wrapper_key] : kOutputKeys[*output_key]);
    if (wrapper_key) {
      read_wrapper_field(*wrapper_key, field.value(), top, path);
    } else {
      read_output_field(*output_key, field.value(), top, path);
    }
  }
  const auto location = doc.current_location();
  if (location.error() == simdjson::SUCCESS) {
    path.fail(data_after_document(static_cast<std::size_t>(location.value_unsafe() - json.data())));
  }
  if (location.error() != simdjson::OUT_OF_BOUNDS) {
    path.fail(std::string("malformed or truncated JSON (") +
              simdjson::error_message(location.error()) + ")");
  }
  if (top.form == TopLevel::Form::kUnknown) {
    path.fail("neither a C1 output nor a wrapper: no registered_proof or Phase1Out key");
  }
  const std::span<const std::string_view> keys =
      top.form == TopLevel::Form::kWrapper ? std::span<const std::string_view>(kWrapperKeys)
                                           : std::span<const std::string_view>(kOutputKeys);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const bool seen =
        top.form == TopLevel::Form::kWrapper ? top.wrapper_seen[i] : top.output_seen[i];
    if (!seen) path.fail("missing field \"" + std::string(keys[i]) + "\"");
  }
}

// The checks that need several fields of the output at once.
void check_output(TopLevel& top) {
  JsonPath path;
  C1Output& out = top.out;
  const SealProofInfo& info = seal_proof_info(*top.registered_proof);
  out.registered_proof = info.proof;
  path.push("vanilla_proofs");
  check_shape_tag(top, path);
  path.pop();
  if (top.partition_sizes.size() != info.partitions) {
    path.fail("vanilla_proofs: " + std::to_string(top.partition_sizes.size()) +
              " partitions, expected " + std::to_string(info.partitions) + " for " +
              std::string(info.name));
  }
  for (std::size_t k = 0; k < top.partition_sizes.size(); ++k) {
    if (top.partition_sizes[k] != info.challenges_per_partition) {
      path.fail("vanilla_proofs: partition " + std::to_string(k) + " has " +
                std::to_string(top.partition_sizes[k]) + " challenge proofs, expected " +
                std::to_string(info.challenges_per_partition));
    }
  }
  out.partitions = info.partitions;
  out.challenges_per_partition = info.challenges_per_partition;
  // seal_commit_phase2 refuses these before anything else.
  if (is_zero(out.comm_d)) path.fail("comm_d is all zero");
  if (is_zero(out.comm_r)) path.fail("comm_r is all zero");
  if (is_zero(out.seed)) path.fail("seed is all zero");
}

// Finishes a document read as a C1 output: cross-field checks, then the consistency checks.
C1Output finish_output(TopLevel& top, C1Checks checks, const PorepOverrides& overrides) {
  check_output(top);
  top.out.overrides = overrides;
  if (checks == C1Checks::kFull) check_c1_consistency(top.out);
  return std::move(top.out);
}

C1Output parse_padded(simdjson::padded_string_view json, C1Checks checks,
                      const PorepOverrides& overrides) {
  od::parser parser;
  TopLevel top;
  read_top_level(parser, json, top);
  if (top.form == TopLevel::Form::kOutput) return finish_output(top, checks, overrides);

  JsonPath path;
  path.push("Phase1Out");
  const auto size = base64_decoded_size(top.phase1_out);
  if (!size) path.fail("is not valid base64: " + size.error().reason);
  simdjson::padded_string inner(*size);
  const auto decoded = decode_base64(
      top.phase1_out, std::span(reinterpret_cast<std::uint8_t*>(inner.data()), *size));
  if (!decoded) path.fail("is not valid base64: " + decoded.error().reason);
  const std::int64_t sector_num = top.sector_num;
  const std::uint64_t sector_size = top.sector_size;

  // The wrapper document is finished with, so the parser can take the inner one. Every failure
  // inside it is reported as being in Phase1Out.
  top = TopLevel{};
  C1Output out;
  try {
    read_top_level(parser, inner, top);
    if (top.form != TopLevel::Form::kOutput) throw Error("holds another wrapper, not a C1 output");
    out = finish_output(top, checks, overrides);
  } catch (const Error& e) {
    throw Error(std::string("Phase1Out: ") + e.what());
  }
  const SealProofInfo& info = out.info();
  if (sector_size != info.sector_size) {
    throw Error("SectorSize " + std::to_string(sector_size) + " does not match registered_proof " +
                std::string(info.name) + " (" + std::to_string(info.sector_size) + " bytes)");
  }
  if (sector_num < 0) throw Error("SectorNum " + std::to_string(sector_num) + " is negative");
  out.sector_number = static_cast<std::uint64_t>(sector_num);
  return out;
}

// The whole file in one padded buffer (one read, no copy); every failure names the file and says
// why in the system's words, a missing file plainly.
simdjson::padded_string read_padded_file(const std::filesystem::path& path) {
  const std::string name = path.string();
  const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd) {
    if (errno == ENOENT) throw Error(name + ": no such file");
    throw Error(name + ": cannot open: " + std::strerror(errno));
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) throw Error(name + ": cannot stat: " + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) throw Error(name + ": is a directory, not a C1 file");
  if (!S_ISREG(st.st_mode)) throw Error(name + ": not a regular file");
  simdjson::padded_string text(static_cast<std::size_t>(st.st_size));
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::read(fd.get(), text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw Error(name + ": cannot read: " + std::strerror(errno));
    if (n == 0) throw Error(name + ": shrank while it was read");
    done += static_cast<std::size_t>(n);
  }
  return text;
}

}  // namespace

C1Output parse_c1(std::string_view json, C1Checks checks, const PorepOverrides& overrides) {
  const simdjson::padded_string padded(json.data(), json.size());
  return parse_padded(padded, checks, overrides);
}

namespace {

C1Output parse_padded_named(const simdjson::padded_string& json, const std::string& source,
                            C1Checks checks, const PorepOverrides& overrides) {
  C1Output out;
  try {
    out = parse_padded(json, checks, overrides);
  } catch (const Error& e) {
    throw Error(source + ": " + e.what());
  }
  out.source = source;
  return out;
}

}  // namespace

C1Output parse_named_c1(std::string_view json, const std::string& source, C1Checks checks,
                        const PorepOverrides& overrides) {
  const simdjson::padded_string padded(json.data(), json.size());
  return parse_padded_named(padded, source, checks, overrides);
}

C1Output load_c1_file(const std::filesystem::path& path, C1Checks checks,
                      const PorepOverrides& overrides) {
  return parse_padded_named(read_padded_file(path), path.string(), checks, overrides);
}

}  // namespace cuzk::porep
