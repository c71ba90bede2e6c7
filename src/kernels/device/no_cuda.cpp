// The kernels' API in a build without CUDA (CUZK_CUDA=OFF or no nvcc): gpu_available() is
// false and everything else throws, so callers link unchanged and choose the CPU path. (The
// fault-injection hook, kernels/device/cuda_fault_injection.cpp, is plain C++ and built either
// way.)
#ifndef CUZK_HAVE_CUDA

#include <string>

#include "kernels/bench_support.hpp"
#include "kernels/device/device.hpp"
#include "kernels/device/gpu.hpp"
#include "kernels/device/pinned_array.hpp"
#include "kernels/device/registered_host_range.hpp"
#include "kernels/field/field_ops.hpp"
#include "kernels/msm/bases.hpp"
#include "kernels/msm/fixed_base.hpp"
#include "kernels/msm/msm.hpp"
#include "kernels/ntt/ntt.hpp"
#include "util/error.hpp"

namespace cuzk::kernels {
namespace {

[[noreturn]] void no_cuda() { throw Error("this build of cuzk has no CUDA kernels"); }

}  // namespace

int device_count() noexcept { return 0; }
ScopedDevice::ScopedDevice(Device) : previous_(-1), chosen_(-1) { no_cuda(); }
ScopedDevice::ScopedDevice(Device, std::nothrow_t) noexcept : previous_(-1), chosen_(-1) {}
ScopedDevice::~ScopedDevice() = default;

bool gpu_available(Device) { return false; }
void start_device(Device) noexcept {}
std::string gpu_description(Device) { return "no CUDA device: built without CUDA"; }
DeviceMemoryInfo device_memory_info(Device) { no_cuda(); }
std::size_t settled_device_memory_in_use(Device) { no_cuda(); }

namespace detail {
void* allocate_pinned(Device, std::size_t) { no_cuda(); }
void free_pinned(Device, void*) noexcept {}
}  // namespace detail

std::optional<RegisteredHostRange> RegisteredHostRange::try_register(Device,
                                                                     std::span<const std::uint8_t>,
                                                                     std::string& why) {
  why = "this build of cuzk has no CUDA kernels";
  return std::nullopt;
}
RegisteredHostRange::RegisteredHostRange(RegisteredHostRange&& other) noexcept
    : device_(other.device_) {}
RegisteredHostRange& RegisteredHostRange::operator=(RegisteredHostRange&&) noexcept {
  return *this;
}
RegisteredHostRange::~RegisteredHostRange() = default;

void ntt(Device, std::span<bls12_381::Fr>, NttDirection, NttDomain) { no_cuda(); }
std::vector<bls12_381::Fr> h_quotient(Device, std::span<const bls12_381::Fr>,
                                      std::span<const bls12_381::Fr>,
                                      std::span<const bls12_381::Fr>, int) {
  no_cuda();
}

template <class Affine>
struct DeviceBases<Affine>::Storage {};
template <class Affine>
DeviceBases<Affine>::DeviceBases(DeviceBound<Storage> storage) : storage_(std::move(storage)) {}
template <class Affine>
DeviceBases<Affine>::DeviceBases(DeviceBases&&) noexcept = default;
template <class Affine>
DeviceBases<Affine>& DeviceBases<Affine>::operator=(DeviceBases&&) noexcept = default;
template <class Affine>
DeviceBases<Affine>::~DeviceBases() = default;
template <class Affine>
DeviceBases<Affine> DeviceBases<Affine>::from_uncompressed(Device, std::span<const std::uint8_t>) {
  no_cuda();
}
template <class Affine>
DeviceBases<Affine> DeviceBases<Affine>::from_affine(Device, std::span<const Affine>) {
  no_cuda();
}
template <class Affine>
DeviceBases<Affine> DeviceBases<Affine>::repeated(Device, std::span<const Affine>, std::size_t) {
  no_cuda();
}
template <class Affine>
std::size_t DeviceBases<Affine>::size() const {
  return 0;
}
template <class Affine>
std::vector<Affine> DeviceBases<Affine>::download() const {
  no_cuda();
}
template <class Affine>
const void* DeviceBases<Affine>::device_data() const {
  return nullptr;
}
template class DeviceBases<G1AffineMont>;
template class DeviceBases<G2AffineMont>;

G1AffineMont msm_g1(const DeviceG1Bases&, std::span<const ScalarLimbs>, const MsmConfig&) {
  no_cuda();
}
G2AffineMont msm_g2(const DeviceG2Bases&, std::span<const ScalarLimbs>, const MsmConfig&) {
  no_cuda();
}
G1AffineMont batch_add_g1(const DeviceG1Bases&, std::span<const std::uint64_t>) { no_cuda(); }
G2AffineMont batch_add_g2(const DeviceG2Bases&, std::span<const std::uint64_t>) { no_cuda(); }
std::vector<G1AffineMont> ones_batch_g1(const DeviceG1Bases&,
                                        std::span<const std::span<const std::uint64_t>>) {
  no_cuda();
}
std::vector<G2AffineMont> ones_batch_g2(const DeviceG2Bases&,
                                        std::span<const std::span<const std::uint64_t>>) {
  no_cuda();
}

template <class F>
std::vector<F> gpu_field_op(Device, FieldOp, std::span<const F>, std::span<const F>) {
  no_cuda();
}
template std::vector<bls12_381::Fr> gpu_field_op(Device, FieldOp, std::span<const bls12_381::Fr>,
                                                 std::span<const bls12_381::Fr>);
template std::vector<bls12_381::Fp> gpu_field_op(Device, FieldOp, std::span<const bls12_381::Fp>,
                                                 std::span<const bls12_381::Fp>);
template std::vector<Fp2Mont> gpu_field_op(Device, FieldOp, std::span<const Fp2Mont>,
                                           std::span<const Fp2Mont>);

struct FixedBaseProducts::State {};
FixedBaseProducts::FixedBaseProducts(Device device, const G1AffineMont&, const G2AffineMont&,
                                     std::size_t)
    : state_(device, nullptr) {
  no_cuda();
}
FixedBaseProducts::FixedBaseProducts(FixedBaseProducts&&) noexcept = default;
FixedBaseProducts& FixedBaseProducts::operator=(FixedBaseProducts&&) noexcept = default;
FixedBaseProducts::~FixedBaseProducts() = default;
void FixedBaseProducts::encode_g1(std::span<const bls12_381::Fr>, const EncodedSink&) { no_cuda(); }
void FixedBaseProducts::encode_g2(std::span<const bls12_381::Fr>, const EncodedSink&) { no_cuda(); }

double field_mul_per_second(Device, BenchField) { no_cuda(); }
double ntt_median_ms(Device, int, NttDirection, NttDomain, int) { no_cuda(); }
double h_quotient_median_ms(Device, int, int) { no_cuda(); }
double host_to_device_gbps(Device, std::size_t, bool) { no_cuda(); }

}  // namespace cuzk::kernels

#endif  // CUZK_HAVE_CUDA
