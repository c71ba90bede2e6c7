// SHA-256 computed natively, with the bits the SHA-256 gadget (gadgets/sha256.hpp) allocates
// written out in its order. Which of the gadget's bit operations allocate, and whether an
// allocated bit holds the operation's value or its negation, depends only on which input bits are
// constants (Boolean folds them, gadgets/boolean.hpp), never on values. A Sha256Program finds that
// out once per block pattern by running the gadget's own Boolean and UInt32 operations on bits
// without values; it then replays any block of that pattern with 32-bit arithmetic, writing up to
// 64 allocated bits per word operation.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "circuit/native/aux_writer.hpp"
#include "hashers/sha256.hpp"

namespace cuzk::circuit::native {

// Which bits of one 512-bit block are constants, and their values. Word t is message bytes
// 4t..4t+3 read big-endian, and bit i of a mask is the word's 2^i bit (UInt32's order); every
// other bit is an allocated bit (Boolean::Is).
struct Sha256BlockPattern {
  bool iv_state = true;  // the state is the constant IV (a first block), else allocated words
  std::array<std::uint32_t, 16> constant{};
  std::array<std::uint32_t, 16> value{};

  friend bool operator==(const Sha256BlockPattern&, const Sha256BlockPattern&) = default;
};

// The block patterns of a message as the gadget hashes it: the parts appended in order, then the
// padding (constant bits), split into blocks.
class Sha256MessagePattern {
 public:
  // 32 bytes holding a field element's to_bits_le in SHA-256 message order (each byte most
  // significant bit first): 255 allocated bits and the constant 0 at the top.
  Sha256MessagePattern& field_element();
  Sha256MessagePattern& allocated_bytes(std::size_t count);
  Sha256MessagePattern& constant_bytes(std::span<const std::uint8_t> bytes);

  std::size_t message_bytes() const { return constant_.size(); }
  std::vector<Sha256BlockPattern> blocks() const;

 private:
  std::vector<std::uint8_t> constant_;  // per byte, the mask of its constant bits
  std::vector<std::uint8_t> value_;
};

class Sha256Program {
 public:
  explicit Sha256Program(const Sha256BlockPattern& pattern);

  const Sha256BlockPattern& pattern() const { return pattern_; }
  // Bits one compression allocates (25,814 for a block of allocated bits after the IV).
  std::size_t num_aux() const { return num_aux_; }

  // Compresses `block`, whose constant bits must be the pattern's, into `state` (the IV for a
  // first block), writing the allocated bits; returns the new state.
  hashers::Sha256State compress(AuxWriter& out, const hashers::Sha256State& state,
                                std::span<const std::uint8_t, 64> block) const;

  // One word operation's allocations: `first` marks the bits that allocate the operation's value
  // (negated where `flip` is set), `second` the bits that then allocate b and c (Maj's second
  // variable); an addition allocates `sum_bits` bits of the full sum instead.
  struct Op {
    std::uint32_t first = 0;
    std::uint32_t flip = 0;
    std::uint32_t second = 0;
    std::uint32_t sum_bits = 0;
    std::uint32_t first_count = 0;  // popcount(first), kept (no popcnt instruction is assumed)
  };

 private:
  Sha256BlockPattern pattern_;
  std::vector<Op> ops_;
  std::size_t num_aux_ = 0;
};

// Programs for a set of block patterns, each distinct one built once, in parallel (a program
// takes milliseconds to record).
class Sha256ProgramSet {
 public:
  explicit Sha256ProgramSet(std::span<const Sha256BlockPattern> patterns);

  // The program of `pattern`, which must be one of the set's (std::out_of_range otherwise).
  std::shared_ptr<const Sha256Program> find(const Sha256BlockPattern& pattern) const;

 private:
  std::vector<std::shared_ptr<const Sha256Program>> programs_;
};

// SHA-256 of messages of one pattern: a program per block.
class Sha256MessageTrace {
 public:
  // The programs come from `programs`, which must hold every block pattern of the message.
  Sha256MessageTrace(const Sha256MessagePattern& pattern, const Sha256ProgramSet& programs);
  explicit Sha256MessageTrace(const Sha256MessagePattern& pattern);

  std::size_t message_bytes() const { return message_bytes_; }
  std::size_t num_aux() const;
  // The digest of `message` (message_bytes() long, constant bits as in the pattern), writing the
  // bits every compression allocates.
  std::array<std::uint8_t, 32> hash(AuxWriter& out, std::span<const std::uint8_t> message) const;

 private:
  std::size_t message_bytes_;
  std::vector<std::shared_ptr<const Sha256Program>> blocks_;
};

}  // namespace cuzk::circuit::native
