#include "circuit/update/native_update_plan.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include "circuit/size_cs.hpp"
#include "circuit/update/update_circuit.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::update {
namespace {

// What `gadget()` adds to `cs`.
template <class Gadget>
CircuitSize added(const SizeCS& cs, Gadget&& gadget) {
  const CircuitSize before = cs.size();
  gadget();
  const CircuitSize after = cs.size();
  return {after.num_inputs - before.num_inputs, after.num_aux - before.num_aux,
          after.num_constraints - before.num_constraints};
}

struct MeasuredCounts {
  CircuitSize prefix;          // synthesize_update_prefix
  CircuitSize challenge;       // synthesize_update_challenge
  CircuitSize apex_por;        // the apex tree and the apex root's path, within the prefix
  CircuitSize apex_hash;       // one hash of the apex tree
  CircuitSize challenge_bits;  // gen_challenge_bits, the prefix's last gadget
};

MeasuredCounts measure(const UpdateShape& shape) {
  MeasuredCounts m;
  const UpdateCircuit blank = blank_update_circuit(shape);
  {
    SizeCS cs;
    UpdatePartitionWires wires;
    m.prefix = added(cs, [&] { wires = synthesize_update_prefix(cs, blank); });
    m.challenge = added(cs, [&] { synthesize_update_challenge(cs, blank, wires, 0); });
  }
  // The prefix's last two gadgets on operands without values.
  SizeCS cs;
  const auto num = [&] { return AllocatedNum::alloc(cs, std::optional<Fr>()); };
  std::vector<AllocatedNum> leaves(shape.apex_leaf_count);
  std::ranges::generate(leaves, num);
  std::vector<Boolean> partition_bits;
  std::vector<std::vector<AllocatedNum>> partition_path;
  for (std::size_t i = 0; i < shape.partition_bit_len; ++i) {
    partition_bits.emplace_back(AllocatedBit::alloc(cs, std::nullopt));
    partition_path.push_back({num()});
  }
  const AllocatedNum comm_d_new = num();
  m.apex_por = added(cs, [&] {
    apex_por(cs, std::span<const AllocatedNum>(leaves), std::span<const Boolean>(partition_bits),
             std::span<const std::vector<AllocatedNum>>(partition_path), comm_d_new);
  });
  m.apex_hash = added(cs, [&] { merkle::sha256_hash2_circuit(cs, leaves[0], leaves[1]); });
  const AllocatedNum comm_r_new = num();
  const AllocatedNum partition = num();
  m.challenge_bits = added(cs, [&] {
    gen_challenge_bits(cs, comm_r_new, partition, shape.challenge_count,
                       shape.challenge_sans_partition_bit_len());
  });
  return m;
}

}  // namespace

NativeUpdateWitnessPlan::NativeUpdateWitnessPlan(const UpdateShape& shape) : shape_(shape) {
  const MeasuredCounts m = measure(shape);
  const std::size_t apex_hashes = shape.apex_leaf_count - 1;
  const std::size_t apex_tree_aux = apex_hashes * m.apex_hash.num_aux;
  // Everything but the head is aux values alone; the apex hashes are the node this plan traces.
  if (m.apex_hash.num_aux != tree_d_node_.num_aux() || m.apex_por.num_aux < apex_tree_aux ||
      m.prefix.num_aux < m.apex_por.num_aux + m.challenge_bits.num_aux ||
      m.apex_por.num_inputs + m.challenge_bits.num_inputs + m.challenge.num_inputs != 0) {
    throw Error("native update witness: the gadgets' counts for " +
                std::string(sector_size_name(shape.sector_nodes)) +
                " do not split into the stretches the native writer knows");
  }
  std::size_t aux = 0;
  const auto add = [&](NativeUpdateTask task) {
    task.aux_start = aux;
    aux += task.num_aux;
    tasks_.push_back(task);
  };
  add({.kind = NativeUpdateTask::Kind::kHead,
       .num_aux = m.prefix.num_aux - m.apex_por.num_aux - m.challenge_bits.num_aux,
       .num_inputs = m.prefix.num_inputs});
  // Runs of apex hashes about as long as a challenge, so that no task holds the others up.
  const std::size_t run = std::max<std::size_t>(1, m.challenge.num_aux / m.apex_hash.num_aux);
  for (std::size_t first = 0; first < apex_hashes; first += run) {
    const std::size_t count = std::min(run, apex_hashes - first);
    add({.kind = NativeUpdateTask::Kind::kApexHashes,
         .index = first,
         .count = count,
         .num_aux = count * m.apex_hash.num_aux});
  }
  add({.kind = NativeUpdateTask::Kind::kTail,
       .num_aux = m.apex_por.num_aux - apex_tree_aux + m.challenge_bits.num_aux});
  for (std::size_t c = 0; c < shape.challenge_count; ++c) {
    add({.kind = NativeUpdateTask::Kind::kChallenge, .index = c, .num_aux = m.challenge.num_aux});
  }
  const std::size_t n = shape.challenge_count;
  total_ = {1 + m.prefix.num_inputs, aux,
            m.prefix.num_constraints + n * m.challenge.num_constraints};
}

}  // namespace cuzk::circuit::update
