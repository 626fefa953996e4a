/* activation.cuh: the gated activation of the shared expert, one definition for every
 * kernel that produces h (the fused kernel's owners, in both its modes, and the
 * baseline's activation kernel), so that h is computed the same way everywhere.
 *
 *   h = BF16( act( BF16(g), BF16(u) ) )       g, u: FP32 sums over the whole K
 *   SiTU:   act = silu(beta tanh(g / beta)) * (lambda tanh(u / lambda))
 *   SwiGLU: act = silu(g) * u,                silu(z) = z / (1 + exp(-z))
 *
 * FP32 with the hardware exponential (ex2.approx through __expf), the fast division
 * (__fdividef) and explicitly rounded multiplies and adds: accurate to about 2^-18
 * relative at worst (fast_tanh), far below BF16's 2^-9 rounding, and deterministic in
 * every kernel that includes it.
 */
#ifndef SHX_OPS_ACTIVATION_CUH_
#define SHX_OPS_ACTIVATION_CUH_

#include <cuda_bf16.h>

#include "shared_expert.h"

namespace shx {

/* tanh(x): x (1 - x^2 / 3 + 2 x^4 / 15) below |x| = 1/16 (truncation about 2^-28
 * relative there, so FP32 rounding dominates), else 1 - 2 / (e^(2|x|) + 1) with the
 * hardware exponential and the fast division (the quotient within about 2^-21
 * relative; the subtraction loses up to 4 bits just above |x| = 1/16, so about 2^-18
 * there, less as |x| grows). Far below BF16's 2^-9 rounding, and about a tenth of the
 * cost of the library tanhf, which dominated the owners' time. */
__device__ __forceinline__ float fast_tanh(float x) {
  const float magnitude = fabsf(x);
  /* Both forms, then a select: no divergent branch in a warp whose lanes straddle 1/16
   * (the result is the same as branching; the fused step 0.05-0.95 us shorter at the
   * SiTU dims, perf/RESULTS.md run 31 call 9). The series overflows for huge |x|, and
   * the exponential form loses bits for tiny ones; neither is selected there. */
  const float square = __fmul_rn(x, x);
  const float series = __fadd_rn(1.0f, __fmul_rn(square, __fadd_rn(-1.0f / 3.0f,
                                                 __fmul_rn(square, 2.0f / 15.0f))));
  const float small = __fmul_rn(x, series);
  const float e = __expf(__fmul_rn(2.0f, magnitude)); /* +inf for large |x|: tanh = 1 */
  const float large = copysignf(__fadd_rn(1.0f, -__fdividef(2.0f, __fadd_rn(e, 1.0f))), x);
  return magnitude < 0.0625f ? small : large;
}

/* silu(z) = z / (1 + e^-z). For z below about -87 the denominator is past 2^126 (or
 * +inf) and __fdividef gives zero, where the true value lies between -1e-36 and 0: far
 * below any tolerance. (SiTU's capped gate never gets there: |beta tanh| <= beta.) */
__device__ __forceinline__ float silu(float z) {
  return __fdividef(z, __fadd_rn(1.0f, __expf(-z)));
}

/* act(g, u) in FP32; g and u are already BF16-rounded values. Every operation is an
 * intrinsic (__fmul_rn, __fadd_rn, __expf, __fdividef), which no caller's compilation
 * context can contract or reorder: the fused and split kernels give identical h. The
 * activation is a template parameter for callers that choose it once, outside a loop (the
 * fused kernel's owners, whose items then have no branch on it); gated_activation chooses
 * per call. */
template <shx_activation kActivation>
__device__ __forceinline__ float gated_activation_of(float g, float u, float beta,
                                                     float lambda) {
  if constexpr (kActivation == SHX_ACT_SITU) {
    const float gate = __fmul_rn(beta, fast_tanh(__fdividef(g, beta)));
    const float linear = __fmul_rn(lambda, fast_tanh(__fdividef(u, lambda)));
    return __fmul_rn(silu(gate), linear);
  } else {
    return __fmul_rn(silu(g), u);
  }
}

__device__ __forceinline__ float gated_activation(shx_activation activation, float g, float u,
                                                  float beta, float lambda) {
  return activation == SHX_ACT_SITU ? gated_activation_of<SHX_ACT_SITU>(g, u, beta, lambda)
                                    : gated_activation_of<SHX_ACT_SWIGLU>(g, u, beta, lambda);
}

__device__ __forceinline__ float round_to_bf16(float value) {
  return __bfloat162float(__float2bfloat16_rn(value));
}

/* One element of h from the FP32 gate and up sums: the rounding points of the spec. */
template <shx_activation kActivation>
__device__ __forceinline__ __nv_bfloat16 gated_h_of(float gate_sum, float up_sum, float beta,
                                                    float lambda) {
  const float g = round_to_bf16(gate_sum);
  const float u = round_to_bf16(up_sum);
  return __float2bfloat16_rn(gated_activation_of<kActivation>(g, u, beta, lambda));
}

}  // namespace shx

#endif  // SHX_OPS_ACTIVATION_CUH_
