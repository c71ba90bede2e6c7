#include "prover/setup/point_encoder.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

#include "bls12_381/encoding.hpp"
#include "kernels/msm/fixed_base.hpp"
#include "prover/setup/fixed_base.hpp"

namespace cuzk::prover {
namespace {

class CpuPointEncoder final : public PointEncoder {
 public:
  explicit CpuPointEncoder(const SetupBases& bases) : g1_(bases.g1), g2_(bases.g2) {}

  void encode_g1(std::span<const Fr> scalars, const Sink& sink) override {
    encode(g1_, scalars, sink);
  }
  void encode_g2(std::span<const Fr> scalars, const Sink& sink) override {
    encode(g2_, scalars, sink);
  }

 private:
  // Large enough for mul_all to keep every thread busy, small enough to stay a few MB.
  static constexpr std::size_t kChunk = std::size_t{1} << 16;

  template <class Curve>
  static void encode(const FixedBaseTable<Curve>& table, std::span<const Fr> scalars,
                     const Sink& sink) {
    using Encoding = decltype(bls12_381::encode_uncompressed(bls12_381::AffinePoint<Curve>{}));
    constexpr std::size_t kBytes = std::tuple_size_v<Encoding>;
    std::vector<std::uint8_t> bytes;
    for (std::size_t start = 0; start < scalars.size(); start += kChunk) {
      const auto points =
          table.mul_all(scalars.subspan(start, std::min(kChunk, scalars.size() - start)));
      bytes.resize(points.size() * kBytes);
      const auto count = static_cast<std::int64_t>(points.size());
#pragma omp parallel for schedule(static)
      for (std::int64_t i = 0; i < count; ++i) {
        const Encoding e = bls12_381::encode_uncompressed(points[static_cast<std::size_t>(i)]);
        std::memcpy(bytes.data() + static_cast<std::size_t>(i) * kBytes, e.data(), kBytes);
      }
      sink(bytes);
    }
  }

  FixedBaseTable<bls12_381::G1Curve> g1_;
  FixedBaseTable<bls12_381::G2Curve> g2_;
};

// The bases in the kernels' layout (neither is infinity: the toxic waste's g1, g2 are non-zero).
kernels::G1AffineMont device_layout(const bls12_381::G1Affine& p) { return {p.x, p.y}; }
kernels::G2AffineMont device_layout(const bls12_381::G2Affine& p) {
  return {{p.x.c0, p.x.c1}, {p.y.c0, p.y.c1}};
}

class GpuPointEncoder final : public PointEncoder {
 public:
  explicit GpuPointEncoder(const SetupBases& bases)
      : products_(kSetupGpu, device_layout(bases.g1.to_affine()),
                  device_layout(bases.g2.to_affine())) {}

  void encode_g1(std::span<const Fr> scalars, const Sink& sink) override {
    products_.encode_g1(scalars, sink);
  }
  void encode_g2(std::span<const Fr> scalars, const Sink& sink) override {
    products_.encode_g2(scalars, sink);
  }

 private:
  kernels::FixedBaseProducts products_;
};

}  // namespace

std::unique_ptr<PointEncoder> make_point_encoder(const SetupBases& bases, SetupDevice device) {
  if (device == SetupDevice::kGpu) return std::make_unique<GpuPointEncoder>(bases);
  return std::make_unique<CpuPointEncoder>(bases);
}

}  // namespace cuzk::prover
