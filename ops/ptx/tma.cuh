/* ptx/tma.cuh: named wrappers for the Tensor Memory Accelerator (sm_90).
 *
 * Tensor maps are built on the host (cuTensorMapEncodeTiled) and passed as
 * `const __grid_constant__ CUtensorMap` kernel parameters; the device uses the generic
 * address of the parameter.
 */
#ifndef SHX_OPS_PTX_TMA_CUH_
#define SHX_OPS_PTX_TMA_CUH_

#include <cuda.h>
#include <stdint.h>

namespace shx {
namespace ptx {

/* Pulls the descriptor into the TMA unit's cache so the first copy does not pay for it.
 * It reads only the kernel parameter: safe before griddepcontrol.wait. */
__device__ __forceinline__ void prefetch_tensormap(const CUtensorMap *map) {
  asm volatile("prefetch.tensormap [%0];" ::"l"(reinterpret_cast<uint64_t>(map)) : "memory");
}

/* Asks the TMA unit to bring the 2D box at element coordinates (column, row) of `map`
 * into L2: no shared-memory destination, no barrier, nothing to wait for (a hint). */
__device__ __forceinline__ void tma_prefetch_l2_2d(const CUtensorMap *map, int32_t column,
                                                   int32_t row) {
  asm volatile("cp.async.bulk.prefetch.tensor.2d.L2.global.tile [%0, {%1, %2}];"
               ::"l"(reinterpret_cast<uint64_t>(map)), "r"(column), "r"(row)
               : "memory");
}

/* Asks the TMA unit to bring `bytes` (a multiple of 16) of global memory at `source` (16-
 * byte aligned) into L2: the plain bulk form of tma_prefetch_l2_2d (perf/release_probe). */
__device__ __forceinline__ void bulk_prefetch_l2(const void *source, uint32_t bytes) {
  asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;"
               ::"l"(reinterpret_cast<uint64_t>(source)), "r"(bytes)
               : "memory");
}

/* Copies the 2D box at element coordinates (column, row) of `map` into shared memory at
 * `destination` and signals `barrier` with complete_tx of the box's bytes. Elements out
 * of the tensor's bounds are written as zeros and still counted in the bytes.
 *
 * NOTES: with 128-byte swizzle the destination must be 1024-byte aligned for the
 * swizzle pattern (a function of the address bits) to match what wgmma expects. The
 * .shared::cluster destination with a CTA-local address means "this CTA". */
__device__ __forceinline__ void tma_load_2d(uint32_t destination, const CUtensorMap *map,
                                            uint32_t barrier, int32_t column, int32_t row) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%3, %4}], [%2];" ::"r"(destination),
      "l"(reinterpret_cast<uint64_t>(map)), "r"(barrier), "r"(column), "r"(row)
      : "memory");
}

/* An L2 cache policy that marks the lines a load brings in as the first to evict, for
 * data read once (a step's weights), so that they do not push out what is read again
 * soon. (An evict_normal policy, which one might take for "no hint", measured slower
 * than no hint at all: perf/RESULTS.md run 32 call 4.) */
__device__ __forceinline__ uint64_t l2_policy_evict_first() {
  uint64_t policy;
  asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
  return policy;
}

/* tma_load_2d with an L2 cache policy (l2_policy_evict_first). */
__device__ __forceinline__ void tma_load_2d_hinted(uint32_t destination, const CUtensorMap *map,
                                                   uint32_t barrier, int32_t column,
                                                   int32_t row, uint64_t policy) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
      ".L2::cache_hint [%0], [%1, {%3, %4}], [%2], %5;" ::"r"(destination),
      "l"(reinterpret_cast<uint64_t>(map)), "r"(barrier), "r"(column), "r"(row),
      "l"(policy)
      : "memory");
}

/* Copies `bytes` (a multiple of 16, 16-byte aligned both sides) of global memory into
 * shared memory at `destination` and signals `barrier` with complete_tx of `bytes`: the
 * plain bulk copy, no tensor map (the weight-streaming floor uses it). */
__device__ __forceinline__ void bulk_load(uint32_t destination, const void *source,
                                          uint32_t bytes, uint32_t barrier) {
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
      ::"r"(destination), "l"(reinterpret_cast<uint64_t>(source)), "r"(bytes), "r"(barrier)
      : "memory");
}

}  // namespace ptx
}  // namespace shx

#endif  // SHX_OPS_PTX_TMA_CUH_
