// The native traces (circuit/native/) against the gadgets they stand for, through WitnessCS: the
// same allocated values in the same order, bit for bit, for SHA-256 compressions of blocks with
// any mix of constant and allocated bits (constant folding decides what the gadget allocates),
// neptune's Poseidon circuit, the SHA-256 tree node, the PoR gadget's levels (index bits,
// siblings, insertion picks), the inclusion at given bits (the update circuit's) and select.
#include <doctest/doctest.h>

#include <bit>
#include <random>
#include <stdexcept>
#include <vector>

#include "circuit/gadgets/sha256.hpp"
#include "circuit/merkle/por.hpp"
#include "circuit/merkle/poseidon_hasher_circuit.hpp"
#include "circuit/merkle/sha256_hasher_circuit.hpp"
#include "circuit/native/aux_writer.hpp"
#include "circuit/native/merkle_trace.hpp"
#include "circuit/native/poseidon_trace.hpp"
#include "circuit/native/sha256_node_trace.hpp"
#include "circuit/native/sha256_trace.hpp"
#include "circuit/poseidon/poseidon_gadget.hpp"
#include "circuit/witness_cs.hpp"
#include "hashers/poseidon.hpp"
#include "hashers/sha256.hpp"

namespace {

using cuzk::bls12_381::Fr;
using namespace cuzk::circuit;
using native::AuxWriter;

// The writer's values equal the values the block system allocated (same first index).
void check_same_values(const AuxWriter& w, const WitnessCS& cs) {
  REQUIRE(w.start() + w.count() == cs.num_aux());
  CHECK(w.bits() == cs.bits());
  const std::span<const WideValue> wide = w.wide();
  REQUIRE(wide.size() == cs.wide().size());
  std::size_t differ = 0;
  for (std::size_t k = 0; k < wide.size(); ++k) {
    differ += wide[k].aux_index != cs.wide()[k].aux_index || wide[k].value != cs.wide()[k].value;
  }
  CHECK(differ == 0);
}

// Word masks that exercise the folding rules: all allocated, all constant, the field element's
// padding bit, a byte, and random mixtures.
std::uint32_t random_mask(std::mt19937_64& rng) {
  switch (rng() % 6) {
    case 0:
    case 1:
      return 0;
    case 2:
      return ~std::uint32_t{0};
    case 3:
      return 0x80;
    case 4:
      return 0xff000000u;
    default:
      return static_cast<std::uint32_t>(rng());
  }
}

struct ShaCase {
  native::Sha256BlockPattern pattern;
  std::array<std::uint8_t, 64> block;
  cuzk::hashers::Sha256State state;
};

ShaCase random_case(std::mt19937_64& rng, bool iv_state, bool all_constant_message) {
  ShaCase c;
  c.pattern.iv_state = iv_state;
  for (std::size_t t = 0; t < 16; ++t) {
    const std::uint32_t word = static_cast<std::uint32_t>(rng());
    c.pattern.constant[t] = all_constant_message ? ~std::uint32_t{0} : random_mask(rng);
    c.pattern.value[t] = word & c.pattern.constant[t];
    for (std::size_t k = 0; k < 4; ++k)
      c.block[4 * t + k] = static_cast<std::uint8_t>(word >> (24 - 8 * k));
  }
  for (std::size_t i = 0; i < 8; ++i) {
    c.state[i] = iv_state ? cuzk::hashers::kSha256Iv[i] : static_cast<std::uint32_t>(rng());
  }
  return c;
}

}  // namespace

