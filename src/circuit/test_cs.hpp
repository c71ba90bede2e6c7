// TestCS: the whole R1CS with names and a witness, for tests (bellpepper-core's
// TestConstraintSystem). Every variable, constraint and namespace gets a path
// "outer/inner/name"; creating the same path twice is a bug in the gadget and throws. Constraints
// are stored normalized (sorted, repeated variables merged, zero coefficients kept).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "circuit/constraint_system.hpp"
#include "circuit/fingerprint_hasher.hpp"

namespace cuzk::circuit {

class TestCS {
 public:
  static constexpr bool kKeepsWitness = true;

  struct Constraint {
    LinearCombination a, b, c;
    std::string path;
  };

  class Scope {
   public:
    explicit Scope(TestCS& cs) : cs_(&cs) {}
    Scope(Scope&& other) noexcept : cs_(other.cs_) { other.cs_ = nullptr; }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
    Scope& operator=(Scope&&) = delete;
    ~Scope() {
      if (cs_) cs_->pop_namespace();
    }

   private:
    TestCS* cs_;
  };

  TestCS();

  template <class ValueFn>
  Variable alloc(Name name, ValueFn&& value_fn) {
    return add_variable(name, /*input=*/false, value_fn());
  }
  template <class ValueFn>
  Variable alloc_input(Name name, ValueFn&& value_fn) {
    return add_variable(name, /*input=*/true, value_fn());
  }
  void enforce(Name name, LinearCombination a, LinearCombination b, LinearCombination c);

  [[nodiscard]] Scope scope(Name name);
  template <std::integral I>
  [[nodiscard]] Scope scope(const char* text, I index) {
    return scope(Name(text, index));
  }

  std::size_t num_inputs() const { return inputs_.size(); }
  std::size_t num_aux() const { return aux_.size(); }
  std::size_t num_constraints() const { return constraints_.size(); }
  CircuitSize size() const { return {num_inputs(), num_aux(), num_constraints()}; }

  std::span<const Fr> inputs() const { return inputs_; }
  std::span<const Fr> aux() const { return aux_; }
  std::span<const Constraint> constraints() const { return constraints_; }
  const std::string& input_path(std::size_t i) const { return input_paths_[i]; }
  const std::string& aux_path(std::size_t j) const { return aux_paths_[j]; }

  // The path of the first constraint that the witness violates, or nullopt if all hold.
  std::optional<std::string> which_is_unsatisfied() const;
  bool is_satisfied() const { return !which_is_unsatisfied(); }

  // Overwrite / read the value of the variable at `path` (tamper tests); throws if there is none.
  void set(const std::string& path, const Fr& value);
  Fr get(const std::string& path) const;
  Variable variable(const std::string& path) const;
  bool has_path(const std::string& path) const { return named_.contains(path); }

  // bellpepper's TestConstraintSystem::hash(), and the rest of the digest: fingerprint_hasher.hpp.
  std::string fingerprint() const { return digest().fingerprint; }
  R1csDigest digest() const;

 private:
  enum class Kind { kVariable, kConstraint, kNamespace };
  struct Named {
    Kind kind;
    Variable var;
  };

  Variable add_variable(Name name, bool input, const Fr& value);
  std::string path_of(Name name) const;
  void claim(const std::string& path, Named what);
  void pop_namespace();

  std::vector<Fr> inputs_;
  std::vector<std::string> input_paths_;
  std::vector<Fr> aux_;
  std::vector<std::string> aux_paths_;
  std::vector<Constraint> constraints_;
  std::unordered_map<std::string, Named> named_;
  std::vector<std::string> namespaces_;
};

static_assert(ConstraintSystem<TestCS>);

}  // namespace cuzk::circuit
