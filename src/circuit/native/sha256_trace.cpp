#include "circuit/native/sha256_trace.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <initializer_list>
#include <stdexcept>

#include "circuit/counting_cs.hpp"
#include "circuit/gadgets/boolean.hpp"
#include "circuit/gadgets/multieq.hpp"
#include "circuit/gadgets/sha256.hpp"
#include "circuit/gadgets/uint32.hpp"
#include "util/error.hpp"
#include "util/parallel_for.hpp"

namespace cuzk::circuit::native {
namespace {

using Op = Sha256Program::Op;

// A sum's operands; at most 8 (the last deferred a plus H0).
template <class W>
class Addends {
 public:
  Addends() = default;
  Addends(std::initializer_list<W> items) {
    for (const W& w : items) push(w);
  }
  void push(const W& w) { items_[size_++] = w; }
  std::span<const W> view() const { return {items_.data(), size_}; }

 private:
  std::array<W, 8> items_{};
  std::size_t size_ = 0;
};

// The compression function's word operations in the gadget's order (sha256_compression_function:
// the message schedule first, then the rounds with e and a kept as deferred sums, then the
// additions into the state), over a domain that either records what the gadget allocates
// (Recorder) or replays it on values (Replayer).
template <class D>
std::array<typename D::Word, 8> compression(D& dom, const std::array<typename D::Word, 8>& state,
                                            const std::array<typename D::Word, 16>& block) {
  using W = typename D::Word;
  const auto sum = [&](std::initializer_list<W> items) {
    return dom.add(std::span<const W>(items.begin(), items.size()));
  };
  std::array<W, 64> w;
  std::copy(block.begin(), block.end(), w.begin());
  for (std::size_t t = 16; t < 64; ++t) {
    const W s0 =
        dom.xor_of(dom.xor_of(D::rotr(w[t - 15], 7), D::rotr(w[t - 15], 18)), D::shr(w[t - 15], 3));
    const W s1 =
        dom.xor_of(dom.xor_of(D::rotr(w[t - 2], 17), D::rotr(w[t - 2], 19)), D::shr(w[t - 2], 10));
    w[t] = sum({w[t - 16], s0, w[t - 7], s1});
  }

  W a = state[0], b = state[1], c = state[2], d = state[3];
  W e = state[4], f = state[5], g = state[6], h = state[7];
  Addends<W> a_sum, e_sum;
  for (std::size_t t = 0; t < 64; ++t) {
    const W new_e = t == 0 ? e : dom.add(e_sum.view());
    const W big_s1 =
        dom.xor_of(dom.xor_of(D::rotr(new_e, 6), D::rotr(new_e, 11)), D::rotr(new_e, 25));
    const W ch = dom.ch(new_e, f, g);
    const W new_a = t == 0 ? a : dom.add(a_sum.view());
    const W big_s0 =
        dom.xor_of(dom.xor_of(D::rotr(new_a, 2), D::rotr(new_a, 13)), D::rotr(new_a, 22));
    const W maj = dom.maj(new_a, b, c);
    const W k = D::constant(hashers::kSha256RoundConstants[t]);
    e_sum = {h, big_s1, ch, k, w[t], d};
    a_sum = {h, big_s1, ch, k, w[t], big_s0, maj};
    h = g;
    g = f;
    f = new_e;
    d = c;
    c = b;
    b = new_a;
  }
  a_sum.push(state[0]);
  e_sum.push(state[4]);
  std::array<W, 8> out;
  out[0] = dom.add(a_sum.view());
  out[1] = sum({state[1], b});
  out[2] = sum({state[2], c});
  out[3] = sum({state[3], d});
  out[4] = dom.add(e_sum.view());
  out[5] = sum({state[5], f});
  out[6] = sum({state[6], g});
  out[7] = sum({state[7], h});
  return out;
}

// Runs the gadget's own operations on bits without values and notes, per word operation, which
// bits allocate and how.
class Recorder {
 public:
  using Word = UInt32;
  static UInt32 rotr(const UInt32& x, unsigned n) { return x.rotr(n); }
  static UInt32 shr(const UInt32& x, unsigned n) { return x.shr(n); }
  static UInt32 constant(std::uint32_t v) { return UInt32::constant(v); }

