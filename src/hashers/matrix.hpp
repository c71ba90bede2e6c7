// Small dense square matrices over Fr, for deriving Poseidon's MDS matrices and their sparse
// factors once per arity. Variable time; only public constants pass through here.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "bls12_381/fields.hpp"

namespace cuzk::hashers::poseidon {

class Matrix {
 public:
  using Fr = bls12_381::Fr;

  explicit Matrix(std::size_t size) : size_(size), entries_(size * size) {}
  static Matrix identity(std::size_t size);

  std::size_t size() const { return size_; }
  Fr& at(std::size_t row, std::size_t col) { return entries_[row * size_ + col]; }
  const Fr& at(std::size_t row, std::size_t col) const { return entries_[row * size_ + col]; }
  std::span<const Fr> row(std::size_t r) const { return {entries_.data() + r * size_, size_}; }

  // The ordinary product this * other.
  Matrix operator*(const Matrix& other) const;
  // The matrix without row `row` and column `col`.
  Matrix minor(std::size_t row, std::size_t col) const;
  Matrix transposed() const;
  // Gauss-Jordan inverse; nullopt when singular.
  std::optional<Matrix> inverse() const;
  bool is_identity() const;

  friend bool operator==(const Matrix&, const Matrix&) = default;

 private:
  std::size_t size_;
  std::vector<Fr> entries_;  // row-major
};

// The row vector v times m: result[j] = sum_i v[i] * m[i][j]. Poseidon (neptune) applies every
// matrix this way round, which matters for the non-symmetric derived matrices.
std::vector<bls12_381::Fr> apply_matrix(const Matrix& m, std::span<const bls12_381::Fr> v);

}  // namespace cuzk::hashers::poseidon
