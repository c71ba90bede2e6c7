// The shape's upload (device_r1cs.hpp). A shape recorded with repeated blocks goes up as its
// prefix and block 0, and the other blocks' rows are written on the device (repeated_blocks.cuh).
#include <limits>
#include <string>

#include "kernels/device/buffer_upload.cuh"
#include "kernels/groth16/bitmap_rank.cuh"
#include "kernels/groth16/device_r1cs.cuh"
#include "kernels/groth16/repeated_blocks.cuh"
#include "kernels/msm/point_reduce.cuh"
#include "util/error.hpp"

namespace cuzk::kernels {

namespace {

using detail::words_for;

void check_rows(const SparseRows& rows, std::size_t expected_rows, const char* name) {
  if (rows.row_start.size() != expected_rows + 1 || rows.column.size() != rows.coeff.size() ||
      rows.row_start.back() != rows.column.size()) {
    throw Error(std::string("R1CS upload: matrix ") + name + " is inconsistent (" +
                std::to_string(rows.row_start.size()) + " row offsets for " +
                std::to_string(expected_rows) + " rows, " + std::to_string(rows.column.size()) +
                " columns, " + std::to_string(rows.coeff.size()) + " coefficients)");
  }
}

// The terms of the prefix and of block 0 in a matrix recorded with repeated blocks.
detail::RecordedRows recorded_rows(const SparseRows& rows, const RepeatedBlocks& r) {
  return {nullptr, nullptr, nullptr, rows.row_start[r.prefix_rows],
          rows.row_start[r.prefix_rows + r.block_rows] - rows.row_start[r.prefix_rows]};
}

// The input rows hold a term in A only (Input(i) · 0 = 0).
std::size_t full_terms(const R1csView& view, const SparseRows& rows, bool is_a) {
  if (!view.repeated) return rows.column.size();
  return detail::repeated_terms(*view.repeated, recorded_rows(rows, *view.repeated),
                                view.num_inputs, is_a);
}

DeviceRows upload_rows(const R1csView& view, const SparseRows& rows, bool is_a, const char* name,
                       cudaStream_t stream) {
  if (!view.repeated) {
    check_rows(rows, view.num_constraints, name);
    return {upload_copy<std::uint32_t>(rows.row_start, stream),
            upload_copy<std::uint32_t>(rows.column, stream),
            upload_copy<std::uint32_t>(rows.coeff, stream), view.num_constraints};
  }
  const RepeatedBlocks& r = *view.repeated;
  check_rows(rows, r.prefix_rows + r.block_rows, name);
  if (detail::repeated_rows(r, view.num_inputs) != view.num_constraints) {
    throw Error(std::string("R1CS upload: matrix ") + name + "'s repeated blocks make " +
                std::to_string(detail::repeated_rows(r, view.num_inputs)) + " rows, not " +
                std::to_string(view.num_constraints));
  }
  const std::size_t terms = full_terms(view, rows, is_a);
  if (terms > std::numeric_limits<std::uint32_t>::max()) {
    throw Error(std::string("R1CS upload: matrix ") + name + " has " + std::to_string(terms) +
                " terms, past the 32-bit offsets");
  }
  // The recorded rows go up to temporaries; the copies are written on the device.
  const auto upload_temporary = [stream](std::span<const std::uint32_t> host) {
    StreamBuffer<std::uint32_t> d(host.size(), stream);
    copy_to_device(d.data(), host, stream);
    return d;
  };
  const StreamBuffer<std::uint32_t> row_start = upload_temporary(rows.row_start);
  const StreamBuffer<std::uint32_t> column = upload_temporary(rows.column);
  const StreamBuffer<std::uint32_t> coeff = upload_temporary(rows.coeff);
  detail::RecordedRows recorded = recorded_rows(rows, r);
  recorded.row_start = row_start.data();
  recorded.column = column.data();
  recorded.coeff = coeff.data();
  DeviceRows out{DeviceBuffer<std::uint32_t>(view.num_constraints + 1),
                 DeviceBuffer<std::uint32_t>(terms), DeviceBuffer<std::uint32_t>(terms),
                 view.num_constraints};
  detail::expand_repeated_blocks(r, recorded, view.num_inputs, is_a, out.row_start.data(),
                                 out.column.data(), out.coeff.data(), stream);
  return out;
}

}  // namespace

DeviceDensity::DeviceDensity(std::span<const std::uint64_t> host, cudaStream_t stream)
    : words(upload_copy<std::uint64_t>(host, stream)), prefix(host.size()) {
  count = detail::prefix_counts(words.data(), host.size(), prefix.data(), stream);
}

std::unique_ptr<DeviceR1cs::Storage> DeviceR1cs::Storage::upload(Device device,
                                                                 const R1csView& view) {
  const ScopedDevice on(device);
  auto s = std::make_unique<Storage>();
  const Stream stream = make_stream();
  s->num_inputs = view.num_inputs;
  s->num_aux = view.num_aux;
  s->num_constraints = view.num_constraints;
  s->a = upload_rows(view, view.a, true, "A", stream.get());
  s->b = upload_rows(view, view.b, false, "B", stream.get());
  s->c = upload_rows(view, view.c, false, "C", stream.get());
  s->coefficients = upload_copy<DeviceFr>(view.coefficients, stream.get());
  if (view.a_aux_density.size() != words_for(view.num_aux) ||
      view.b_aux_density.size() != words_for(view.num_aux) ||
      view.b_input_density.size() != words_for(view.num_inputs))
    throw Error("R1CS upload: density bitmaps of the wrong size");
  s->a_aux = DeviceDensity(view.a_aux_density, stream.get());
  s->b_aux = DeviceDensity(view.b_aux_density, stream.get());
  for (std::size_t i = 0; i < view.num_inputs; ++i) {
    if ((view.b_input_density[i / 64] >> (i % 64)) & 1) s->b_inputs.push_back(i);
  }
  synchronize(stream);
  return s;
}

DeviceR1cs::DeviceR1cs(Device device, const R1csView& view)
    : storage_(device, Storage::upload(device, view)) {}
DeviceR1cs::DeviceR1cs(DeviceR1cs&&) noexcept = default;
DeviceR1cs& DeviceR1cs::operator=(DeviceR1cs&&) noexcept = default;
DeviceR1cs::~DeviceR1cs() = default;

std::size_t DeviceR1cs::bytes(const R1csView& view) {
  const auto rows = [&](const SparseRows& r, bool is_a) {
    return (view.num_constraints + 1) * 4 + full_terms(view, r, is_a) * 8;
  };
  const std::size_t density = 2 * words_for(view.num_aux) * (8 + 4);
  return rows(view.a, true) + rows(view.b, false) + rows(view.c, false) +
         view.coefficients.size_bytes() + density;
}

}  // namespace cuzk::kernels
