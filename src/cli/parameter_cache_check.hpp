// `cuzk params check` without a FILE: the digest of every published parameter file in the cache
// against parameters.json (prover/params/parameter_check.hpp), one line per file on stdout,
// progress of the large files on stderr.
#pragma once

#include <string>

namespace cuzk::cli {

struct CacheCheckOptions {
  std::string params_dir;               // empty: $FIL_PROOFS_PARAMETER_CACHE, else the default
  std::string registered_proof;         // only the two files this seal proof uses
  std::string registered_update_proof;  // only the two files this update proof uses
  std::string sector_size;              // only the files of this size, e.g. 32GiB
  bool quiet = false;
};

// Returns the exit code: kExitSuccess when every file checked is the published one, and there is
// at least one; with --registered-proof, --registered-update-proof or --sector-size, every file
// they name must be there.
// Throws CLI::ValidationError for a bad option value, cuzk::Error for an unreadable file.
int check_parameter_cache(const CacheCheckOptions& options);

}  // namespace cuzk::cli
