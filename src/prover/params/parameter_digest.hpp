// The digest Filecoin publishes for each parameter file (parameters.json "digest"): the first 16
// bytes of the BLAKE2b-512 of the whole file, as 32 lowercase hex digits, as rust-fil-proofs'
// verify_production_entry computes it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <string>

#include "porep/blake2b.hpp"

namespace cuzk::prover {

std::string parameter_digest(std::span<const std::uint8_t> bytes);
// The same of everything `hasher` (a BLAKE2b-512) was given; the hasher cannot be used afterwards.
std::string parameter_digest_of(porep::Blake2b& hasher);

// Told after each chunk how many of the file's bytes are hashed.
using DigestProgress = std::function<void(std::uint64_t done, std::uint64_t total)>;

// Streams the file through BLAKE2b-512 in 8 MiB reads, about 1 GB/s on one core: a 32 GiB
// sector's 47 GB .params takes most of a minute. Throws cuzk::Error naming the path if it cannot
// be read, or if it changes size while it is read.
std::string parameter_file_digest(const std::filesystem::path& path,
                                  const DigestProgress& progress = {});

}  // namespace cuzk::prover
