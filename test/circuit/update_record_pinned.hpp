// record_update_partition's recording of a registered update proof against its pinned R1CS
// (update_r1cs_vectors.hpp): its counts (bellperson's input rows included), non-zeros and density
// bitmaps, and its digest (digest_recorded: both fingerprints, read row by row from the compact
// matrices). Shared by update_record_test (2 KiB) and update_record_8mib_test.
#pragma once

#include <doctest/doctest.h>

#include "circuit/shape_cs.hpp"
#include "circuit/update/update_record.hpp"
#include "update_r1cs_vectors.hpp"

namespace cuzk::test {

inline void check_recording_is_pinned(porep::update::RegisteredUpdateProof proof) {
  const UpdateR1csVector* pinned = nullptr;
  for (const UpdateR1csVector& v : kUpdateR1csVectors) {
    if (v.proof == proof) pinned = &v;
  }
  REQUIRE(pinned != nullptr);
  const circuit::R1csDigest& digest = pinned->digest;
  INFO(pinned->name);
  const circuit::CompactR1cs r =
      circuit::update::record_update_partition(circuit::update::update_shape(proof));
  const circuit::CircuitSize& synthesized = digest.size;
  CHECK(r.size == circuit::CircuitSize{synthesized.num_inputs, synthesized.num_aux,
                                       synthesized.num_constraints + synthesized.num_inputs});
  CHECK(r.a.nonzeros() == digest.nnz_with_input_rows.a);
  CHECK(r.b.nonzeros() == digest.nnz_with_input_rows.b);
  CHECK(r.c.nonzeros() == digest.nnz_with_input_rows.c);
  // The densities the prover reads are the recording's own bitmaps, not the digest's count.
  CHECK(r.a_aux_density.count() == digest.density.a_aux);
  CHECK(r.b_input_density.count() == digest.density.b_input);
  CHECK(r.b_aux_density.count() == digest.density.b_aux);
  CHECK(circuit::digest_recorded(r) == digest);
}

}  // namespace cuzk::test
