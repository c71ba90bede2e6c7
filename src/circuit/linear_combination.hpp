// A linear combination Σ coeff·var over Fr, with bellpepper-core's semantics (lc.rs): adding a
// term for a variable already present adds to that variable's coefficient, and a coefficient
// that sums to zero stays in the combination (it is skipped by evaluation, density and the
// fingerprint, exactly as in bellpepper and bellperson).
//
// Representation, chosen because gadgets build ~10^8 of these per partition:
//  - terms live in a small inline buffer (no heap allocation for up to kInlineTerms terms);
//  - a combination is "normalized" when its terms are sorted by Variable::code() (inputs first,
//    then aux, by index) with no variable repeated: bellpepper's own layout. Small combinations
//    stay normalized on every insertion (appending in ascending order is free; an out-of-order
//    term is merged or inserted by a short scan). A large combination that receives a term out
//    of order just appends it and drops the flag; normalize() then sorts and merges once. Only
//    consumers that need the merged view (densities, non-zero counts, the fingerprint) call it;
//    evaluation is linear, so it never needs to.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <type_traits>
#include <vector>

#include "bls12_381/fields.hpp"
#include "circuit/variable.hpp"

namespace cuzk::circuit {

using bls12_381::Fr;

struct Term {
  Variable var;
  Fr coeff;
};
static_assert(std::is_trivially_copyable_v<Term>);

namespace detail {
inline const Fr kOne = Fr::one();
inline const Fr kMinusOne = -Fr::one();
inline bool same_limbs(const bls12_381::Limbs<4>& a, const bls12_381::Limbs<4>& b) {
  return ((a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) | (a[3] ^ b[3])) == 0;
}
}  // namespace detail

class LinearCombination {
 public:
  static constexpr std::size_t kInlineTerms = 4;
  // Up to this many terms an out-of-order insertion keeps the combination normalized.
  static constexpr std::size_t kMaxScanTerms = 16;

  LinearCombination() = default;
  explicit LinearCombination(Variable v) { push(v, detail::kOne); }
  LinearCombination(Variable v, const Fr& coeff) { push(v, coeff); }

  LinearCombination(const LinearCombination& other) { copy_from(other); }
  LinearCombination(LinearCombination&& other) noexcept { move_from(other); }
  LinearCombination& operator=(const LinearCombination& other) {
    if (this != &other) {
      size_ = 0;
      normalized_ = true;
      copy_from(other);
    }
    return *this;
  }
  LinearCombination& operator=(LinearCombination&& other) noexcept {
    if (this != &other) {
      heap_.reset();
      data_ = inline_data();
      capacity_ = kInlineTerms;
      move_from(other);
    }
    return *this;
  }
  ~LinearCombination() = default;

  // coeff(v) += c: bellpepper's `lc + (c, v)`.
  LinearCombination& add(Variable v, const Fr& c) {
    if (size_ == 0) {
      push(v, c);
      return *this;
    }
    Term& last = data_[size_ - 1];
    if (v.code() == last.var.code()) {
      last.coeff += c;
    } else if (v.code() > last.var.code()) {
      push(v, c);
    } else {
      add_out_of_order(v, c);
    }
    return *this;
  }
  LinearCombination& add(Variable v) { return add(v, detail::kOne); }
  LinearCombination& sub(Variable v, const Fr& c) { return add(v, -c); }
  LinearCombination& sub(Variable v) { return add(v, detail::kMinusOne); }

  // this += other, term by term in other's order (bellpepper's `lc + &other`).
  LinearCombination& add(const LinearCombination& other) {
    reserve(size_ + other.size_);
    for (const Term& t : other.terms()) add(t.var, t.coeff);
    return *this;
  }
  LinearCombination& sub(const LinearCombination& other) {
    reserve(size_ + other.size_);
    for (const Term& t : other.terms()) add(t.var, -t.coeff);
    return *this;
  }
  // this += k·other (bellpepper's `lc + (k, &other)`).
  LinearCombination& add_scaled(const Fr& k, const LinearCombination& other) {
    reserve(size_ + other.size_);
    for (const Term& t : other.terms()) add(t.var, t.coeff * k);
    return *this;
  }
  LinearCombination& sub_scaled(const Fr& k, const LinearCombination& other) {
    reserve(size_ + other.size_);
    for (const Term& t : other.terms()) add(t.var, -(t.coeff * k));
    return *this;
  }
  // Every coefficient times k.
  LinearCombination& scale(const Fr& k) {
    for (std::size_t i = 0; i < size_; ++i) data_[i].coeff *= k;
    return *this;
  }

