// TEST ONLY: a test setup's .params and .vk written straight to disk in bellperson's layout
// (prover/parameters.hpp), vector by vector, each point coming from a PointEncoder a chunk at a
// time, so no vector of points is ever held whole (the 32 GiB .params is 47.4 GB).
//
// Every point of the verifying key, and the first, every 2^20th and the last point of each other
// vector, are recomputed on the CPU (base times scalar) and compared byte for byte with what the
// encoder produced before they are written: a faulty device fails the setup with the vector and
// index named, and the temporary file is removed, instead of leaving wrong parameters behind.
#pragma once

#include <filesystem>

#include "prover/parameters.hpp"
#include "prover/point_encoder.hpp"
#include "prover/setup_scalars.hpp"
#include "prover/verifying_key.hpp"

namespace cuzk::prover {

// The lengths of the vectors write_setup_files writes for `scalars`.
VectorLengths setup_lengths(const SetupScalars& scalars);

struct WrittenSetup {
  VerifyingKey vk;
  // Wall-clock seconds inside write(2) for the .params file, in its final fsync and rename, and
  // recomputing sampled points on the CPU. The encoder's work overlaps the writes; the rest of
  // the call is time spent waiting for it.
  double write_seconds = 0;
  double sync_seconds = 0;
  double check_seconds = 0;
};

// Writes the .params file atomically (temporary file, fsync, rename), then the .vk file likewise.
// The key's points are decoded with every check (on the curve, in the subgroup) before anything
// is written. Throws cuzk::Error on an I/O failure or a point that differs from the CPU's
// product; a file is then either absent or, for the .params when only the .vk failed, whole.
WrittenSetup write_setup_files(const SetupScalars& scalars, const SetupBases& bases,
                               PointEncoder& encoder, const std::filesystem::path& params,
                               const std::filesystem::path& vk);

}  // namespace cuzk::prover
