// A .params file read the way bellperson's MappedParameters reads it: the file is memory-mapped,
// the verifying key is decoded and fully checked at once, the five vector lengths are walked and
// checked against the file size, and each vector is decoded only when the prover asks for it, in
// parallel, on every call (nothing is cached). Every point is checked to be on the curve and not
// at infinity; subgroup membership only with SubgroupCheck::kYes (rust-fil-proofs reads its
// parameters unchecked). Trailing bytes after b_g2 are tolerated, as in bellperson. Beyond
// bellperson, lengths no generator can produce are refused (kBadLength): h + 1 not a power of
// two, fewer a points than inputs, b_g1 and b_g2 of different lengths.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

#include "bls12_381/encoding.hpp"
#include "prover/params/mapped_file.hpp"
#include "prover/params/parameters.hpp"

namespace cuzk::prover {

class MappedParameters final : public ParameterSource {
 public:
  // Throws ParamsError (truncation, bad lengths, a bad verifying-key point) or cuzk::Error (I/O).
  MappedParameters(const std::filesystem::path& path, bls12_381::SubgroupCheck check);

  const VerifyingKey& vk() const override { return vk_; }
  VectorLengths lengths() const override;
  // Each call decodes the whole vector; throws ParamsError naming the first bad point.
  PointVector<G1Affine> h() const override;
  PointVector<G1Affine> l() const override;
  PointVector<G1Affine> a() const override;
  PointVector<G1Affine> b_g1() const override;
  PointVector<G2Affine> b_g2() const override;
  std::string name() const override { return file_.path().string(); }

  // Every vector decoded into memory.
  Parameters read_all() const;

  // Where each vector's points are in the file (for readers that copy them undecoded, such as
  // the GPU's upload).
  struct Extent {
    std::size_t offset = 0;  // of the first point
    std::size_t count = 0;
  };
  struct Extents {
    Extent h, l, a, b_g1, b_g2;
  };
  Extents extents() const { return {h_, l_, a_, b_g1_, b_g2_}; }
  const std::filesystem::path& path() const { return file_.path(); }
  // The whole file as mapped (read-only).
  std::span<const std::uint8_t> bytes() const { return file_.bytes(); }

 private:
  void check_structure(const std::string& source) const;
  std::vector<G1Affine> decode_g1_vector(const Extent& e, const char* name) const;
  std::vector<G2Affine> decode_g2_vector(const Extent& e, const char* name) const;

  MappedFile file_;
  bls12_381::SubgroupCheck check_;
  VerifyingKey vk_;
  Extent h_, l_, a_, b_g1_, b_g2_;
};

}  // namespace cuzk::prover
