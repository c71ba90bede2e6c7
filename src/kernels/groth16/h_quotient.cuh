// Groth16's quotient on device-resident vectors (h_quotient.cu); internal to the kernels folder.
#pragma once

#include <cuda_runtime.h>

#include "kernels/device/device.hpp"
#include "kernels/field/field.cuh"

namespace cuzk::kernels::detail {

// a, b, c: the evaluations over <omega>, zero-padded to 2^log_n, on `device`; scratch: 2^log_n
// elements. The n coefficients of h = (A B - C) / Z replace a; b, c and scratch are clobbered.
void h_quotient_device(Device device, DeviceFr* a, DeviceFr* b, DeviceFr* c, DeviceFr* scratch,
                       int log_n, cudaStream_t stream);

}  // namespace cuzk::kernels::detail
