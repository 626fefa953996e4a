/* wgmma_rate.cu: how fast one warpgroup issues the fused kernel's MMA shape, with the
 * operands already in shared memory (perf/wgmma_rate_main.c prints the table).
 *
 * The fused kernel's K loops issue, per 64-wide K block, four wgmma m64nNk16 (A: 64
 * weight rows from shared memory, B: N tokens) as one wgmma-group, and wait for the
 * previous group before releasing its stage (ops/fused.cu, mma_blocks). Its phase trace
 * showed about 0.2 us per block at every N from 8 to 64 (perf/RESULTS.md run 26). This
 * kernel isolates that cost: `blocks` K blocks from two resident stages (no TMA), the
 * k16 steps round-robin over `kChains` accumulators, and one of these modes:
 *   0: no wait after a block (only one at the end);
 *   1: wgmma.wait_group 1 after each block (as the kernel);
 *   2: as 1, plus the kernel's ring handshakes (mma_blocks): before each block an
 *      mbarrier try_wait on an already completed "full" barrier of its slot (48 slots),
 *      after the wait an arrival by lane 0 of each warp on the previous slot's "empty";
 *   3: the handshakes of 2 without any wgmma (what the barriers alone cost);
 *   4: the fused kernel's loop as it is (ops/fused.cu, mma_blocks): each block's full
 *      barrier tested one block ahead with the non-blocking test_wait, waited for only
 *      if that found it incomplete, then wait_group 1 and the previous block's release;
 *   5: as 4 with the blocks taken in pairs: both full barriers tested ahead, both
 *      blocks' eight MMAs in one wgmma-group, wait_group 1, both earlier blocks released
 *      (the same bytes per handshake round as a two-block stage, with one-block stages);
 *   6: as 4 with each block's full barrier tested two blocks ahead (the test's latency
 *      then has a whole block to hide behind, not only the wait_group and release);
 *   7: as 0 with the stage addresses not known to be warp-uniform (descriptors through
 *      R2UR, as the fused kernel builds them);
 *   8-11 split mode 4's handshake into its parts (run 39): 8 releases the previous block
 *      (wait_group 1, arrivals) before the look-ahead test instead of after it; 9 makes
 *      the release one arrival by thread 0 after a named barrier of the warpgroup
 *      instead of one per warp; 10 leaves the arrivals out (the wait_group 1 stays); 11
 *      leaves the full-barrier tests out.
 * Thread 0 reads clock64 around the loop; the result is cycles per block.
 *
 * Geometry: `ctas` CTAs of one warpgroup (128 threads): 132 puts one on every SM of an
 * H200, 264 two per SM (the fused kernel's residency at N <= 32, where the two CTAs of
 * an SM share its tensor cores). Operands are zeros, or random BF16 values (the
 * random_operands argument: run 34 asks whether the rate depends on them).
 */
#include <cuda_runtime.h>
#include <stdint.h>

#include "ops/ptx/mbarrier.cuh"
#include "ops/ptx/memory.cuh"
#include "ops/ptx/wgmma.cuh"
#include "perf/wgmma_rate.h"

