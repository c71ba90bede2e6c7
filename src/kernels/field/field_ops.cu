#include <string>

#include "kernels/curve/curve.cuh"
#include "kernels/curve/points.hpp"
#include "kernels/device/device_memory.cuh"
#include "kernels/field/field_ops.hpp"
#include "util/error.hpp"

namespace cuzk::kernels {
namespace {

template <class D>
__device__ D unary_or_binary(FieldOp op, const D& a, const D& b) {
  switch (op) {
    case FieldOp::kAdd:
      return a + b;
    case FieldOp::kSubtract:
      return a - b;
    case FieldOp::kMultiply:
      return a * b;
    case FieldOp::kSquare:
      return a.square();
    case FieldOp::kNegate:
      return -a;
    default:
      break;
  }
  if constexpr (!std::is_same_v<D, DeviceFp2>) {
    switch (op) {
      case FieldOp::kInverse:
        return a.inverse();
      case FieldOp::kToMontgomery:
        return a.to_montgomery();
      case FieldOp::kFromMontgomery:
        return a.from_montgomery();
      default:
        break;
    }
  }
  return D::zero();
}

template <class D>
__global__ void field_op_kernel(FieldOp op, const D* a, const D* b, D* out, std::size_t n) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (op == FieldOp::kDot) {
    if constexpr (!std::is_same_v<D, DeviceFr>) {  // Fr has no dot() (kernels/field/field.cuh)
      const std::size_t j = i + 1 == n ? 0 : i + 1;
      out[i] = D::dot(a[i], b[i], a[j], b[j]);
    }
    return;
  }
  out[i] = unary_or_binary(op, a[i], b[i]);
}

template <class F>
struct DeviceOf;
template <>
struct DeviceOf<bls12_381::Fr> {
  using type = DeviceFr;
};
template <>
struct DeviceOf<bls12_381::Fp> {
  using type = DeviceFp;
};
template <>
struct DeviceOf<Fp2Mont> {
  using type = DeviceFp2;
};

}  // namespace

template <class F>
std::vector<F> gpu_field_op(Device device, FieldOp op, std::span<const F> a, std::span<const F> b) {
  using D = typename DeviceOf<F>::type;
  static_assert(sizeof(D) == sizeof(F));
  if (b.size() != a.size()) throw Error("gpu_field_op: operands differ in length");
  if (std::is_same_v<F, Fp2Mont> &&
      (op == FieldOp::kInverse || op == FieldOp::kToMontgomery || op == FieldOp::kFromMontgomery))
    throw Error("gpu_field_op: operation not offered for Fp2");
  if (std::is_same_v<F, bls12_381::Fr> && op == FieldOp::kDot)
    throw Error("gpu_field_op: dot not offered for Fr");
  const std::size_t n = a.size();
  std::vector<F> out(n);
  if (n == 0) return out;
  const ScopedDevice on(device);
  const Stream stream = make_stream();
  DeviceBuffer<D> da(n), db(n), dout(n);
  CUZK_CUDA_CHECK(
      cudaMemcpyAsync(da.data(), a.data(), a.size_bytes(), cudaMemcpyHostToDevice, stream.get()));
  CUZK_CUDA_CHECK(
      cudaMemcpyAsync(db.data(), b.data(), b.size_bytes(), cudaMemcpyHostToDevice, stream.get()));
  dout.fill_bytes(0xff, stream.get());  // poison: an unwritten output cannot pass
  constexpr unsigned kThreads = 128;
  field_op_kernel<D><<<blocks_for(n, kThreads), kThreads, 0, stream.get()>>>(
      op, da.data(), db.data(), dout.data(), n);
  CUZK_CUDA_CHECK_LAUNCH();
  CUZK_CUDA_CHECK(cudaMemcpyAsync(out.data(), dout.data(), n * sizeof(F), cudaMemcpyDeviceToHost,
                                  stream.get()));
  synchronize(stream);
  return out;
}

template std::vector<bls12_381::Fr> gpu_field_op(Device, FieldOp, std::span<const bls12_381::Fr>,
                                                 std::span<const bls12_381::Fr>);
template std::vector<bls12_381::Fp> gpu_field_op(Device, FieldOp, std::span<const bls12_381::Fp>,
                                                 std::span<const bls12_381::Fp>);
template std::vector<Fp2Mont> gpu_field_op(Device, FieldOp, std::span<const Fp2Mont>,
                                           std::span<const Fp2Mont>);

}  // namespace cuzk::kernels
