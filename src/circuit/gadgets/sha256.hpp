// The SHA-256 gadget (bellperson 0.27 src/gadgets/sha256.rs), with its allocation and constraint
// order. Bits are the message bit stream: byte 0 first, most significant bit first within a byte;
// the digest comes back the same way. One MultiEq batches the additions of each compression, and
// the additions feeding e and a are deferred into the next round, so that e.g. a = T1 + T2 is a
// single 7-operand addmany rather than a chain of two-operand ones.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <vector>

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/boolean.hpp"
#include "circuit/gadgets/multieq.hpp"
#include "circuit/gadgets/uint32.hpp"
#include "hashers/sha256.hpp"

namespace cuzk::circuit {

inline std::array<UInt32, 8> sha256_iv() {
  std::array<UInt32, 8> iv;
  for (std::size_t i = 0; i < 8; ++i) iv[i] = UInt32::constant(hashers::kSha256Iv[i]);
  return iv;
}

namespace detail {

// A word that is either known (Concrete) or still a list of addends (Deferred).
class DeferredSum {
 public:
  explicit DeferredSum(UInt32 concrete) : concrete_(std::move(concrete)), is_concrete_(true) {}
  explicit DeferredSum(std::vector<UInt32> addends) : addends_(std::move(addends)) {}

  // The word itself, or addmany(addends ++ extra).
  template <ConstraintSystem CS>
  UInt32 compute(MultiEq<CS>& cs, std::initializer_list<UInt32> extra) && {
    if (is_concrete_) return concrete_;
    addends_.insert(addends_.end(), extra.begin(), extra.end());
    return UInt32::addmany(cs, std::span<const UInt32>(addends_));
  }

