#include "prover/params/mapped_parameters.hpp"

#include <atomic>
#include <bit>
#include <cstdint>

#include "prover/params/point_io.hpp"

namespace cuzk::prover {

using bls12_381::SubgroupCheck;

namespace {

template <std::size_t kBytes, class Decode>
auto decode_vector(std::span<const std::uint8_t> bytes, std::size_t count, Decode&& decode,
                   const std::string& source, const char* name) {
  using Affine =
      decltype(decode(bytes.first<kBytes>(), detail::Infinity::kRejected, std::string()));
  std::vector<Affine> out(count);
  // Decode in parallel without throwing inside the loop; remember the first failing index and
  // decode it again afterwards to raise its error.
  std::atomic<std::size_t> first_bad{count};
  const auto n = static_cast<std::int64_t>(count);
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) {
    const auto k = static_cast<std::size_t>(i);
    const auto point = bytes.subspan(k * kBytes).template first<kBytes>();
    auto decoded = decode(point);
    if (decoded && !decoded->is_identity()) {
      out[k] = *decoded;
      continue;
    }
    std::size_t seen = first_bad.load(std::memory_order_relaxed);
    while (k < seen && !first_bad.compare_exchange_weak(seen, k)) {
    }
  }
  const std::size_t bad = first_bad.load();
  if (bad < count) {
    (void)decode(bytes.subspan(bad * kBytes).template first<kBytes>(), detail::Infinity::kRejected,
                 detail::point_label(source, name, bad));
  }
  return out;
}

}  // namespace

MappedParameters::MappedParameters(const std::filesystem::path& path, SubgroupCheck check)
    : file_(path), check_(check) {
  const std::string source = path.string();
  std::size_t offset = 0;
  vk_ = decode_verifying_key(file_.bytes(), source, offset);
  detail::ByteCursor cur(file_.bytes(), source);
  (void)cur.take(offset, "the verifying key");
  auto walk = [&](Extent& e, const char* name, std::size_t point_bytes) {
    e.count = cur.take_u32_be(std::string("the length of ") + name);
    e.offset = cur.offset();
    (void)cur.take(e.count * point_bytes,
                   std::string(name) + " (" + std::to_string(e.count) + " points)");
  };
  walk(h_, "h", 96);
  walk(l_, "l", 96);
  walk(a_, "a", 96);
  walk(b_g1_, "b_g1", 96);
  walk(b_g2_, "b_g2", 192);
  check_structure(source);
}

void MappedParameters::check_structure(const std::string& source) const {
  // Lengths no generator produces, whatever the circuit (bellperson does not check these).
  auto bad = [&](const std::string& why) {
    throw ParamsError(ParamsErrorKind::kBadLength, source + ": " + why);
  };
  if (!std::has_single_bit(h_.count + 1)) {
    bad("h has " + std::to_string(h_.count) + " points; a domain size minus one was expected");
  }
  if (a_.count < vk_.ic.size()) {
    bad("a has " + std::to_string(a_.count) + " points, fewer than the " +
        std::to_string(vk_.ic.size()) + " inputs (every input has an A point)");
  }
  if (b_g1_.count != b_g2_.count) {
    bad("b_g1 has " + std::to_string(b_g1_.count) + " points but b_g2 has " +
        std::to_string(b_g2_.count));
  }
}

VectorLengths MappedParameters::lengths() const {
  return {vk_.ic.size(), h_.count, l_.count, a_.count, b_g1_.count, b_g2_.count};
}

std::vector<G1Affine> MappedParameters::decode_g1_vector(const Extent& e, const char* name) const {
  const auto bytes = file_.bytes().subspan(e.offset, e.count * 96);
  struct Decode {
    SubgroupCheck check;
    auto operator()(std::span<const std::uint8_t, 96> b) const {
      return bls12_381::decode_g1_uncompressed(b, check);
    }
    G1Affine operator()(std::span<const std::uint8_t, 96> b, detail::Infinity inf,
                        const std::string& label) const {
      return detail::decode_g1_or_throw(b, check, inf, label);
    }
  };
  return decode_vector<96>(bytes, e.count, Decode{check_}, this->name(), name);
}

std::vector<G2Affine> MappedParameters::decode_g2_vector(const Extent& e, const char* name) const {
  const auto bytes = file_.bytes().subspan(e.offset, e.count * 192);
  struct Decode {
    SubgroupCheck check;
    auto operator()(std::span<const std::uint8_t, 192> b) const {
      return bls12_381::decode_g2_uncompressed(b, check);
    }
    G2Affine operator()(std::span<const std::uint8_t, 192> b, detail::Infinity inf,
                        const std::string& label) const {
      return detail::decode_g2_or_throw(b, check, inf, label);
    }
  };
  return decode_vector<192>(bytes, e.count, Decode{check_}, this->name(), name);
}

PointVector<G1Affine> MappedParameters::h() const {
  return PointVector<G1Affine>::owned(decode_g1_vector(h_, "h"));
}
PointVector<G1Affine> MappedParameters::l() const {
  return PointVector<G1Affine>::owned(decode_g1_vector(l_, "l"));
}
PointVector<G1Affine> MappedParameters::a() const {
  return PointVector<G1Affine>::owned(decode_g1_vector(a_, "a"));
}
PointVector<G1Affine> MappedParameters::b_g1() const {
  return PointVector<G1Affine>::owned(decode_g1_vector(b_g1_, "b_g1"));
}
PointVector<G2Affine> MappedParameters::b_g2() const {
  return PointVector<G2Affine>::owned(decode_g2_vector(b_g2_, "b_g2"));
}

Parameters MappedParameters::read_all() const {
  Parameters p;
  p.vk = vk_;
  p.h = decode_g1_vector(h_, "h");
  p.l = decode_g1_vector(l_, "l");
  p.a = decode_g1_vector(a_, "a");
  p.b_g1 = decode_g1_vector(b_g1_, "b_g1");
  p.b_g2 = decode_g2_vector(b_g2_, "b_g2");
  return p;
}

}  // namespace cuzk::prover
