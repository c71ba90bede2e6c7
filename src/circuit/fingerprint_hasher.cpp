#include "circuit/fingerprint_hasher.hpp"

#include <array>
#include <cstring>
#include <vector>

#include "util/error.hpp"
#include "util/hex.hpp"

namespace cuzk::circuit {

namespace {

constexpr std::size_t kCountBytes = 8;
constexpr std::size_t kTermBytes = 1 + 8 + 32;  // 'I' or 'A', index, coefficient

void put_u64_be(std::uint8_t* out, std::uint64_t v) {
  const std::uint64_t be = __builtin_bswap64(v);
  std::memcpy(out, &be, 8);
}

std::array<std::uint8_t, 24> header(std::uint64_t inputs, std::uint64_t aux,
                                    std::uint64_t constraints) {
  std::array<std::uint8_t, 24> h{};
  put_u64_be(h.data(), inputs);
  put_u64_be(h.data() + 8, aux);
  put_u64_be(h.data() + 16, constraints);
  return h;
}

// The bytes of the rows `Input(i)·0 = 0`, i = 0..inputs-1: A = {Input(i): 1}, B and C empty.
std::vector<std::uint8_t> input_rows(std::uint64_t inputs) {
  constexpr std::size_t kRowBytes = kCountBytes + kTermBytes + 2 * kCountBytes;
  std::vector<std::uint8_t> out(inputs * kRowBytes);
  const auto one = Fr::one().to_bytes_be();
  for (std::uint64_t i = 0; i < inputs; ++i) {
    std::uint8_t* p = out.data() + i * kRowBytes;
    put_u64_be(p, 1);
    p[8] = 'I';
    put_u64_be(p + 9, i);
    std::memcpy(p + 17, one.data(), one.size());
    put_u64_be(p + 49, 0);
    put_u64_be(p + 57, 0);
  }
  return out;
}

}  // namespace

// The big-endian bytes of recently seen coefficients, direct-mapped by their Montgomery limbs: a
// circuit uses few distinct coefficients (±1, ±2^k, Poseidon's constants), and converting each
// term's coefficient out of Montgomery form was a sixth of a fingerprint's time.
class FingerprintHasher::CoefficientCache {
 public:
  void put_be(const Fr& coeff, std::uint8_t* out) {
    const auto& l = coeff.montgomery_limbs();
    const std::uint64_t mix = (l[0] ^ l[1] ^ l[2] ^ l[3]) * 0x9e3779b97f4a7c15ULL;
    Entry& e = entries_[mix >> (64 - kLogEntries)];
    if (!e.valid || e.limbs != l) {
      e.limbs = l;
      e.bytes = coeff.to_bytes_be();
      e.valid = true;
    }
    std::memcpy(out, e.bytes.data(), e.bytes.size());
  }

 private:
  static constexpr unsigned kLogEntries = 12;
  struct Entry {
    bls12_381::Limbs<4> limbs{};
    std::array<std::uint8_t, 32> bytes{};
    bool valid = false;
  };
  std::array<Entry, std::size_t{1} << kLogEntries> entries_{};
};

FingerprintHasher::FingerprintHasher(const CircuitSize& size)
    : size_(size),
      a_aux_(size.num_aux),
      b_input_(size.num_inputs),
      b_aux_(size.num_aux),
      coefficients_(std::make_unique<CoefficientCache>()),
      hash_(header(size.num_inputs, size.num_aux, size.num_constraints),
            header(size.num_inputs, size.num_aux, size.num_constraints + size.num_inputs)) {}

FingerprintHasher::~FingerprintHasher() = default;

void FingerprintHasher::add_row(std::span<const Term> a, std::span<const Term> b,
                                std::span<const Term> c) {
  add_lc(a, Matrix::kA);
  add_lc(b, Matrix::kB);
  add_lc(c, Matrix::kC);
  ++rows_;
}

void FingerprintHasher::add_lc(std::span<const Term> terms, Matrix m) {
  std::uint64_t nonzero = 0;
  for (const Term& t : terms) nonzero += t.coeff.is_zero() ? 0 : 1;
  put_u64_be(hash_.room(kCountBytes), nonzero);
  hash_.commit(kCountBytes);
  for (const Term& t : terms) {
    if (t.coeff.is_zero()) continue;
    mark(t, m);
    put_term(t);
  }
  nnz_[static_cast<int>(m)] += nonzero;
}

void FingerprintHasher::mark(const Term& t, Matrix m) {
  const std::size_t i = t.var.index();
  if (t.var.is_input()) {
    if (i >= size_.num_inputs) {
      throw Error("circuit fingerprint: a row uses Input(" + std::to_string(i) + ") of " +
                  std::to_string(size_.num_inputs) + " announced");
    }
    if (m == Matrix::kB) b_input_.set(i);
  } else {
    if (i >= size_.num_aux) {
      throw Error("circuit fingerprint: a row uses Aux(" + std::to_string(i) + ") of " +
                  std::to_string(size_.num_aux) + " announced");
    }
    if (m == Matrix::kA) a_aux_.set(i);
    if (m == Matrix::kB) b_aux_.set(i);
  }
}

void FingerprintHasher::put_term(const Term& t) {
  std::uint8_t* p = hash_.room(kTermBytes);
  p[0] = t.var.is_input() ? 'I' : 'A';
  put_u64_be(p + 1, t.var.index());
  coefficients_->put_be(t.coeff, p + 9);
  hash_.commit(kTermBytes);
}

R1csDigest FingerprintHasher::finish() {
  if (rows_ != size_.num_constraints) {
    throw Error("circuit fingerprint: " + std::to_string(rows_) + " rows for " +
                std::to_string(size_.num_constraints) + " announced constraints");
  }
  const std::vector<std::uint8_t> suffix = input_rows(size_.num_inputs);
  const auto digests = hash_.finish(suffix);
  R1csDigest d;
  d.size = size_;
  d.fingerprint = to_hex(digests[0]);
  d.fingerprint_with_input_rows = to_hex(digests[1]);
  d.nnz_with_input_rows.a = nnz_[0] + size_.num_inputs;
  d.nnz_with_input_rows.b = nnz_[1];
  d.nnz_with_input_rows.c = nnz_[2];
  d.density.a_aux = a_aux_.count();
  d.density.b_input = b_input_.count();
  d.density.b_aux = b_aux_.count();
  return d;
}

}  // namespace cuzk::circuit