TEST_CASE("native SHA-256 compression: the gadget's bits for every constant pattern") {
  std::mt19937_64 rng(2024);
  for (int iteration = 0; iteration < 40; ++iteration) {
    const bool iv_state = iteration % 2 == 0;
    const ShaCase c = random_case(rng, iv_state, iteration % 5 == 4);
    INFO("iteration " << iteration);

    WitnessCS inputs;
    std::vector<Boolean> block;
    for (std::size_t m = 0; m < 512; ++m) {
      const std::size_t t = m / 32;
      const unsigned i = 31 - static_cast<unsigned>(m % 32);
      const bool bit = ((c.block[m / 8] >> (7 - m % 8)) & 1) != 0;
      block.push_back(((c.pattern.constant[t] >> i) & 1) != 0
                          ? Boolean::constant(bit)
                          : Boolean(AllocatedBit::alloc(inputs, bit)));
    }
    std::array<UInt32, 8> state = sha256_iv();
    if (!iv_state) {
      for (std::size_t i = 0; i < 8; ++i) state[i] = UInt32::alloc(inputs, c.state[i]);
    }
    WitnessCS cs(inputs.size());
    const std::array<UInt32, 8> out =
        sha256_compression_function(cs, block, std::span<const UInt32, 8>(state));

    const native::Sha256Program program(c.pattern);
    AuxWriter w(inputs.num_aux());
    const cuzk::hashers::Sha256State next = program.compress(w, c.state, c.block);
    check_same_values(w, cs);
    CHECK(program.num_aux() == w.count());
    CHECK(next == cuzk::hashers::sha256_compress(c.state, c.block));
    for (std::size_t i = 0; i < 8; ++i) CHECK(out[i].value() == next[i]);
  }
}

TEST_CASE("native SHA-256: allocation counts of the blocks the circuit hashes") {
  native::Sha256BlockPattern allocated;  // 512 allocated bits after the IV (gadgets.md 6.3)
  CHECK(native::Sha256Program(allocated).num_aux() == 25814);
  // Tree D's node: two field elements (each with its constant top bit), then the padding block.
  const native::Sha256MessageTrace node(
      native::Sha256MessagePattern().field_element().field_element());
  CHECK(node.message_bytes() == 64);
  WitnessCS inputs;
  std::vector<Boolean> bits;
  for (int leaf = 0; leaf < 2; ++leaf) {
    for (int i = 0; i < 256; ++i) {
      // Byte order and the top bit's place as append_le_bits_as_bytes makes them.
      bits.push_back(i % 8 == 0 && i / 8 == 31 ? Boolean::constant(false)
                                               : Boolean(AllocatedBit::alloc(inputs, i % 3 == 0)));
    }
  }
  WitnessCS cs(inputs.size());
  sha256(cs, std::span<const Boolean>(bits));
  CHECK(node.num_aux() == cs.num_aux() - inputs.num_aux());
}

TEST_CASE("native Poseidon: neptune's legacy circuit values") {
  std::mt19937_64 rng(7);
  for (const std::size_t arity : {2, 4, 8, 11}) {
    INFO("arity " << arity);
    const auto& constants = cuzk::hashers::poseidon::poseidon_constants(arity);
    std::vector<Fr> preimage;
    WitnessCS inputs;
    std::vector<AllocatedNum> nums;
    for (std::size_t i = 0; i < arity; ++i) {
      preimage.push_back(Fr::random(rng));
      nums.push_back(AllocatedNum::alloc(inputs, preimage.back()));
    }
    WitnessCS cs(inputs.size());
    const AllocatedNum digest =
        poseidon::poseidon_hash(cs, std::span<const AllocatedNum>(nums), constants);
    AuxWriter w(inputs.num_aux());
    const Fr native_digest = native::poseidon_trace(w, preimage, constants);
    check_same_values(w, cs);
    CHECK(native_digest == *digest.value());
    CHECK(native_digest == cuzk::hashers::poseidon::hash(preimage));
  }
}

