#include "cuda_backend.hpp"

#include <bit>
#include <string>

#include "kernels/curve/point_conversion.hpp"
#include "kernels/device/gpu.hpp"
#include "kernels/msm/bases.hpp"
#include "kernels/msm/msm.hpp"
#include "kernels/ntt/ntt.hpp"
#include "prover/evaluation_domain.hpp"
#include "prover/msm.hpp"
#include "util/error.hpp"

namespace cuzk::kernels::test {
namespace {

using kernels::G1AffineMont;
using kernels::G2AffineMont;

G1Jacobian from_device_layout_jacobian(const G1AffineMont& p) {
  return G1Jacobian::from_affine(kernels::from_device_layout(p));
}
G2Jacobian from_device_layout_jacobian(const G2AffineMont& p) {
  return G2Jacobian::from_affine(kernels::from_device_layout(p));
}

// The scalars that pair with a base, in base order: all of them, or those whose density bit is
// set. Checks the counts the same way the CPU MSM does.
std::vector<ScalarLimbs> participating_scalars(const ScalarSet& set, std::size_t bases) {
  const std::size_t n = set.scalars.size();
  if (set.density == nullptr) {
    if (n != bases)
      throw Error("msm: " + std::to_string(bases) + " bases for " + std::to_string(n) +
                  " participating scalars");
    return {set.scalars.begin(), set.scalars.end()};
  }
  if (set.density->size() != n)
    throw Error("msm: density covers " + std::to_string(set.density->size()) + " variables, " +
                std::to_string(n) + " scalars given");
  std::vector<ScalarLimbs> out;
  out.reserve(set.density->count());
  const auto words = set.density->words();
  for (std::size_t w = 0; w < words.size(); ++w) {
    for (std::uint64_t bits = words[w]; bits != 0; bits &= bits - 1)
      out.push_back(set.scalars[w * 64 + static_cast<std::size_t>(std::countr_zero(bits))]);
  }
  if (out.size() != bases)
    throw Error("msm: " + std::to_string(bases) + " bases for " + std::to_string(out.size()) +
                " participating scalars");
  return out;
}

template <class Jacobian, class DeviceAffine, class Affine, class Msm>
std::vector<Jacobian> msm_sets(kernels::Device device, std::span<const Affine> bases,
                               std::span<const ScalarSet> sets, Msm msm) {
  std::vector<DeviceAffine> layout(bases.size());
  for (std::size_t i = 0; i < bases.size(); ++i) layout[i] = kernels::to_device_layout(bases[i]);
  const auto device_bases = kernels::DeviceBases<DeviceAffine>::from_affine(
      device, std::span<const DeviceAffine>(layout));
  std::vector<Jacobian> out;
  out.reserve(sets.size());
  for (const ScalarSet& set : sets) {
    const std::vector<ScalarLimbs> scalars = participating_scalars(set, bases.size());
    out.push_back(
        from_device_layout_jacobian(msm(device_bases, std::span<const ScalarLimbs>(scalars))));
  }
  return out;
}

}  // namespace

CudaBackend::CudaBackend(kernels::Device device) : device_(device) {
  if (!kernels::gpu_available(device))
    throw Error("CUDA backend: no usable device (" + kernels::gpu_description(device) + ")");
}

std::vector<Fr> CudaBackend::quotient(std::vector<Fr> a, std::vector<Fr> b, std::vector<Fr> c) {
  if (a.size() != b.size() || a.size() != c.size()) {
    throw Error("quotient: A, B and C have " + std::to_string(a.size()) + ", " +
                std::to_string(b.size()) + " and " + std::to_string(c.size()) + " evaluations");
  }
  const prover::EvaluationDomain domain = prover::EvaluationDomain::for_points(a.size());
  std::vector<Fr> h = kernels::h_quotient(device_, a, b, c, static_cast<int>(domain.log_size()));
  h.pop_back();  // the top coefficient is zero for a satisfied system (deg H <= m - 2)
  return h;
}

std::vector<G1Jacobian> CudaBackend::msm_g1(std::span<const G1Affine> bases,
                                            std::span<const ScalarSet> sets) {
  return msm_sets<G1Jacobian, G1AffineMont>(
      device_, bases, sets, [](const kernels::DeviceG1Bases& b, std::span<const ScalarLimbs> s) {
        return kernels::msm_g1(b, s);
      });
}

std::vector<G2Jacobian> CudaBackend::msm_g2(std::span<const G2Affine> bases,
                                            std::span<const ScalarSet> sets) {
  return msm_sets<G2Jacobian, G2AffineMont>(
      device_, bases, sets, [](const kernels::DeviceG2Bases& b, std::span<const ScalarLimbs> s) {
        return kernels::msm_g2(b, s);
      });
}

}  // namespace cuzk::kernels::test
