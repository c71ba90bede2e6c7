// Why a .params or .vk file (or a parameter set given to the prover) was refused. Every message
// names the file, the vector and the index, e.g. "x.params: h[1234]: point not on curve".
#pragma once

#include <string>

#include "util/error.hpp"

namespace cuzk::prover {

enum class ParamsErrorKind {
  kTruncated,        // the file ends before the points its length prefixes announce
  kBadLength,        // lengths no generator produces (empty ic, h + 1 not a power of two,
                     // b_g1 and b_g2 unequal) or bytes after a .vk
  kBadPoint,         // bad flags, a non-canonical coordinate or a point off the curve
  kPointAtInfinity,  // the point at infinity where the format forbids it
  kNotInSubgroup,    // on the curve but outside the order-r subgroup (checked on request)
  kWrongCircuit,     // well formed, but the vector lengths do not fit the circuit
};

class ParamsError : public Error {
 public:
  ParamsError(ParamsErrorKind kind, const std::string& message) : Error(message), kind_(kind) {}
  ParamsErrorKind kind() const { return kind_; }

 private:
  ParamsErrorKind kind_;
};

}  // namespace cuzk::prover