 private:
  UInt32 concrete_;
  std::vector<UInt32> addends_;
  bool is_concrete_ = false;
};

// (x rotr r0) xor (x rotr r1) xor third, with the two xors named as bellperson names them.
template <ConstraintSystem CS>
UInt32 sigma(CS& cs, const UInt32& first, const UInt32& second, const UInt32& third,
             const char* first_name, const char* second_name) {
  UInt32 s;
  {
    auto scope = cs.scope(first_name);
    s = first.xor_with(cs, second);
  }
  auto scope = cs.scope(second_name);
  return s.xor_with(cs, third);
}

}  // namespace detail

// One compression of a 512-bit block into `state` (no padding).
template <ConstraintSystem CS>
std::array<UInt32, 8> sha256_compression_function(CS& cs, std::span<const Boolean> block,
                                                  std::span<const UInt32, 8> state) {
  assert(block.size() == 512);
  std::vector<UInt32> w(64);
  for (std::size_t t = 0; t < 16; ++t) {
    w[t] = UInt32::from_bits_be(block.subspan(32 * t).template first<32>());
  }

  // Additions go through `meq`; everything else straight to `cs`, which is equivalent (MultiEq
  // forwards at once, into the same namespaces) and cheaper.
  MultiEq<CS> meq(cs);
  for (std::size_t t = 16; t < 64; ++t) {
    auto scope = meq.scope("w extension", t);
    const UInt32 s0 = detail::sigma(cs, w[t - 15].rotr(7), w[t - 15].rotr(18), w[t - 15].shr(3),
                                    "first xor for s0", "second xor for s0");
    const UInt32 s1 = detail::sigma(cs, w[t - 2].rotr(17), w[t - 2].rotr(19), w[t - 2].shr(10),
                                    "first xor for s1", "second xor for s1");
    auto add_scope = meq.scope("computation of w[i]");
    const std::array<UInt32, 4> addends = {w[t - 16], s0, w[t - 7], s1};
    w[t] = UInt32::addmany(meq, std::span<const UInt32>(addends));
  }

  detail::DeferredSum a(state[0]);
  UInt32 b = state[1], c = state[2], d = state[3];
  detail::DeferredSum e(state[4]);
  UInt32 f = state[5], g = state[6], h = state[7];
  for (std::size_t t = 0; t < 64; ++t) {
    auto scope = meq.scope("compression round", t);
    UInt32 new_e;
    {
      auto s = meq.scope("deferred e computation");
      new_e = std::move(e).compute(meq, {});
    }
    const UInt32 big_s1 = detail::sigma(cs, new_e.rotr(6), new_e.rotr(11), new_e.rotr(25),
                                        "first xor for s1", "second xor for s1");
    UInt32 ch;
    {
      auto s = meq.scope("ch");
      ch = UInt32::sha256_ch(cs, new_e, f, g);
    }
    UInt32 new_a;
    {
      auto s = meq.scope("deferred a computation");
      new_a = std::move(a).compute(meq, {});
    }
    const UInt32 big_s0 = detail::sigma(cs, new_a.rotr(2), new_a.rotr(13), new_a.rotr(22),
                                        "first xor for s0", "second xor for s0");
    UInt32 maj;
    {
      auto s = meq.scope("maj");
      maj = UInt32::sha256_maj(cs, new_a, b, c);
    }
    // temp1 = h + S1 + ch + K[t] + w[t]; e = d + temp1; a = temp1 + S0 + maj.
    const UInt32 k = UInt32::constant(hashers::kSha256RoundConstants[t]);
    std::vector<UInt32> e_addends = {h, big_s1, ch, k, w[t], d};
    std::vector<UInt32> a_addends = {h, big_s1, ch, k, w[t], big_s0, maj};
    h = g;
    g = f;
    f = new_e;
    e = detail::DeferredSum(std::move(e_addends));
    d = c;
    c = b;
    b = new_a;
    a = detail::DeferredSum(std::move(a_addends));
  }

  std::array<UInt32, 8> out;
  const auto add2 = [&](const char* name, const UInt32& x, const UInt32& y) {
    auto s = meq.scope(name);
    const std::array<UInt32, 2> addends = {x, y};
    return UInt32::addmany(meq, std::span<const UInt32>(addends));
  };
  {
    auto s = meq.scope("deferred h0 computation");
    out[0] = std::move(a).compute(meq, {state[0]});
  }
  out[1] = add2("new h1", state[1], b);
  out[2] = add2("new h2", state[2], c);
  out[3] = add2("new h3", state[3], d);
  {
    auto s = meq.scope("deferred h4 computation");
    out[4] = std::move(e).compute(meq, {state[4]});
  }
  out[5] = add2("new h5", state[5], f);
  out[6] = add2("new h6", state[6], g);
  out[7] = add2("new h7", state[7], h);
  return out;  // meq's destructor emits the last batch, after new h7
}

namespace detail {
inline std::vector<Boolean> digest_bits(const std::array<UInt32, 8>& words) {
  std::vector<Boolean> out;
  out.reserve(256);
  for (const UInt32& word : words) {
    const auto be = word.into_bits_be();
    out.insert(out.end(), be.begin(), be.end());
  }
  return out;
}
}  // namespace detail

// One compression of exactly 512 bits with the standard IV, no padding.
template <ConstraintSystem CS>
std::vector<Boolean> sha256_block_no_padding(CS& cs, std::span<const Boolean> block) {
  assert(block.size() == 512);
  const std::array<UInt32, 8> iv = sha256_iv();
  return detail::digest_bits(
      sha256_compression_function(cs, block, std::span<const UInt32, 8>(iv)));
}

// SHA-256 of a message of whole bytes, padded with constant bits; block i in scope "block i".
template <ConstraintSystem CS>
std::vector<Boolean> sha256(CS& cs, std::span<const Boolean> message) {
  assert(message.size() % 8 == 0);
  std::vector<Boolean> padded(message.begin(), message.end());
  const std::uint64_t length = message.size();
  padded.push_back(Boolean::constant(true));
  while ((padded.size() + 64) % 512 != 0) padded.push_back(Boolean::constant(false));
  for (int i = 63; i >= 0; --i) padded.push_back(Boolean::constant(((length >> i) & 1) != 0));

  std::array<UInt32, 8> state = sha256_iv();
  for (std::size_t blk = 0; blk * 512 < padded.size(); ++blk) {
    auto scope = cs.scope("block", blk);
    state =
        sha256_compression_function(cs, std::span<const Boolean>(padded).subspan(512 * blk, 512),
                                    std::span<const UInt32, 8>(state));
  }
  return detail::digest_bits(state);
}

}  // namespace cuzk::circuit
