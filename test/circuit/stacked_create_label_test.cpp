// create_label against the native label, in rust-fil-proofs' test_create_label setup
// (stacked/circuit/create_label.rs): replica id and 37 parent values allocated as message bits
// (bytes_into_boolean_vec_be: 256 new bits each, most significant bit of each byte first), a
// constant layer 3 and node 22. The reference asserts 532,025 constraints.
#include "circuit/stacked/create_label.hpp"

#include <doctest/doctest.h>

#include <array>
#include <random>
#include <span>
#include <vector>

#include "circuit/proving_cs.hpp"
#include "circuit/stacked/bit_order.hpp"
#include "circuit/stacked/label_native.hpp"
#include "circuit/stacked/uint64.hpp"
#include "circuit/test_cs.hpp"
#include "porep/domain.hpp"

namespace {

namespace porep = cuzk::porep;

using namespace cuzk::circuit;
using cuzk::bls12_381::Fr;

// bytes_into_boolean_vec_be: bit i in scope "bit i", MSB first within each byte.
template <ConstraintSystem CS>
std::vector<Boolean> alloc_message_bits(CS& cs, const porep::Domain& bytes) {
  std::vector<Boolean> bits;
  for (std::size_t i = 0; i < 8 * bytes.size(); ++i) {
    [[maybe_unused]] auto scope = cs.scope("bit", i);
    bits.emplace_back(AllocatedBit::alloc(cs, ((bytes[i / 8] >> (7 - i % 8)) & 1) != 0));
  }
  return bits;
}

struct LabelCase {
  porep::Domain replica_id{};
  std::array<porep::Domain, porep::kTotalParents> parents{};
};

LabelCase random_case(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  LabelCase c;
  c.replica_id = Fr::random(rng).to_bytes_le();
  for (auto& p : c.parents) p = Fr::random(rng).to_bytes_le();
  return c;
}

template <ConstraintSystem CS>
AllocatedNum synthesize_label(CS& cs, const LabelCase& c, std::uint32_t layer, std::uint64_t node) {
  std::vector<std::vector<Boolean>> parent_bits;
  for (std::size_t i = 0; i < c.parents.size(); ++i) {
    [[maybe_unused]] auto scope = cs.scope("parents", i);
    parent_bits.push_back(alloc_message_bits(cs, c.parents[i]));
  }
  std::vector<Boolean> id_bits;
  {
    [[maybe_unused]] auto scope = cs.scope("id");
    id_bits = alloc_message_bits(cs, c.replica_id);
  }
  const std::vector<std::span<const Boolean>> slots(parent_bits.begin(), parent_bits.end());
  [[maybe_unused]] auto scope = cs.scope("create_label");
  return stacked::create_label_circuit(cs, id_bits, slots, UInt32::constant(layer),
                                       stacked::UInt64::constant(node));
}

}  // namespace

TEST_CASE("create_label: the reference's count, the native label, a tampered digest") {
  const LabelCase c = random_case(7);
  TestCS cs;
  const AllocatedNum label = synthesize_label(cs, c, 3, 22);
  CHECK(cs.num_constraints() == 532'025);
  CHECK(cs.is_satisfied());
  const porep::Domain expected = stacked::create_label_native(c.replica_id, 3, 22, c.parents);
  CHECK(label.value() == porep::domain_to_fr(expected));

  const std::string out = "create_label/result_num/input/num";
  cs.set(out, cs.get(out) + Fr::one());
  CHECK(cs.which_is_unsatisfied() == "create_label/result_num/packing constraint");
}

TEST_CASE("create_label: the node enters big-endian after the layer") {
  // A node whose bytes differ in every position, so a byte-order slip changes the digest.
  const LabelCase c = random_case(8);
  ProvingCS cs;  // values without names: cheaper than TestCS
  const AllocatedNum label = synthesize_label(cs, c, 11, 0x0102030405060708ULL);
  CHECK(label.value() == porep::domain_to_fr(stacked::create_label_native(
                             c.replica_id, 11, 0x0102030405060708ULL, c.parents)));
  CHECK(label.value() != porep::domain_to_fr(stacked::create_label_native(
                             c.replica_id, 11, 0x0807060504030201ULL, c.parents)));
}

TEST_CASE("reverse_bit_numbering pads to whole bytes and reverses each byte") {
  std::vector<Boolean> bits;
  for (int i = 0; i < 11; ++i) bits.push_back(Boolean::constant(i == 0 || i == 9));
  const std::vector<Boolean> r = stacked::reverse_bit_numbering(bits);
  REQUIRE(r.size() == 16);
  for (std::size_t i = 0; i < r.size(); ++i) {
    INFO(i);
    CHECK(r[i].is_constant(i == 7 || i == 14));
  }
}
