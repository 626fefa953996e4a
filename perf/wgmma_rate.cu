/* wgmma_rate.cu: how fast one warpgroup issues the fused kernel's MMA shape, with the
 * operands already in shared memory (perf/wgmma_rate_main.c prints the table).
 *
 * The fused kernel's K loops issue, per 64-wide K block, four wgmma m64nNk16 (A: 64
 * weight rows from shared memory, B: N tokens) as one wgmma-group, and wait for the
 * previous group before releasing its stage (ops/fused.cu, mma_blocks). Its phase trace
 * showed about 0.2 us per block at every N from 8 to 64 (perf/RESULTS.md run 26). This
 * kernel isolates that cost: `blocks` K blocks from two resident stages (no TMA, no
 * mbarrier), the k16 steps round-robin over `kChains` accumulators, and after each
 * block either wgmma.wait_group 1 (as the kernel) or no wait at all (only one at the
 * end). Thread 0 reads clock64 around the loop; the result is cycles per block.
 *
 * Geometry: `ctas` CTAs of one warpgroup (128 threads): 132 puts one on every SM of an
 * H200, 264 two per SM (the fused kernel's residency at N <= 32, where the two CTAs of
 * an SM share its tensor cores). Operands are zeros: the rate does not depend on them.
 */
#include <cuda_runtime.h>
#include <stdint.h>

#include "ops/ptx/memory.cuh"
#include "ops/ptx/wgmma.cuh"
#include "perf/wgmma_rate.h"

namespace {

constexpr int kStageWeightBytes = 64 * 128; /* 64 rows x 64 K, BF16, 128-byte swizzle */

template <int N, int kChains, bool kWaitEachBlock>
__global__ void __launch_bounds__(128) wgmma_rate_kernel(int blocks, long long *cycles,
                                                         float *sink) {
  extern __shared__ __align__(1024) uint8_t smem[];
  const uint32_t base = (shx::ptx::smem_address(smem) + 1023u) & ~1023u;
  /* Two stages: [weights 8 KB][activations N x 128 B] each, 1024-aligned. */
  constexpr int kActivationBytes = (N * 128 + 1023) / 1024 * 1024;
  constexpr int kStageBytes = kStageWeightBytes + kActivationBytes;
  for (int i = threadIdx.x; i < 2 * kStageBytes / 16; i += blockDim.x)
    reinterpret_cast<uint4 *>(smem + (base - shx::ptx::smem_address(smem)))[i] = uint4{0, 0, 0, 0};
  __syncthreads();
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");

  float chains[kChains][N / 2];
#pragma unroll
  for (int c = 0; c < kChains; ++c)
#pragma unroll
    for (int i = 0; i < N / 2; ++i) chains[c][i] = 0.0f;

  const long long start = clock64();
  for (int block = 0; block < blocks; ++block) {
    const uint32_t stage = base + (block & 1) * kStageBytes;
    const uint64_t a = shx::ptx::make_smem_desc_sw128(stage);
    const uint64_t b = shx::ptx::make_smem_desc_sw128(stage + kStageWeightBytes);
#pragma unroll
    for (int c = 0; c < kChains; ++c)
#pragma unroll
      for (int i = 0; i < N / 2; ++i) shx::ptx::fence_operand(chains[c][i]);
    shx::ptx::wgmma_fence();
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      const uint64_t step = static_cast<uint64_t>(k * 2);
      shx::ptx::wgmma_bf16<N>(chains[k % kChains], a + step, b + step, 1u);
    }
    shx::ptx::wgmma_commit();
#pragma unroll
    for (int c = 0; c < kChains; ++c)
#pragma unroll
      for (int i = 0; i < N / 2; ++i) shx::ptx::fence_operand(chains[c][i]);
    if (kWaitEachBlock) shx::ptx::wgmma_wait<1>();
  }
  shx::ptx::wgmma_wait<0>();
#pragma unroll
  for (int c = 0; c < kChains; ++c)
#pragma unroll
    for (int i = 0; i < N / 2; ++i) shx::ptx::fence_operand(chains[c][i]);
  const long long stop = clock64();

