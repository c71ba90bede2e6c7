// The five query vectors of a .params file as sources for the GPU upload
// (kernels::ParameterBases): each read copies points straight from the file into the upload's
// page-locked staging buffer with pread on every OpenMP thread. Reading rather than mapping keeps
// the 47 GB of a 32 GiB circuit's parameters out of the process's resident memory (the page
// cache holds them). Where the file's mapping has been registered with the GPU
// (PinnedParameters), the sources also point into it: the upload copies from there, and the
// partitions gather their tails' points from it.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "kernels/device/registered_host_range.hpp"
#include "kernels/groth16/parameter_bases.hpp"
#include "prover/params/mapped_parameters.hpp"

namespace cuzk::pipeline {

// A .params file's mapping page-locked in place and mapped for the GPUs (the whole file: about a
// second for a 32 GiB circuit's 47 GB in the page cache), or why it could not be.
struct PinnedParameters {
  std::optional<kernels::RegisteredHostRange> range;
  std::string failure;  // why `range` is empty

  // Refuses (with `failure`) parameters larger than page_lockable_bytes().
  static PinnedParameters pin(kernels::Device device, const prover::MappedParameters& params);
  // The most host memory parameters may page-lock: the host's physical memory less what is kept
  // for everything else (8 GiB: the sector's witnesses, the system, other processes), since
  // page-locked memory cannot be reclaimed.
  static std::size_t page_lockable_bytes();
  // Bytes page-locked: the whole mapping, or 0.
  std::size_t bytes() const { return range ? range->host().size() : 0; }
};

class ParamsFileReader {
 public:
  // Opens the file of `params` (already parsed and checked). Throws cuzk::Error if it cannot.
  // With `pinned` (the same file's, outliving this reader), the sources point into it too.
  explicit ParamsFileReader(const prover::MappedParameters& params,
                            const kernels::RegisteredHostRange* pinned = nullptr);
  ~ParamsFileReader();
  ParamsFileReader(const ParamsFileReader&) = delete;
  ParamsFileReader& operator=(const ParamsFileReader&) = delete;

  // Sources of h, l, a, b_g1, b_g2; they read through this object, which must outlive them.
  kernels::ParameterBases::Queries queries() const;

  // Copies `bytes` bytes at `offset` of the file into dst. Throws cuzk::Error on a short read
  // (a file truncated since it was checked) or an I/O error.
  void read(std::size_t offset, std::size_t bytes, std::uint8_t* dst) const;

 private:
  std::filesystem::path path_;
  prover::MappedParameters::Extents extents_;
  const kernels::RegisteredHostRange* pinned_ = nullptr;
  int fd_ = -1;
};

}  // namespace cuzk::pipeline
