// Device-side timings for bench/kernels_bench.cpp (CUDA events, data resident on the device).
// Plain C++. Never used by tests: no test asserts a time.
#pragma once

#include <cstddef>

#include "kernels/device/device.hpp"
#include "kernels/ntt/ntt.hpp"

namespace cuzk::kernels {

enum class BenchField { kFr, kFp };

// Montgomery multiplications per second, many independent chains on every SM.
double field_mul_per_second(Device device, BenchField field);

// Median milliseconds of one natural-order transform of 2^log_n pseudo-random elements.
double ntt_median_ms(Device device, int log_n, NttDirection direction, NttDomain domain,
                     int repetitions);

// Median milliseconds of the six-transform quotient chain on device-resident a, b, c.
double h_quotient_median_ms(Device device, int log_n, int repetitions);

// Host-to-device copy bandwidth in GB/s (10^9 bytes per second) for one copy of `bytes`.
double host_to_device_gbps(Device device, std::size_t bytes, bool pinned);

}  // namespace cuzk::kernels
