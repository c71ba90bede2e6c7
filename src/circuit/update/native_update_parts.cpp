#include "circuit/update/native_update_parts.hpp"

#include <optional>
#include <span>

#include "circuit/constraint_system.hpp"
#include "circuit/merkle/sha256_hasher_circuit.hpp"
#include "circuit/native/merkle_trace.hpp"
#include "circuit/native/poseidon_trace.hpp"
#include "circuit/update/gen_challenge_bits.hpp"
#include "circuit/update/label_r_new.hpp"
#include "hashers/poseidon.hpp"
#include "hashers/poseidon_gen_randomness.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::update {
namespace {

using native::AuxWriter;
using Rows = std::span<const std::vector<std::optional<Fr>>>;

std::uint64_t low_bits(std::uint64_t x, std::size_t count) {
  return count >= 64 ? x : x & ((std::uint64_t{1} << count) - 1);
}

// Bits offset .. offset + count - 1 (count <= 64) of a canonical value, least significant first.
std::uint64_t field_bits(const bls12_381::Limbs<4>& limbs, std::size_t offset, std::size_t count) {
  const std::size_t word = offset / 64;
  const std::size_t shift = offset % 64;
  std::uint64_t bits = limbs[word] >> shift;
  if (shift != 0 && word + 1 < limbs.size()) bits |= limbs[word + 1] << (64 - shift);
  return low_bits(bits, count);
}

// The update's randomness hash (phi, rho, the challenge digests), plain and traced.
Fr gen_randomness(const Fr& a, const Fr& b) {
  const Fr preimage[] = {a, b};
  return hashers::poseidon::hash(preimage, hashers::poseidon::gen_randomness_constants());
}
Fr gen_randomness_trace(AuxWriter& out, const Fr& a, const Fr& b) {
  const Fr preimage[] = {a, b};
  return native::poseidon_trace(out, preimage, hashers::poseidon::gen_randomness_constants());
}

// gen_challenge_bits' digest j of the partition: H(comm_r_new, k * digests + j).
Fr digest_index(std::uint64_t partition, std::size_t digests, std::size_t j) {
  return Fr::from_u64(partition) * Fr::from_u64(digests) + Fr::from_u64(j);
}

// The top rows of challenge 0's TreeD path, which the prefix allocates (one sibling each).
Rows partition_rows(const UpdateCircuit& circuit) {
  const UpdateShape& shape = circuit.shape;
  return Rows(circuit.private_inputs.challenge_proofs.front().path_d_new)
      .subspan(shape.challenge_bit_len - shape.partition_bit_len);
}

// alloc_path: every sibling of every row, row by row; returns the values.
std::vector<std::vector<Fr>> put_path(AuxWriter& out, Rows rows) {
  std::vector<std::vector<Fr>> path;
  path.reserve(rows.size());
  for (const auto& row : rows) {
    std::vector<Fr>& values = path.emplace_back();
    values.reserve(row.size());
    for (const std::optional<Fr>& sibling : row) {
      values.push_back(require_value(sibling));
      out.put(values.back());
    }
  }
  return path;
}

// TreeD's node hash as inclusion_at_trace calls it.
auto tree_d_hasher(const native::Sha256NodeTrace& node) {
  return [&node](AuxWriter& out, std::span<const Fr> children) { return node.hash(out, children); };
}

// get_challenge_high_bits: per allowed h the challenge's top h bits and their product with
// h_select's bit, then the sum of the products, which is returned.
Fr write_challenge_high_bits(const UpdateShape& shape, std::uint64_t challenge,
                             std::uint64_t h_select, AuxWriter& out) {
  Fr selected = Fr::zero();
  for (std::size_t k = 0; k < kHsCount; ++k) {
    if (shape.hs[k] > shape.challenge_bit_len) {
      throw Error("get_challenge_high_bits: h exceeds the challenge's bits");
    }
    const Fr high = Fr::from_u64(challenge >> (shape.challenge_bit_len - shape.hs[k]));
    const Fr product = ((h_select >> k) & 1) != 0 ? high : Fr::zero();
    out.put(high);
    out.put(product);
    selected += product;
  }
  out.put(selected);
  return selected;
}

}  // namespace

