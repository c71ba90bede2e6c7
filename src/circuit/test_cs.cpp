#include "circuit/test_cs.hpp"

#include <stdexcept>
#include <utility>

namespace cuzk::circuit {

TestCS::TestCS() {
  inputs_.push_back(Fr::one());
  input_paths_.emplace_back("ONE");
  named_.emplace("ONE", Named{Kind::kVariable, Variable::one()});
}

std::string TestCS::path_of(Name name) const {
  std::string leaf = name.str();
  if (leaf.find('/') != std::string::npos) {
    throw std::logic_error("TestCS: '/' is not allowed in names: " + leaf);
  }
  std::string path;
  for (const std::string& ns : namespaces_) {
    path += ns;
    path += '/';
  }
  return path + leaf;
}

void TestCS::claim(const std::string& path, Named what) {
  if (!named_.emplace(path, what).second) {
    throw std::logic_error("TestCS: an object already exists at path " + path);
  }
}

Variable TestCS::add_variable(Name name, bool input, const Fr& value) {
  std::string path = path_of(name);
  const Variable v = input ? Variable::input(inputs_.size()) : Variable::aux(aux_.size());
  claim(path, Named{Kind::kVariable, v});
  if (input) {
    inputs_.push_back(value);
    input_paths_.push_back(std::move(path));
  } else {
    aux_.push_back(value);
    aux_paths_.push_back(std::move(path));
  }
  return v;
}

void TestCS::enforce(Name name, LinearCombination a, LinearCombination b, LinearCombination c) {
  std::string path = path_of(name);
  claim(path, Named{Kind::kConstraint, Variable{}});
  a.normalize();
  b.normalize();
  c.normalize();
  constraints_.push_back(Constraint{std::move(a), std::move(b), std::move(c), std::move(path)});
}

TestCS::Scope TestCS::scope(Name name) {
  std::string leaf = name.str();
  claim(path_of(name), Named{Kind::kNamespace, Variable{}});
  namespaces_.push_back(std::move(leaf));
  return Scope(*this);
}

void TestCS::pop_namespace() { namespaces_.pop_back(); }

std::optional<std::string> TestCS::which_is_unsatisfied() const {
  for (const Constraint& k : constraints_) {
    const Fr a = k.a.evaluate(inputs_, aux_);
    const Fr b = k.b.evaluate(inputs_, aux_);
    const Fr c = k.c.evaluate(inputs_, aux_);
    if (a * b != c) return k.path;
  }
  return std::nullopt;
}

Variable TestCS::variable(const std::string& path) const {
  const auto it = named_.find(path);
  if (it == named_.end() || it->second.kind != Kind::kVariable) {
    throw std::logic_error("TestCS: no variable exists at path " + path);
  }
  return it->second.var;
}

void TestCS::set(const std::string& path, const Fr& value) {
  const Variable v = variable(path);
  (v.is_input() ? inputs_ : aux_)[v.index()] = value;
}

Fr TestCS::get(const std::string& path) const {
  const Variable v = variable(path);
  return v.is_input() ? inputs_[v.index()] : aux_[v.index()];
}

R1csDigest TestCS::digest() const {
  FingerprintHasher h(size());
  for (const Constraint& k : constraints_) h.add_row(k.a.terms(), k.b.terms(), k.c.terms());
  return h.finish();
}

}  // namespace cuzk::circuit
