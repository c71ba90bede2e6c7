#include "cli/id_options.hpp"

#include <algorithm>
#include <charconv>

#include "util/hex.hpp"

namespace cuzk::cli {

CLI::Option* add_prover_id_options(CLI::App& cmd, ProverIdOptions& o) {
  auto* miner = cmd.add_option("--miner-id", o.miner_id,
                               "Miner actor id (1234 or f01234); the prover id is its LEB128 "
                               "varint left-aligned in 32 zero bytes");
  auto* prover = cmd.add_option("--prover-id", o.prover_id, "Prover id: 64 hex digits");
  miner->excludes(prover);
  return miner;
}

std::optional<porep::ProverId> resolve_prover_id(const ProverIdOptions& o) {
  if (!o.prover_id.empty()) return parse_hex32("--prover-id", o.prover_id);
  if (!o.miner_id.empty()) {
    return porep::prover_id_from_actor_id(parse_actor_id(o.miner_id));
  }
  return std::nullopt;
}

std::uint64_t parse_actor_id(std::string_view text) {
  std::string_view digits = text;
  if (digits.size() > 2 && (digits[0] == 'f' || digits[0] == 't') && digits[1] == '0') {
    digits.remove_prefix(2);
  }
  std::uint64_t id = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size()) {
    throw CLI::ValidationError("--miner-id '" + std::string(text) +
                               "' is not an actor id (e.g. 1234 or f01234)");
  }
  return id;
}

porep::Domain parse_hex32(std::string_view option, std::string_view text) {
  const auto bytes = from_hex(text);
  if (!bytes || bytes->size() != 32) {
    throw CLI::ValidationError(std::string(option) + " '" + std::string(text) +
                               "' is not 64 hex digits (32 bytes)");
  }
  porep::Domain out{};
  std::copy(bytes->begin(), bytes->end(), out.begin());
  return out;
}

}  // namespace cuzk::cli
