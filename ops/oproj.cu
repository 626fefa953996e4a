/* oproj.cu: the project's own attention o-proj, a GEMM that lets its programmatic
 * dependents launch at its start. cuBLASLt's kernels never execute
 * griddepcontrol.launch_dependents, so a shared-expert step launched with programmatic
 * dependent launch after a cuBLASLt o-proj starts only when the GEMM ends (SPEC "Speed
 * targets" and its measured facts); after this kernel its grid can be placed at once, and
 * its prologue and first ring of weights overlap the o-proj.
 *
 *   x [B, H] = a [B, A] W_o [H, A]^T    BF16 in and out, FP32 accumulation, one rounding
 *                                       to BF16 (nearest even) per element
 *
 * Geometry: one CTA per 64 rows of W_o (H / 64 CTAs: 112 at H = 7168), each over the whole
 * of A, so that every output element is one CTA's sum in K order (deterministic, no
 * split-K). A producer warp streams the CTA's W_o rows in [64 rows x 64 K] boxes (8 KB,
 * 128-byte swizzle, evict-first in L2) with TMA into a ring of stages completed on
 * mbarriers, each with the matching [N x 64] box of a (N = the batch rounded up to 8;
 * TMA fills the rows past the batch with zeros). One consumer warpgroup runs four wgmma
 * m64nNk16 a stage (the weights as A, a as B, FP32 accumulators in registers), waits for
 * them and frees the stage; after the last stage it stores x [token][row] rounded to
 * BF16. This is the fused kernel's down loop on its own (ops/fused.cu), with a plain
 * store in place of the mailbox push.
 *
 * The ring takes at most kRingBudget bytes (6-11 stages, 8 + N / 8 KB each), so that a
 * fused CTA (105-113 KB of shared memory, 160 or 192 threads) fits beside this kernel's CTA on
 * its SM: the step after the o-proj is placed while the o-proj runs. In flight: up to
 * 88 KB of weights a CTA (11 stages at N = 8), about 10 MB over the grid at H = 7168.
 *
 * PDL: the first ring's weights are asked for before griddepcontrol.wait (W_o does not
 * come from the previous kernel; a does, and its boxes are asked for only after the
 * wait, by the same producer thread: the consumers read nothing a stage holds before
 * both boxes landed, and they store x only after that, so no write of x precedes the
 * previous grid's completion). griddepcontrol.launch_dependents runs first of all (a
 * trigger after each CTA's K loop kept less of the step's gain in every cell measured,
 * perf/RESULTS.md run 82 call 5): the kernel has no grid-wide barrier, so a dependent
 * grid placed beside it cannot keep any of its CTAs from running, and a dependent reads
 * x only after its own griddepcontrol.wait, which waits for this whole grid and its
 * memory (PTX ISA).
 */
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>

#include <type_traits>

#include "ops/oproj.h"
#include "ops/ptx/mbarrier.cuh"
#include "ops/ptx/memory.cuh"
#include "ops/ptx/tensor_map.cuh"
#include "ops/ptx/tma.cuh"
#include "ops/ptx/wgmma.cuh"

