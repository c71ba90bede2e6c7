// Groth16's quotient h = (A*B - C) / Z, equal word for word to bellperson's seven-transform chain
// (three inverse transforms, three forward coset transforms, (a*b - c) / Z pointwise on the coset,
// one inverse coset transform) in six transforms. The last transform is linear and undoes c's
// forward coset transform, so c needs only its inverse transform: h = (icoset(a*b) - C) / Z with
// C the coefficients of c. All three vectors stay on the device throughout.
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "kernels/device/cuda_check.cuh"
#include "kernels/device/staged_upload.hpp"
#include "kernels/groth16/h_quotient.cuh"
#include "util/error.hpp"

namespace cuzk::kernels {
namespace {

using bls12_381::Fr;

constexpr unsigned kThreads = 256;

// a[i] = a[i] * b[i]: the product's values on the coset.
__global__ void product_kernel(DeviceFr* a, const DeviceFr* b, std::uint64_t n) {
  const std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  a[i] = a[i] * b[i];
}

// a[i] = (a[i] - c[i]) * z_inv over coefficients, where z_inv = 1/(g^n - 1) is the vanishing
// polynomial's inverse, the same at every point of the coset.
__global__ void quotient_kernel(DeviceFr* a, const DeviceFr* c, DeviceFr z_inv, std::uint64_t n) {
  const std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  a[i] = (a[i] - c[i]) * z_inv;
}

void upload_padded(Device device, DeviceBuffer<DeviceFr>& dst, std::span<const Fr> src,
                   cudaStream_t stream) {
  detail::upload_staged(device, dst.data(), src.data(), src.size_bytes(), stream);
  const std::size_t tail = dst.size() - src.size();
  if (tail != 0) {
    CUZK_CUDA_CHECK(cudaMemsetAsync(dst.data() + src.size(), 0, tail * sizeof(DeviceFr), stream));
  }
}

}  // namespace

namespace detail {

QuotientPlans::QuotientPlans(Device device, int log_n, cudaStream_t stream)
    : inverse(device, log_n, NttDirection::kInverse, NttDomain::kSubgroup, stream),
      coset(device, log_n, NttDirection::kForward, NttDomain::kCoset, stream),
      inverse_coset(device, log_n, NttDirection::kInverse, NttDomain::kCoset, stream) {}

void quotient_product(const QuotientPlans& plans, DeviceFr* a, DeviceFr* b, DeviceFr* scratch,
                      cudaStream_t stream) {
  for (DeviceFr* v : {a, b}) {
    plans.inverse.run(v, scratch, stream);
    plans.coset.run(v, scratch, stream);
  }
  const std::uint64_t n = std::uint64_t{1} << plans.log_n();
  product_kernel<<<blocks_for(n, kThreads), kThreads, 0, stream>>>(a, b, n);
  CUZK_CUDA_CHECK_LAUNCH();
  plans.inverse_coset.run(a, scratch, stream);
}

void quotient_divide(const QuotientPlans& plans, DeviceFr* a, DeviceFr* c, DeviceFr* scratch,
                     cudaStream_t stream) {
  plans.inverse.run(c, scratch, stream);
  const std::uint64_t n = std::uint64_t{1} << plans.log_n();
  const Fr g = Fr::from_u64(bls12_381::kFrParams.small_nonresidue);
  const Fr z_inv = (g.pow(n) - Fr::one()).inverse();
  DeviceFr z_inv_device{};
  std::memcpy(&z_inv_device, &z_inv, sizeof z_inv);
  quotient_kernel<<<blocks_for(n, kThreads), kThreads, 0, stream>>>(a, c, z_inv_device, n);
  CUZK_CUDA_CHECK_LAUNCH();
}

void h_quotient_device(Device device, DeviceFr* a, DeviceFr* b, DeviceFr* c, DeviceFr* scratch,
                       int log_n, cudaStream_t stream) {
  const QuotientPlans plans(device, log_n, stream);
  quotient_product(plans, a, b, scratch, stream);
  quotient_divide(plans, a, c, scratch, stream);
}

}  // namespace detail

std::vector<Fr> h_quotient(Device device, std::span<const Fr> a, std::span<const Fr> b,
                           std::span<const Fr> c, int log_n) {
  if (log_n < 0 || log_n > kMaxNttLogSize)
    throw Error("quotient domain 2^" + std::to_string(log_n) + " is outside 2^0 .. 2^27");
  const std::size_t n = std::size_t{1} << log_n;
  if (a.size() > n || b.size() > n || c.size() > n)
    throw Error("quotient inputs (" + std::to_string(a.size()) + ", " + std::to_string(b.size()) +
                ", " + std::to_string(c.size()) + " values) exceed the domain of " +
                std::to_string(n));
  const ScopedDevice on(device);
  const Stream stream = make_stream();
  DeviceBuffer<DeviceFr> da(n), db(n), dc(n), scratch(n);
  upload_padded(device, da, a, stream.get());
  upload_padded(device, db, b, stream.get());
  upload_padded(device, dc, c, stream.get());
  detail::h_quotient_device(device, da.data(), db.data(), dc.data(), scratch.data(), log_n,
                            stream.get());
  std::vector<Fr> h(n);
  CUZK_CUDA_CHECK(
      cudaMemcpyAsync(h.data(), da.data(), n * sizeof(Fr), cudaMemcpyDeviceToHost, stream.get()));
  synchronize(stream);
  return h;
}

}  // namespace cuzk::kernels