TEST_CASE("native PoR levels: index bits, siblings, every insertion position, Poseidon nodes") {
  std::mt19937_64 rng(11);
  for (const merkle::TreeShape shape :
       {merkle::TreeShape{2, 0, 0}, merkle::TreeShape{4, 0, 0}, merkle::TreeShape{8, 0, 0},
        merkle::TreeShape{8, 4, 0}, merkle::TreeShape{8, 8, 2}}) {
    for (std::size_t position = 0; position < 8; ++position) {
      INFO("shape " << shape.base_arity << "-" << shape.sub_arity << "-" << shape.top_arity
                    << ", position " << position);
      merkle::AuthPath path =
          merkle::AuthPath::blank(shape, 64 * std::max<std::size_t>(1, shape.sub_arity) *
                                             std::max<std::size_t>(1, shape.top_arity));
      const auto fill = [&](merkle::PathLevel& level, std::size_t arity) {
        level.index = (position + rng() % 2) % arity;
        for (auto& s : level.siblings) s = Fr::random(rng);
      };
      for (auto& level : path.base) fill(level, shape.base_arity);
      if (path.sub) fill(*path.sub, shape.sub_arity);
      if (path.top) fill(*path.top, shape.top_arity);
      const Fr leaf = Fr::random(rng);

      WitnessCS inputs;
      const AllocatedNum leaf_num = AllocatedNum::alloc(inputs, leaf);
      const AllocatedNum root = AllocatedNum::alloc(inputs, Fr::random(rng));
      WitnessCS cs(inputs.size());
      merkle::enforce_inclusion<merkle::PoseidonMerkleHasher>(cs, shape, path, leaf_num, root);

      AuxWriter w(inputs.num_aux());
      native::path_trace(w, shape, path, leaf, native::poseidon_node_trace);
      check_same_values(w, cs);
      REQUIRE(cs.inputs().size() == 1);
      CHECK(cs.inputs()[0] == native::path_index_input(shape, path));
    }
  }
}

TEST_CASE("native SHA-256 node: hash2 and the two-leaf multi-leaf hash of a SHA-256 tree") {
  std::mt19937_64 rng(13);
  const native::Sha256NodeTrace node;
  for (int round = 0; round < 2; ++round) {
    const Fr left = Fr::random(rng), right = Fr::random(rng);
    WitnessCS inputs;
    const AllocatedNum nums[] = {AllocatedNum::alloc(inputs, left),
                                 AllocatedNum::alloc(inputs, right)};
    WitnessCS cs(inputs.size());
    const AllocatedNum digest = round == 0 ? merkle::sha256_hash2_circuit(cs, nums[0], nums[1])
                                           : merkle::sha256_multi_leaf_circuit(cs, nums);
    AuxWriter w(inputs.num_aux());
    const Fr native_digest = node.hash(w, left, right);
    check_same_values(w, cs);
    CHECK(w.count() == node.num_aux());
    CHECK(native_digest == *digest.value());
    const Fr children[] = {left, right};
    CHECK(native_digest == merkle::Sha256MerkleHasher::hash_multi_leaf_native(children));
  }
}

