#include "circuit/native/poseidon_trace.hpp"

#include <array>
#include <cassert>
#include <stdexcept>

#include "hashers/poseidon.hpp"

namespace cuzk::circuit::native {
namespace {

using hashers::poseidon::PoseidonConstants;

constexpr std::size_t kMaxWidth = 37;  // arity 36, poseidon_constants' largest

class Trace {
 public:
  Trace(AuxWriter& out, const PoseidonConstants& c) : out_(out), c_(c), t_(c.width) {}

  Fr hash(std::span<const Fr> preimage) {
    s_[0] = c_.domain_tag;
    for (std::size_t i = 0; i < preimage.size(); ++i) s_[i + 1] = preimage[i];
    first_round();
    for (std::size_t r = 1; r < c_.half_full_rounds; ++r) full_round(take_keys(t_));
    for (std::size_t r = 0; r < c_.partial_rounds; ++r) {
      s_[0] = sbox(s_[0], take_keys(1));
      mix();
    }
    for (std::size_t r = 1; r < c_.half_full_rounds; ++r) full_round(take_keys(t_));
    full_round(nullptr);
    assert(key_ == c_.compressed_round_constants.size());
    out_.put(s_[1]);  // the result is a combination: allocated once more
    return s_[1];
  }

 private:
  const Fr* take_keys(std::size_t n) {
    const Fr* keys = c_.compressed_round_constants.data() + key_;
    key_ += n;
    return keys;
  }

  // The input allocated, its square, its fourth power, then x^5 + key.
  Fr sbox(const Fr& x, const Fr* key) {
    out_.put(x);
    const Fr x2 = x.square();
    out_.put(x2);
    const Fr x4 = x2.square();
    out_.put(x4);
    Fr x5 = x4 * x;
    if (key != nullptr) x5 += *key;
    out_.put(x5);
    return x5;
  }

  // The tag's S-box is a constant; the preimage takes the round-0 keys inside its constraints, so
  // (x + pre)^2, its square and (x + pre)^5 + post are allocated, not x.
  void first_round() {
    const Fr* pre = take_keys(t_);
    const Fr* post = take_keys(t_);
    const Fr tag = s_[0] + pre[0];
    s_[0] = tag.square().square() * tag + post[0];
    for (std::size_t i = 1; i < t_; ++i) {
      const Fr x = s_[i] + pre[i];
      const Fr x2 = x.square();
      out_.put(x2);
      const Fr x4 = x2.square();
      out_.put(x4);
      s_[i] = x4 * x + post[i];
      out_.put(s_[i]);
    }
    mix();
  }

  void full_round(const Fr* keys) {
    for (std::size_t i = 0; i < t_; ++i) s_[i] = sbox(s_[i], keys ? keys + i : nullptr);
    mix();
  }

  void mix() {
    hashers::poseidon::mix_after_round(std::span<Fr>(s_.data(), t_), c_, round_);
    ++round_;
  }

  AuxWriter& out_;
  const PoseidonConstants& c_;
  std::size_t t_;
  std::array<Fr, kMaxWidth> s_{};
  std::size_t key_ = 0;
  std::size_t round_ = 0;
};

}  // namespace

Fr poseidon_trace(AuxWriter& out, std::span<const Fr> preimage, const PoseidonConstants& c) {
  if (preimage.size() != c.arity) {
    throw std::invalid_argument("Poseidon trace: preimage length differs from the arity");
  }
  return Trace(out, c).hash(preimage);
}

Fr poseidon_node_trace(AuxWriter& out, std::span<const Fr> children) {
  return poseidon_trace(out, children, hashers::poseidon::poseidon_constants(children.size()));
}

}  // namespace cuzk::circuit::native
