#include "prover/setup/parameter_writer.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "bls12_381/encoding.hpp"
#include "prover/params/point_io.hpp"
#include "util/atomic_file.hpp"
#include "util/error.hpp"

namespace cuzk::prover {
namespace {

using bls12_381::G1Curve;
using bls12_381::G2Curve;
using bls12_381::JacobianPoint;

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Sampled points of a large vector: the first, every kCheckStride-th and the last. About 400
// G1 products at 32 GiB, some 60 ms of CPU.
constexpr std::size_t kCheckStride = std::size_t{1} << 20;

// Passes the encoder's chunks on to `next`, first comparing the sampled points with the CPU's
// encoding of base * scalar, and counting that every point arrives exactly once.
template <class Curve>
class CheckedSink {
 public:
  using Encoding = decltype(bls12_381::encode_uncompressed(bls12_381::AffinePoint<Curve>{}));
  static constexpr std::size_t kBytes = std::tuple_size_v<Encoding>;

  CheckedSink(const JacobianPoint<Curve>& base, std::span<const Fr> scalars, std::size_t stride,
              std::string label, PointEncoder::Sink next, double& check_seconds)
      : base_(base),
        scalars_(scalars),
        stride_(stride),
        label_(std::move(label)),
        next_(std::move(next)),
        check_seconds_(check_seconds) {}

  void operator()(std::span<const std::uint8_t> bytes) {
    const std::size_t count = bytes.size() / kBytes;
    if (bytes.size() % kBytes != 0 || done_ + count > scalars_.size()) {
      throw Error(label_ + ": the encoder handed over " + std::to_string(bytes.size()) +
                  " bytes after " + std::to_string(done_) + " of " +
                  std::to_string(scalars_.size()) + " points");
    }
    const Clock::time_point start = Clock::now();
    for (std::size_t i = next_check(done_); i < done_ + count; i = next_check(i + 1)) {
      const Encoding expected = bls12_381::encode_uncompressed((base_ * scalars_[i]).to_affine());
      if (!std::equal(expected.begin(), expected.end(), bytes.begin() + (i - done_) * kBytes)) {
        throw Error(label_ + "[" + std::to_string(i) +
                    "]: the encoded point differs from the CPU's product of base and scalar");
      }
    }
    check_seconds_ += seconds_since(start);
    next_(bytes);
    done_ += count;
  }

  void require_complete() const {
    if (done_ != scalars_.size()) {
      throw Error(label_ + ": the encoder handed over " + std::to_string(done_) + " of " +
                  std::to_string(scalars_.size()) + " points");
    }
  }

 private:
  // The first sampled index at or after i (scalars_.size() when none is left).
  std::size_t next_check(std::size_t i) const {
    const std::size_t n = scalars_.size();
    if (i >= n) return n;
    const std::size_t multiple = (i + stride_ - 1) / stride_ * stride_;
    return std::min(multiple, n - 1);
  }

  JacobianPoint<Curve> base_;
  std::span<const Fr> scalars_;
  std::size_t stride_;
  std::string label_;
  PointEncoder::Sink next_;
  double& check_seconds_;
  std::size_t done_ = 0;
};

struct Products {
  const SetupBases& bases;
  PointEncoder& encoder;
  double& check_seconds;

  // Encodes base * scalars into `next`, checking every stride-th point (and the last).
  template <class Curve>
  void encode(std::span<const Fr> scalars, std::size_t stride, const std::string& label,
              PointEncoder::Sink next) const {
    if constexpr (std::is_same_v<Curve, G1Curve>) {
      CheckedSink<G1Curve> sink(bases.g1, scalars, stride, label, std::move(next), check_seconds);
      encoder.encode_g1(scalars, std::ref(sink));
      sink.require_complete();
    } else {
      CheckedSink<G2Curve> sink(bases.g2, scalars, stride, label, std::move(next), check_seconds);
      encoder.encode_g2(scalars, std::ref(sink));
      sink.require_complete();
    }
  }

