// Reads a C1 output file: either the lotus/curio wrapper {"SectorNum","Phase1Out","SectorSize"},
// whose Phase1Out is standard base64 of the inner JSON, or that inner SealCommitPhase1Output JSON
// itself; the form is recognised by its keys. Everything is validated while reading: registered
// proof, shape tag, partition and challenge counts, Merkle path lengths, arities and positions,
// column and label counts, bytes below the field modulus, the wrapper's sector size. A failure
// throws cuzk::Error with one line naming the field, e.g.
//   "partition 3, challenge 7: comm_r_last_proof.data.Sub.base_proof.path: has 8 levels, expected
//   9".
// Field order does not matter and unknown keys are ignored, as with serde.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "porep/c1_output.hpp"

namespace cuzk::porep {

enum class C1Checks {
  kStructure,  // only what the file itself shows
  kFull,       // also check_c1_consistency (c1_consistency.hpp)
};

// Copies json once into a padded buffer, then parses it in place. The overrides become the
// output's (C1Output::overrides), so the kFull checks derive challenges and parents under them.
C1Output parse_c1(std::string_view json, C1Checks checks = C1Checks::kFull,
                  const PorepOverrides& overrides = {});
// parse_c1 for a C1 that has a name but no file (a daemon's request): messages start with
// `source`, which becomes C1Output::source.
C1Output parse_named_c1(std::string_view json, const std::string& source,
                        C1Checks checks = C1Checks::kFull, const PorepOverrides& overrides = {});
// Reads the file into one padded buffer and parses it in place; messages start with the path.
C1Output load_c1_file(const std::filesystem::path& path, C1Checks checks = C1Checks::kFull,
                      const PorepOverrides& overrides = {});

}  // namespace cuzk::porep
