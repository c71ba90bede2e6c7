// Where the Groth16 parameters of a registered seal proof live, and which vector lengths they must
// have. Files are named as rust-fil-proofs names them (parameter_cache.rs): one cache directory
// holding v28-stacked-proof-of-replication-<tree>-sha256_hasher-<SHA-256 of the identifier>
// with the suffixes .params and .vk. Every variant of one sector size (API versions, synthetic
// and non-interactive PoRep) shares the same files, since the identifier names none of them.
#pragma once

#include <filesystem>

#include "porep/registered_proof.hpp"
#include "porep/update/update_proof.hpp"
#include "prover/params/parameters.hpp"

namespace cuzk::prover {

struct ParameterPaths {
  std::filesystem::path params;
  std::filesystem::path vk;
};

ParameterPaths parameter_paths(const std::filesystem::path& dir, porep::RegisteredSealProof proof);
// An update proof's files: porep::update::parameter_file_stem, the same suffixes.
ParameterPaths parameter_paths(const std::filesystem::path& dir,
                               porep::update::RegisteredUpdateProof proof);

// The lengths a .params file for the proof's partition circuit must have, counted by synthesizing
// the blank circuit (stacked::analyze_circuit: a second or two for 2 KiB, minutes for 32 GiB).
VectorLengths circuit_parameter_lengths(porep::RegisteredSealProof proof);
// The same for an update proof's partition circuit (update::analyze_update_circuit: about a
// second for 2 KiB).
VectorLengths circuit_parameter_lengths(porep::update::RegisteredUpdateProof proof);

// The same lengths from a table, at once: what a file's header is checked against before any
// work. Tests pin the table to circuit_parameter_lengths and to rust-fil-proofs' R1CS counts.
VectorLengths expected_parameter_lengths(porep::RegisteredSealProof proof);

}  // namespace cuzk::prover
