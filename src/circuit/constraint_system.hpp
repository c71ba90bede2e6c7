// The constraint-system concept: the one interface every gadget is written against.
//
// A circuit (or gadget) is a function template over the system, `template <ConstraintSystem CS>
// void synthesize(CS& cs, ...)`, which calls:
//
//   Variable v = cs.alloc(name, value_fn);        // next Aux index
//   Variable p = cs.alloc_input(name, value_fn);  // next Input index (Input(0) = ONE exists
//   already) cs.enforce(name, a, b, c);                    // appends the constraint <a,w>·<b,w> =
//   <c,w> auto scope = cs.scope("round", i);            // names below get the prefix "round i/"
//                                                 // until `scope` is destroyed
//
// Names (`Name`: static text plus an optional number) are only turned into strings by TestCS.
// Values are lazy: value_fn is a callable returning Fr, and it is called only by systems that keep
// a witness (CS::kKeepsWitness). Gadgets carry their wires' values as std::optional (like
// bellpepper's Option), filled only `if constexpr (CS::kKeepsWitness)`; in the shape modes they
// stay empty. Nothing a gadget emits may depend on a value (constant folding is structural), so
// every system sees the same R1CS.
//
// The systems (each in its own header):
//   TestCS        everything, with names: is_satisfied, which_is_unsatisfied, set/get by path,
//                 the fingerprint. For tests; slow.
//   ProvingCS     what the Groth16 prover consumes (bellperson's ProvingAssignment): input and aux
//                 assignments, the evaluations a, b, c of every constraint, and the densities
//                 (aux in A; inputs and aux in B; non-zero merged coefficients only). No matrices.
//   CountingCS    numbers of inputs, aux, constraints and non-zeros per matrix; no values.
//   SizeCS        numbers of inputs, aux and constraints only: the cheapest pass.
//   FingerprintCS TestCS's fingerprints, non-zeros and densities (fingerprint_hasher.hpp),
//                 hashed as constraints arrive (nothing stored).
//   ShapeCS       the matrices A, B, C (CSR) of a circuit shape, no values: recorded once per
//                 shape for a prover that computes a, b, c itself (the GPU path).
//   WitnessCS     the witness alone, compact (bits as bits), no evaluation: the per-partition
//                 half of that path.
//   MultiEq<CS>   a wrapper used inside SHA-256 (gadgets/multieq.hpp); forwards to CS.
//
// Writing a gadget: take `CS& cs`, allocate then constrain in the Rust order, pass combinations
// as temporaries (enforce takes them by value, so a prvalue is built in place), compute values
// with witness_value<CS>(...) and read inputs' values with require_value(...). Example:
//
//   template <ConstraintSystem CS>
//   AllocatedNum cube(CS& cs, const AllocatedNum& x) {
//     const auto v = witness_value<CS>([&] { return require_value(x.value()).pow(3); });
//     const Variable y = cs.alloc("cube", [&] { return *v; });  // called only with a witness
//     ...
//   }
//
// Capabilities beyond this concept (assignments, satisfiability, densities) are plain members of
// the systems that have them, so asking for one a system lacks fails to compile.
#pragma once

#include <concepts>
#include <cstddef>
#include <optional>
#include <type_traits>

#include "circuit/linear_combination.hpp"
#include "circuit/name.hpp"
#include "circuit/variable.hpp"
#include "util/error.hpp"

namespace cuzk::circuit {

template <class CS>
concept ConstraintSystem = requires(CS& cs, const CS& ccs, Name name, LinearCombination lc) {
  { CS::kKeepsWitness } -> std::convertible_to<bool>;
  {
    cs.alloc(name, [] { return Fr{}; })
    } -> std::same_as<Variable>;
  {
    cs.alloc_input(name, [] { return Fr{}; })
    } -> std::same_as<Variable>;
  cs.enforce(name, lc, lc, lc);
  cs.scope(name);
  { ccs.num_inputs() } -> std::convertible_to<std::size_t>;
  { ccs.num_aux() } -> std::convertible_to<std::size_t>;
  { ccs.num_constraints() } -> std::convertible_to<std::size_t>;
};

// A system whose gadgets see values (ProvingCS, TestCS).
template <class CS>
concept WitnessConstraintSystem = ConstraintSystem<CS> && CS::kKeepsWitness;

// The scope guard of systems that ignore names: an empty object. The user-provided destructor
// makes it a guard in the compiler's eyes too, so `auto scope = cs.scope(...)` draws no
// unused-variable warning in those systems.
struct NoScope {
  ~NoScope() {}  // NOLINT(modernize-use-equals-default): "= default" would bring the warning back
};

// A value a gadget needs in a witness-keeping system; missing means the caller passed no
// assignment for an input of the circuit.
template <class T>
const T& require_value(const std::optional<T>& v) {
  if (!v) throw Error("circuit synthesis: a witness value is missing (assignment not provided)");
  return *v;
}

// Calls f() and wraps the result only when CS keeps a witness; otherwise returns nullopt without
// calling f. Gadgets compute their wires' values through it.
template <class CS, class F>
auto witness_value(F&& f) -> std::optional<std::decay_t<decltype(f())>> {
  if constexpr (CS::kKeepsWitness) {
    return f();
  } else {
    return std::nullopt;
  }
}

// After synthesis, bellperson's keygen and prover append `Input(i) · 0 = 0` for every input,
// ONE included, so that every input has a non-zero A column. TestCS/CountingCS counts do not
// include these; call this on the system that feeds Groth16.
template <ConstraintSystem CS>
void enforce_input_columns(CS& cs) {
  const std::size_t n = cs.num_inputs();
  for (std::size_t i = 0; i < n; ++i) {
    cs.enforce(Name("input column", i), LinearCombination(Variable::input(i)), LinearCombination(),
               LinearCombination());
  }
}

}  // namespace cuzk::circuit