UpdatePrefixValues update_prefix_values(const UpdateCircuit& circuit) {
  const UpdateShape& shape = circuit.shape;
  const UpdatePublicInputs& pub = circuit.public_inputs;
  const std::size_t select_bits = shape.partition_bit_len + kHsCount;
  if (select_bits > 64 || shape.challenge_bit_len >= 64) {
    throw Error("native update witness: a challenge of more than 63 bits");
  }
  UpdatePrefixValues v;
  const std::uint64_t packed =
      low_bits(require_value(pub.k_and_h_select).to_canonical()[0], select_bits);
  v.partition = low_bits(packed, shape.partition_bit_len);
  v.h_select = packed >> shape.partition_bit_len;
  v.phi = gen_randomness(require_value(pub.comm_d_new), require_value(pub.comm_r_old));

  const std::size_t leaves = shape.apex_leaf_count;
  v.apex_nodes.reserve(2 * leaves - 1);
  for (const std::optional<Fr>& leaf : circuit.private_inputs.apex_leafs) {
    v.apex_nodes.push_back(require_value(leaf));
  }
  for (std::size_t h = 0; h + 1 < leaves; ++h) {
    v.apex_nodes.push_back(merkle::Sha256MerkleHasher::hash_multi_leaf_native(
        std::span<const Fr>(v.apex_nodes).subspan(2 * h, 2)));
  }

  const Fr comm_r_new = require_value(pub.comm_r_new);
  const std::size_t bits_per_challenge = shape.challenge_sans_partition_bit_len();
  const std::size_t per_digest = challenges_per_digest(bits_per_challenge);
  const std::size_t digests = digests_per_partition(shape.challenge_count, bits_per_challenge);
  v.challenges.reserve(shape.challenge_count);
  for (std::size_t j = 0; j < digests; ++j) {
    const auto digest =
        gen_randomness(comm_r_new, digest_index(v.partition, digests, j)).to_canonical();
    for (std::size_t i = 0; i < per_digest && v.challenges.size() < shape.challenge_count; ++i) {
      v.challenges.push_back(field_bits(digest, i * bits_per_challenge, bits_per_challenge) |
                             (v.partition << bits_per_challenge));
    }
  }
  return v;
}

void write_update_head(const UpdateCircuit& circuit, const UpdatePrefixValues& v, AuxWriter& out,
                       std::vector<Fr>& inputs) {
  const UpdateShape& shape = circuit.shape;
  const UpdatePublicInputs& pub = circuit.public_inputs;
  const UpdatePrivateInputs& priv = circuit.private_inputs;
  // alloc_public: the value as an aux, then the same value as an input.
  const auto put_public = [&](const std::optional<Fr>& x) {
    const Fr& value = require_value(x);
    out.put(value);
    inputs.push_back(value);
    return value;
  };
  const auto put_private = [&](const std::optional<Fr>& x) {
    out.put(require_value(x));
    return *x;
  };

  put_public(pub.k_and_h_select);
  out.put_bits(v.partition | (v.h_select << shape.partition_bit_len),
               static_cast<unsigned>(shape.partition_bit_len + kHsCount));
  out.put(Fr::from_u64(v.partition));  // the partition bits packed
  const Fr comm_r_old = put_public(pub.comm_r_old);
  const Fr comm_d_new = put_public(pub.comm_d_new);
  put_public(pub.comm_r_new);
  gen_randomness_trace(out, comm_d_new, comm_r_old);  // phi

  const Fr comm_c = put_private(priv.comm_c);
  const Fr root_r_old = put_private(priv.root_r_old);
  const Fr root_r_new = put_private(priv.root_r_new);
  for (std::size_t i = 0; i < shape.apex_leaf_count; ++i) out.put(v.apex_nodes[i]);
  for (const auto& row : partition_rows(circuit)) put_private(row.front());

  const Fr comm_r_old_preimage[] = {comm_c, root_r_old};
  native::poseidon_node_trace(out, comm_r_old_preimage);
  const Fr comm_r_new_preimage[] = {comm_c, root_r_new};
  native::poseidon_node_trace(out, comm_r_new_preimage);
}

