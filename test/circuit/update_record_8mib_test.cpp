// The 8 MiB EmptySectorUpdate partition as record_update_partition records it (ten challenges on
// threads after a prefix of 5.9 M constraints) is the pinned R1CS (update_record_pinned.hpp). Apart
// from update_record_test because its digest alone, one BLAKE2s stream over 10 M rows, takes about
// 14 s of one core.
#include <doctest/doctest.h>

#include "update_record_pinned.hpp"

TEST_CASE("update record: 8 MiB is the pinned R1CS") {
  cuzk::test::check_recording_is_pinned(
      cuzk::porep::update::RegisteredUpdateProof::kStackedDrg8MiBV1);
}
