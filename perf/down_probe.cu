/* down_probe.cu: the fused kernel's K loops alone (named for the down loop, its first
 * shape), with the weights as wgmma's A operand (as the kernel has it) or as its B operand
 * (docs/fused_performance.md, "The next structural step"), to measure the swap before any
 * rewrite.
 *
 * What it models: the TP16 down phase after the grid barrier. Each CTA owns one tile of
 * Wd's rows and all of its K blocks (I / 64 of them), every weight block already in
 * shared memory, as the fused kernel's early down stages are; the timed part starts when
 * thread 0 asks for h (one TMA load a K block, h read from L2) and ends when the
 * warpgroup's last MMA is done, through the kernel's K loop (each fill's full barrier
 * tested one fill ahead, one wgmma-group in flight, each fill released by one arrival a
 * warp). Then y = h Wd^T goes to global memory (FP32) for the host's check.
 *
 *   form A (the kernel): a tile is 64 rows of Wd; a fill is [Wd 64 x 64 | h N x 64] and
 *     four wgmma m64nNk16 (A = the weights, B = h, N = the batch rounded up to 8);
 *     tiles = H / 64 CTAs (112 at H = 7168).
 *   form B (the swap): a tile is 128 rows of Wd; a fill is [h 64 x 64 | Wd 128 x 64],
 *     four wgmma m64n128k16 (A = h, its 64 rows the batch padded with zeros; B = the
 *     weights): twice the weight bytes a fill, for any batch up to 64; H / 128 CTAs (56).
 *
 * The same loop over the gate and up rows, x in h's place, models one gate/up CTA's
 * stream with its weights resident (perf/down_probe_main.c, shape "gate/up"), or, with a
 * ring of fewer stages than fills, its first ring resident and the refills loaded by
 * warp 4's lane 0 as the consumers release stages, as the kernel's producer does (shape
 * "ring").
 *
 * One CTA per tile, a consumer warpgroup and a loader warp (160 threads): 112 or 56 CTAs
 * for the down shape, 12 or 6 for the gate/up shapes, which the scheduler spreads one to
 * an SM. Geometry: rows, K and the batch from the caller; K / 64 fills.
 */
#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <stdint.h>

#include "ops/ptx/mbarrier.cuh"
#include "ops/ptx/memory.cuh"
#include "ops/ptx/tensor_map.cuh"
#include "ops/ptx/tma.cuh"
#include "ops/ptx/wgmma.cuh"
#include "perf/down_probe.h"

