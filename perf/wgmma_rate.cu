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
 *      leaves the full-barrier tests out;
 *   12: mode 4 in two warpgroups of one CTA (256 threads) taking alternate blocks (the
 *      fused kernel with a second consumer warpgroup, run 41): cycles per block of the
 *      CTA, both warpgroups' blocks counted;
 *   13, 14: mode 0 and mode 4 beside a fifth warp whose lane 0 streams 8 KB bulk copies
 *      (cp.async.bulk, 8 in flight) from a 256 KB slice of global memory of its own
 *      (L2-resident) into another 64 KB of the CTA's shared memory for as long as the
 *      MMAs run: whether copies landing in shared memory slow the MMAs' operand reads,
 *      as the fused kernel's fills land beside its MMAs (there its MMAs alone took
 *      176-200 cycles a block, run 34). The copies' bytes per cycle are reported too;
 *   15: mode 0 launched in clusters of 4 (as the fused kernel at TP8);
 *   16: mode 0 beside a fifth warp whose lane 0 polls mbarrier.try_wait on a phase that
 *      does not complete while the MMAs run (the fused kernel's producer waiting for a
 *      free stage);
 *   17: mode 4 in clusters of 4;
 *   18: mode 0 with 100 KB more dynamic shared memory (the fused kernel's carveout at two
 *      CTAs per SM);
 *   19, 20: modes 15 and 17 (clusters of 4) with 120 KB more shared memory, so that no SM
 *      holds two CTAs: with little shared memory a cluster launch may place several CTAs
 *      of a cluster on one SM, which 15 and 17 cannot tell from a slower MMA;
 *   21: mode 5 with one handshake a pair (one look-ahead test, one release): the loop a
 *      fill of 128 K would run (run 42: the K loops are bound by their instructions).
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
#include "ops/ptx/tma.cuh"
#include "ops/ptx/wgmma.cuh"
#include "perf/wgmma_rate.h"