  UInt32 xor_of(const UInt32& a, const UInt32& b) {
    return bitwise([&](unsigned i) { return Boolean::xor_of(cs_, a.bits()[i], b.bits()[i]); });
  }
  UInt32 ch(const UInt32& a, const UInt32& b, const UInt32& c) {
    return bitwise(
        [&](unsigned i) { return Boolean::sha256_ch(cs_, a.bits()[i], b.bits()[i], c.bits()[i]); });
  }
  UInt32 maj(const UInt32& a, const UInt32& b, const UInt32& c) {
    return bitwise([&](unsigned i) {
      return Boolean::sha256_maj(cs_, a.bits()[i], b.bits()[i], c.bits()[i]);
    });
  }
  UInt32 add(std::span<const UInt32> operands) {
    const std::size_t before = cs_.num_aux();
    const UInt32 r = UInt32::addmany(meq_, operands);
    ops_.push_back(Op{.sum_bits = static_cast<std::uint32_t>(cs_.num_aux() - before)});
    return r;
  }

  std::vector<Op> take_ops() { return std::move(ops_); }

 private:
  // bit(i) runs the gadget on bit i and returns its result. An allocating bit operation allocates
  // the result's own variable first (Is or Not of it), and Maj may then allocate b and c.
  template <class BitOp>
  UInt32 bitwise(BitOp bit) {
    Op op;
    std::array<Boolean, 32> bits;
    for (unsigned i = 0; i < 32; ++i) {
      const std::size_t before = cs_.num_aux();
      bits[i] = bit(i);
      const std::size_t allocated = cs_.num_aux() - before;
      if (allocated == 0) continue;
      if (allocated > 2 || bits[i].is_constant() ||
          bits[i].bit().variable() != Variable::aux(before)) {
        throw Error("native SHA-256: the gadget allocates in an order this trace does not know");
      }
      op.first |= std::uint32_t{1} << i;
      if (bits[i].kind() == Boolean::Kind::kNot) op.flip |= std::uint32_t{1} << i;
      if (allocated == 2) op.second |= std::uint32_t{1} << i;
    }
    op.first_count = static_cast<std::uint32_t>(std::popcount(op.first));
    ops_.push_back(op);
    return UInt32::from_bits(std::span<const Boolean, 32>(bits));
  }

  CountingCS cs_;
  MultiEq<CountingCS> meq_{cs_};
  std::vector<Op> ops_;
};

// 32 bits to the even bits of a 64-bit word.
constexpr std::uint64_t spread(std::uint32_t x) {
  std::uint64_t v = x;
  v = (v | (v << 16)) & 0x0000ffff0000ffffULL;
  v = (v | (v << 8)) & 0x00ff00ff00ff00ffULL;
  v = (v | (v << 4)) & 0x0f0f0f0f0f0f0f0fULL;
  v = (v | (v << 2)) & 0x3333333333333333ULL;
  v = (v | (v << 1)) & 0x5555555555555555ULL;
  return v;
}
static_assert(spread(0xffffffffu) == 0x5555555555555555ULL && spread(2) == 4);

// Computes the words and writes what each operation allocates, as recorded.
class Replayer {
 public:
  using Word = std::uint32_t;
  static Word rotr(Word x, unsigned n) { return std::rotr(x, static_cast<int>(n)); }
  static Word shr(Word x, unsigned n) { return x >> n; }
  static Word constant(Word v) { return v; }

  Replayer(const Op* ops, AuxWriter& out) : op_(ops), out_(out) {}

  Word xor_of(Word a, Word b) {
    const Word v = a ^ b;
    put(*op_++, v, 0);
    return v;
  }
  Word ch(Word a, Word b, Word c) {
    const Word v = (a & b) ^ (~a & c);
    put(*op_++, v, 0);
    return v;
  }
  Word maj(Word a, Word b, Word c) {
    const Word bc = b & c;
    const Word v = (a & b) ^ (a & c) ^ bc;
    put(*op_++, v, bc);
    return v;
  }
  // addmany allocates the full sum's bits, carries included.
  Word add(std::span<const Word> operands) {
    std::uint64_t s = 0;
    for (const Word x : operands) s += x;
    const Op& op = *op_++;
    out_.put_bits(s & ((std::uint64_t{1} << op.sum_bits) - 1), op.sum_bits);
    return static_cast<Word>(s);
  }

