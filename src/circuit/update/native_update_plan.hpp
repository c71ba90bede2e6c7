// What every EmptySectorUpdate partition of one shape shares for its native witness
// (native_update_witness.hpp): TreeD's SHA-256 node program, and the partition cut into the
// stretches native_update_parts.hpp writes, each with the range of the witness it fills. The
// ranges come from the gadgets' own counts, measured once on a SizeCS (the blank circuit's
// prefix and challenge 0, apex_por, one apex hash, gen_challenge_bits): no value changes them, so
// each stretch can be written on its own thread straight into its place.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "circuit/fingerprint_hasher.hpp"
#include "circuit/native/sha256_node_trace.hpp"
#include "circuit/update/update_shape.hpp"

namespace cuzk::circuit::update {

// One stretch of a partition (native_update_parts.hpp) and the values it writes.
struct NativeUpdateTask {
  enum class Kind : std::uint8_t { kHead, kApexHashes, kTail, kChallenge };
  Kind kind = Kind::kHead;
  std::size_t index = 0;  // kApexHashes: the first hash; kChallenge: the challenge
  std::size_t count = 0;  // kApexHashes: how many hashes
  std::size_t aux_start = 0;
  std::size_t num_aux = 0;
  std::size_t num_inputs = 0;  // the head's alone, right after ONE
};

class NativeUpdateWitnessPlan {
 public:
  // Measures the shape's counts and makes the SHA-256 programs: 1.4 to 1.6 s for 512 MiB and
  // 32 GiB on a loaded core, mostly the blank apex tree (127 SHA-256 gadgets) counted twice, so
  // make it once per shape. Throws cuzk::Error if the gadgets' counts do not split into the
  // stretches this plan writes.
  explicit NativeUpdateWitnessPlan(const UpdateShape& shape);

  const UpdateShape& shape() const { return shape_; }
  // TreeD's node: the apex tree, the partition path and every challenge's path to its apex leaf.
  const native::Sha256NodeTrace& tree_d_node() const { return tree_d_node_; }
  // The stretches in circuit order; together they fill the partition's aux values exactly.
  std::span<const NativeUpdateTask> tasks() const { return tasks_; }
  // The partition's counts (ONE included; the input rows the prover appends excluded).
  const CircuitSize& total() const { return total_; }

 private:
  UpdateShape shape_;
  native::Sha256NodeTrace tree_d_node_;
  std::vector<NativeUpdateTask> tasks_;
  CircuitSize total_;
};

}  // namespace cuzk::circuit::update