namespace {

constexpr int kStageWeightBytes = 64 * 128; /* 64 rows x 64 K, BF16, 128-byte swizzle */

constexpr int kSlots = 48; /* barrier pairs, as ring::kBarrierSlots */

/* Modes 13, 14: the streamer's ring and source slice. */
constexpr int kStreamStages = 8;
constexpr uint32_t kStreamCopyBytes = 8192;
constexpr size_t kStreamSliceBytes = 256 * 1024;

/* Threads of a mode's CTA: one warpgroup; two in mode 12; one and a fifth warp (the
 * streamer of modes 13, 14, the polling thread of mode 16). */
constexpr int threads_of_mode(int mode) {
  return mode == 12 ? 256 : (mode == 13 || mode == 14 || mode == 16 ? 160 : 128);
}

/* The streamer of modes 13, 14 (one thread): 8 KB bulk copies from `source` (a slice of
 * kStreamSliceBytes, read round and round) into `ring` (kStreamStages slots, each with
 * its mbarrier at `barriers`) until `*stop` is set; then it waits for the copies in
 * flight. Returns the copies made. */
__device__ uint32_t stream_copies(uint32_t ring, uint32_t barriers, const uint8_t *source,
                                  const volatile uint32_t *stop) {
  constexpr uint32_t kChunks = kStreamSliceBytes / kStreamCopyBytes;
  uint32_t i = 0;
  for (;; ++i) {
    const uint32_t stage = i % kStreamStages, barrier = barriers + 8 * stage;
    if (i >= kStreamStages)
      while (!shx::ptx::mbarrier_try_wait(barrier, (i / kStreamStages - 1) & 1)) {
      }
    if (*stop != 0) break;
    shx::ptx::mbarrier_arrive_expect_tx(barrier, kStreamCopyBytes);
    shx::ptx::bulk_load(ring + stage * kStreamCopyBytes,
                        source + static_cast<size_t>(i % kChunks) * kStreamCopyBytes,
                        kStreamCopyBytes, barrier);
  }
  /* Copies i - kStreamStages + 1 .. i - 1 may still be in flight (copy i - kStreamStages
   * was waited for above). */
  for (uint32_t k = i >= kStreamStages ? i - kStreamStages + 1 : 0; k < i; ++k)
    while (!shx::ptx::mbarrier_try_wait(barriers + 8 * (k % kStreamStages),
                                        (k / kStreamStages) & 1)) {
    }
  return i;
}

template <int N, int kChains, int kMode>
__global__ void __launch_bounds__(256)
    wgmma_rate_kernel(int blocks, long long *cycles, float *sink, uint32_t seed,
                      const uint8_t *stream_source, unsigned long long *stream_copies_out) {
  /* Mode 7 is mode 0 with per-thread stage addresses (below); 12 is mode 4 in two
   * warpgroups; 13 and 14 are modes 0 and 4 beside the streamer. */
  constexpr bool kStream = kMode == 13 || kMode == 14, kSpin = kMode == 16;
  constexpr int kBase =
      kMode == 21 ? 5
                  : (kMode == 12 || kMode == 14 || kMode == 17 || kMode == 20
                         ? 4
                         : (kMode == 13 || kMode >= 15 ? 0 : kMode));
  static_assert(kMode <= 21, "modes 0-21");
  /* Mode 21: mode 5's pairs with one handshake a pair (one look-ahead test, one release),
   * as a fill of 128 K (two swizzle atoms a stage) would have. */
  constexpr bool kOneHandshake = kMode == 21;
  constexpr bool kWaitEachBlock = kBase >= 1 && kBase != 7,
                 kHandshakes = kBase >= 2 && kBase != 7, kMma = kBase != 3;
  constexpr bool kLoopModes = (kBase >= 4 && kBase <= 6) || (kBase >= 8 && kBase <= 11);
  constexpr bool kReleaseFirst = kBase == 8, kOneArrival = kBase == 9,
                 kRelease = kBase != 10, kTest = kBase != 11;
  /* Mode 12: warpgroup `group` takes blocks group, group + 2, ... (barrier slots too). */
  constexpr int kStride = kMode == 12 ? 2 : 1;
  const int group = kMode == 12 ? static_cast<int>(threadIdx.x / 128) : 0;
  extern __shared__ __align__(1024) uint8_t smem[];
  const uint32_t base = (shx::ptx::smem_address(smem) + 1023u) & ~1023u;
  /* Two stages: [weights 8 KB][activations N x 128 B] each, 1024-aligned. */
  constexpr int kActivationBytes = (N * 128 + 1023) / 1024 * 1024;
  constexpr int kStageBytes = kStageWeightBytes + kActivationBytes;
  /* Operands: zeros, or with a seed BF16 values of magnitude [0.5, 1) and random sign
   * (the fused kernel's weights and activations are not zeros). */
  for (int i = threadIdx.x; i < 2 * kStageBytes / 4; i += static_cast<int>(blockDim.x)) {
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
  /* Modes 13, 14: the streamer's ring (1024-aligned), its barriers and the stop flag. */
  const uint32_t stream_ring = (empty + 8 * kSlots + 1023u) & ~1023u;
  const uint32_t stream_barriers = stream_ring + kStreamStages * kStreamCopyBytes;
  volatile uint32_t *stop = reinterpret_cast<volatile uint32_t *>(
      smem + (stream_barriers + 8 * kStreamStages - shx::ptx::smem_address(smem)));
  if (threadIdx.x == 0) {
    for (int slot = 0; slot < kSlots; ++slot) {
      shx::ptx::mbarrier_init(full + 8 * slot, 1);
      shx::ptx::mbarrier_init(empty + 8 * slot, kOneArrival ? 1 : 4);
    }
    if (kStream || kSpin) {
      for (int s = 0; s < kStreamStages; ++s)
        shx::ptx::mbarrier_init(stream_barriers + 8 * s, 1);
      *stop = 0;
    }
    shx::ptx::fence_mbarrier_init();
    for (int slot = 0; slot < kSlots; ++slot) shx::ptx::mbarrier_arrive(full + 8 * slot);
  }
  __syncthreads();
  shx::ptx::fence_proxy_async_shared_cta();
  if (kStream && threadIdx.x >= 128) {
    if (threadIdx.x == 128)
      stream_copies_out[blockIdx.x] = stream_copies(
          stream_ring, stream_barriers, stream_source + blockIdx.x * kStreamSliceBytes, stop);
    return;
  }
  if (kSpin && threadIdx.x >= 128) {
    /* Mode 16: polls phase 0 of a barrier nobody arrives on, until the MMAs are done. */
    if (threadIdx.x == 128)
      while (!shx::ptx::mbarrier_try_wait(stream_barriers, 0) && *stop == 0) {
      }
    return;
  }
  int slot = group;

  float chains[kChains][N / 2];
#pragma unroll
  for (int c = 0; c < kChains; ++c)
#pragma unroll
    for (int i = 0; i < N / 2; ++i) chains[c][i] = 0.0f;

  const long long start = clock64();
  if constexpr (kLoopModes) {
    /* Full barrier of slot `s` (all completed once: phase 0) and its block's stage. */
    constexpr int kPerGroup = kBase == 5 ? 2 : 1;
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
        shx::ptx::wgmma_bf16<N>(chains[k % kChains], a + 2 * k, bd + 2 * k);
    };
    /* The release of the blocks before this group's (wait_group 1, then the arrivals). */
    auto release = [&](int block) {
      if (block < kStride) return; /* this warpgroup's first block */
      shx::ptx::wgmma_wait<1>();
      if constexpr (!kRelease) return;
      if constexpr (kOneArrival) {
        shx::ptx::named_barrier_sync(1, 128);
        if (threadIdx.x == 0)
#pragma unroll
          for (int g = 1; g <= kPerGroup; ++g)
            shx::ptx::mbarrier_arrive(empty + 8 * ((slot - g * kStride + kSlots) % kSlots));
      } else {
        __syncwarp();
        if (threadIdx.x % 32 == 0)
#pragma unroll
          for (int g = 1; g <= (kOneHandshake ? 1 : kPerGroup); ++g)
            shx::ptx::mbarrier_arrive(empty + 8 * ((slot - g * kStride + kSlots) % kSlots));
      }
    };
    bool ready[kTested];
#pragma unroll
    for (int g = 0; g < kTested; ++g)
      ready[g] = kTest && !(kOneHandshake && g % kPerGroup != 0)
                     ? shx::ptx::mbarrier_test_wait(full_of(slot + g * kStride), 0)
                     : true;
    for (int block = group; block < blocks; block += kPerGroup * kStride) {
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
      const int next = (slot + kPerGroup * kStride) % kSlots;
      const int probe = (slot + kTested * kStride) % kSlots;
      if constexpr (kReleaseFirst) release(block);
#pragma unroll
      for (int i = 0; i + kPerGroup < kTested; ++i) ready[i] = ready[i + kPerGroup];
#pragma unroll
      for (int g = 0; g < kPerGroup; ++g)
        ready[kTested - kPerGroup + g] =
            kTest && !(kOneHandshake && g != 0)
                ? shx::ptx::mbarrier_test_wait(full_of((probe + g) % kSlots), 0)
                : true;
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
        shx::ptx::wgmma_bf16<N>(chains[k % kChains], a + step, b + step);
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
  if (kMode == 12) shx::ptx::named_barrier_sync(1, 256); /* both warpgroups' blocks */
  const long long stop_time = clock64();
  if ((kStream || kSpin) && threadIdx.x == 0) *stop = 1;

  float total = 0.0f;
#pragma unroll
  for (int c = 0; c < kChains; ++c)
#pragma unroll
    for (int i = 0; i < N / 2; ++i) total += chains[c][i];
  /* A store the compiler cannot drop keeps the MMAs live; it (almost) never happens, so
   * that no run times its own stores. */
  if (total == 12345.0f) sink[threadIdx.x] = total;
  if (threadIdx.x == 0) cycles[blockIdx.x] = stop_time - start;
}

/* Modes 13, 14: the streamer's source (ctas x kStreamSliceBytes) and its copy counts. */
struct StreamBuffers {
  const uint8_t *source;
  unsigned long long *copies;
};

template <int N, int kChains, int kMode>
cudaError_t launch(int ctas, int blocks, long long *cycles, float *sink, uint32_t seed,
                   StreamBuffers stream) {
  constexpr int kActivationBytes = (N * 128 + 1023) / 1024 * 1024;
  int smem = 2 * (kStageWeightBytes + kActivationBytes) + 16 * kSlots + 1024;
  if (kMode == 13 || kMode == 14 || kMode == 16)
    smem += 1024 + kStreamStages * static_cast<int>(kStreamCopyBytes) + 8 * kStreamStages + 16;
  if (kMode == 18) smem += 100 * 1024;
  if (kMode == 19 || kMode == 20) smem += 120 * 1024;
  cudaError_t error = cudaFuncSetAttribute(wgmma_rate_kernel<N, kChains, kMode>,
                                           cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  if (error != cudaSuccess) return error;
  if (kMode == 15 || kMode == 17 || kMode == 19 || kMode == 20) { /* clusters of 4 */
    if (ctas % 4 != 0) return cudaErrorInvalidValue;
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(ctas, 1, 1);
    config.blockDim = dim3(threads_of_mode(kMode), 1, 1);
    config.dynamicSmemBytes = smem;
    cudaLaunchAttribute attribute;
    attribute.id = cudaLaunchAttributeClusterDimension;
    attribute.val.clusterDim.x = 4;
    attribute.val.clusterDim.y = 1;
    attribute.val.clusterDim.z = 1;
    config.attrs = &attribute;
    config.numAttrs = 1;
    error = cudaLaunchKernelEx(&config, wgmma_rate_kernel<N, kChains, kMode>, blocks, cycles,
                               sink, seed, stream.source, stream.copies);
    if (error != cudaSuccess) return error;
    return cudaGetLastError();
  }
  wgmma_rate_kernel<N, kChains, kMode><<<ctas, threads_of_mode(kMode), smem>>>(
      blocks, cycles, sink, seed, stream.source, stream.copies);
  return cudaGetLastError();
}

template <int N, int kChains>
cudaError_t launch_mode(int mode, int ctas, int blocks, long long *cycles, float *sink,
                        uint32_t seed, StreamBuffers stream) {
  switch (mode) {
    case 0: return launch<N, kChains, 0>(ctas, blocks, cycles, sink, seed, stream);
    case 1: return launch<N, kChains, 1>(ctas, blocks, cycles, sink, seed, stream);
    case 2: return launch<N, kChains, 2>(ctas, blocks, cycles, sink, seed, stream);
    case 3: return launch<N, kChains, 3>(ctas, blocks, cycles, sink, seed, stream);
    case 4: return launch<N, kChains, 4>(ctas, blocks, cycles, sink, seed, stream);
    case 5: return launch<N, kChains, 5>(ctas, blocks, cycles, sink, seed, stream);
    case 6: return launch<N, kChains, 6>(ctas, blocks, cycles, sink, seed, stream);
    case 7: return launch<N, kChains, 7>(ctas, blocks, cycles, sink, seed, stream);
    case 8: return launch<N, kChains, 8>(ctas, blocks, cycles, sink, seed, stream);
    case 9: return launch<N, kChains, 9>(ctas, blocks, cycles, sink, seed, stream);
    case 10: return launch<N, kChains, 10>(ctas, blocks, cycles, sink, seed, stream);
    case 11: return launch<N, kChains, 11>(ctas, blocks, cycles, sink, seed, stream);
    case 12: return launch<N, kChains, 12>(ctas, blocks, cycles, sink, seed, stream);
    case 13: return launch<N, kChains, 13>(ctas, blocks, cycles, sink, seed, stream);
    case 14: return launch<N, kChains, 14>(ctas, blocks, cycles, sink, seed, stream);
    case 15: return launch<N, kChains, 15>(ctas, blocks, cycles, sink, seed, stream);
    case 16: return launch<N, kChains, 16>(ctas, blocks, cycles, sink, seed, stream);
    case 17: return launch<N, kChains, 17>(ctas, blocks, cycles, sink, seed, stream);
    case 18: return launch<N, kChains, 18>(ctas, blocks, cycles, sink, seed, stream);
    case 19: return launch<N, kChains, 19>(ctas, blocks, cycles, sink, seed, stream);
    case 20: return launch<N, kChains, 20>(ctas, blocks, cycles, sink, seed, stream);
    case 21: return launch<N, kChains, 21>(ctas, blocks, cycles, sink, seed, stream);
    default: return cudaErrorInvalidValue;
  }
}

template <int N>
cudaError_t launch_n(int chains, int mode, int ctas, int blocks, long long *cycles,
                     float *sink, uint32_t seed, StreamBuffers stream) {
  if (chains == 1) return launch_mode<N, 1>(mode, ctas, blocks, cycles, sink, seed, stream);
  if (chains == 2) return launch_mode<N, 2>(mode, ctas, blocks, cycles, sink, seed, stream);
  if constexpr (N <= 64) { /* 4 chains of N = 128 would take 256 registers */
    if (chains == 4) return launch_mode<N, 4>(mode, ctas, blocks, cycles, sink, seed, stream);
  }
  return cudaErrorInvalidValue;
}

}  // namespace

extern "C" int shx_wgmma_rate_stream(int n, int chains, int mode, int ctas, int blocks,
                                     int random_operands, double *cycles_per_block,
                                     double *stream_bytes_per_cycle) {
  const uint32_t seed = random_operands ? 0x9E3779B9u : 0u;
  if (ctas < 1 || ctas > SHX_WGMMA_RATE_MAX_CTAS || blocks < 1 || cycles_per_block == nullptr ||
      mode < 0 || mode > 21 || ((mode == 5 || mode == 21) && blocks % 2 != 0))
    return -1;
  const bool streams = mode == 13 || mode == 14;
  long long *cycles = nullptr;
  float *sink = nullptr;
  uint8_t *source = nullptr;
  unsigned long long *copies = nullptr;
  cudaError_t error = cudaMalloc(&cycles, sizeof(long long) * ctas);
  if (error == cudaSuccess) error = cudaMalloc(&sink, sizeof(float) * 256);
  if (error == cudaSuccess && streams) error = cudaMalloc(&source, kStreamSliceBytes * ctas);
  if (error == cudaSuccess && streams) error = cudaMemset(source, 0, kStreamSliceBytes * ctas);
  if (error == cudaSuccess && streams)
    error = cudaMalloc(&copies, sizeof(unsigned long long) * ctas);
  if (error == cudaSuccess) {
    const StreamBuffers stream = {source, copies};
    error = cudaErrorInvalidValue;
    switch (n) {
      case 8: error = launch_n<8>(chains, mode, ctas, blocks, cycles, sink, seed, stream); break;
      case 16: error = launch_n<16>(chains, mode, ctas, blocks, cycles, sink, seed, stream); break;
      case 32: error = launch_n<32>(chains, mode, ctas, blocks, cycles, sink, seed, stream); break;
      case 64: error = launch_n<64>(chains, mode, ctas, blocks, cycles, sink, seed, stream); break;
      case 128:
        error = launch_n<128>(chains, mode, ctas, blocks, cycles, sink, seed, stream);
        break;
      default: break;
    }
  }
  if (error == cudaSuccess) error = cudaDeviceSynchronize();
  long long host[SHX_WGMMA_RATE_MAX_CTAS];
  unsigned long long host_copies[SHX_WGMMA_RATE_MAX_CTAS];
  if (error == cudaSuccess)
    error = cudaMemcpy(host, cycles, sizeof(long long) * ctas, cudaMemcpyDeviceToHost);
  if (error == cudaSuccess && streams)
    error = cudaMemcpy(host_copies, copies, sizeof(unsigned long long) * ctas,
                       cudaMemcpyDeviceToHost);
  cudaFree(cycles);
  cudaFree(sink);
  cudaFree(source);
  cudaFree(copies);
  if (error != cudaSuccess) return -1;
  long long most = 0; /* the slowest CTA: the SM whose tensor cores were busiest */
  int slowest = 0;
  for (int c = 0; c < ctas; ++c)
    if (host[c] > most) {
      most = host[c];
      slowest = c;
    }
  *cycles_per_block = static_cast<double>(most) / blocks;
  if (stream_bytes_per_cycle != nullptr)
    *stream_bytes_per_cycle =
        streams ? static_cast<double>(host_copies[slowest]) * kStreamCopyBytes / most : 0.0;
  return 0;
}

extern "C" int shx_wgmma_rate(int n, int chains, int mode, int ctas, int blocks,
                              int random_operands, double *cycles_per_block) {
  return shx_wgmma_rate_stream(n, chains, mode, ctas, blocks, random_operands,
                               cycles_per_block, nullptr);
}
