#include "prover/prover.hpp"

#include <cstdint>
#include <string>

#include "prover/params_error.hpp"
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

struct Witness {
  std::vector<ScalarLimbs> inputs, aux, h;
};

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
  std::vector<Blinding> blinding(circuits.size());
  for (auto& b : blinding) b = Blinding::random();
  return create_proofs(params, circuits, backend, blinding);
}

std::vector<Proof> create_proofs(const ParameterSource& params,
                                 std::span<const circuit::ProvingCS> circuits,
                                 ProverBackend& backend, std::span<const Blinding> blinding) {
  if (circuits.empty()) return {};
  if (blinding.size() != circuits.size()) {
    throw Error("create_proofs: " + std::to_string(circuits.size()) + " circuits but " +
                std::to_string(blinding.size()) + " blinding pairs");
  }
  const VerifyingKey& vk = params.vk();
  if (vk.delta_g1.is_identity() || vk.delta_g2.is_identity()) {
    // A subverted setup: with delta at infinity anyone could prove anything.
    throw ParamsError(ParamsErrorKind::kPointAtInfinity,
                      params.name() + ": vk.delta is the point at infinity");
  }
  const std::vector<QuerySums> sums = query_sums(params, circuits, backend);
  std::vector<Proof> proofs(circuits.size());
  for (std::size_t k = 0; k < circuits.size(); ++k)
    proofs[k] = assemble_proof(vk, sums[k], blinding[k]);
  return proofs;
}

std::vector<QuerySums> query_sums(const ParameterSource& params,
                                  std::span<const circuit::ProvingCS> circuits,
                                  ProverBackend& backend) {
  if (circuits.empty()) return {};
  check_same_shape(circuits);
  const circuit::ProvingCS& shape = circuits[0];
  check_lengths_match(params.lengths(), lengths_for_circuit(shape), params.name());
  const std::size_t n = circuits.size();
  const std::size_t n_inputs = shape.num_inputs();
  const std::size_t b_inputs = shape.b_input_density().count();

  std::vector<Witness> w(n);
  for (std::size_t k = 0; k < n; ++k) {
    const circuit::ProvingCS& cs = circuits[k];
    const std::vector<Fr> h =
        backend.quotient({cs.a().begin(), cs.a().end()}, {cs.b().begin(), cs.b().end()},
                         {cs.c().begin(), cs.c().end()});
    w[k].h = canonical(h);
    w[k].inputs = canonical(cs.inputs());
    w[k].aux = canonical(cs.aux());
  }

  auto sets = [&](auto member, auto density) {
    std::vector<ScalarSet> out(n);
    for (std::size_t k = 0; k < n; ++k) {
      out[k] = {w[k].*member, density == nullptr ? nullptr : &(circuits[k].*density)()};
    }
    return out;
  };
  using DensityFn = const DensityBitmap& (circuit::ProvingCS::*)() const;
  constexpr DensityFn kFull = nullptr;

  // One parameter vector at a time, as bellperson does, so a mapped file decodes one at a time.
  std::vector<G1Jacobian> h_sum, l_sum, a_in, a_aux, b1_in, b1_aux;
  std::vector<G2Jacobian> b2_in, b2_aux;
  {
    const auto h = params.h();
    h_sum = backend.msm_g1(h.points(), sets(&Witness::h, kFull));
  }
  {
    const auto l = params.l();
    l_sum = backend.msm_g1(l.points(), sets(&Witness::aux, kFull));
  }
  {
    const auto a = params.a();
    a_in = backend.msm_g1(a.points().first(n_inputs), sets(&Witness::inputs, kFull));
    a_aux = backend.msm_g1(a.points().subspan(n_inputs),
                           sets(&Witness::aux, &circuit::ProvingCS::a_aux_density));
  }
  {
    const auto b = params.b_g1();
    b1_in = backend.msm_g1(b.points().first(b_inputs),
                           sets(&Witness::inputs, &circuit::ProvingCS::b_input_density));
    b1_aux = backend.msm_g1(b.points().subspan(b_inputs),
                            sets(&Witness::aux, &circuit::ProvingCS::b_aux_density));
  }
  {
    const auto b = params.b_g2();
    b2_in = backend.msm_g2(b.points().first(b_inputs),
                           sets(&Witness::inputs, &circuit::ProvingCS::b_input_density));
    b2_aux = backend.msm_g2(b.points().subspan(b_inputs),
                            sets(&Witness::aux, &circuit::ProvingCS::b_aux_density));
  }

  std::vector<QuerySums> sums(n);
  for (std::size_t k = 0; k < n; ++k) {
    sums[k] = {h_sum[k], l_sum[k], a_in[k] + a_aux[k], b1_in[k] + b1_aux[k], b2_in[k] + b2_aux[k]};
  }
  return sums;
}

}  // namespace cuzk::prover
