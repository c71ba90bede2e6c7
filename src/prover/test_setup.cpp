#include "prover/test_setup.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

#include "bls12_381/g1.hpp"
#include "bls12_381/g2.hpp"
#include "prover/evaluation_domain.hpp"
#include "prover/fixed_base.hpp"
#include "prover/ntt.hpp"
#include "util/error.hpp"

namespace cuzk::prover {

using bls12_381::G1Curve;
using bls12_381::G1Jacobian;
using bls12_381::G2Curve;
using bls12_381::G2Jacobian;

namespace {

// sum over a column of coeff * L_k(tau).
Fr evaluate_column(const KeypairAssembly::Column& column, const std::vector<Fr>& lagrange) {
  Fr acc{};
  for (const auto& e : column) acc += e.coeff * lagrange[e.constraint];
  return acc;
}

struct ColumnValues {
  std::vector<Fr> a, b, ext;  // A(tau), B(tau), (beta A + alpha B + C) * inv
};

ColumnValues evaluate_columns(const KeypairAssembly::Columns& cols, const std::vector<Fr>& lagrange,
                              const ToxicWaste& w, const Fr& inv) {
  const std::size_t n = cols.a.size();
  ColumnValues v{std::vector<Fr>(n), std::vector<Fr>(n), std::vector<Fr>(n)};
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < n; ++i) {
    v.a[i] = evaluate_column(cols.a[i], lagrange);
    v.b[i] = evaluate_column(cols.b[i], lagrange);
    const Fr c = evaluate_column(cols.c[i], lagrange);
    v.ext[i] = (w.beta * v.a[i] + w.alpha * v.b[i] + c) * inv;
  }
  return v;
}

template <class Affine>
void append_non_identity(const std::vector<Affine>& points, std::vector<Affine>& out) {
  std::copy_if(points.begin(), points.end(), std::back_inserter(out),
               [](const Affine& p) { return !p.is_identity(); });
}

}  // namespace

Parameters generate_parameters(KeypairAssembly cs, const ToxicWaste& w) {
  circuit::enforce_input_columns(cs);
  const EvaluationDomain domain = EvaluationDomain::for_points(cs.num_constraints());
  const std::size_t m = domain.size();

  const FixedBaseTable<G1Curve> g1(G1Jacobian::generator() * w.g1);
  const FixedBaseTable<G2Curve> g2(G2Jacobian::generator() * w.g2);
  const Fr gamma_inv = w.gamma.inverse();
  const Fr delta_inv = w.delta.inverse();

  // Powers of tau; h[i] = tau^i * Z(tau) / delta for i < m - 1.
  std::vector<Fr> powers(m, Fr::one());
  distribute_powers(powers, w.tau);
  const Fr h_factor = domain.vanishing_at(w.tau) * delta_inv;
  std::vector<Fr> h_scalars(powers.begin(), powers.end() - 1);
  scale(h_scalars, h_factor);

  Parameters p;
  p.h = g1.mul_all(h_scalars);

  // The inverse transform of the powers of tau is the Lagrange basis at tau: L_k(tau).
  std::vector<Fr> lagrange = std::move(powers);
  ntt(lagrange, domain, Direction::kInverse);

  const ColumnValues in = evaluate_columns(cs.inputs(), lagrange, w, gamma_inv);
  const ColumnValues aux = evaluate_columns(cs.aux(), lagrange, w, delta_inv);

  p.vk.ic = g1.mul_all(in.ext);
  p.l = g1.mul_all(aux.ext);
  for (std::size_t j = 0; j < p.l.size(); ++j) {
    if (p.l[j].is_identity()) {
      throw Error("test setup: aux variable " + std::to_string(j) +
                  " is unconstrained (its l point is infinity)");
    }
  }
  append_non_identity(g1.mul_all(in.a), p.a);
  append_non_identity(g1.mul_all(aux.a), p.a);
  append_non_identity(g1.mul_all(in.b), p.b_g1);
  append_non_identity(g1.mul_all(aux.b), p.b_g1);
  append_non_identity(g2.mul_all(in.b), p.b_g2);
  append_non_identity(g2.mul_all(aux.b), p.b_g2);

  p.vk.alpha_g1 = g1.mul(w.alpha).to_affine();
  p.vk.beta_g1 = g1.mul(w.beta).to_affine();
  p.vk.beta_g2 = g2.mul(w.beta).to_affine();
  p.vk.gamma_g2 = g2.mul(w.gamma).to_affine();
  p.vk.delta_g1 = g1.mul(w.delta).to_affine();
  p.vk.delta_g2 = g2.mul(w.delta).to_affine();
  return p;
}

}  // namespace cuzk::prover
