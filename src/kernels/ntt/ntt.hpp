// Number-theoretic transforms over Fr on the GPU, with bellperson's conventions, and the fused
// quotient (H) computation of Groth16. Plain C++: callers compile with g++.
//
// A transform of size n = 2^k (k <= kMaxNttLogSize) evaluates at the powers of
// omega = ROOT_OF_UNITY^(2^(32-k)), ROOT_OF_UNITY = Fr::two_adic_root_of_unity(). Inputs and
// outputs are in natural order. The coset is g * <omega> with g = 7, Fr's multiplicative
// generator: a forward coset transform multiplies coefficient i by g^i first (bellperson's
// coset_fft), an inverse one divides value i by g^i after the inverse transform (icoset_fft).
// The inverse transform includes the factor 1/n.
#pragma once

#include <span>
#include <vector>

#include "bls12_381/fields.hpp"
#include "kernels/device/device.hpp"

namespace cuzk::kernels {

inline constexpr int kMaxNttLogSize = 27;

enum class NttDirection { kForward, kInverse };
enum class NttDomain { kSubgroup, kCoset };

// In place on host memory (uploads, transforms on `device`, downloads). values.size() must be a
// power of two no larger than 2^kMaxNttLogSize; otherwise throws cuzk::Error.
void ntt(Device device, std::span<bls12_381::Fr> values, NttDirection direction, NttDomain domain);

// Groth16's quotient, the values bellperson computes: a, b, c (evaluations over <omega>, each
// zero-padded to n = 2^log_n) go through an inverse transform and a forward coset transform each,
// then h = (a*b - c) / (g^n - 1) pointwise, then an inverse coset transform (computed with one
// transform fewer, h_quotient.cu). Returns the n coefficients of h (the prover uses the first
// n - 1). Inputs longer than n throw cuzk::Error.
std::vector<bls12_381::Fr> h_quotient(Device device, std::span<const bls12_381::Fr> a,
                                      std::span<const bls12_381::Fr> b,
                                      std::span<const bls12_381::Fr> c, int log_n);

}  // namespace cuzk::kernels
