// Groth16's quotient on device-resident vectors (h_quotient.cu); internal to the kernels folder.
#pragma once

#include <cuda_runtime.h>

#include "kernels/device/device.hpp"
#include "kernels/field/field.cuh"
#include "kernels/ntt/ntt_plan.cuh"

namespace cuzk::kernels::detail {

// a, b, c: the evaluations over <omega>, zero-padded to 2^log_n, on `device`; scratch: 2^log_n
// elements. The n coefficients of h = (A B - C) / Z replace a; b, c and scratch are clobbered.
void h_quotient_device(Device device, DeviceFr* a, DeviceFr* b, DeviceFr* c, DeviceFr* scratch,
                       int log_n, cudaStream_t stream);

// The quotient's three transforms of one domain, built once for a run of partitions.
struct QuotientPlans {
  QuotientPlans(Device device, int log_n, cudaStream_t stream);
  int log_n() const { return inverse.log_n(); }

  NttPlan inverse, coset, inverse_coset;
};

// The quotient in two steps, for a caller that holds c only for the second (three vectors of the
// domain at a time instead of four): quotient_product replaces a with the coefficients of
// icoset(coset(A) * coset(B)), clobbering b and scratch; quotient_divide then replaces them with
// h's, (a - C) / Z where C are c's coefficients, clobbering c and scratch.
void quotient_product(const QuotientPlans& plans, DeviceFr* a, DeviceFr* b, DeviceFr* scratch,
                      cudaStream_t stream);
void quotient_divide(const QuotientPlans& plans, DeviceFr* a, DeviceFr* c, DeviceFr* scratch,
                     cudaStream_t stream);

}  // namespace cuzk::kernels::detail
