#include "prover/params/parameters.hpp"

#include <string>

#include "circuit/compact_r1cs.hpp"
#include "circuit/proving_cs.hpp"
#include "circuit/stacked/record_shape.hpp"
#include "prover/evaluation_domain.hpp"
#include "prover/params/params_error.hpp"
#include "prover/params/point_io.hpp"
#include "util/atomic_file.hpp"

namespace cuzk::prover {

VectorLengths lengths_for_circuit(const circuit::ProvingCS& cs) {
  VectorLengths n;
  n.ic = cs.num_inputs();
  n.h = EvaluationDomain::for_points(cs.num_constraints()).size() - 1;
  n.l = cs.num_aux();
  n.a = cs.num_inputs() + cs.a_aux_density().count();
  n.b_g1 = cs.b_input_density().count() + cs.b_aux_density().count();
  n.b_g2 = n.b_g1;
  return n;
}

namespace {

VectorLengths lengths_for(const circuit::CircuitSize& size, const circuit::BitVector& a_aux,
                          const circuit::BitVector& b_input, const circuit::BitVector& b_aux) {
  VectorLengths n;
  n.ic = size.num_inputs;
  n.h = EvaluationDomain::for_points(size.num_constraints).size() - 1;
  n.l = size.num_aux;
  n.a = size.num_inputs + a_aux.count();
  n.b_g1 = b_input.count() + b_aux.count();
  n.b_g2 = n.b_g1;
  return n;
}

}  // namespace

VectorLengths lengths_for_circuit(const circuit::CompactR1cs& r) {
  return lengths_for(r.size, r.a_aux_density, r.b_input_density, r.b_aux_density);
}

VectorLengths lengths_for_circuit(const circuit::stacked::PartitionRecording& r) {
  return lengths_for(r.size(), r.a_aux_density, r.b_input_density, r.b_aux_density);
}

ParameterFileSizes parameter_file_sizes(const VectorLengths& n) {
  const std::uint64_t vk = kVerifyingKeyFixedBytes + 4 + std::uint64_t{96} * n.ic;
  // Five u32 lengths, then 96 bytes a G1 point and 192 a G2 point.
  const std::uint64_t params =
      vk + 5 * 4 + std::uint64_t{96} * (n.h + n.l + n.a + n.b_g1) + std::uint64_t{192} * n.b_g2;
  return {params, vk};
}

void check_lengths_match(const VectorLengths& params, const VectorLengths& circuit,
                         const std::string& source) {
  auto check = [&](const char* name, std::size_t have, std::size_t need) {
    if (have != need) {
      throw ParamsError(ParamsErrorKind::kWrongCircuit,
                        source + ": the parameters do not belong to this circuit: " + name +
                            " has " + std::to_string(have) + " points, the circuit needs " +
                            std::to_string(need));
    }
  };
  check("ic", params.ic, circuit.ic);
  check("h", params.h, circuit.h);
  check("l", params.l, circuit.l);
  check("a", params.a, circuit.a);
  check("b_g1", params.b_g1, circuit.b_g1);
  check("b_g2", params.b_g2, circuit.b_g2);
}

VectorLengths InMemoryParameters::lengths() const {
  return {p_->vk.ic.size(), p_->h.size(),    p_->l.size(),
          p_->a.size(),     p_->b_g1.size(), p_->b_g2.size()};
}

std::vector<std::uint8_t> encode_parameters(const Parameters& params) {
  std::vector<std::uint8_t> out;
  out.reserve(encoded_size(params.vk) + 20 +
              96 * (params.h.size() + params.l.size() + params.a.size() + params.b_g1.size()) +
              192 * params.b_g2.size());
  append_encoding(params.vk, out);
  auto g1_vector = [&](const std::vector<G1Affine>& v) {
    detail::append_u32_be(static_cast<std::uint32_t>(v.size()), out);
    for (const auto& p : v) detail::append_uncompressed(p, out);
  };
  g1_vector(params.h);
  g1_vector(params.l);
  g1_vector(params.a);
  g1_vector(params.b_g1);
  detail::append_u32_be(static_cast<std::uint32_t>(params.b_g2.size()), out);
  for (const auto& p : params.b_g2) detail::append_uncompressed(p, out);
  return out;
}

void write_parameters_file(const std::filesystem::path& path, const Parameters& params) {
  const auto bytes = encode_parameters(params);
  AtomicFile out(path);
  out.write(bytes);
  out.commit();
}

}  // namespace cuzk::prover