namespace {

constexpr int kConsumerThreads = 128; /* one warpgroup: the MMAs */
constexpr int kThreads = 160;         /* and warp 4, whose lane 0 issues every load */
constexpr int kProducerThread = 128;
constexpr int kBlockBytes = 64 * 128;   /* 64 rows x 64 BF16 of K: one A operand */
constexpr int kMaxFills = 16;           /* K <= 1024 */
constexpr int kBarriers = 2 * kMaxFills + 1;

/* Form A: the weights (64 rows) as A, h (kN tokens) as B. Form B: h (64 tokens) as A,
 * the weights (128 rows) as B. kN is the MMA's n in both. */
template <bool kWeightsAsB, int kN>
struct Shape {
  static constexpr int kTileRows = kWeightsAsB ? kN : 64;
  static constexpr int kWeightBytes = kTileRows * 128;
  static constexpr int kActivationRows = kWeightsAsB ? 64 : kN;
  static constexpr int kActivationBytes = kActivationRows * 128;
  static constexpr int kFillBytes = kWeightBytes + kActivationBytes;
  static_assert(kFillBytes % 1024 == 0, "fills stay 1024-aligned");
};

template <bool kWeightsAsB, int kN, int kChains>
__global__ void __launch_bounds__(kThreads, 1)
    down_probe_kernel(const __grid_constant__ CUtensorMap weights_map,
                      const __grid_constant__ CUtensorMap h_map, int fills, int stages,
                      int batch, int hidden, float *y, unsigned long long *elapsed_ns) {
  using G = Shape<kWeightsAsB, kN>;
  extern __shared__ __align__(1024) uint8_t dynamic_smem[];
  const uint32_t raw = shx::ptx::smem_address(dynamic_smem);
  const uint32_t base = (raw + 1023u) & ~1023u;
  const uint32_t barriers = base + stages * G::kFillBytes;
  auto full = [&](int fill) { return barriers + 8u * fill; };
  auto empty = [&](int fill) { return barriers + 8u * (kMaxFills + fill); };
  const uint32_t weights_ready = barriers + 8u * 2 * kMaxFills;
  /* Where a ring stage's A and B operands are. Fill f is in stage f % stages; the loops
   * count stages as they go (a runtime % on the consumers' path cost 0.08-0.1 us a fill,
   * perf/RESULTS.md run 36 call 11). */
  auto weights_at = [&](int stage) {
    return base + stage * G::kFillBytes + (kWeightsAsB ? G::kActivationBytes : 0);
  };
  auto activations_at = [&](int stage) {
    return base + stage * G::kFillBytes + (kWeightsAsB ? 0 : G::kWeightBytes);
  };
  const int tile = blockIdx.x, warp = threadIdx.x / 32, lane = threadIdx.x % 32;

  __shared__ unsigned long long start;

  /* Untimed: the first ring's weight blocks into shared memory (every block where the
   * ring holds them all). */
  const int first_ring = fills < stages ? fills : stages;
  if (threadIdx.x == kProducerThread) {
    for (int fill = 0; fill < fills; ++fill) {
      shx::ptx::mbarrier_init(full(fill), 1);
      shx::ptx::mbarrier_init(empty(fill), kConsumerThreads / 32);
    }
    shx::ptx::mbarrier_init(weights_ready, 1);
    shx::ptx::fence_mbarrier_init();
    shx::ptx::mbarrier_arrive_expect_tx(weights_ready,
                                        static_cast<uint32_t>(first_ring * G::kWeightBytes));
    for (int fill = 0; fill < first_ring; ++fill)
      shx::ptx::tma_load_2d(weights_at(fill), &weights_map, weights_ready, 64 * fill,
                            G::kTileRows * tile);
  }
  __syncthreads();
  while (!shx::ptx::mbarrier_try_wait(weights_ready, 0)) {
  }
  __syncthreads();

  /* Timed: the activations of the first ring; then each refill (weights and activations)
   * once its stage's previous fill is released, as the kernel's producer does. */
  if (threadIdx.x == kProducerThread) {
    start = shx::ptx::globaltimer();
    for (int fill = 0; fill < first_ring; ++fill) {
      shx::ptx::mbarrier_arrive_expect_tx(full(fill), G::kActivationBytes);
      shx::ptx::tma_load_2d(activations_at(fill), &h_map, full(fill), 64 * fill, 0);
    }
    int stage = 0; /* of fill first_ring (= stages where there are refills) */
    for (int fill = first_ring; fill < fills; ++fill) {
      while (!shx::ptx::mbarrier_try_wait(empty(fill - stages), 0)) {
      }
      shx::ptx::mbarrier_arrive_expect_tx(full(fill), G::kFillBytes);
      shx::ptx::tma_load_2d(weights_at(stage), &weights_map, full(fill), 64 * fill,
                            G::kTileRows * tile);
      shx::ptx::tma_load_2d(activations_at(stage), &h_map, full(fill), 64 * fill, 0);
      if (++stage == stages) stage = 0;
    }
  }
  if (threadIdx.x >= kConsumerThreads) { /* warp 4 waits for the end, then leaves */
    __syncthreads();
    return;
  }
  float chains[kChains][kN / 2];
#pragma unroll
  for (int c = 0; c < kChains; ++c)
#pragma unroll
    for (int i = 0; i < kN / 2; ++i) chains[c][i] = 0.0f;
  bool ready = shx::ptx::mbarrier_test_wait(full(0), 0);
  int stage = 0;
  for (int fill = 0; fill < fills; ++fill) {
    if (!ready)
      while (!shx::ptx::mbarrier_try_wait(full(fill), 0)) {
      }
#pragma unroll
    for (int c = 0; c < kChains; ++c)
#pragma unroll
      for (int i = 0; i < kN / 2; ++i) shx::ptx::fence_operand(chains[c][i]);
    __syncwarp();
    shx::ptx::wgmma_fence();
    const uint64_t a = shx::ptx::make_smem_desc_sw128(kWeightsAsB ? activations_at(stage)
                                                                  : weights_at(stage));
    const uint64_t b = shx::ptx::make_smem_desc_sw128(kWeightsAsB ? weights_at(stage)
                                                                  : activations_at(stage));
    if (++stage == stages) stage = 0;
#pragma unroll
    for (int k = 0; k < 4; ++k)
      shx::ptx::wgmma_bf16<kN>(chains[k % kChains], a + 2 * k, b + 2 * k);
    shx::ptx::wgmma_commit();
#pragma unroll
    for (int c = 0; c < kChains; ++c)
#pragma unroll
      for (int i = 0; i < kN / 2; ++i) shx::ptx::fence_operand(chains[c][i]);
    /* The look-ahead past the last fill tests a barrier nobody completes: dropped. */
    ready = fill + 1 < fills && shx::ptx::mbarrier_test_wait(full(fill + 1), 0);
    if (fill > 0) {
      shx::ptx::wgmma_wait<1>();
      __syncwarp();
      if (lane == 0) shx::ptx::mbarrier_arrive(empty(fill - 1));
    }
  }
  shx::ptx::wgmma_wait<0>();
#pragma unroll
  for (int c = 0; c < kChains; ++c)
#pragma unroll
    for (int i = 0; i < kN / 2; ++i) shx::ptx::fence_operand(chains[c][i]);
  __syncwarp();
  if (lane == 0) shx::ptx::mbarrier_arrive(empty(fills - 1));
  __syncthreads();
  if (threadIdx.x == 0) elapsed_ns[tile] = shx::ptx::globaltimer() - start;

  /* y[token][row], chains summed in order. The accumulator's rows are warp * 16 +
   * lane / 4 (+ 8), its columns 8 j + 2 (lane % 4) (+ 1): weight rows by tokens in
   * form A, tokens by weight rows in form B. */
#pragma unroll
  for (int j = 0; j < kN / 8; ++j)
#pragma unroll
    for (int e = 0; e < 4; ++e) {
      float sum = chains[0][4 * j + e];
#pragma unroll
      for (int c = 1; c < kChains; ++c) sum = __fadd_rn(sum, chains[c][4 * j + e]);
      const int row = warp * 16 + lane / 4 + 8 * (e / 2);
      const int column = 8 * j + 2 * (lane % 4) + (e % 2);
      const int token = kWeightsAsB ? row : column;
      const int weight_row = G::kTileRows * tile + (kWeightsAsB ? column : row);
      if (token < batch) y[static_cast<size_t>(token) * hidden + weight_row] = sum;
    }
}

/* What every launch takes besides its template arguments. */
struct LaunchArgs {
  const CUtensorMap *weights_map, *h_map;
  int fills, stages, batch, hidden;
  float *y;
  unsigned long long *elapsed_ns;
};

template <bool kWeightsAsB, int kN, int kChains>
cudaError_t launch(const LaunchArgs &args) {
  using G = Shape<kWeightsAsB, kN>;
  /* stages 0 (or more than the fills): every block resident */
  const int stages = args.stages == 0 || args.stages > args.fills ? args.fills : args.stages;
  const int smem = 1024 + stages * G::kFillBytes + 8 * kBarriers;
  auto kernel = down_probe_kernel<kWeightsAsB, kN, kChains>;
  cudaError_t error =
      cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  if (error != cudaSuccess) return error;
  kernel<<<args.hidden / G::kTileRows, kThreads, smem>>>(
      *args.weights_map, *args.h_map, args.fills, stages, args.batch, args.hidden, args.y,
      args.elapsed_ns);
  return cudaGetLastError();
}

/* The instances: form A at n = 8..64 (the padded batch) with DownChains' counts (two
 * chains at n <= 16, as the kernel's down loop; two above too, Chains<N> at n <= 64);
 * form B at n = 128 with one or two chains. */
cudaError_t launch_form(int form, int n, int chains, const LaunchArgs &args) {
  if (form == SHX_DOWN_PROBE_WEIGHTS_AS_B) {
    if (chains == 1) return launch<true, 128, 1>(args);
    if (chains == 2) return launch<true, 128, 2>(args);
    return cudaErrorInvalidValue;
  }
  if (chains != 2) return cudaErrorInvalidValue;
  switch (n) {
    case 8: return launch<false, 8, 2>(args);
    case 16: return launch<false, 16, 2>(args);
    case 32: return launch<false, 32, 2>(args);
    case 64: return launch<false, 64, 2>(args);
    default: return cudaErrorInvalidValue;
  }
}

}  // namespace

