#include "hashers/matrix.hpp"

#include <cassert>
#include <utility>

namespace cuzk::hashers::poseidon {

using bls12_381::Fr;

Matrix Matrix::identity(std::size_t size) {
  Matrix m(size);
  for (std::size_t i = 0; i < size; ++i) m.at(i, i) = Fr::one();
  return m;
}

Matrix Matrix::operator*(const Matrix& other) const {
  assert(size_ == other.size_);
  Matrix out(size_);
  for (std::size_t i = 0; i < size_; ++i) {
    for (std::size_t k = 0; k < size_; ++k) {
      const Fr a = at(i, k);
      if (a.is_zero()) continue;
      for (std::size_t j = 0; j < size_; ++j) out.at(i, j) += a * other.at(k, j);
    }
  }
  return out;
}

Matrix Matrix::minor(std::size_t row, std::size_t col) const {
  assert(size_ > 0 && row < size_ && col < size_);
  Matrix out(size_ - 1);
  for (std::size_t i = 0, oi = 0; i < size_; ++i) {
    if (i == row) continue;
    for (std::size_t j = 0, oj = 0; j < size_; ++j) {
      if (j == col) continue;
      out.at(oi, oj++) = at(i, j);
    }
    ++oi;
  }
  return out;
}

Matrix Matrix::transposed() const {
  Matrix out(size_);
  for (std::size_t i = 0; i < size_; ++i) {
    for (std::size_t j = 0; j < size_; ++j) out.at(j, i) = at(i, j);
  }
  return out;
}

std::optional<Matrix> Matrix::inverse() const {
  // The inverse is unique, so any exact elimination order gives neptune's result.
  Matrix work = *this;
  Matrix inv = identity(size_);
  for (std::size_t col = 0; col < size_; ++col) {
    std::size_t pivot = col;
    while (pivot < size_ && work.at(pivot, col).is_zero()) ++pivot;
    if (pivot == size_) return std::nullopt;
    if (pivot != col) {
      for (std::size_t j = 0; j < size_; ++j) {
        std::swap(work.at(pivot, j), work.at(col, j));
        std::swap(inv.at(pivot, j), inv.at(col, j));
      }
    }
    const Fr scale = work.at(col, col).inverse();
    for (std::size_t j = 0; j < size_; ++j) {
      work.at(col, j) *= scale;
      inv.at(col, j) *= scale;
    }
    for (std::size_t i = 0; i < size_; ++i) {
      if (i == col) continue;
      const Fr factor = work.at(i, col);
      if (factor.is_zero()) continue;
      for (std::size_t j = 0; j < size_; ++j) {
        work.at(i, j) -= factor * work.at(col, j);
        inv.at(i, j) -= factor * inv.at(col, j);
      }
    }
  }
  return inv;
}

bool Matrix::is_identity() const { return *this == identity(size_); }

std::vector<Fr> apply_matrix(const Matrix& m, std::span<const Fr> v) {
  assert(v.size() == m.size());
  std::vector<Fr> out(m.size());
  for (std::size_t i = 0; i < m.size(); ++i) {
    for (std::size_t j = 0; j < m.size(); ++j) out[j] += v[i] * m.at(i, j);
  }
  return out;
}

}  // namespace cuzk::hashers::poseidon
