// Groth16 proving parameters (bellperson's Parameters) and the source the prover reads them from.
//
// File layout (bellperson Parameters::write): the verifying key (verifying_key.hpp), then five
// vectors h, l, a, b_g1, b_g2, each a u32 big-endian count followed by uncompressed points
// (G1: 96 bytes, G2: 192). No header, no padding. For a circuit with n_in inputs (ONE included),
// n_aux aux variables and a QAP domain of m points:
//   ic = n_in, h = m - 1, l = n_aux, a = n_in + #(aux in A), b_g1 = b_g2 = #(inputs in B) + #(aux
//   in B); a, b_g1 and b_g2 hold points only for the variables present (see density.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <vector>

#include "prover/params/verifying_key.hpp"

namespace cuzk::circuit {
class ProvingCS;
struct CompactR1cs;
namespace stacked {
struct PartitionRecording;
}
}  // namespace cuzk::circuit

namespace cuzk::prover {

struct Parameters {
  VerifyingKey vk;
  std::vector<G1Affine> h;
  std::vector<G1Affine> l;
  std::vector<G1Affine> a;
  std::vector<G1Affine> b_g1;
  std::vector<G2Affine> b_g2;
  friend bool operator==(const Parameters&, const Parameters&) = default;
};

struct VectorLengths {
  std::size_t ic = 0, h = 0, l = 0, a = 0, b_g1 = 0, b_g2 = 0;
  friend bool operator==(const VectorLengths&, const VectorLengths&) = default;
};

// The lengths a circuit needs, from its synthesized ProvingCS, its compact recording or a
// partition's recording of repeated blocks (input constraints included every way).
VectorLengths lengths_for_circuit(const circuit::ProvingCS& cs);
VectorLengths lengths_for_circuit(const circuit::CompactR1cs& r);
VectorLengths lengths_for_circuit(const circuit::stacked::PartitionRecording& r);

// The sizes in bytes of a .params file and of its .vk file for parameters of these lengths.
struct ParameterFileSizes {
  std::uint64_t params = 0;
  std::uint64_t vk = 0;
};
ParameterFileSizes parameter_file_sizes(const VectorLengths& lengths);
// Throws ParamsError(kWrongCircuit) naming the first vector whose length differs.
void check_lengths_match(const VectorLengths& params, const VectorLengths& circuit,
                         const std::string& source);

// A vector of points either viewed in memory or decoded for this call (mapped files). Move-only:
// moving a std::vector keeps its buffer, so the view stays valid.
template <class Affine>
class PointVector {
 public:
  PointVector(PointVector&&) noexcept = default;
  PointVector& operator=(PointVector&&) noexcept = default;
  PointVector(const PointVector&) = delete;
  PointVector& operator=(const PointVector&) = delete;

  static PointVector view(std::span<const Affine> points) { return PointVector(points, {}); }
  static PointVector owned(std::vector<Affine> points) {
    PointVector v({}, std::move(points));
    v.view_ = v.owned_;
    return v;
  }
  std::span<const Affine> points() const { return view_; }

 private:
  PointVector(std::span<const Affine> view, std::vector<Affine> owned)
      : view_(view), owned_(std::move(owned)) {}
  std::span<const Affine> view_;
  std::vector<Affine> owned_;
};

// What the prover reads: the verifying key, the lengths, and each vector when it needs it.
class ParameterSource {
 public:
  virtual ~ParameterSource() = default;
  virtual const VerifyingKey& vk() const = 0;
  virtual VectorLengths lengths() const = 0;
  virtual PointVector<G1Affine> h() const = 0;
  virtual PointVector<G1Affine> l() const = 0;
  virtual PointVector<G1Affine> a() const = 0;
  virtual PointVector<G1Affine> b_g1() const = 0;
  virtual PointVector<G2Affine> b_g2() const = 0;
  // Names the parameters in error messages (a path, or "in-memory parameters").
  virtual std::string name() const = 0;
};

// Parameters already in memory (from the test setup or a full read).
class InMemoryParameters final : public ParameterSource {
 public:
  explicit InMemoryParameters(const Parameters& params) : p_(&params) {}
  const VerifyingKey& vk() const override { return p_->vk; }
  VectorLengths lengths() const override;
  PointVector<G1Affine> h() const override { return PointVector<G1Affine>::view(p_->h); }
  PointVector<G1Affine> l() const override { return PointVector<G1Affine>::view(p_->l); }
  PointVector<G1Affine> a() const override { return PointVector<G1Affine>::view(p_->a); }
  PointVector<G1Affine> b_g1() const override { return PointVector<G1Affine>::view(p_->b_g1); }
  PointVector<G2Affine> b_g2() const override { return PointVector<G2Affine>::view(p_->b_g2); }
  std::string name() const override { return "in-memory parameters"; }

 private:
  const Parameters* p_;
};

// bellperson's byte layout of a whole parameter set.
std::vector<std::uint8_t> encode_parameters(const Parameters& params);
void write_parameters_file(const std::filesystem::path& path, const Parameters& params);

}  // namespace cuzk::prover