extern "C" int shx_down_probe(int form, int batch, int chains, int hidden, int inter,
                              int stages, int launches, const void *weights, const void *h,
                              float *y, shx_down_probe_result *result) {
  const int fills = inter / 64;
  const int n = batch <= 8 ? 8 : batch <= 16 ? 16 : batch <= 32 ? 32 : 64;
  const int tile_rows = form == SHX_DOWN_PROBE_WEIGHTS_AS_B ? 128 : 64;
  if (batch < 1 || batch > 64 || inter % 64 != 0 || fills < 1 || fills > kMaxFills ||
      hidden % tile_rows != 0 || hidden / tile_rows > SHX_DOWN_PROBE_MAX_CTAS ||
      stages < 0 || launches < 1 || launches > SHX_DOWN_PROBE_MAX_LAUNCHES ||
      weights == nullptr ||
      h == nullptr || y == nullptr || result == nullptr)
    return -1;
  const shx::tensor_map::EncodeTiled encode = shx::tensor_map::encode_tiled();
  CUtensorMap weights_map, h_map;
  const uint32_t h_box_rows = form == SHX_DOWN_PROBE_WEIGHTS_AS_B ? 64u : static_cast<uint32_t>(n);
  if (encode == nullptr ||
      shx::tensor_map::encode_bf16_sw128(encode, &weights_map, weights, inter, hidden,
                                         tile_rows) != CUDA_SUCCESS ||
      shx::tensor_map::encode_bf16_sw128(encode, &h_map, h, inter, batch, h_box_rows) !=
          CUDA_SUCCESS)
    return -1;
  const int ctas = hidden / tile_rows;
  unsigned long long *elapsed = nullptr;
  if (cudaMalloc(&elapsed, sizeof *elapsed * ctas) != cudaSuccess) return -1;
  unsigned long long host[SHX_DOWN_PROBE_MAX_CTAS];
  int status = 0;
  for (int launch_index = 0; launch_index < launches && status == 0; ++launch_index) {
    const LaunchArgs args = {&weights_map, &h_map, fills, stages, batch, hidden, y, elapsed};
    if (launch_form(form, n, chains, args) != cudaSuccess ||
        cudaMemcpy(host, elapsed, sizeof *elapsed * ctas, cudaMemcpyDeviceToHost) !=
            cudaSuccess) {
      status = -1;
      break;
    }
    unsigned long long most = 0, sum = 0;
    for (int c = 0; c < ctas; ++c) {
      most = host[c] > most ? host[c] : most;
      sum += host[c];
    }
    result->slowest_ns[launch_index] = static_cast<double>(most);
    result->mean_ns[launch_index] = static_cast<double>(sum) / ctas;
  }
  cudaFree(elapsed);
  result->ctas = ctas;
  result->fills = fills;
  result->stages = stages == 0 || stages > fills ? fills : stages;
  result->n = form == SHX_DOWN_PROBE_WEIGHTS_AS_B ? 128 : n;
  return status;
}
