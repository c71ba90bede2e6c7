// What every fuzz target checks, for one input: the reader either accepts it or refuses it with
// cuzk's own error, and what it accepts re-encodes to the very bytes it read (so no two encodings
// are accepted for one value). Each check says whether the input was accepted and what went
// wrong, if anything. Shared by
// the libFuzzer entry point (fuzz_main.cpp, built once per reader) and by corpus_replay_test.cpp,
// which runs every seed and every regression input in the ordinary test suite.
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "porep/c1_parser.hpp"
#include "porep/update/update_input_json.hpp"
#include "prover/params/mapped_parameters.hpp"
#include "prover/params/point_io.hpp"
#include "prover/params/verifying_key.hpp"
#include "prover/proof.hpp"
#include "util/error.hpp"
#include "util/unique_fd.hpp"

namespace cuzk::fuzz {

using Bytes = std::span<const std::uint8_t>;

struct Verdict {
  bool accepted = false;
  std::string problem;  // empty unless a property failed: what libFuzzer must report
};

inline Verdict check_c1(Bytes data) {
  const std::string_view input(reinterpret_cast<const char*>(data.data()), data.size());
  try {
    const auto c1 = porep::parse_c1(input, porep::C1Checks::kFull);
    // Touch the views so that a dangling span shows up under AddressSanitizer.
    std::uint64_t sum = 0;
    for (const auto& proof : c1.proofs) {
      sum += proof.challenge() + proof.comm_r_last.node_index() + proof.labeling.size();
      for (const auto& row : proof.exp_parents.back().rows) sum += row[0];
    }
    asm volatile("" : : "r"(sum));  // the loads above must happen
    if (c1.proofs.empty()) return {true, "accepted without a vanilla proof"};
    return {true, ""};
  } catch (const Error&) {
    return {};
  }
}

inline Verdict check_vk(Bytes data) {
  try {
    std::size_t consumed = 0;
    const prover::VerifyingKey vk = prover::decode_verifying_key(data, "vk", consumed);
    std::vector<std::uint8_t> encoded;
    prover::append_encoding(vk, encoded);
    if (consumed != encoded.size() || !std::equal(encoded.begin(), encoded.end(), data.begin())) {
      return {true, "an accepted verifying key does not re-encode to the bytes read"};
    }
    return {true, ""};
  } catch (const Error&) {
    return {};
  }
}

inline Verdict check_proofs(Bytes data) {
  const auto proofs = prover::decode_proofs(data);
  if (!proofs) return {false, proofs.error().empty() ? "a refusal without a reason" : ""};
  const std::vector<std::uint8_t> encoded = prover::encode_proofs(*proofs);
  if (!std::equal(encoded.begin(), encoded.end(), data.begin(), data.end())) {
    return {true, "accepted proofs do not re-encode to the bytes read"};
  }
  return {true, ""};
}

// The .params reader maps a file, so the input becomes an anonymous in-memory file.
inline Verdict check_params(Bytes data) {
  const UniqueFd fd(::memfd_create("params", MFD_CLOEXEC));
  if (!fd || ::write(fd.get(), data.data(), data.size()) != static_cast<ssize_t>(data.size())) {
    return {false, "cannot make the in-memory file"};
  }
  try {
    const prover::MappedParameters mapped("/proc/self/fd/" + std::to_string(fd.get()),
                                          bls12_381::SubgroupCheck::kNo);
    const prover::Parameters p = mapped.read_all();
    // bellperson ignores what follows b_g2; everything before it must re-encode exactly.
    const std::vector<std::uint8_t> encoded = prover::encode_parameters(p);
    if (encoded.size() > data.size() || !std::equal(encoded.begin(), encoded.end(), data.begin())) {
      return {true, "accepted parameters do not re-encode to the bytes read"};
    }
    if (mapped.lengths() != prover::VectorLengths{p.vk.ic.size(), p.h.size(), p.l.size(),
                                                  p.a.size(), p.b_g1.size(), p.b_g2.size()}) {
      return {true, "the header lengths differ from the vectors read"};
    }
    return {true, ""};
  } catch (const Error&) {
    return {};
  }
}

// The update input reader (full checks, so verification runs too): what it accepts writes out and
// reads back as the same input. Whitespace and field order may differ from the bytes read, so the
// round trip is compared as values.
inline Verdict check_update_input(Bytes data) {
  const std::string_view input(reinterpret_cast<const char*>(data.data()), data.size());
  try {
    const auto parsed = porep::update::parse_update_input(input);
    const auto again = porep::update::parse_update_input(porep::update::update_input_json(parsed));
    if (again.partitions != parsed.partitions || again.comm_r_new != parsed.comm_r_new ||
        again.miner_id != parsed.miner_id || again.sector_number != parsed.sector_number) {
      return {true, "an accepted update input does not read back as itself"};
    }
    return {true, ""};
  } catch (const Error&) {
    return {};
  }
}

// The readers by the name of their corpus folder (test/fuzz/corpus/<name>/) and fuzz target.
struct Reader {
  std::string_view name;
  Verdict (*check)(Bytes);
};
inline constexpr Reader kReaders[] = {{"c1", check_c1},
                                      {"params", check_params},
                                      {"vk", check_vk},
                                      {"proof", check_proofs},
                                      {"update", check_update_input}};

}  // namespace cuzk::fuzz
