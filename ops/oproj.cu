/* oproj.cu: the project's own attention o-proj, a GEMM that lets its programmatic
 * dependents launch at its start. cuBLASLt's kernels never execute
 * griddepcontrol.launch_dependents, so a shared-expert step launched with programmatic
 * dependent launch after a cuBLASLt o-proj starts only when the GEMM ends (SPEC "Speed
 * targets" and its measured facts); after this kernel it starts at once, and its
 * prologue and first ring of weights overlap the o-proj.
 *
 *   x [B, H] = a [B, A] W_o [H, A]^T    BF16 in and out, FP32 accumulation, one rounding
 *                                       to BF16 (nearest even) per element
 *
 * Geometry: one CTA per 64 rows of W_o (H / 64 CTAs: 112 at H = 7168), 256 threads. Warp
 * w takes 16 rows, 16 (w % 4) .. +16 of the CTA's, over half w / 4 of A. It multiplies
 * them with every token by mma.sync m16n8k16 (BF16 in, FP32 accumulators), one n8 tile
 * per 8 tokens; the rows of a past the batch, up to the tile, are read (the caller's a
 * holds them) and their products never stored. The
 * operands go straight from global memory to registers: per 32-K step a lane loads 16
 * bytes of W_o row g and of row g + 8 (g = lane / 4) and, per tile, 16 bytes of token
 * 8 t + g's row of a, all at K offset 8 (lane % 4). The two k16 MMAs of a step take those
 * eight K values in a fixed permuted order that is the same for both operands (lane c's
 * values j = 0..7 sit at K 32 s + 8 c + j; MMA m reads j = 4 m .. 4 m + 3 as its k
 * indices 2c, 2c + 1, 2c + 8, 2c + 9), so every product of the step is summed exactly
 * once, in an order fixed by the code: the result is deterministic.
 * Weight loads run kStepsAhead steps ahead of the MMAs, in registers (2 x 2 x 16 bytes a
 * lane), each asking L2 for the whole 256-byte segment around it (L2::256B), and two
 * lanes of four ask L2 for their rows kPrefetchSteps steps ahead (prefetch, no register):
 * about 14 MB in flight from HBM over the grid at H = 7168. They bypass L1 (no_allocate),
 * so that L1 keeps a, which the four row warps of a half share; a step loads every tile's
 * a before its MMAs, so that those loads are in flight together. At most 128 registers a
 * thread (two CTAs' worth an SM), so that a fused CTA (160 threads, at most 184
 * registers) fits beside this kernel's CTA on its SM: a deeper register look-ahead or a
 * batch over 48 (6 tiles) spills at that bound.
 * The halves meet in shared memory: the second half's warps store their accumulators,
 * the first half's add them (first + second, always) and store x.
 *
 * PDL: the first kStepsAhead weight steps are loaded before griddepcontrol.wait (W_o does
 * not come from the previous kernel; a does, and is read only after the wait), and
 * griddepcontrol.launch_dependents runs first of all (or, with trigger_late, once the
 * CTA's K loop is done, so that a dependent's first loads do not compete with this
 * kernel's weight stream): the kernel has no grid-wide
 * barrier, so a dependent grid placed beside it cannot keep any of its CTAs from
 * running, and a dependent reads x only after its own griddepcontrol.wait, which waits
 * for this whole grid and its memory (PTX ISA).
 */
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>

#include "ops/oproj.h"
#include "ops/ptx/memory.cuh"

