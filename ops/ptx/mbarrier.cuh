/* ptx/mbarrier.cuh: named wrappers for the shared-memory mbarrier instructions (sm_90).
 *
 * Every barrier is addressed by its 32-bit shared::cta address (see smem_address() in
 * ptx/memory.cuh). A phase completes when its pending arrival count reaches zero and,
 * for TMA barriers, its transaction count (bytes) does too; waiters name the phase by
 * its parity (0, 1, 0, ...).
 *
 * NOTES: a freshly initialized barrier is in phase 0. try_wait.parity with parity 1 on it
 * returns true at once (the "previous" phase counts as complete): a producer that waits
 * for a free slot with parity (phase ^ 1) therefore passes the first round of a ring
 * without a special case.
 */
#ifndef SHX_OPS_PTX_MBARRIER_CUH_
#define SHX_OPS_PTX_MBARRIER_CUH_

#include <stdint.h>

namespace shx {
namespace ptx {

/* Sets the barrier's expected arrival count for every phase. One thread, before any use. */
__device__ __forceinline__ void mbarrier_init(uint32_t barrier, uint32_t arrivals) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(barrier), "r"(arrivals)
               : "memory");
}

/* Makes the initializations above visible to other threads of the cluster and to the
 * async proxy (TMA complete_tx) before they touch the barriers. Pair it with a cluster
 * barrier so that remote CTAs do not arrive before the init. */
__device__ __forceinline__ void fence_mbarrier_init() {
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}

/* One arrival (release at CTA scope: the caller's earlier shared-memory reads and writes,
 * wgmma reads included once waited for, happen before the phase completes). */
__device__ __forceinline__ void mbarrier_arrive(uint32_t barrier) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(barrier) : "memory");
}

/* One arrival that also raises the phase's transaction count by `bytes`: the phase then
 * completes only when TMA has delivered that many bytes (complete_tx). */
__device__ __forceinline__ void mbarrier_arrive_expect_tx(uint32_t barrier, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(barrier),
               "r"(bytes)
               : "memory");
}

/* The phase-completion tests, one named wrapper per instruction form: each returns
 * whether the phase of the given parity has completed, with acquire semantics when it
 * has. SHX_MBARRIER_WAIT(name, instruction) spells one. */
#define SHX_MBARRIER_WAIT(NAME, INSTRUCTION)                                   \
  __device__ __forceinline__ bool NAME(uint32_t barrier, uint32_t parity) {    \
    uint32_t done;                                                             \
    asm volatile(                                                              \
        "{\n"                                                                  \
        ".reg .pred complete;\n" INSTRUCTION                                   \
        " complete, [%1], %2;\n"                                               \
        "selp.u32 %0, 1, 0, complete;\n"                                       \
        "}\n"                                                                  \
        : "=r"(done)                                                           \
        : "r"(barrier), "r"(parity)                                            \
        : "memory");                                                           \
    return done != 0;                                                          \
  }

/* Acquire at CTA scope. The hardware may suspend the thread for a while inside one try
 * when the phase has not completed; callers loop. */
SHX_MBARRIER_WAIT(mbarrier_try_wait, "mbarrier.try_wait.parity.shared::cta.b64")

/* The same test without blocking (try_wait may suspend the thread: a look-ahead test
 * must not). Acquire at CTA scope when it returns true. */
SHX_MBARRIER_WAIT(mbarrier_test_wait, "mbarrier.test_wait.parity.shared::cta.b64")

/* try_wait with acquire at cluster scope: for a phase completed by other CTAs' writes
 * (st.async complete_tx), whose data the caller reads after the wait. */
SHX_MBARRIER_WAIT(mbarrier_try_wait_cluster,
                  "mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64")

#undef SHX_MBARRIER_WAIT

}  // namespace ptx
}  // namespace shx

#endif  // SHX_OPS_PTX_MBARRIER_CUH_
