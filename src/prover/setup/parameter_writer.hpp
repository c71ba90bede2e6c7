// TEST ONLY: a test setup's .params and .vk written straight to disk in bellperson's layout
// (prover/params/parameters.hpp), vector by vector, each point coming from a PointEncoder a chunk
// at a time, so no vector of points is ever held whole (the 32 GiB .params is 47.4 GB).
//
// Every point of the verifying key, and the first, every 2^20th and the last point of each other
// vector, are recomputed on the CPU (base times scalar) and compared byte for byte with what the
// encoder produced before they are written: a faulty device fails the setup with the vector and
// index named, and the temporary file is removed, instead of leaving wrong parameters behind.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <vector>

#include "prover/params/parameters.hpp"
#include "prover/params/verifying_key.hpp"
#include "prover/setup/point_encoder.hpp"
#include "prover/setup/setup_scalars.hpp"
#include "util/atomic_file.hpp"

namespace cuzk::prover {

// The lengths of the vectors write_setup_params writes for `scalars`.
VectorLengths setup_lengths(const SetupScalars& scalars);

struct WrittenSetup {
  VerifyingKey vk;
  std::vector<std::uint8_t> vk_bytes;  // the .vk file's bytes (also the .params file's head)
  // Wall-clock seconds inside write(2) for the .params file, and recomputing sampled points on
  // the CPU. The encoder's work overlaps the writes; the rest of the call is time spent waiting
  // for it.
  double write_seconds = 0;
  double check_seconds = 0;
};

// Every byte of the .params file, in order, as it is written (for a digest).
using ParamsBytesObserver = std::function<void(std::span<const std::uint8_t>)>;

// Writes the whole .params file into `params` without committing it: the caller puts it in place
// (with the .vk, whose bytes come back, and whatever marks them). The key's points are decoded
// with every check (on the curve, in the subgroup) before anything is written. Throws
// cuzk::Error on an I/O failure or a point that differs from the CPU's product.
WrittenSetup write_setup_params(const SetupScalars& scalars, const SetupBases& bases,
                                PointEncoder& encoder, AtomicFile& params,
                                const ParamsBytesObserver& observe);

}  // namespace cuzk::prover
