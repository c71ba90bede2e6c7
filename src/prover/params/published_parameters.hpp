// Filecoin's published Groth16 parameter and verifying-key files (v28), as rust-fil-proofs'
// parameters.json lists them and lotus/curio fetch them: the PoRep, PoSt and SnapDeal files of
// every sector size. The rows are generated (published_parameters.inc, by
// scripts/gen-published-parameters.py); nothing else in cuzk spells a digest or a cid.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "porep/registered_proof.hpp"
#include "porep/update/update_proof.hpp"

namespace cuzk::prover {

struct PublishedParameterFile {
  std::string_view name;      // e.g. "v28-stacked-proof-of-replication-...params"
  std::uint64_t sector_size;  // bytes
  // The first 32 hex digits (16 bytes) of the BLAKE2b-512 of the whole file, lowercase: what
  // rust-fil-proofs' verify_production_entry compares.
  std::string_view digest;
  std::string_view cid;  // IPFS CIDv0 the file is fetched by
};

// Sorted by name.
std::span<const PublishedParameterFile> published_parameter_files();

// The row of a file name (no directory), or nullptr for a file Filecoin did not publish.
const PublishedParameterFile* find_published_parameter_file(std::string_view name);

// The rows of the .params and .vk files a registered seal (or update) proof uses.
struct PublishedSealFiles {
  const PublishedParameterFile& params;
  const PublishedParameterFile& vk;
};
PublishedSealFiles published_seal_files(porep::RegisteredSealProof proof);
PublishedSealFiles published_update_files(porep::update::RegisteredUpdateProof proof);

}  // namespace cuzk::prover
