/* activation.cuh: the gated activation of the shared expert, one definition for every
 * kernel that produces h (the fused kernel's owners, the split variant's gate kernel),
 * so that their h is bit-identical.
 *
 *   h = BF16( act( BF16(g), BF16(u) ) )       g, u: FP32 sums over the whole K
 *   SiTU:   act = silu(beta tanh(g / beta)) * (lambda tanh(u / lambda))
 *   SwiGLU: act = silu(g) * u,                silu(z) = z / (1 + exp(-z))
 *
 * FP32 with the accurate library functions (expf, tanhf; no fast-math intrinsics) and
 * explicitly rounded operations, so that no caller's compilation context can contract
 * or reorder them differently.
 */
#ifndef SHX_OPS_ACTIVATION_CUH_
#define SHX_OPS_ACTIVATION_CUH_

#include <cuda_bf16.h>

#include "shared_expert.h"

namespace shx {

__device__ __forceinline__ float silu(float z) {
  return __fdiv_rn(z, __fadd_rn(1.0f, expf(-z)));
}

/* act(g, u) in FP32; g and u are already BF16-rounded values. */
__device__ __forceinline__ float gated_activation(shx_activation activation, float g, float u,
                                                  float beta, float lambda) {
  if (activation == SHX_ACT_SITU) {
    const float gate = __fmul_rn(beta, tanhf(__fdiv_rn(g, beta)));
    const float linear = __fmul_rn(lambda, tanhf(__fdiv_rn(u, lambda)));
    return __fmul_rn(silu(gate), linear);
  }
  return __fmul_rn(silu(g), u);
}

__device__ __forceinline__ float round_to_bf16(float value) {
  return __bfloat162float(__float2bfloat16_rn(value));
}

/* One element of h from the FP32 gate and up sums: the rounding points of the spec. */
__device__ __forceinline__ __nv_bfloat16 gated_h(shx_activation activation, float gate_sum,
                                                 float up_sum, float beta, float lambda) {
  const float g = round_to_bf16(gate_sum);
  const float u = round_to_bf16(up_sum);
  return __float2bfloat16_rn(gated_activation(activation, g, u, beta, lambda));
}

}  // namespace shx

#endif  // SHX_OPS_ACTIVATION_CUH_
