#include "prover/params/verifying_key.hpp"

#include "prover/params/mapped_file.hpp"
#include "prover/params/point_io.hpp"
#include "util/atomic_file.hpp"

namespace cuzk::prover {

using bls12_381::SubgroupCheck;
using detail::Infinity;

std::size_t encoded_size(const VerifyingKey& vk) {
  return kVerifyingKeyFixedBytes + 4 + 96 * vk.ic.size();
}

void append_encoding(const VerifyingKey& vk, std::vector<std::uint8_t>& out) {
  detail::append_uncompressed(vk.alpha_g1, out);
  detail::append_uncompressed(vk.beta_g1, out);
  detail::append_uncompressed(vk.beta_g2, out);
  detail::append_uncompressed(vk.gamma_g2, out);
  detail::append_uncompressed(vk.delta_g1, out);
  detail::append_uncompressed(vk.delta_g2, out);
  detail::append_u32_be(static_cast<std::uint32_t>(vk.ic.size()), out);
  for (const auto& p : vk.ic) detail::append_uncompressed(p, out);
}

VerifyingKey decode_verifying_key(std::span<const std::uint8_t> bytes, const std::string& source,
                                  std::size_t& consumed) {
  detail::ByteCursor cur(bytes, source);
  auto g1 = [&](const char* name) {
    const auto b = cur.take(96, std::string("vk.") + name);
    return detail::decode_g1_or_throw(
        b.first<96>(), SubgroupCheck::kYes, Infinity::kAllowed,
        detail::point_label(source, (std::string("vk.") + name).c_str()));
  };
  auto g2 = [&](const char* name) {
    const auto b = cur.take(192, std::string("vk.") + name);
    return detail::decode_g2_or_throw(
        b.first<192>(), SubgroupCheck::kYes, Infinity::kAllowed,
        detail::point_label(source, (std::string("vk.") + name).c_str()));
  };
  VerifyingKey vk;
  vk.alpha_g1 = g1("alpha_g1");
  vk.beta_g1 = g1("beta_g1");
  vk.beta_g2 = g2("beta_g2");
  vk.gamma_g2 = g2("gamma_g2");
  vk.delta_g1 = g1("delta_g1");
  vk.delta_g2 = g2("delta_g2");
  const std::uint32_t n_ic = cur.take_u32_be("the length of ic");
  if (std::size_t{n_ic} * 96 > cur.remaining()) {
    (void)cur.take(std::size_t{n_ic} * 96, "ic (" + std::to_string(n_ic) + " points)");
  }
  if (n_ic == 0) {
    throw ParamsError(ParamsErrorKind::kBadLength,
                      source + ": ic: length 0, but every circuit has the input ONE");
  }
  vk.ic.resize(n_ic);
  for (std::size_t i = 0; i < n_ic; ++i) {
    const auto b = cur.take(96, "ic");
    vk.ic[i] = detail::decode_g1_or_throw(b.first<96>(), SubgroupCheck::kYes, Infinity::kRejected,
                                          detail::point_label(source, "ic", i));
  }
  consumed = cur.offset();
  return vk;
}

VerifyingKey read_verifying_key_file(const std::filesystem::path& path) {
  const MappedFile file(path);
  std::size_t consumed = 0;
  VerifyingKey vk = decode_verifying_key(file.bytes(), path.string(), consumed);
  if (consumed != file.bytes().size()) {
    throw ParamsError(ParamsErrorKind::kBadLength,
                      path.string() + ": " + std::to_string(file.bytes().size() - consumed) +
                          " bytes after the verifying key");
  }
  return vk;
}

void write_verifying_key_file(const std::filesystem::path& path, const VerifyingKey& vk) {
  std::vector<std::uint8_t> bytes;
  bytes.reserve(encoded_size(vk));
  append_encoding(vk, bytes);
  AtomicFile out(path);
  out.write(bytes);
  out.commit();
}

}  // namespace cuzk::prover