namespace {

using namespace shx::ptx;
using shx::tensor_map::EncodeTiled;

constexpr int kRows = 64;                       /* W_o rows a CTA: one wgmma M */
constexpr int kBlockK = 64;                     /* K a stage: one 128-byte row of BF16 */
constexpr int kConsumers = 128;                 /* one warpgroup */
constexpr int kThreads = kConsumers + 32;       /* and the producer warp */
constexpr int kWeightBytes = kRows * kBlockK * 2; /* 8 KB */
constexpr int kRingBudget = 100 * 1024;

template <int N>
struct Geometry {
  static constexpr int kABytes = N * kBlockK * 2; /* N * 128: 1024-byte multiples */
  static constexpr int kStageBytes = kWeightBytes + kABytes;
  static constexpr int kStages = kRingBudget / kStageBytes;
  /* The stages, 1024-byte aligned for the 128-byte swizzle (1 KB of slack for aligning
   * the dynamic shared memory's start), then the full and empty barriers. */
  static constexpr int kSmemBytes = 1024 + kStages * kStageBytes + 2 * kStages * 8;
  static_assert(kStageBytes % 1024 == 0, "stages must keep the swizzle's alignment");
  static_assert(kStages >= 2, "a ring of one stage would serialize the loads and MMAs");
  static_assert(kSmemBytes <= 227 * 1024, "over the H200's shared memory per block");
};

template <int N>
__global__ void __launch_bounds__(kThreads, 1)
    oproj_kernel(const __grid_constant__ CUtensorMap weight_map,
                 const __grid_constant__ CUtensorMap a_map, uint16_t *__restrict__ x,
                 int hidden, int attention, int batch) {
  using G = Geometry<N>;
  extern __shared__ uint8_t smem[];
  const uint32_t ring = (smem_address(smem) + 1023u) & ~1023u;
  const uint32_t full = ring + G::kStages * G::kStageBytes; /* full(s) = full + 8 s */
  const uint32_t empty = full + G::kStages * 8;
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int blocks = attention / kBlockK, row0 = blockIdx.x * kRows;
  if (threadIdx.x == 0) {
    griddep_launch_dependents();
    for (int s = 0; s < G::kStages; ++s) {
      mbarrier_init(full + 8 * s, 1);                  /* the producer's expect_tx */
      mbarrier_init(empty + 8 * s, kConsumers / 32);   /* one arrival a consumer warp */
    }
    fence_mbarrier_init();
  }
  __syncthreads();

  if (warp == kConsumers / 32) { /* the producer warp: lane 0 issues every copy */
    if (lane != 0) return;
    prefetch_tensormap(&weight_map);
    prefetch_tensormap(&a_map);
    const uint64_t policy = l2_policy_evict_first();
    const int first = blocks < G::kStages ? blocks : G::kStages;
    /* Each fill's expected bytes (kStageBytes) count its `a` box too, which is copied
     * only after griddep_wait: so no fill completes, and no consumer (which never waits
     * for the grid dependency itself) stores to x, before the previous kernel is done.
     * Arming the weights and `a` on barriers of their own would lose that ordering. */
    for (int b = 0; b < first; ++b) { /* the first ring's weights: before the wait */
      mbarrier_arrive_expect_tx(full + 8 * b, G::kStageBytes);
      tma_load_2d_hinted(ring + b * G::kStageBytes, &weight_map, full + 8 * b, b * kBlockK,
                         row0, policy);
    }
    griddep_wait(); /* a is the previous kernel's output */
    for (int b = 0; b < first; ++b)
      tma_load_2d(ring + b * G::kStageBytes + kWeightBytes, &a_map, full + 8 * b,
                  b * kBlockK, 0);
    for (int b = first; b < blocks; ++b) {
      const int s = b % G::kStages;
      /* The consumers freed this stage's previous fill: its empty phase b / kStages - 1. */
      while (!mbarrier_try_wait(empty + 8 * s, (b / G::kStages - 1) & 1)) {
      }
      const uint32_t stage = ring + s * G::kStageBytes;
      mbarrier_arrive_expect_tx(full + 8 * s, G::kStageBytes);
      tma_load_2d_hinted(stage, &weight_map, full + 8 * s, b * kBlockK, row0, policy);
      tma_load_2d(stage + kWeightBytes, &a_map, full + 8 * s, b * kBlockK, 0);
    }
    return;
  }

  float acc[N / 2];
#pragma unroll
  for (int i = 0; i < N / 2; ++i) acc[i] = 0.0f;
  for (int b = 0; b < blocks; ++b) {
    const int s = b % G::kStages;
    while (!mbarrier_try_wait(full + 8 * s, (b / G::kStages) & 1)) {
    }
    const uint32_t stage = ring + s * G::kStageBytes;
    wgmma_fence();
#pragma unroll
    for (int k = 0; k < kBlockK / 16; ++k) /* a k16 step: 32 bytes along the row */
      wgmma_bf16<N>(acc, make_smem_desc_sw128(stage + 32 * k),
                    make_smem_desc_sw128(stage + kWeightBytes + 32 * k));
    wgmma_commit();
    wgmma_wait<0>();
    if (lane == 0) mbarrier_arrive(empty + 8 * s);
  }
#pragma unroll
  for (int i = 0; i < N / 2; ++i) fence_operand(acc[i]);
  /* acc[4 j + e]: W_o row 16 warp + lane / 4 + 8 (e / 2), token 8 j + 2 (lane % 4) + e % 2
   * (ptx/wgmma.cuh). */
#pragma unroll
  for (int j = 0; j < N / 8; ++j) {
#pragma unroll
    for (int e = 0; e < 4; ++e) {
      const int token = 8 * j + 2 * (lane % 4) + (e % 2);
      if (token >= batch) continue;
      const int row = row0 + 16 * warp + lane / 4 + 8 * (e / 2);
      const __nv_bfloat16 rounded = __float2bfloat16_rn(acc[4 * j + e]);
      x[(size_t)token * hidden + row] = *reinterpret_cast<const uint16_t *>(&rounded);
    }
  }
}

/* Calls f(std::integral_constant<int, N>) for the padded batch n (8, 16, ..., 64). */
template <typename F>
cudaError_t with_n(int n, F &&f) {
  switch (n) {
    case 8: return f(std::integral_constant<int, 8>());
    case 16: return f(std::integral_constant<int, 16>());
    case 24: return f(std::integral_constant<int, 24>());
    case 32: return f(std::integral_constant<int, 32>());
    case 40: return f(std::integral_constant<int, 40>());
    case 48: return f(std::integral_constant<int, 48>());
    case 56: return f(std::integral_constant<int, 56>());
    case 64: return f(std::integral_constant<int, 64>());
    default: return cudaErrorInvalidValue;
  }
}

bool aligned16(const void *pointer) {
  return (reinterpret_cast<uintptr_t>(pointer) & 15) == 0;
}

}  // namespace

