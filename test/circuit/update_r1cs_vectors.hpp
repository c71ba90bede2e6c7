// The R1CS of every registered update proof's partition circuit as cuzk synthesizes it: counts,
// both fingerprints (bellpepper's TestConstraintSystem::hash without and with the input rows),
// non-zeros and densities, computed by `cuzk circuit --registered-update-proof NAME --fingerprint
// --json` and pinned so that any change to the R1CS (a reordered allocation, a
// changed coefficient) shows. Only the constraint counts of 2 KiB (1,705,039) and 32 GiB
// (81,049,499) are rust-fil-proofs' own (tests/circuit.rs); nothing else here has been compared
// with a Rust run, as no update vectors exist in ../shared/vectors.
#pragma once

#include <array>
#include <string_view>

#include "circuit/fingerprint_hasher.hpp"
#include "porep/update/update_proof.hpp"

namespace cuzk::test {

struct UpdateR1csVector {
  std::string_view name;
  porep::update::RegisteredUpdateProof proof;
  circuit::R1csDigest digest;
};

// R1csDigest: {inputs (ONE included), aux, constraints}, fingerprint, fingerprint with input rows,
// non-zeros {A, B, C} with input rows, densities {a_aux, b_input, b_aux}.
inline const std::array<UpdateR1csVector, 5> kUpdateR1csVectors = {{
    {"StackedDrg2KiBV1",
     porep::update::RegisteredUpdateProof::kStackedDrg2KiBV1,
     {{5, 1703569, 1705039},
      "c787aea9329f4525b3bcde14533b9b775654f6a9afe0a7c671783c8bd4f1f7a5",
      "2f0493eebe6d1bdc937302830533ede875e3b8744715a432eca84f9a70767b48",
      {4030892, 1706537, 3616648},
      {1697189, 1, 444403}}},
    {"StackedDrg8MiBV1",
     porep::update::RegisteredUpdateProof::kStackedDrg8MiBV1,
     {{5, 9998039, 10007503},
      "ee2b98435ff8e35305acee8e08f1428bf5d19dd1164174a356e150c11df28ae4",
      "db607f144a6a0229deee3eaec38a8cc2f348aa8c55b9a3e5d11e22f985390157",
      {23284278, 10015181, 21302734},
      {9981015, 1, 2567921}}},
    {"StackedDrg512MiBV1",
     porep::update::RegisteredUpdateProof::kStackedDrg512MiBV1,
     {{5, 57401314, 57450479},
      "d9f9e8c5646d12ad5a07ce7967df4e19fd998a0439a3eb1585baf51559b24751",
      "71738aedf06fb7f9d7b53b5d6dd499be037aba14e7009d70b8b8f270b269b219",
      {135362852, 57500527, 121971144},
      {57212317, 1, 14916879}}},
    {"StackedDrg32GiBV1",
     porep::update::RegisteredUpdateProof::kStackedDrg32GiBV1,
     {{5, 80978488, 81049499},
      "ed11b3af5ba3ae6e1e9e56122c31c51507edb6516c97baf1893a97da69517634",
      "ec9ab32a51e48653f90c13e1213a78a452dad68b2cc0bf202d29df279c1b1079",
      {190374912, 81118127, 172187492},
      {80743581, 1, 20983607}}},
    {"StackedDrg64GiBV1",
     porep::update::RegisteredUpdateProof::kStackedDrg64GiBV1,
     {{5, 84931220, 85006101},
      "8854cef703f930ed25d91a7e818524f3e4c67bb2393ba3c70fbfb0b1572c96af",
      "95959c067153acd02b47e064f2b1ad104e0bb4e0853c0543b5bc9443a777d5ce",
      {199699032, 85077653, 180585650},
      {84682725, 1, 22012683}}},
}};

}  // namespace cuzk::test