TEST_CASE("native inclusion at given bits: siblings and challenge bits already allocated") {
  std::mt19937_64 rng(17);
  for (const merkle::TreeShape shape : {merkle::TreeShape{2, 0, 0}, merkle::TreeShape{8, 0, 0},
                                        merkle::TreeShape{8, 4, 0}, merkle::TreeShape{8, 8, 2}}) {
    const std::size_t leaves =
        64 * std::max<std::size_t>(1, shape.sub_arity) * std::max<std::size_t>(1, shape.top_arity);
    const auto index_bits = static_cast<std::size_t>(std::countr_zero(leaves));
    for (int round = 0; round < 4; ++round) {
      const std::uint64_t index = rng() % leaves;
      INFO("shape " << shape.base_arity << "-" << shape.sub_arity << "-" << shape.top_arity
                    << ", index " << index);
      WitnessCS inputs;
      std::vector<Boolean> bits;
      for (std::size_t i = 0; i < index_bits; ++i) {
        bits.emplace_back(AllocatedBit::alloc(inputs, ((index >> i) & 1) != 0));
      }
      std::vector<std::vector<Fr>> path;
      std::vector<std::vector<AllocatedNum>> path_nums;
      for (const merkle::PathLevel& level : merkle::AuthPath::blank(shape, leaves).base) {
        path.emplace_back(level.siblings.size());
      }
      for (const std::size_t arity : {shape.sub_arity, shape.top_arity}) {
        if (arity > 0) path.emplace_back(arity - 1);
      }
      for (std::vector<Fr>& row : path) {
        std::vector<AllocatedNum>& nums = path_nums.emplace_back();
        for (Fr& s : row) {
          s = Fr::random(rng);
          nums.push_back(AllocatedNum::alloc(inputs, s));
        }
      }
      const Fr leaf = Fr::random(rng);
      const AllocatedNum leaf_num = AllocatedNum::alloc(inputs, leaf);
      const AllocatedNum root = AllocatedNum::alloc(inputs, Fr::random(rng));
      WitnessCS cs(inputs.size());
      merkle::enforce_inclusion_at<merkle::PoseidonMerkleHasher>(
          cs, shape, std::span<const Boolean>(bits), leaf_num,
          std::span<const std::vector<AllocatedNum>>(path_nums), root);

      AuxWriter w(inputs.num_aux());
      native::inclusion_at_trace(w, shape, index, index_bits, leaf,
                                 std::span<const std::vector<Fr>>(path),
                                 native::poseidon_node_trace);
      check_same_values(w, cs);
      CHECK(cs.inputs().empty());
      CHECK_THROWS_AS(native::inclusion_at_trace(w, shape, index, index_bits + 1, leaf,
                                                 std::span<const std::vector<Fr>>(path),
                                                 native::poseidon_node_trace),
                      std::invalid_argument);
    }
  }
}

TEST_CASE("native select: every index of 8 choices, and 128 choices") {
  std::mt19937_64 rng(19);
  for (const std::size_t bit_count : {3, 7}) {
    const std::size_t size = std::size_t{1} << bit_count;
    std::vector<Fr> from(size);
    WitnessCS inputs;
    std::vector<AllocatedNum> nums;
    for (Fr& x : from) {
      x = Fr::random(rng);
      nums.push_back(AllocatedNum::alloc(inputs, x));
    }
    for (std::size_t index = 0; index < size; index += bit_count == 3 ? 1 : 37) {
      INFO(size << " choices, index " << index);
      WitnessCS bits_cs(inputs.size());
      std::vector<Boolean> bits;
      for (std::size_t i = 0; i < bit_count; ++i) {
        bits.emplace_back(AllocatedBit::alloc(bits_cs, ((index >> i) & 1) != 0));
      }
      WitnessCS cs(bits_cs.size());
      const AllocatedNum picked =
          merkle::select(cs, std::span<const AllocatedNum>(nums), std::span<const Boolean>(bits));
      AuxWriter w(bits_cs.num_aux());
      CHECK(native::select_trace(w, from, index, bit_count) == from[index]);
      check_same_values(w, cs);
      CHECK(*picked.value() == from[index]);
    }
  }
}

TEST_CASE("native traces: values 0 and 1 are bits, as WitnessCS files them") {
  // Siblings of 0 and 1 go through the insertion's picks into the hash.
  const merkle::TreeShape shape{8, 0, 0};
  merkle::AuthPath path = merkle::AuthPath::blank(shape, 64);
  for (auto& level : path.base) {
    level.index = 3;
    for (std::size_t i = 0; i < level.siblings.size(); ++i) level.siblings[i] = Fr::from_u64(i % 2);
  }
  WitnessCS inputs;
  const AllocatedNum leaf = AllocatedNum::alloc(inputs, Fr::one());
  const AllocatedNum root = AllocatedNum::alloc(inputs, Fr::zero());
  WitnessCS cs(inputs.size());
  merkle::enforce_inclusion<merkle::PoseidonMerkleHasher>(cs, shape, path, leaf, root);
  AuxWriter w(inputs.num_aux());
  native::path_trace(w, shape, path, Fr::one(), native::poseidon_node_trace);
  check_same_values(w, cs);
  CHECK(w.bits().count() > 20);  // the ones among siblings and picks
}
