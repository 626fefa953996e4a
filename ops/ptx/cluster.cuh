/* ptx/cluster.cuh: named wrappers for thread-block clusters and distributed shared
 * memory (DSMEM, sm_90).
 */
#ifndef SHX_OPS_PTX_CLUSTER_CUH_
#define SHX_OPS_PTX_CLUSTER_CUH_

#include <stdint.h>

namespace shx {
namespace ptx {

/* This CTA's rank inside its cluster. */
__device__ __forceinline__ uint32_t cluster_ctarank() {
  uint32_t rank;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
  return rank;
}

/* Cluster-wide barrier, split in two: every non-exited thread of every CTA of the
 * cluster arrives (release: its earlier memory operations, shared::cluster included,
 * are ordered before) and then waits (acquire). The non-.aligned forms, so that a
 * diverged warp may call them. The release compiles to MEMBAR.ALL.GPU (a GPU-scope
 * memory barrier; perf/RESULTS.md run 26): the fused kernel uses it only in its
 * prologue, before the dependency wait. */
__device__ __forceinline__ void cluster_arrive_release() {
  asm volatile("barrier.cluster.arrive.release;" ::: "memory");
}
__device__ __forceinline__ void cluster_wait_acquire() {
  asm volatile("barrier.cluster.wait.acquire;" ::: "memory");
}
__device__ __forceinline__ void cluster_sync() {
  cluster_arrive_release();
  cluster_wait_acquire();
}

/* The shared::cluster address of the same byte as CTA-local `address` in the shared
 * memory of cluster CTA `rank` (rank may be this CTA's own). */
__device__ __forceinline__ uint32_t mapa_shared(uint32_t address, uint32_t rank) {
  uint32_t remote;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(address), "r"(rank));
  return remote;
}

/* Two FP32 values (8 bytes, 8-byte aligned) into another CTA's shared memory, as an
 * asynchronous store that performs complete_tx(8 bytes) on `remote_barrier` (an mbarrier
 * in the same CTA as `remote`, both shared::cluster addresses from mapa) once the bytes
 * are written. The receiver observes them by waiting for that barrier's phase: no
 * barrier.cluster phase (whose release is a GPU-scope memory barrier) is needed. */
__device__ __forceinline__ void st_async_cluster_v2_f32(uint32_t remote, float first,
                                                        float second, uint32_t remote_barrier) {
  asm volatile(
      "st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.f32 [%0], {%1, %2}, [%3];" ::
          "r"(remote),
      "f"(first), "f"(second), "r"(remote_barrier)
      : "memory");
}

/* Four FP32 values (16 bytes, 16-byte aligned), otherwise as st_async_cluster_v2_f32:
 * complete_tx(16 bytes) on `remote_barrier` once they are written. */
__device__ __forceinline__ void st_async_cluster_v4_f32(uint32_t remote, float a, float b,
                                                        float c, float d,
                                                        uint32_t remote_barrier) {
  asm volatile(
      "st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.f32 [%0], {%1, %2, %3, %4}, "
      "[%5];" ::"r"(remote),
      "f"(a), "f"(b), "f"(c), "f"(d), "r"(remote_barrier)
      : "memory");
}

}  // namespace ptx
}  // namespace shx

#endif  // SHX_OPS_PTX_CLUSTER_CUH_
