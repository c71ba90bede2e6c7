#include "pipeline/params_reader.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <string>

#include "kernels/curve/points.hpp"
#include "pipeline/gpu_memory_plan.hpp"
#include "util/error.hpp"

namespace cuzk::pipeline {

namespace {

// A piece per OpenMP iteration: big enough for the kernel's readahead, small enough that one
// staging chunk of the upload (24 MiB of G1 points) keeps 16 threads busy. With 4 MiB pieces
// only six read at a time, and the upload ran at the ~20 GB/s they copy out of the page cache.
constexpr std::size_t kPieceBytes = std::size_t{1} << 20;

// Host memory left beside page-locked parameters for everything else: the sector's witnesses (2
// GiB for a 32 GiB PoRep sector on the GPU path, 5.3 GiB for an update), the system, other
// processes. A 64 GB machine still page-locks a 32 GiB circuit's 44 GiB.
constexpr std::size_t kHostReserveBytes = std::size_t{8} << 30;

std::size_t physical_memory_bytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page = ::sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? static_cast<std::size_t>(pages) * static_cast<std::size_t>(page)
                               : 0;
}

}  // namespace

PinnedParameters PinnedParameters::pin(kernels::Device device,
                                       const prover::MappedParameters& params) {
  PinnedParameters p;
  const std::size_t host = physical_memory_bytes();
  if (params.bytes().size() > page_lockable_bytes()) {
    // Pinned pages cannot be reclaimed: locking nearly all of the memory starves the rest.
    p.failure = "the host has " + format_gib(host) + ", the parameters take " +
                format_gib(params.bytes().size()) + " and " + format_gib(kHostReserveBytes) +
                " is kept for the rest";
    return p;
  }
  p.range = kernels::RegisteredHostRange::try_register(device, params.bytes(), p.failure);
  return p;
}

std::size_t PinnedParameters::page_lockable_bytes() {
  const std::size_t host = physical_memory_bytes();
  return host > kHostReserveBytes ? host - kHostReserveBytes : 0;
}

ParamsFileReader::ParamsFileReader(const prover::MappedParameters& params,
                                   const kernels::RegisteredHostRange* pinned)
    : path_(params.path()), extents_(params.extents()), pinned_(pinned) {
  if (pinned_ != nullptr && pinned_->host().data() != params.bytes().data()) {
    throw Error(path_.string() + ": the pinned range is not this file's mapping");
  }
  fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0) throw Error(path_.string() + ": cannot open: " + std::strerror(errno));
}

ParamsFileReader::~ParamsFileReader() {
  if (fd_ >= 0) ::close(fd_);
}

void ParamsFileReader::read(std::size_t offset, std::size_t bytes, std::uint8_t* dst) const {
  const std::size_t pieces = (bytes + kPieceBytes - 1) / kPieceBytes;
  std::exception_ptr error;
#pragma omp parallel for schedule(dynamic, 1)
  for (std::size_t k = 0; k < pieces; ++k) {
    std::size_t done = k * kPieceBytes;
    const std::size_t end = std::min(bytes, done + kPieceBytes);
    while (done < end) {
      const ssize_t got = ::pread(fd_, dst + done, end - done, static_cast<off_t>(offset + done));
      if (got <= 0) {
#pragma omp critical(cuzk_params_read_error)
        if (!error) {
          error = std::make_exception_ptr(
              Error(path_.string() + ": " +
                    (got == 0 ? std::string("the file ended early (truncated while in use?)")
                              : std::string("read error: ") + std::strerror(errno))));
        }
        break;
      }
      done += static_cast<std::size_t>(got);
    }
  }
  if (error) std::rethrow_exception(error);
}

kernels::ParameterBases::Queries ParamsFileReader::queries() const {
  const prover::MappedParameters::Extent extents[kernels::kQueryCount] = {
      extents_.h, extents_.l, extents_.a, extents_.b_g1, extents_.b_g2};
  kernels::ParameterBases::Queries out;
  for (int i = 0; i < kernels::kQueryCount; ++i) {
    const prover::MappedParameters::Extent e = extents[i];
    const std::size_t point_bytes = kernels::is_g2(static_cast<kernels::Query>(i))
                                        ? kernels::kG2UncompressedBytes
                                        : kernels::kG1UncompressedBytes;
    out[i].points = e.count;
    out[i].read = [this, e, point_bytes](std::size_t first, std::size_t count, std::uint8_t* dst) {
      read(e.offset + first * point_bytes, count * point_bytes, dst);
    };
    if (pinned_ != nullptr) {
      out[i].pinned_host = pinned_->host().data() + e.offset;
      out[i].pinned_device = pinned_->device_pointer() + e.offset;
    }
  }
  return out;
}

}  // namespace cuzk::pipeline
