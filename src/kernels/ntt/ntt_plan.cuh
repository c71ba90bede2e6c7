// Device-side NTT plans: the tables for one size, direction and domain, and the passes that
// run the transform (internal to the kernels folder). The kernels are in ntt_pass.cuh.
//
// Size n = 2^log_n = N1 * N2 * N3 (one, two or three passes of at most 2^9 points each).
// Input index j = j1*N2*N3 + j2*N3 + j3, output index k = k1 + N1*k2 + N1*N2*k3. Pass 1
// transforms along j1 (stride N2*N3) in place, pass 2 along j2 (stride N3) in place, pass 3
// along j3 (contiguous rows) and writes each output to its natural place. omega^(j k) splits
// into the three DFTs and three twiddles: omega_{N1 N2}^(j2 k1) (after pass 1, from the root
// table), omega_n^(j3 k1) (constant per transform of pass 2) and omega_{N2 N3}^(j3 k2) (after
// pass 2, root table). 1/n and the coset powers g^j, g^-k are split along the same digits.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <vector>

#include "kernels/device/device_bound.hpp"
#include "kernels/device/device_memory.cuh"
#include "kernels/field/field.cuh"
#include "kernels/ntt/ntt.hpp"

namespace cuzk::kernels::detail {

// Elements per block (2 x 32 KiB of shared memory for the exchange) and blocks per SM: at 128
// registers a thread, two blocks of 256 threads fill the register file. Measured on the H200
// at 2^27: one block per SM (no register cap, 172 registers) 63 ms; blocks of 1024 elements
// (four per SM) 45 ms; 96 registers with spills 48 ms; this shape 42-43 ms.
inline constexpr unsigned kNttBlockElements = 2048;
inline constexpr unsigned kNttThreads = kNttBlockElements / 8;
inline constexpr int kNttMinBlocksPerSm = 2;
inline constexpr int kNttMinPassLog = 3;
inline constexpr int kNttMaxPassLog = 9;
inline constexpr int kNttInnerTableLog = kNttMaxPassLog;  // inner twiddles: 512th roots
inline constexpr int kNttMaxPasses = (kMaxNttLogSize + kNttMaxPassLog - 1) / kNttMaxPassLog;

// What one launch of a pass reads and writes. Strided passes (all but the last) work on
// transforms (outer, inner): element j at outer*L*S + j*S + inner, S = 2^log_stride, writing
// output k where input k was; the last pass reads rows r = k1*R2 + k2 (element j at r*L + j)
// and writes output k of row (k1, k2) to k*N1*R2 + k1 + N1*k2, the transposition that puts
// the result in natural order.
struct NttPassArgs {
  const DeviceFr* in = nullptr;
  DeviceFr* out = nullptr;
  bool rows = false;             // the last pass's layout
  int log_stride = 0;            // strided: log S
  int log_blocks_per_outer = 0;  // strided: log(S / transforms per block), 0 when S is smaller
  int log_n1 = 0, log_r2 = 0;    // rows: log N1, log R2
  bool inverse = false;          // round digits count backwards (see ntt_pass.cuh)
  const DeviceFr* inner_twiddles = nullptr;  // omega_512^e, e < 512, of the plan's direction
  // Four-step twiddle of output k: twiddles[((inner >> tw_shift) * k) << tw_scale_log].
  const DeviceFr* twiddles = nullptr;
  int tw_shift = 0, tw_scale_log = 0;
  // One factor per transform: index outer*S + inner (strided) or the row index (rows).
  const DeviceFr* transform_constants = nullptr;
  // A factor per element index along the transform (input j when pre, output k when post),
  // times block_constants[inner0 >> bc_shift] (strided; inner0: the block's first inner) or
  // block_constants[k2] (rows) when that table is given.
  const DeviceFr* vector = nullptr;
  const DeviceFr* block_constants = nullptr;
  bool vector_is_pre = false;
  int bc_shift = 0;
};

// Launches the pass kernel for transforms of 2^log_size points (ntt_pass.cu).
void launch_ntt_pass(int log_size, unsigned blocks, cudaStream_t stream, const NttPassArgs& args);
// Transforms of n < 8 points in one block (ntt_pass.cu).
void launch_ntt_tiny(const DeviceFr* in, DeviceFr* out, int log_n, const DeviceFr* inner_twiddles,
                     const DeviceFr* pre, const DeviceFr* post, cudaStream_t stream);

class NttPlan {
 public:
  // The tables live on `device`, and run() makes it current.
  NttPlan(Device device, int log_n, NttDirection direction, NttDomain domain, cudaStream_t stream);

  int log_n() const { return log_n_; }
  // Transforms data (natural order in and out) using scratch (same size) as working space.
  // The constructor leaves kernels that build tables on `stream`: run on the same stream (or
  // one ordered after it).
  void run(DeviceFr* data, DeviceFr* scratch, cudaStream_t stream) const;

 private:
  struct Pass {
    int log_size;
    unsigned blocks;
    NttPassArgs args;  // in and out are set by run()
  };
  int log_n_;
  DeviceBound<DeviceBuffer<DeviceFr>> tables_;  // every table of the plan, one allocation
  std::vector<Pass> passes_;
  // n < 8: the whole transform in one small kernel.
  const DeviceFr* tiny_pre_ = nullptr;
  const DeviceFr* tiny_post_ = nullptr;
  const DeviceFr* inner_twiddles_ = nullptr;
};

}  // namespace cuzk::kernels::detail