namespace {

constexpr int kStageWeightBytes = 64 * 128; /* 64 rows x 64 K, BF16, 128-byte swizzle */

constexpr int kSlots = 48; /* barrier pairs, as ring::kBarrierSlots */

template <int N, int kChains, int kMode>
__global__ void __launch_bounds__(128) wgmma_rate_kernel(int blocks, long long *cycles,
                                                         float *sink, uint32_t seed) {
  /* Mode 7 is mode 0 with per-thread stage addresses (below). */
  constexpr bool kWaitEachBlock = kMode >= 1 && kMode != 7,
                 kHandshakes = kMode >= 2 && kMode != 7, kMma = kMode != 3;
  constexpr bool kLoopModes = (kMode >= 4 && kMode <= 6) || (kMode >= 8 && kMode <= 11);
  constexpr bool kReleaseFirst = kMode == 8, kOneArrival = kMode == 9,
                 kRelease = kMode != 10, kTest = kMode != 11;
  extern __shared__ __align__(1024) uint8_t smem[];
  const uint32_t base = (shx::ptx::smem_address(smem) + 1023u) & ~1023u;
  /* Two stages: [weights 8 KB][activations N x 128 B] each, 1024-aligned. */
  constexpr int kActivationBytes = (N * 128 + 1023) / 1024 * 1024;
  constexpr int kStageBytes = kStageWeightBytes + kActivationBytes;
  /* Operands: zeros, or with a seed BF16 values of magnitude [0.5, 1) and random sign
   * (the fused kernel's weights and activations are not zeros). */
  for (int i = threadIdx.x; i < 2 * kStageBytes / 4; i += blockDim.x) {
    uint32_t word = 0;
    if (seed != 0) {
      uint32_t h = (static_cast<uint32_t>(i) + seed) * 2654435761u;
      h ^= h >> 15;
      h *= 2246822519u;
      h ^= h >> 13;
      word = (h & 0x807F807Fu) | 0x3F003F00u;
    }
    reinterpret_cast<uint32_t *>(smem + (base - shx::ptx::smem_address(smem)))[i] = word;
  }
  /* After the stages: kSlots "full" barriers, each completed once (phase 0), then
   * kSlots "empty" barriers of four arrivals (one in mode 9). */
  const uint32_t full = base + 2 * kStageBytes, empty = full + 8 * kSlots;
  if (threadIdx.x == 0) {
    for (int slot = 0; slot < kSlots; ++slot) {
      shx::ptx::mbarrier_init(full + 8 * slot, 1);
      shx::ptx::mbarrier_init(empty + 8 * slot, kOneArrival ? 1 : 4);
    }
    shx::ptx::fence_mbarrier_init();
    for (int slot = 0; slot < kSlots; ++slot) shx::ptx::mbarrier_arrive(full + 8 * slot);
  }
  __syncthreads();
  shx::ptx::fence_proxy_async_shared_cta();
  int slot = 0;

  float chains[kChains][N / 2];
#pragma unroll
  for (int c = 0; c < kChains; ++c)
#pragma unroll
    for (int i = 0; i < N / 2; ++i) chains[c][i] = 0.0f;

  const long long start = clock64();
  if constexpr (kLoopModes) {
    /* Full barrier of slot `s` (all completed once: phase 0) and its block's stage. */
    constexpr int kPerGroup = kMode == 5 ? 2 : 1;
    /* Groups whose barriers are tested ahead: 1, or 2 in mode 6. */
    constexpr int kAhead = kMode == 6 ? 2 : 1;
    constexpr int kTested = kAhead * kPerGroup;
    auto full_of = [&](int s) { return full + 8 * s; };
    auto issue = [&](int b) {
      const uint32_t stage = base + (b & 1) * kStageBytes;
      const uint64_t a = shx::ptx::make_smem_desc_sw128(stage);
      const uint64_t bd = shx::ptx::make_smem_desc_sw128(stage + kStageWeightBytes);
#pragma unroll
      for (int k = 0; k < 4; ++k)
        shx::ptx::wgmma_bf16<N>(chains[k % kChains], a + 2 * k, bd + 2 * k, 1u);
    };
    /* The release of the blocks before this group's (wait_group 1, then the arrivals). */
    auto release = [&](int block) {
      if (block == 0) return;
      shx::ptx::wgmma_wait<1>();
      if constexpr (!kRelease) return;
      if constexpr (kOneArrival) {
        shx::ptx::named_barrier_sync(1, 128);
        if (threadIdx.x == 0)
#pragma unroll
          for (int g = 1; g <= kPerGroup; ++g)
            shx::ptx::mbarrier_arrive(empty + 8 * ((slot - g + kSlots) % kSlots));
      } else {
        __syncwarp();
        if (threadIdx.x % 32 == 0)
#pragma unroll
          for (int g = 1; g <= kPerGroup; ++g)
            shx::ptx::mbarrier_arrive(empty + 8 * ((slot - g + kSlots) % kSlots));
      }
    };
    bool ready[kTested];
#pragma unroll
    for (int g = 0; g < kTested; ++g)
      ready[g] = kTest ? shx::ptx::mbarrier_test_wait(full_of(g), 0) : true;
    for (int block = 0; block < blocks; block += kPerGroup) {
#pragma unroll
      for (int g = 0; g < kPerGroup; ++g)
        if (!ready[g])
          while (!shx::ptx::mbarrier_try_wait(full_of((slot + g) % kSlots), 0)) {
          }
#pragma unroll
      for (int c = 0; c < kChains; ++c)
#pragma unroll
        for (int i = 0; i < N / 2; ++i) shx::ptx::fence_operand(chains[c][i]);
      __syncwarp();
      shx::ptx::wgmma_fence();
#pragma unroll
      for (int g = 0; g < kPerGroup; ++g) issue(block + g);
      shx::ptx::wgmma_commit();
#pragma unroll
      for (int c = 0; c < kChains; ++c)
#pragma unroll
        for (int i = 0; i < N / 2; ++i) shx::ptx::fence_operand(chains[c][i]);
      const int next = (slot + kPerGroup) % kSlots;
      const int probe = (slot + kTested) % kSlots;
      if constexpr (kReleaseFirst) release(block);
#pragma unroll
      for (int i = 0; i + kPerGroup < kTested; ++i) ready[i] = ready[i + kPerGroup];
#pragma unroll
      for (int g = 0; g < kPerGroup; ++g)
        ready[kTested - kPerGroup + g] =
            kTest ? shx::ptx::mbarrier_test_wait(full_of((probe + g) % kSlots), 0) : true;
      if constexpr (!kReleaseFirst) release(block);
      slot = next;
    }
  }
  /* Modes 0-3 and 7 (modes 4-6 and 8-11 ran above). Mode 7's stage index adds threadIdx.x / 128,
   * zero in this one-warpgroup CTA but not known to ptxas to be warp-uniform: the
   * descriptors are then built in ordinary registers and moved with R2UR, as in the
   * fused kernel's K loop (perf/RESULTS.md run 34 call 7). */
  for (int block = 0; block < (kLoopModes ? 0 : blocks); ++block) {
    if (kHandshakes)
      while (!shx::ptx::mbarrier_try_wait(full + 8 * slot, 0)) {
      }
    const int per_thread = kMode == 7 ? static_cast<int>(threadIdx.x / 128) : 0;
    const uint32_t stage = base + ((block + per_thread) & 1) * kStageBytes;
    const uint64_t a = shx::ptx::make_smem_desc_sw128(stage);
    const uint64_t b = shx::ptx::make_smem_desc_sw128(stage + kStageWeightBytes);
#pragma unroll
    for (int c = 0; c < kChains; ++c)
#pragma unroll
      for (int i = 0; i < N / 2; ++i) shx::ptx::fence_operand(chains[c][i]);
    __syncwarp();
    if (kMma) {
      shx::ptx::wgmma_fence();
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        const uint64_t step = static_cast<uint64_t>(k * 2);
        shx::ptx::wgmma_bf16<N>(chains[k % kChains], a + step, b + step, 1u);
      }
      shx::ptx::wgmma_commit();
    }
#pragma unroll
    for (int c = 0; c < kChains; ++c)
#pragma unroll
      for (int i = 0; i < N / 2; ++i) shx::ptx::fence_operand(chains[c][i]);
    if (kWaitEachBlock && kMma) shx::ptx::wgmma_wait<1>();
    if (kHandshakes && block > 0) {
      __syncwarp();
      if (threadIdx.x % 32 == 0)
        shx::ptx::mbarrier_arrive(empty + 8 * (slot == 0 ? kSlots - 1 : slot - 1));
    }
    if (++slot == kSlots) slot = 0;
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
  /* A store the compiler cannot drop keeps the MMAs live; it (almost) never happens, so
   * that no run times its own stores. */
  if (total == 12345.0f) sink[threadIdx.x] = total;
  if (threadIdx.x == 0) cycles[blockIdx.x] = stop - start;
}

template <int N, int kChains, int kMode>
cudaError_t launch(int ctas, int blocks, long long *cycles, float *sink, uint32_t seed) {
  constexpr int kActivationBytes = (N * 128 + 1023) / 1024 * 1024;
  const int smem = 2 * (kStageWeightBytes + kActivationBytes) + 16 * kSlots + 1024;
  cudaError_t error = cudaFuncSetAttribute(wgmma_rate_kernel<N, kChains, kMode>,
                                           cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  if (error != cudaSuccess) return error;
  wgmma_rate_kernel<N, kChains, kMode><<<ctas, 128, smem>>>(blocks, cycles, sink, seed);
  return cudaGetLastError();
}

template <int N, int kChains>
cudaError_t launch_mode(int mode, int ctas, int blocks, long long *cycles, float *sink,
                        uint32_t seed) {
  switch (mode) {
    case 0: return launch<N, kChains, 0>(ctas, blocks, cycles, sink, seed);
    case 1: return launch<N, kChains, 1>(ctas, blocks, cycles, sink, seed);
    case 2: return launch<N, kChains, 2>(ctas, blocks, cycles, sink, seed);
    case 3: return launch<N, kChains, 3>(ctas, blocks, cycles, sink, seed);
    case 4: return launch<N, kChains, 4>(ctas, blocks, cycles, sink, seed);
    case 5: return launch<N, kChains, 5>(ctas, blocks, cycles, sink, seed);
    case 6: return launch<N, kChains, 6>(ctas, blocks, cycles, sink, seed);
    case 7: return launch<N, kChains, 7>(ctas, blocks, cycles, sink, seed);
    case 8: return launch<N, kChains, 8>(ctas, blocks, cycles, sink, seed);
    case 9: return launch<N, kChains, 9>(ctas, blocks, cycles, sink, seed);
    case 10: return launch<N, kChains, 10>(ctas, blocks, cycles, sink, seed);
    case 11: return launch<N, kChains, 11>(ctas, blocks, cycles, sink, seed);
    default: return cudaErrorInvalidValue;
  }
}

template <int N>
cudaError_t launch_n(int chains, int mode, int ctas, int blocks, long long *cycles,
                     float *sink, uint32_t seed) {
  if (chains == 1) return launch_mode<N, 1>(mode, ctas, blocks, cycles, sink, seed);
  if (chains == 2) return launch_mode<N, 2>(mode, ctas, blocks, cycles, sink, seed);
  if constexpr (N <= 64) { /* 4 chains of N = 128 would take 256 registers */
    if (chains == 4) return launch_mode<N, 4>(mode, ctas, blocks, cycles, sink, seed);
  }
  return cudaErrorInvalidValue;
}

}  // namespace

extern "C" int shx_wgmma_rate(int n, int chains, int mode, int ctas, int blocks,
                              int random_operands, double *cycles_per_block) {
  const uint32_t seed = random_operands ? 0x9E3779B9u : 0u;
  if (ctas < 1 || ctas > SHX_WGMMA_RATE_MAX_CTAS || blocks < 1 || cycles_per_block == nullptr ||
      (mode == 5 && blocks % 2 != 0))
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
    case 8: error = launch_n<8>(chains, mode, ctas, blocks, cycles, sink, seed); break;
    case 16: error = launch_n<16>(chains, mode, ctas, blocks, cycles, sink, seed); break;
    case 32: error = launch_n<32>(chains, mode, ctas, blocks, cycles, sink, seed); break;
    case 64: error = launch_n<64>(chains, mode, ctas, blocks, cycles, sink, seed); break;
    case 128: error = launch_n<128>(chains, mode, ctas, blocks, cycles, sink, seed); break;
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
