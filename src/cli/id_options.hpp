// Command-line forms of a sector's identity: --miner-id (an actor id, as in the address f01234)
// or --prover-id (its 32 bytes in hex), and 32-byte values such as tickets and commitments, given
// as 64 hex digits of the raw bytes in file order.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "porep/domain.hpp"
#include "porep/replica_id.hpp"

namespace cuzk::cli {

struct ProverIdOptions {
  std::string miner_id;
  std::string prover_id;
};

// Adds --miner-id and --prover-id (mutually exclusive) to `cmd`; returns --miner-id, so that a
// command with a default miner can show it.
CLI::Option* add_prover_id_options(CLI::App& cmd, ProverIdOptions& options);

// nullopt when neither was given. Throws CLI::ValidationError for a bad value.
std::optional<porep::ProverId> resolve_prover_id(const ProverIdOptions& options);

// "1234", "f01234" or "t01234" (an ID address); throws CLI::ValidationError otherwise.
std::uint64_t parse_actor_id(std::string_view text);

// 64 hex digits (an optional 0x), the bytes in order; throws CLI::ValidationError naming
// `option` otherwise.
porep::Domain parse_hex32(std::string_view option, std::string_view text);

}  // namespace cuzk::cli
