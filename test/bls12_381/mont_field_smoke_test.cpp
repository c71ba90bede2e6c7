#include <doctest/doctest.h>

#include <random>

#include "bls12_381/fields.hpp"

using cuzk::bls12_381::Fp;
using cuzk::bls12_381::Fr;

TEST_CASE("Fr's 2-adic root of unity is the constant blstrs and bellperson use") {
  // ff's ROOT_OF_UNITY for the BLS12-381 scalar field: 7^t with p - 1 = 2^32 t.
  CHECK(Fr::two_adic_root_of_unity().to_hex() ==
        "16a2a19edfe81f20d09b681922c813b4b63683508c2280b93829971f439f0d2b");
  CHECK(Fr::two_adic_root_of_unity().pow(std::uint64_t{1} << 32) == Fr::one());
  CHECK(Fr::two_adic_root_of_unity().pow(std::uint64_t{1} << 31) == -Fr::one());
}