namespace {

using shx::ptx::griddep_launch_dependents;
using shx::ptx::griddep_wait;

constexpr int kThreads = 256;
constexpr int kRowsPerCta = 64;
constexpr int kStepK = 32;      /* K of one step: two k16 MMAs */
constexpr int kStepsAhead = 2;  /* weight steps in registers ahead of the MMAs */
constexpr int kPrefetchSteps = 16; /* weight steps asked into L2 ahead of the MMAs */

/* 16 bytes of a weight row, read once: through L2 only, not kept in L1. W_o never changes
 * while a kernel runs, so the load needs no ordering (not volatile, no clobber). */
__device__ __forceinline__ uint4 ld_weights_v4(const void *address) {
  uint4 v;
  asm("ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
               : "l"(address));
  return v;
}

/* Asks L2 for the line holding `address` (no register, no wait). */
__device__ __forceinline__ void prefetch_l2(const void *address) {
  asm volatile("prefetch.global.L2 [%0];" ::"l"(address));
}

/* 16 bytes of a, written by the previous kernel: an ordinary (weak, coherent-path) load,
 * issued only after griddepcontrol.wait. */
__device__ __forceinline__ uint4 ld_global_v4(const void *address) {
  uint4 v;
  asm volatile("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
               : "l"(address)
               : "memory");
  return v;
}

/* d += A B: m16n8k16, A row-major BF16 (a0..a3), B column-major BF16 (b0, b1), FP32. */
__device__ __forceinline__ void mma_bf16_m16n8k16(float (&d)[4], uint32_t a0, uint32_t a1,
                                                  uint32_t a2, uint32_t a3, uint32_t b0,
                                                  uint32_t b1) {
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, "
      "{%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
}

template <int kTiles> /* n8 tiles: the batch padded to 8 kTiles tokens */
__global__ void __launch_bounds__(kThreads, 2)
    oproj_kernel(const uint16_t *__restrict__ weights, const uint16_t *__restrict__ a,
                 uint16_t *__restrict__ x, int hidden, int attention, int batch,
                 int trigger_late) {
  __shared__ float second_half[4][32][kTiles * 4];
  if (!trigger_late) griddep_launch_dependents();
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int g = lane / 4, c = lane % 4, row_warp = warp % 4, half = warp / 4;
  const int row = blockIdx.x * kRowsPerCta + row_warp * 16 + g; /* and row + 8 */
  const int half_k = attention / 2, steps = half_k / kStepK;
  const int k_begin = half * half_k + 8 * c;
  const uint16_t *w_low = weights + (size_t)row * attention + k_begin;
  const uint16_t *w_high = w_low + (size_t)8 * attention;
  const uint16_t *a_lane = a + (size_t)g * attention + k_begin;

  uint4 ahead[kStepsAhead][2];
#pragma unroll
  for (int u = 0; u < kStepsAhead; ++u) { /* steps is a multiple of kStepsAhead */
    ahead[u][0] = ld_weights_v4(w_low + u * kStepK);
    ahead[u][1] = ld_weights_v4(w_high + u * kStepK);
  }
  griddep_wait(); /* a is the previous kernel's output */

  float acc[kTiles][4];
#pragma unroll
  for (int t = 0; t < kTiles; ++t) acc[t][0] = acc[t][1] = acc[t][2] = acc[t][3] = 0.0f;
  for (int s0 = 0; s0 < steps; s0 += kStepsAhead) {
#pragma unroll
    for (int u = 0; u < kStepsAhead; ++u) {
      const int step = s0 + u;
      const uint4 low = ahead[u][0], high = ahead[u][1];
      if (step + kStepsAhead < steps) {
        ahead[u][0] = ld_weights_v4(w_low + (step + kStepsAhead) * kStepK);
        ahead[u][1] = ld_weights_v4(w_high + (step + kStepsAhead) * kStepK);
      }
      /* Lane c = 0 asks for row g's stream, lane 1 for row g + 8's (w_high - 8 is that
       * row's step start for c = 1). */
      if (c < 2 && step + kPrefetchSteps < steps)
        prefetch_l2((c == 0 ? w_low : w_high - 8) + (step + kPrefetchSteps) * kStepK);
      /* Every tile's operand first, so that the loads are in flight together. Token
       * 8 t + g; the padding tokens' rows are read (a holds them) and their products land
       * in accumulators that are never stored. */
      uint4 b[kTiles];
#pragma unroll
      for (int t = 0; t < kTiles; ++t)
        b[t] = ld_global_v4(a_lane + (size_t)t * 8 * attention + step * kStepK);
#pragma unroll
      for (int t = 0; t < kTiles; ++t) {
        /* MMA 0: K values j = 0..3 of each row; MMA 1: j = 4..7 (see the header). */
        mma_bf16_m16n8k16(acc[t], low.x, high.x, low.y, high.y, b[t].x, b[t].y);
        mma_bf16_m16n8k16(acc[t], low.z, high.z, low.w, high.w, b[t].z, b[t].w);
      }
    }
  }

  if (trigger_late) griddep_launch_dependents();
  if (half == 1) {
#pragma unroll
    for (int t = 0; t < kTiles; ++t)
#pragma unroll
      for (int i = 0; i < 4; ++i) second_half[row_warp][lane][t * 4 + i] = acc[t][i];
  }
  __syncthreads();
  if (half == 1) return;
#pragma unroll
  for (int t = 0; t < kTiles; ++t) {
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      /* acc[t][i]: row (row + 8 for i >= 2), token 8 t + 2 c + (i % 2). */
      const int token = 8 * t + 2 * c + (i % 2);
      if (token >= batch) continue;
      const float sum = acc[t][i] + second_half[row_warp][lane][t * 4 + i];
      const __nv_bfloat16 rounded = __float2bfloat16_rn(sum);
      x[(size_t)token * hidden + row + (i >= 2 ? 8 : 0)] =
          *reinterpret_cast<const uint16_t *>(&rounded);
    }
  }
}