  const Op* position() const { return op_; }

 private:
  void put(const Op& op, Word v, Word second) {
    const Word x = v ^ op.flip;
    if (op.second == 0) {
      if ((op.first & static_cast<Word>(op.first + 1u)) == 0) {  // the low bits, or all, or none
        out_.put_bits(x & op.first, op.first_count);
        return;
      }
      for (Word m = op.first; m != 0; m &= m - 1)
        out_.put_bit(((x >> std::countr_zero(m)) & 1) != 0);
      return;
    }
    if (op.first == ~Word{0} && op.second == ~Word{0}) {  // maj_i then bc_i for every bit
      out_.put_bits(spread(x) | (spread(second) << 1), 64);
      return;
    }
    for (unsigned i = 0; i < 32; ++i) {
      if (((op.first >> i) & 1) != 0) out_.put_bit(((x >> i) & 1) != 0);
      if (((op.second >> i) & 1) != 0) out_.put_bit(((second >> i) & 1) != 0);
    }
  }

  const Op* op_;
  AuxWriter& out_;
};

// The pattern's allocated input bits: one variable stands for all of them (folding never looks at
// which variable a bit is), numbered where the Recorder's own allocations never reach.
constexpr Variable kInputBit = Variable::aux(std::size_t{1} << 40);

UInt32 pattern_word(std::uint32_t constant, std::uint32_t value) {
  std::array<Boolean, 32> bits;
  for (unsigned i = 0; i < 32; ++i) {
    bits[i] = ((constant >> i) & 1) != 0 ? Boolean::constant(((value >> i) & 1) != 0)
                                         : Boolean(AllocatedBit(kInputBit, std::nullopt));
  }
  return UInt32::from_bits(std::span<const Boolean, 32>(bits));
}

std::uint32_t be_word(std::span<const std::uint8_t> bytes) {
  return (std::uint32_t{bytes[0]} << 24) | (std::uint32_t{bytes[1]} << 16) |
         (std::uint32_t{bytes[2]} << 8) | std::uint32_t{bytes[3]};
}

// The gadget's padding of a message of `bytes` bytes: 1, zeros, the 64-bit big-endian bit length.
std::vector<std::uint8_t> padding(std::size_t bytes) {
  std::vector<std::uint8_t> pad{0x80};
  while ((bytes + pad.size()) % 64 != 56) pad.push_back(0);
  const std::uint64_t bits = 8 * std::uint64_t{bytes};
  for (int i = 7; i >= 0; --i) pad.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
  return pad;
}

}  // namespace

Sha256MessagePattern& Sha256MessagePattern::field_element() {
  allocated_bytes(31);
  constant_.push_back(0x80);  // to_bits_le has 255 bits; the padding bit is the top one
  value_.push_back(0);
  return *this;
}

Sha256MessagePattern& Sha256MessagePattern::allocated_bytes(std::size_t count) {
  constant_.insert(constant_.end(), count, 0);
  value_.insert(value_.end(), count, 0);
  return *this;
}

Sha256MessagePattern& Sha256MessagePattern::constant_bytes(std::span<const std::uint8_t> bytes) {
  constant_.insert(constant_.end(), bytes.size(), 0xff);
  value_.insert(value_.end(), bytes.begin(), bytes.end());
  return *this;
}

std::vector<Sha256BlockPattern> Sha256MessagePattern::blocks() const {
  Sha256MessagePattern padded = *this;
  padded.constant_bytes(padding(message_bytes()));
  std::vector<Sha256BlockPattern> out(padded.message_bytes() / 64);
  for (std::size_t b = 0; b < out.size(); ++b) {
    out[b].iv_state = b == 0;
    for (std::size_t t = 0; t < 16; ++t) {
      const std::size_t at = 64 * b + 4 * t;
      out[b].constant[t] = be_word(std::span(padded.constant_).subspan(at, 4));
      out[b].value[t] = be_word(std::span(padded.value_).subspan(at, 4));
    }
  }
  return out;
}

Sha256Program::Sha256Program(const Sha256BlockPattern& pattern) : pattern_(pattern) {
  std::array<UInt32, 8> state;
  for (std::size_t i = 0; i < 8; ++i) {
    state[i] = pattern.iv_state ? UInt32::constant(hashers::kSha256Iv[i]) : pattern_word(0, 0);
  }
  std::array<UInt32, 16> block;
  for (std::size_t t = 0; t < 16; ++t)
    block[t] = pattern_word(pattern.constant[t], pattern.value[t]);
  Recorder recorder;
  compression(recorder, state, block);
  ops_ = recorder.take_ops();
  for (const Op& op : ops_) {
    num_aux_ += op.first_count + static_cast<std::size_t>(std::popcount(op.second)) + op.sum_bits;
  }
}

hashers::Sha256State Sha256Program::compress(AuxWriter& out, const hashers::Sha256State& state,
                                             std::span<const std::uint8_t, 64> block) const {
  assert(!pattern_.iv_state || state == hashers::kSha256Iv);
  std::array<std::uint32_t, 16> words;
  for (std::size_t t = 0; t < 16; ++t) {
    words[t] = be_word(block.subspan(4 * t, 4));
    assert((words[t] & pattern_.constant[t]) == pattern_.value[t]);
  }
  Replayer replayer(ops_.data(), out);
  const hashers::Sha256State next = compression(replayer, state, words);
  assert(replayer.position() == ops_.data() + ops_.size());
  return next;
}

Sha256ProgramSet::Sha256ProgramSet(std::span<const Sha256BlockPattern> patterns) {
  std::vector<Sha256BlockPattern> distinct;
  for (const Sha256BlockPattern& p : patterns) {
    if (std::find(distinct.begin(), distinct.end(), p) == distinct.end()) distinct.push_back(p);
  }
  programs_.resize(distinct.size());
  parallel_for(distinct.size(), 1, [&](std::size_t k) {
    programs_[k] = std::make_shared<const Sha256Program>(distinct[k]);
  });
}

std::shared_ptr<const Sha256Program> Sha256ProgramSet::find(
    const Sha256BlockPattern& pattern) const {
  for (const auto& p : programs_) {
    if (p->pattern() == pattern) return p;
  }
  throw std::out_of_range("native SHA-256: no program for a block pattern");
}

Sha256MessageTrace::Sha256MessageTrace(const Sha256MessagePattern& pattern,
                                       const Sha256ProgramSet& programs)
    : message_bytes_(pattern.message_bytes()) {
  for (const Sha256BlockPattern& block : pattern.blocks()) blocks_.push_back(programs.find(block));
}

Sha256MessageTrace::Sha256MessageTrace(const Sha256MessagePattern& pattern)
    : Sha256MessageTrace(pattern, Sha256ProgramSet(pattern.blocks())) {}

std::size_t Sha256MessageTrace::num_aux() const {
  std::size_t n = 0;
  for (const auto& p : blocks_) n += p->num_aux();
  return n;
}

std::array<std::uint8_t, 32> Sha256MessageTrace::hash(AuxWriter& out,
                                                      std::span<const std::uint8_t> message) const {
  if (message.size() != message_bytes_) {
    throw Error("native SHA-256: a message of " + std::to_string(message.size()) +
                " bytes for a trace of " + std::to_string(message_bytes_));
  }
  std::vector<std::uint8_t> padded(message.begin(), message.end());
  const std::vector<std::uint8_t> pad = padding(message.size());
  padded.insert(padded.end(), pad.begin(), pad.end());
  hashers::Sha256State state = hashers::kSha256Iv;
  for (std::size_t b = 0; b < blocks_.size(); ++b) {
    state = blocks_[b]->compress(out, state, std::span(padded).subspan(64 * b).first<64>());
  }
  std::array<std::uint8_t, 32> digest;
  for (std::size_t i = 0; i < 8; ++i) {
    for (std::size_t k = 0; k < 4; ++k) {
      digest[4 * i + k] = static_cast<std::uint8_t>(state[i] >> (24 - 8 * k));
    }
  }
  return digest;
}

}  // namespace cuzk::circuit::native