  // Every point checked; the encodings appended to `out`.
  template <class Curve>
  void append(std::span<const Fr> scalars, const std::string& label,
              std::vector<std::uint8_t>& out) const {
    encode<Curve>(scalars, 1, label, [&out](std::span<const std::uint8_t> b) {
      out.insert(out.end(), b.begin(), b.end());
    });
  }
};

std::uint32_t vector_length(std::size_t n, const std::string& label) {
  if (n > std::numeric_limits<std::uint32_t>::max()) {
    throw Error(label + ": " + std::to_string(n) + " points do not fit the file's u32 length");
  }
  return static_cast<std::uint32_t>(n);
}

// bellperson's VerifyingKey::write: alpha_g1, beta_g1, beta_g2, gamma_g2, delta_g1, delta_g2,
// then ic with its u32 length.
std::vector<std::uint8_t> encode_verifying_key(const SetupScalars& s, const Products& products,
                                               const std::string& source) {
  const Fr g1_scalars[] = {s.alpha, s.beta, s.delta};
  const Fr g2_scalars[] = {s.beta, s.gamma, s.delta};
  std::vector<std::uint8_t> g1, g2;
  products.append<G1Curve>(g1_scalars, source + ": vk alpha_g1, beta_g1, delta_g1", g1);
  products.append<G2Curve>(g2_scalars, source + ": vk beta_g2, gamma_g2, delta_g2", g2);
  std::vector<std::uint8_t> out(kVerifyingKeyFixedBytes);
  std::size_t at = 0;
  const auto place = [&](const std::vector<std::uint8_t>& from, std::size_t index,
                         std::size_t bytes) {
    std::memcpy(out.data() + at, from.data() + index * bytes, bytes);
    at += bytes;
  };
  place(g1, 0, 96);   // alpha_g1
  place(g1, 1, 96);   // beta_g1
  place(g2, 0, 192);  // beta_g2
  place(g2, 1, 192);  // gamma_g2
  place(g1, 2, 96);   // delta_g1
  place(g2, 2, 192);  // delta_g2
  detail::append_u32_be(vector_length(s.ic.size(), source + ": ic"), out);
  products.append<G1Curve>(s.ic, source + ": ic", out);
  return out;
}

}  // namespace

VectorLengths setup_lengths(const SetupScalars& s) {
  return {s.ic.size(), s.h.size(), s.l.size(), s.a.size(), s.b.size(), s.b.size()};
}

WrittenSetup write_setup_params(const SetupScalars& s, const SetupBases& bases,
                                PointEncoder& encoder, AtomicFile& out,
                                const ParamsBytesObserver& observe) {
  WrittenSetup result;
  const Products products{bases, encoder, result.check_seconds};
  const std::string source = out.target().string();
  result.vk_bytes = encode_verifying_key(s, products, source);
  std::size_t consumed = 0;
  result.vk = decode_verifying_key(result.vk_bytes, source, consumed);

  const auto write = [&](std::span<const std::uint8_t> bytes) {
    const Clock::time_point start = Clock::now();
    out.write(bytes);
    result.write_seconds += seconds_since(start);
    if (observe) observe(bytes);
  };
  write(result.vk_bytes);
  const auto write_vector = [&]<class Curve>(const char* name, std::span<const Fr> scalars) {
    const std::string label = source + ": " + name;
    std::vector<std::uint8_t> length;
    detail::append_u32_be(vector_length(scalars.size(), label), length);
    write(length);
    products.encode<Curve>(scalars, kCheckStride, label, write);
  };
  write_vector.operator()<G1Curve>("h", s.h);
  write_vector.operator()<G1Curve>("l", s.l);
  write_vector.operator()<G1Curve>("a", s.a);
  write_vector.operator()<G1Curve>("b_g1", s.b);
  write_vector.operator()<G2Curve>("b_g2", s.b);
  return result;
}

}  // namespace cuzk::prover