  float total = 0.0f;
#pragma unroll
  for (int c = 0; c < kChains; ++c)
#pragma unroll
    for (int i = 0; i < N / 2; ++i) total += chains[c][i];
  if (total != 0.0f) sink[threadIdx.x] = total; /* operands are zeros: never, but kept */
  if (threadIdx.x == 0) cycles[blockIdx.x] = stop - start;
}

template <int N, int kChains, bool kWait>
cudaError_t launch(int ctas, int blocks, long long *cycles, float *sink) {
  constexpr int kActivationBytes = (N * 128 + 1023) / 1024 * 1024;
  const int smem = 2 * (kStageWeightBytes + kActivationBytes) + 1024;
  cudaError_t error = cudaFuncSetAttribute(wgmma_rate_kernel<N, kChains, kWait>,
                                           cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  if (error != cudaSuccess) return error;
  wgmma_rate_kernel<N, kChains, kWait><<<ctas, 128, smem>>>(blocks, cycles, sink);
  return cudaGetLastError();
}

template <int N>
cudaError_t launch_n(int chains, int wait, int ctas, int blocks, long long *cycles,
                     float *sink) {
  if (chains == 1) return wait ? launch<N, 1, true>(ctas, blocks, cycles, sink)
                               : launch<N, 1, false>(ctas, blocks, cycles, sink);
  if (chains == 2) return wait ? launch<N, 2, true>(ctas, blocks, cycles, sink)
                               : launch<N, 2, false>(ctas, blocks, cycles, sink);
  if constexpr (N <= 64) { /* 4 chains of N = 128 would take 256 registers */
    if (chains == 4) return wait ? launch<N, 4, true>(ctas, blocks, cycles, sink)
                                 : launch<N, 4, false>(ctas, blocks, cycles, sink);
  }
  return cudaErrorInvalidValue;
}

}  // namespace

extern "C" int shx_wgmma_rate(int n, int chains, int wait_each_block, int ctas, int blocks,
                              double *cycles_per_block) {
  if (ctas < 1 || ctas > SHX_WGMMA_RATE_MAX_CTAS || blocks < 1 || cycles_per_block == nullptr)
    return -1;
  long long *cycles = nullptr;
  float *sink = nullptr;
  if (cudaMalloc(&cycles, sizeof(long long) * ctas) != cudaSuccess) return -1;
  if (cudaMalloc(&sink, sizeof(float) * 128) != cudaSuccess) {
    cudaFree(cycles);
    return -1;
  }
  cudaError_t error = cudaErrorInvalidValue;
  switch (n) {
    case 8: error = launch_n<8>(chains, wait_each_block, ctas, blocks, cycles, sink); break;
    case 16: error = launch_n<16>(chains, wait_each_block, ctas, blocks, cycles, sink); break;
    case 32: error = launch_n<32>(chains, wait_each_block, ctas, blocks, cycles, sink); break;
    case 64: error = launch_n<64>(chains, wait_each_block, ctas, blocks, cycles, sink); break;
    case 128: error = launch_n<128>(chains, wait_each_block, ctas, blocks, cycles, sink); break;
    default: break;
  }
  if (error == cudaSuccess) error = cudaDeviceSynchronize();
  long long host[SHX_WGMMA_RATE_MAX_CTAS];
  if (error == cudaSuccess)
    error = cudaMemcpy(host, cycles, sizeof(long long) * ctas, cudaMemcpyDeviceToHost);
  cudaFree(cycles);
  cudaFree(sink);
  if (error != cudaSuccess) return -1;
  long long most = 0; /* the slowest CTA: the SM whose tensor cores were busiest */
  for (int c = 0; c < ctas; ++c) most = host[c] > most ? host[c] : most;
  *cycles_per_block = static_cast<double>(most) / blocks;
  return 0;
}
