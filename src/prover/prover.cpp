#include "prover/prover.hpp"

#include <bit>
#include <cstdint>
#include <string>
#include <utility>

#include "prover/params/params_error.hpp"
#include "util/error.hpp"
#include "util/os_random.hpp"

namespace cuzk::prover {

namespace {

std::vector<ScalarLimbs> canonical(std::span<const Fr> values) {
  std::vector<ScalarLimbs> out(values.size());
  const auto n = static_cast<std::int64_t>(values.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) {
    out[static_cast<std::size_t>(i)] = values[static_cast<std::size_t>(i)].to_canonical();
  }
  return out;
}

void check_same_shape(std::span<const circuit::ProvingCS> circuits) {
  const circuit::ProvingCS& first = circuits[0];
  for (std::size_t k = 1; k < circuits.size(); ++k) {
    const circuit::ProvingCS& cs = circuits[k];
    if (cs.num_inputs() != first.num_inputs() || cs.num_aux() != first.num_aux() ||
        cs.num_constraints() != first.num_constraints() ||
        cs.a_aux_density() != first.a_aux_density() ||
        cs.b_input_density() != first.b_input_density() ||
        cs.b_aux_density() != first.b_aux_density()) {
      throw Error("circuit " + std::to_string(k) +
                  " of the batch has a different shape from circuit 0 (sizes or densities)");
    }
  }
}

// One circuit's witness and quotient as the MSMs take them: canonical scalars.
struct Witness {
  std::vector<ScalarLimbs> inputs, aux, h;
};

// What the circuits of a batch share: which variables take part in each query.
struct Densities {
  std::size_t num_inputs;
  const DensityBitmap& a_aux;
  const DensityBitmap& b_input;
  const DensityBitmap& b_aux;
};

// The aux assignment of a compact witness as canonical scalars: bits become 0 or 1 without any
// field arithmetic, wide values are converted.
std::vector<ScalarLimbs> canonical_aux(const circuit::CompactWitness& w) {
  std::vector<ScalarLimbs> out(w.num_aux);
  const auto words = w.bits.words();
  const auto n = static_cast<std::int64_t>(words.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) {
    const auto word = static_cast<std::size_t>(i);
    for (std::uint64_t m = words[word]; m != 0; m &= m - 1) {
      out[word * 64 + static_cast<std::size_t>(std::countr_zero(m))][0] = 1;
    }
  }
  for (const circuit::WideValue& v : w.wide) out[v.aux_index] = v.value.to_canonical();
  return out;
}

// The five query sums of every witness, one parameter vector at a time as bellperson does, so a
// mapped file decodes one at a time.
std::vector<QuerySums> sums_of(const ParameterSource& params, std::span<const Witness> w,
                               const Densities& d, ProverBackend& backend) {
  const std::size_t n = w.size();
  const std::size_t b_inputs = d.b_input.count();
  auto sets = [&](auto member, const DensityBitmap* density) {
    std::vector<ScalarSet> out(n);
    for (std::size_t k = 0; k < n; ++k) out[k] = {w[k].*member, density};
    return out;
  };

  std::vector<G1Jacobian> h_sum, l_sum, a_in, a_aux, b1_in, b1_aux;
  std::vector<G2Jacobian> b2_in, b2_aux;
  {
    const auto h = params.h();
    h_sum = backend.msm_g1(h.points(), sets(&Witness::h, nullptr));
  }
  {
    const auto l = params.l();
    l_sum = backend.msm_g1(l.points(), sets(&Witness::aux, nullptr));
  }
  {
    const auto a = params.a();
    a_in = backend.msm_g1(a.points().first(d.num_inputs), sets(&Witness::inputs, nullptr));
    a_aux = backend.msm_g1(a.points().subspan(d.num_inputs), sets(&Witness::aux, &d.a_aux));
  }
  {
    const auto b = params.b_g1();
    b1_in = backend.msm_g1(b.points().first(b_inputs), sets(&Witness::inputs, &d.b_input));
    b1_aux = backend.msm_g1(b.points().subspan(b_inputs), sets(&Witness::aux, &d.b_aux));
  }
  {
    const auto b = params.b_g2();
    b2_in = backend.msm_g2(b.points().first(b_inputs), sets(&Witness::inputs, &d.b_input));
    b2_aux = backend.msm_g2(b.points().subspan(b_inputs), sets(&Witness::aux, &d.b_aux));
  }

  std::vector<QuerySums> sums(n);
  for (std::size_t k = 0; k < n; ++k) {
    sums[k] = {h_sum[k], l_sum[k], a_in[k] + a_aux[k], b1_in[k] + b1_aux[k], b2_in[k] + b2_aux[k]};
  }
  return sums;
}

void check_blinding(std::size_t circuits, std::span<const Blinding> blinding) {
  if (blinding.size() != circuits) {
    throw Error("create_proofs: " + std::to_string(circuits) + " circuits but " +
                std::to_string(blinding.size()) + " blinding pairs");
  }
}

void check_delta(const ParameterSource& params) {
  const VerifyingKey& vk = params.vk();
  if (vk.delta_g1.is_identity() || vk.delta_g2.is_identity()) {
    // A subverted setup: with delta at infinity anyone could prove anything.
    throw ParamsError(ParamsErrorKind::kPointAtInfinity,
                      params.name() + ": vk.delta is the point at infinity");
  }
}

std::vector<Proof> assemble_all(const VerifyingKey& vk, std::span<const QuerySums> sums,
                                std::span<const Blinding> blinding) {
  std::vector<Proof> proofs(sums.size());
  for (std::size_t k = 0; k < sums.size(); ++k)
    proofs[k] = assemble_proof(vk, sums[k], blinding[k]);
  return proofs;
}

std::vector<Blinding> random_blinding(std::size_t n) {
  std::vector<Blinding> blinding(n);
  for (auto& b : blinding) b = Blinding::random();
  return blinding;
}

}  // namespace

Proof assemble_proof(const VerifyingKey& vk, const QuerySums& sums, const Blinding& blinding) {
  const G1Jacobian alpha_g1 = G1Jacobian::from_affine(vk.alpha_g1);
  const G1Jacobian beta_g1 = G1Jacobian::from_affine(vk.beta_g1);
  const G1Jacobian delta_g1 = G1Jacobian::from_affine(vk.delta_g1);
  const G2Jacobian beta_g2 = G2Jacobian::from_affine(vk.beta_g2);
  const G2Jacobian delta_g2 = G2Jacobian::from_affine(vk.delta_g2);
  const Fr& r = blinding.r;
  const Fr& s = blinding.s;
  // r and s are the proof's zero-knowledge secrets: every product with them is constant time.
  const G1Jacobian g_a = delta_g1.mul_constant_time(r) + alpha_g1 + sums.a;
  const G2Jacobian g_b = delta_g2.mul_constant_time(s) + beta_g2 + sums.b_g2;
  const G1Jacobian g_c = sums.a.mul_constant_time(s) + sums.b_g1.mul_constant_time(r) +
                         delta_g1.mul_constant_time(r * s) + alpha_g1.mul_constant_time(s) +
                         beta_g1.mul_constant_time(r) + sums.h + sums.l;
  return {g_a.to_affine(), g_b.to_affine(), g_c.to_affine()};
}

Blinding Blinding::random() {
  OsRandom rng;
  return {Fr::random(rng), Fr::random(rng)};
}

std::vector<Proof> create_proofs(const ParameterSource& params,
                                 std::span<const circuit::ProvingCS> circuits,
                                 ProverBackend& backend) {
  return create_proofs(params, circuits, backend, random_blinding(circuits.size()));
}

std::vector<Proof> create_proofs(const ParameterSource& params,
                                 std::span<const circuit::ProvingCS> circuits,
                                 ProverBackend& backend, std::span<const Blinding> blinding) {
  if (circuits.empty()) return {};
  check_blinding(circuits.size(), blinding);
  check_delta(params);
  const std::vector<QuerySums> sums = query_sums(params, circuits, backend);
  return assemble_all(params.vk(), sums, blinding);
}

std::vector<QuerySums> query_sums(const ParameterSource& params,
                                  std::span<const circuit::ProvingCS> circuits,
                                  ProverBackend& backend) {
  if (circuits.empty()) return {};
  check_same_shape(circuits);
  const circuit::ProvingCS& shape = circuits[0];
  check_lengths_match(params.lengths(), lengths_for_circuit(shape), params.name());
  std::vector<Witness> w(circuits.size());
  for (std::size_t k = 0; k < circuits.size(); ++k) {
    const circuit::ProvingCS& cs = circuits[k];
    const std::vector<Fr> h =
        backend.quotient({cs.a().begin(), cs.a().end()}, {cs.b().begin(), cs.b().end()},
                         {cs.c().begin(), cs.c().end()});
    w[k].h = canonical(h);
    w[k].inputs = canonical(cs.inputs());
    w[k].aux = canonical(cs.aux());
  }
  // check_same_shape made every circuit's densities circuit 0's.
  return sums_of(
      params, w,
      {shape.num_inputs(), shape.a_aux_density(), shape.b_input_density(), shape.b_aux_density()},
      backend);
}

std::vector<Proof> create_proofs(const ParameterSource& params, const circuit::CompactR1cs& shape,
                                 std::vector<CompactCircuit> circuits, ProverBackend& backend,
                                 std::span<const Blinding> blinding) {
  if (circuits.empty()) return {};
  check_blinding(circuits.size(), blinding);
  check_delta(params);
  const std::vector<QuerySums> sums = query_sums(params, shape, std::move(circuits), backend);
  return assemble_all(params.vk(), sums, blinding);
}

std::vector<QuerySums> query_sums(const ParameterSource& params, const circuit::CompactR1cs& shape,
                                  std::vector<CompactCircuit> circuits, ProverBackend& backend) {
  if (circuits.empty()) return {};
  check_lengths_match(params.lengths(), lengths_for_circuit(shape), params.name());
  std::vector<Witness> w(circuits.size());
  for (std::size_t k = 0; k < circuits.size(); ++k) {
    CompactCircuit& circuit = circuits[k];
    if (circuit.witness.num_aux != shape.size.num_aux ||
        circuit.witness.inputs.size() != shape.size.num_inputs ||
        circuit.rows.a.size() != shape.size.num_constraints) {
      throw Error("circuit " + std::to_string(k) +
                  " of the batch does not have the recorded shape's sizes");
    }
    RowEvaluations rows = std::move(circuit.rows);
    w[k].h = canonical(backend.quotient(std::move(rows.a), std::move(rows.b), std::move(rows.c)));
    w[k].inputs = canonical(circuit.witness.inputs);
    w[k].aux = canonical_aux(circuit.witness);
    circuit.witness = {};
  }
  return sums_of(
      params, w,
      {shape.size.num_inputs, shape.a_aux_density, shape.b_input_density, shape.b_aux_density},
      backend);
}

std::vector<Proof> create_proofs(const ParameterSource& params, const circuit::CompactR1cs& shape,
                                 std::vector<CompactCircuit> circuits, ProverBackend& backend) {
  const std::size_t n = circuits.size();
  return create_proofs(params, shape, std::move(circuits), backend, random_blinding(n));
}

}  // namespace cuzk::prover