void write_apex_hashes(const native::Sha256NodeTrace& node, const UpdatePrefixValues& v,
                       std::size_t first, std::size_t count, AuxWriter& out) {
  for (std::size_t h = first; h < first + count; ++h) {
    node.hash(out, v.apex_nodes[2 * h], v.apex_nodes[2 * h + 1]);
  }
}

void write_update_tail(const native::Sha256NodeTrace& node, const UpdateCircuit& circuit,
                       const UpdatePrefixValues& v, AuxWriter& out) {
  const UpdateShape& shape = circuit.shape;
  // apex_por's "partition-tree por": the apex root up the partition path, by the partition bits.
  std::vector<std::vector<Fr>> path;
  for (const auto& row : partition_rows(circuit)) path.push_back({require_value(row.front())});
  native::inclusion_at_trace(out, shape.tree_d(), v.partition, shape.partition_bit_len,
                             v.apex_nodes.back(), std::span<const std::vector<Fr>>(path),
                             tree_d_hasher(node));

  // gen_challenge_bits: per digest its index, the hash and the hash's 255 bits.
  const Fr comm_r_new = require_value(circuit.public_inputs.comm_r_new);
  const std::size_t digests =
      digests_per_partition(shape.challenge_count, shape.challenge_sans_partition_bit_len());
  for (std::size_t j = 0; j < digests; ++j) {
    const Fr index = digest_index(v.partition, digests, j);
    out.put(index);
    const Fr digest = gen_randomness_trace(out, comm_r_new, index);
    out.put_field_bits(digest);
  }
}

void write_update_challenge(const native::Sha256NodeTrace& node, const UpdateCircuit& circuit,
                            const UpdatePrefixValues& v, std::size_t c, AuxWriter& out) {
  const UpdateShape& shape = circuit.shape;
  const UpdateChallengeProof& proof = circuit.private_inputs.challenge_proofs[c];
  const std::uint64_t challenge = v.challenges[c];

  const Fr c_high = write_challenge_high_bits(shape, challenge, v.h_select, out);
  const Fr rho = gen_randomness_trace(out, v.phi, c_high);
  const Fr leaf_r_old = require_value(proof.leaf_r_old);
  out.put(leaf_r_old);
  const Fr leaf_d_new = require_value(proof.leaf_d_new);
  out.put(leaf_d_new);
  const Fr d_rho = leaf_d_new * rho;
  out.put(d_rho);
  const Fr leaf_r_new = leaf_r_old + d_rho;
  out.put(leaf_r_new);
  check_label_r_new(c, leaf_r_new, proof.leaf_r_new);

  // Both TreeR paths: the siblings, then the inclusion by all the challenge's bits.
  const auto tree_r_path = [&](const PathRows& rows, const Fr& leaf) {
    const std::vector<std::vector<Fr>> path = put_path(out, rows);
    native::inclusion_at_trace(out, shape.tree_r, challenge, shape.challenge_bit_len, leaf,
                               std::span<const std::vector<Fr>>(path), native::poseidon_node_trace);
  };
  tree_r_path(proof.path_r_old, leaf_r_old);
  tree_r_path(proof.path_r_new, leaf_r_new);

  // The apex leaf picked by the bits below the partition's, and the TreeD path up to it.
  const std::size_t to_apex =
      shape.challenge_bit_len - shape.partition_bit_len - shape.apex_leaf_bit_len;
  native::select_trace(out, std::span<const Fr>(v.apex_nodes).first(shape.apex_leaf_count),
                       challenge >> to_apex, shape.apex_leaf_bit_len);
  const std::vector<std::vector<Fr>> path_d = put_path(out, Rows(proof.path_d_new).first(to_apex));
  native::inclusion_at_trace(out, shape.tree_d(), challenge, to_apex, leaf_d_new,
                             std::span<const std::vector<Fr>>(path_d), tree_d_hasher(node));
}

}  // namespace cuzk::circuit::update