extern "C" shx_status shx_oproj_prepare(char *message) {
  for (int n = 8; n <= SHX_MAX_OPROJ_BATCH; n += 8) {
    const cudaError_t error = with_n(n, [](auto kN) {
      constexpr int N = decltype(kN)::value;
      return cudaFuncSetAttribute(oproj_kernel<N>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  Geometry<N>::kSmemBytes);
    });
    if (error != cudaSuccess) {
      (void)cudaGetLastError();
      snprintf(message, SHX_MESSAGE_BYTES, "o-proj: cudaFuncSetAttribute failed: %s",
               cudaGetErrorString(error));
      return SHX_CUDA_ERROR;
    }
  }
  return SHX_SUCCESS;
}

extern "C" shx_status shx_oproj_launch(const shx_oproj_args *args, void *stream, int pdl,
                                       char *message) {
  if (args == nullptr) {
    snprintf(message, SHX_MESSAGE_BYTES, "o-proj: args is NULL");
    return SHX_INVALID_ARGUMENT;
  }
  if (args->hidden < kRows || args->hidden % kRows != 0 ||
      args->hidden > SHX_OPROJ_MAX_HIDDEN) {
    snprintf(message, SHX_MESSAGE_BYTES, "o-proj: hidden %d is not a multiple of 64 in "
             "[64, %d]", args->hidden, SHX_OPROJ_MAX_HIDDEN);
    return SHX_INVALID_ARGUMENT;
  }
  if (args->attention < kBlockK || args->attention % kBlockK != 0 ||
      args->attention > SHX_MAX_OPROJ_ATTENTION) {
    snprintf(message, SHX_MESSAGE_BYTES, "o-proj: attention %d is not a multiple of 64 in "
             "[64, %d]", args->attention, SHX_MAX_OPROJ_ATTENTION);
    return SHX_INVALID_ARGUMENT;
  }
  if (args->batch < 1 || args->batch > SHX_MAX_OPROJ_BATCH) {
    snprintf(message, SHX_MESSAGE_BYTES, "o-proj: batch %d is not in [1, %d]", args->batch,
             SHX_MAX_OPROJ_BATCH);
    return SHX_INVALID_ARGUMENT;
  }
  const void *pointers[3] = {args->weights, args->a, args->x};
  const char *names[3] = {"weights", "a", "x"};
  for (int i = 0; i < 3; ++i) {
    if (pointers[i] == nullptr || !aligned16(pointers[i])) {
      snprintf(message, SHX_MESSAGE_BYTES, "o-proj: %s %p is NULL or not 16-byte aligned",
               names[i], pointers[i]);
      return SHX_INVALID_ARGUMENT;
    }
  }
  if (pdl != 0 && pdl != 1) {
    snprintf(message, SHX_MESSAGE_BYTES, "o-proj: pdl %d is not 0 or 1", pdl);
    return SHX_INVALID_ARGUMENT;
  }
  const EncodeTiled encode = shx::tensor_map::encode_tiled();
  if (encode == nullptr) {
    (void)cudaGetLastError();
    snprintf(message, SHX_MESSAGE_BYTES, "o-proj: cuTensorMapEncodeTiled is not available");
    return SHX_CUDA_ERROR;
  }
  CUtensorMap weight_map, a_map;
  const struct {
    const char *name;
    CUtensorMap *map;
    const void *base;
    uint64_t rows;
    uint32_t box_rows;
  } maps[2] = {{"w_o", &weight_map, args->weights, (uint64_t)args->hidden, kRows},
               {"a", &a_map, args->a, (uint64_t)args->batch,
                (uint32_t)((args->batch + 7) / 8 * 8)}};
  for (const auto &m : maps) {
    const CUresult result = shx::tensor_map::encode_bf16_sw128(
        encode, m.map, m.base, (uint64_t)args->attention, m.rows, m.box_rows);
    if (result != CUDA_SUCCESS) {
      (void)cudaGetLastError();
      snprintf(message, SHX_MESSAGE_BYTES, "o-proj: tensor map of %s failed (CUresult %d)",
               m.name, static_cast<int>(result));
      return SHX_CUDA_ERROR;
    }
  }
  (void)cudaGetLastError(); /* a caller's stale error is not this launch's failure */
  const cudaError_t error = with_n((args->batch + 7) / 8 * 8, [&](auto kN) {
    constexpr int N = decltype(kN)::value;
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(args->hidden / kRows, 1, 1);
    config.blockDim = dim3(kThreads, 1, 1);
    config.dynamicSmemBytes = Geometry<N>::kSmemBytes;
    config.stream = static_cast<cudaStream_t>(stream);
    cudaLaunchAttribute attribute;
    attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attribute.val.programmaticStreamSerializationAllowed = 1;
    config.attrs = &attribute;
    config.numAttrs = pdl ? 1 : 0;
    return cudaLaunchKernelEx(&config, oproj_kernel<N>, weight_map, a_map,
                              static_cast<uint16_t *>(args->x), args->hidden, args->attention,
                              args->batch);
  });
  if (error != cudaSuccess) {
    (void)cudaGetLastError();
    snprintf(message, SHX_MESSAGE_BYTES, "o-proj: cudaLaunchKernelEx failed: %s "
             "(shx_oproj_prepare called?)", cudaGetErrorString(error));
    return SHX_CUDA_ERROR;
  }
  return SHX_SUCCESS;
}
