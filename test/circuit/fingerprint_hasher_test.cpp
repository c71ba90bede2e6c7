// FingerprintHasher against the layout written out by hand (the "fingerprint_layout" of
// ../shared/vectors/rust-fil-proofs-r1cs.json) and hashed in one call to OpenSSL: enough rows to
// go round ForkedBlake2s's ring of chunks several times, zero coefficients skipped, the input
// rows appended to the second fingerprint only; the non-zeros and densities counted; and the
// refusals: a variable beyond the announced counts, a missing row.
#include <doctest/doctest.h>

#include <openssl/evp.h>

#include <cstdint>
#include <string>
#include <vector>

#include "circuit/fingerprint_hasher.hpp"
#include "util/error.hpp"
#include "util/hex.hpp"

namespace {

using namespace cuzk::circuit;

class Layout {
 public:
  void u64(std::uint64_t v) {
    for (int i = 7; i >= 0; --i) bytes_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  void lc(const std::vector<Term>& terms) {
    std::uint64_t nonzero = 0;
    for (const Term& t : terms) nonzero += t.coeff.is_zero() ? 0 : 1;
    u64(nonzero);
    for (const Term& t : terms) {
      if (t.coeff.is_zero()) continue;
      bytes_.push_back(t.var.is_input() ? 'I' : 'A');
      u64(t.var.index());
      const auto be = t.coeff.to_bytes_be();
      bytes_.insert(bytes_.end(), be.begin(), be.end());
    }
  }
  std::string blake2s() const {
    std::uint8_t out[32];
    unsigned int len = 0;
    REQUIRE(EVP_Digest(bytes_.data(), bytes_.size(), out, &len, EVP_blake2s256(), nullptr) == 1);
    return cuzk::to_hex(std::span<const std::uint8_t>(out, len));
  }
  std::size_t size() const { return bytes_.size(); }

 private:
  std::vector<std::uint8_t> bytes_;
};

}  // namespace

TEST_CASE("FingerprintHasher hashes the documented layout, with and without the input rows") {
  constexpr std::size_t kInputs = 3, kAux = 1000, kRows = 300'000;
  const Fr two = Fr::from_u64(2);
  const auto row = [&](std::size_t i) {
    const Variable a = Variable::aux(i % kAux);
    const Variable b = Variable::aux((i * 7 + 1) % kAux);
    return std::vector<std::vector<Term>>{
        {{Variable::input(1 + i % 2), Fr::one()}, {a, -Fr::from_u64(i)}},
        {{Variable::one(), Fr::from_u64(i % 3)}, {b, two}},  // ONE's coefficient is 0 every 3rd
        {{a, Fr::zero()}},                                   // a kept zero: skipped
    };
  };

  Layout plain, with_rows;
  for (Layout* l : {&plain, &with_rows}) {
    l->u64(kInputs);
    l->u64(kAux);
  }
  plain.u64(kRows);
  with_rows.u64(kRows + kInputs);
  FingerprintHasher hasher({kInputs, kAux, kRows});
  for (std::size_t i = 0; i < kRows; ++i) {
    const auto r = row(i);
    hasher.add_row(r[0], r[1], r[2]);
    for (Layout* l : {&plain, &with_rows}) {
      for (const auto& lc : r) l->lc(lc);
    }
  }
  for (std::size_t i = 0; i < kInputs; ++i) {
    with_rows.lc({{Variable::input(i), Fr::one()}});
    with_rows.lc({});
    with_rows.lc({});
  }
  // Several turns of the ring, so chunks are reused while the threads hash.
  REQUIRE(plain.size() > 3 * ForkedBlake2s::kChunks * ForkedBlake2s::kChunkBytes);

  const R1csDigest d = hasher.finish();
  CHECK(d.size == CircuitSize{kInputs, kAux, kRows});
  CHECK(d.fingerprint == plain.blake2s());
  CHECK(d.fingerprint_with_input_rows == with_rows.blake2s());
  // Row 0 has a zero coefficient on aux 0 in A; every third row none on ONE in B.
  CHECK(d.nnz_with_input_rows.a == 2 * kRows - 1 + kInputs);
  CHECK(d.nnz_with_input_rows.b == 2 * kRows - kRows / 3);
  CHECK(d.nnz_with_input_rows.c == 0);
  CHECK(d.density.a_aux == kAux);
  CHECK(d.density.b_input == 1);
  CHECK(d.density.b_aux == kAux);
}

TEST_CASE("FingerprintHasher refuses variables beyond the counts and missing rows") {
  const std::vector<Term> none;
  {
    FingerprintHasher h({2, 5, 1});
    const std::vector<Term> aux5{{Variable::aux(5), Fr::one()}};
    CHECK_THROWS_AS(h.add_row(aux5, none, none), cuzk::Error);
  }
  {
    FingerprintHasher h({2, 5, 1});
    const std::vector<Term> input2{{Variable::input(2), Fr::one()}};
    CHECK_THROWS_AS(h.add_row(none, input2, none), cuzk::Error);
  }
  {
    FingerprintHasher h({2, 5, 2});
    h.add_row(none, none, none);
    CHECK_THROWS_AS(h.finish(), cuzk::Error);
  }
}