template <int kTiles>
cudaError_t launch(const shx_oproj_args *args, cudaStream_t stream, int pdl) {
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(args->hidden / kRowsPerCta, 1, 1);
  config.blockDim = dim3(kThreads, 1, 1);
  config.stream = stream;
  cudaLaunchAttribute attribute;
  attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute.val.programmaticStreamSerializationAllowed = 1;
  config.attrs = &attribute;
  config.numAttrs = pdl ? 1 : 0;
  return cudaLaunchKernelEx(&config, oproj_kernel<kTiles>,
                            static_cast<const uint16_t *>(args->weights),
                            static_cast<const uint16_t *>(args->a),
                            static_cast<uint16_t *>(args->x), args->hidden, args->attention,
                            args->batch, args->trigger_late);
}

using Launcher = cudaError_t (*)(const shx_oproj_args *, cudaStream_t, int);
constexpr Launcher kLaunchers[SHX_OPROJ_MAX_BATCH / 8] = {
    launch<1>, launch<2>, launch<3>, launch<4>, launch<5>, launch<6>};

bool aligned16(const void *pointer) {
  return (reinterpret_cast<uintptr_t>(pointer) & 15) == 0;
}

}  // namespace

extern "C" shx_status shx_oproj_launch(const shx_oproj_args *args, void *stream, int pdl,
                                       char *message) {
  if (args == nullptr) {
    snprintf(message, SHX_MESSAGE_BYTES, "o-proj: args is NULL");
    return SHX_INVALID_ARGUMENT;
  }
  if (args->hidden < kRowsPerCta || args->hidden % kRowsPerCta != 0 ||
      args->hidden > SHX_OPROJ_MAX_HIDDEN) {
    snprintf(message, SHX_MESSAGE_BYTES, "o-proj: hidden %d is not a multiple of 64 in "
             "[64, %d]", args->hidden, SHX_OPROJ_MAX_HIDDEN);
    return SHX_INVALID_ARGUMENT;
  }
  const int k_granule = 2 * kStepK * kStepsAhead; /* two halves of whole look-ahead rounds */
  if (args->attention < k_granule || args->attention % k_granule != 0 ||
      args->attention > SHX_OPROJ_MAX_ATTENTION) {
    snprintf(message, SHX_MESSAGE_BYTES, "o-proj: attention %d is not a multiple of %d in "
             "[%d, %d]", args->attention, k_granule, k_granule, SHX_OPROJ_MAX_ATTENTION);
    return SHX_INVALID_ARGUMENT;
  }
  if (args->batch < 1 || args->batch > SHX_OPROJ_MAX_BATCH) {
    snprintf(message, SHX_MESSAGE_BYTES, "o-proj: batch %d is not in [1, %d]", args->batch,
             SHX_OPROJ_MAX_BATCH);
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
  if (args->trigger_late != 0 && args->trigger_late != 1) {
    snprintf(message, SHX_MESSAGE_BYTES, "o-proj: trigger_late %d is not 0 or 1",
             args->trigger_late);
    return SHX_INVALID_ARGUMENT;
  }
  if (pdl != 0 && pdl != 1) {
    snprintf(message, SHX_MESSAGE_BYTES, "o-proj: pdl %d is not 0 or 1", pdl);
    return SHX_INVALID_ARGUMENT;
  }
  (void)cudaGetLastError(); /* a caller's stale error is not this launch's failure */
  const cudaError_t error = kLaunchers[(args->batch + 7) / 8 - 1](
      args, static_cast<cudaStream_t>(stream), pdl);
  if (error != cudaSuccess) {
    snprintf(message, SHX_MESSAGE_BYTES, "o-proj: cudaLaunchKernelEx failed: %s",
             cudaGetErrorString(error));
    return SHX_CUDA_ERROR;
  }
  return SHX_SUCCESS;
}