  LinearCombination& operator+=(Variable v) { return add(v); }
  LinearCombination& operator-=(Variable v) { return sub(v); }
  LinearCombination& operator+=(const LinearCombination& o) { return add(o); }
  LinearCombination& operator-=(const LinearCombination& o) { return sub(o); }
  friend LinearCombination operator+(LinearCombination lc, Variable v) {
    return std::move(lc.add(v));
  }
  friend LinearCombination operator-(LinearCombination lc, Variable v) {
    return std::move(lc.sub(v));
  }
  friend LinearCombination operator+(LinearCombination lc, const LinearCombination& o) {
    return std::move(lc.add(o));
  }
  friend LinearCombination operator-(LinearCombination lc, const LinearCombination& o) {
    return std::move(lc.sub(o));
  }

  // The terms as stored: sorted and unique when is_normalized(), otherwise in insertion order
  // with possible repeats. Zero coefficients may appear in both cases.
  std::span<const Term> terms() const { return {data_, size_}; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool is_normalized() const { return normalized_; }

  // Sorts by variable and merges repeated variables (summing their coefficients, keeping zero
  // sums), which yields exactly bellpepper's map. Idempotent and cheap when already normalized.
  void normalize() {
    if (!normalized_) sort_terms();
  }
  // Makes `out` (another combination) what normalize() would make of a copy of this one, without
  // the copy: for consumers that hold the combination by const reference.
  [[gnu::noinline]] void normalize_into(LinearCombination& out) const {
    if (normalized_ || size_ < 2) {
      out = *this;
      out.normalized_ = true;
      return;
    }
    out.size_ = 0;
    out.reserve(size_);
    auto scratch = std::make_unique_for_overwrite<Term[]>(size_);
    const std::span<const Term> sorted = merge_runs(data_, size_, out.data_, scratch.get());
    if (sorted.data() == data_) {
      std::memcpy(static_cast<void*>(out.data_), data_, size_ * sizeof(Term));
    } else if (sorted.data() == scratch.get()) {
      out.adopt(std::move(scratch), size_);
    }
    out.size_ = static_cast<std::uint32_t>(sorted.size());
    out.normalized_ = true;
  }

  // Merges repeated variables without sorting: afterwards each variable appears once, with its
  // merged coefficient, at its first position. Enough for consumers that need merged
  // coefficients but not bellpepper's order (densities); linear in the number of terms, where
  // normalize() sorts. `scratch` is the caller's reusable hash table.
  void merge_repeats(std::vector<std::uint32_t>& scratch) {
    if (normalized_) return;
    if (size_ <= kMaxScanTerms) {
      normalize();
      return;
    }
    const unsigned log_slots = static_cast<unsigned>(std::bit_width(2 * std::size_t{size_} - 1));
    const std::size_t mask = (std::size_t{1} << log_slots) - 1;
    constexpr std::uint32_t kEmpty = ~std::uint32_t{0};
    scratch.assign(mask + 1, kEmpty);
    std::uint32_t out = 0;
    for (std::uint32_t i = 0; i < size_; ++i) {
      const std::uint64_t code = data_[i].var.code();
      // Fibonacci hashing: the top bits of code times 2^64/golden ratio.
      std::size_t slot =
          static_cast<std::size_t>((code * 0x9e3779b97f4a7c15ULL) >> (64 - log_slots));
      for (;; slot = (slot + 1) & mask) {
        const std::uint32_t at = scratch[slot];
        if (at == kEmpty) {
          scratch[slot] = out;
          data_[out++] = data_[i];
          break;
        }
        if (data_[at].var.code() == code) {
          data_[at].coeff += data_[i].coeff;
          break;
        }
      }
    }
    size_ = out;
  }

  // <lc, w> for the assignment w = (inputs, aux). Coefficients and values of 0, 1 and -1 skip the
  // multiplication: most wires are bits and most coefficients are ±1.
  Fr evaluate(std::span<const Fr> inputs, std::span<const Fr> aux) const {
    Fr acc;
    for (std::size_t i = 0; i < size_; ++i) {
      const Term& t = data_[i];
      const Fr& value = t.var.is_input() ? inputs[t.var.index()] : aux[t.var.index()];
      accumulate(acc, t.coeff, value);
    }
    return acc;
  }

  // acc += coeff·value with the cheap cases first (limbs compared by hand: std::array's == became
  // a memcmp call in the profile).
  static void accumulate(Fr& acc, const Fr& coeff, const Fr& value) {
    const auto& v = value.montgomery_limbs();
    if ((v[0] | v[1] | v[2] | v[3]) == 0) return;
    if (detail::same_limbs(v, detail::kOne.montgomery_limbs())) {
      acc += coeff;
    } else if (detail::same_limbs(coeff.montgomery_limbs(), detail::kOne.montgomery_limbs())) {
      acc += value;
    } else if (detail::same_limbs(coeff.montgomery_limbs(), detail::kMinusOne.montgomery_limbs())) {
      acc -= value;
    } else {
      acc += coeff * value;
    }
  }

  void reserve(std::size_t n) {
    if (n > capacity_) grow(n);
  }

 private:
  [[gnu::noinline]] void grow(std::size_t n) {
    std::size_t cap = std::max<std::size_t>(n, 2 * static_cast<std::size_t>(capacity_));
    auto grown = std::make_unique_for_overwrite<Term[]>(cap);
    std::memcpy(static_cast<void*>(grown.get()), data_, size_ * sizeof(Term));
    heap_ = std::move(grown);
    data_ = heap_.get();
    capacity_ = static_cast<std::uint32_t>(cap);
  }

  Term* inline_data() { return reinterpret_cast<Term*>(inline_); }

  [[gnu::noinline]] void sort_terms() {
    if (size_ > 1) {
      auto scratch = std::make_unique_for_overwrite<Term[]>(size_);
      const std::span<const Term> sorted = merge_runs(data_, size_, scratch.get(), data_);
      if (sorted.data() == scratch.get()) adopt(std::move(scratch), size_);
      size_ = static_cast<std::uint32_t>(sorted.size());
    }
    normalized_ = true;
  }

  // Makes `buffer` (of `capacity` terms) the storage.
  void adopt(std::unique_ptr<Term[]> buffer, std::size_t capacity) {
    heap_ = std::move(buffer);
    data_ = heap_.get();
    capacity_ = static_cast<std::uint32_t>(capacity);
  }

  // normalize()'s sort of the n terms at src: a bottom-up natural merge sort. The terms of a
  // combination left unnormalized fall into a few runs of increasing variables (gadgets add each
  // operand's terms in order: SHA-256's packed words, Poseidon's rows, which repeat one run of
  // variables), so each pass merges neighbouring runs, adding the coefficients of a variable
  // present in both, until one run is left. Runs that do not overlap are copied whole. On a
  // 32 GiB partition's combinations this takes half the time of sorting the terms and merging
  // repeats afterwards. The first pass writes to `a`, the next ones alternate between `b` and `a`
  // (both of n terms; b may be src); returns the sorted terms, at src if it was one run already.
  static std::span<const Term> merge_runs(const Term* src, std::size_t n, Term* a, Term* b) {
    Term* dst = a;
    for (;;) {
      const std::size_t first_end = run_end(src, 0, n);
      if (first_end == n) return {src, n};  // one run: sorted, no variable repeated
      std::size_t out = 0;
      for (std::size_t i = 0; i < n;) {
        const std::size_t mid = i == 0 ? first_end : run_end(src, i, n);
        const std::size_t end = mid == n ? n : run_end(src, mid, n);
        out = static_cast<std::size_t>(
            merge_two(src + i, src + mid, src + mid, src + end, dst + out) - dst);
        i = end;
      }
      n = out;
      src = dst;
      dst = dst == a ? b : a;
    }
  }

  // The end of the run of strictly increasing variables that starts at i.
  static std::size_t run_end(const Term* t, std::size_t i, std::size_t n) {
    for (++i; i < n && t[i].var.code() > t[i - 1].var.code(); ++i) {
    }
    return i;
  }

  // Merges the runs [a, a_end) and [b, b_end) into out; returns the end of what it wrote.
  static Term* merge_two(const Term* a, const Term* a_end, const Term* b, const Term* b_end,
                         Term* out) {
    const auto append = [&out](const Term* from, const Term* to) {
      std::memcpy(static_cast<void*>(out), from,
                  static_cast<std::size_t>(to - from) * sizeof(Term));
      out += to - from;
    };
    if (b == b_end || a_end[-1].var.code() < b->var.code()) {
      append(a, a_end);
      append(b, b_end);
      return out;
    }
    if (b_end[-1].var.code() < a->var.code()) {
      append(b, b_end);
      append(a, a_end);
      return out;
    }
    while (a != a_end && b != b_end) {
      const std::uint64_t ca = a->var.code();
      const std::uint64_t cb = b->var.code();
      if (ca < cb) {
        *out++ = *a++;
      } else if (cb < ca) {
        *out++ = *b++;
      } else {
        out->var = a->var;
        out->coeff = a->coeff + b->coeff;
        ++out;
        ++a;
        ++b;
      }
    }
    append(a, a_end);
    append(b, b_end);
    return out;
  }

  void push(Variable v, const Fr& c) {
    if (size_ == capacity_) [[unlikely]]
      reserve(size_ + 1);
    data_[size_].var = v;
    data_[size_].coeff = c;
    ++size_;
  }

  [[gnu::noinline]] void add_out_of_order(Variable v, const Fr& c) {
    if (normalized_ && size_ < kMaxScanTerms) {
      insert_sorted(v, c);
    } else {
      push(v, c);
      normalized_ = false;
    }
  }

  // Normalized and small: merge into the existing term or insert at the sorted position.
  void insert_sorted(Variable v, const Fr& c) {
    std::size_t pos = 0;
    while (pos < size_ && data_[pos].var.code() < v.code()) ++pos;
    if (pos < size_ && data_[pos].var.code() == v.code()) {
      data_[pos].coeff += c;
      return;
    }
    if (size_ == capacity_) reserve(size_ + 1);
    std::memmove(static_cast<void*>(data_ + pos + 1), data_ + pos, (size_ - pos) * sizeof(Term));
    data_[pos].var = v;
    data_[pos].coeff = c;
    ++size_;
  }

  // Copies of small combinations move the whole inline buffer: a fixed-size copy compiles to a
  // few vector moves, where a size-dependent one was a memmove call (~9% of a SHA-256 synthesis
  // profile; removing it gained about 4%, within the bench's noise).
  // Reading past other's size stays inside its storage: heap buffers exceed kInlineTerms.
  void copy_terms(const LinearCombination& other) {
    if (other.size_ <= kInlineTerms && data_ == inline_data()) {
      std::memcpy(static_cast<void*>(inline_), static_cast<const void*>(other.data_),
                  sizeof inline_);
    } else {
      reserve(other.size_);
      std::memcpy(static_cast<void*>(data_), other.data_, other.size_ * sizeof(Term));
    }
  }

  void copy_from(const LinearCombination& other) {
    copy_terms(other);
    size_ = other.size_;
    normalized_ = other.normalized_;
  }

  void move_from(LinearCombination& other) {
    if (other.heap_) {
      heap_ = std::move(other.heap_);
      data_ = heap_.get();
      capacity_ = other.capacity_;
    } else {
      std::memcpy(static_cast<void*>(inline_), static_cast<const void*>(other.inline_),
                  sizeof inline_);
    }
    size_ = other.size_;
    normalized_ = other.normalized_;
    other.data_ = other.inline_data();
    other.capacity_ = kInlineTerms;
    other.size_ = 0;
    other.normalized_ = true;
  }

  Term* data_ = inline_data();
  std::uint32_t size_ = 0;
  std::uint32_t capacity_ = kInlineTerms;
  bool normalized_ = true;
  std::unique_ptr<Term[]> heap_;
  alignas(Term) std::byte inline_[kInlineTerms * sizeof(Term)];
};

}  // namespace cuzk::circuit
