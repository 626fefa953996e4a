/* ptx/memory.cuh: named wrappers for global-memory ordering, proxy fences, programmatic
 * dependent launch, named barriers and the global timer (sm_90).
 */
#ifndef SHX_OPS_PTX_MEMORY_CUH_
#define SHX_OPS_PTX_MEMORY_CUH_

#include <stdint.h>

namespace shx {
namespace ptx {

/* A compiler-only pin (no instruction) of a pointer and two ints: the values are in
 * registers at this point, so the reads that produced them (the parameter bank, memory)
 * cannot be sunk past the next statement (e.g. griddepcontrol.wait). One asm statement
 * for the three, as the measured kernel has it (three give other PTX). No "memory"
 * clobber: it orders no access. */
template <class T>
__device__ __forceinline__ void pin_in_registers(const T *&pointer, int &first, int &second) {
  asm volatile("" : "+l"(pointer), "+r"(first), "+r"(second));
}

/* The 32-bit shared::cta address of a generic pointer into shared memory. */
__device__ __forceinline__ uint32_t smem_address(const void *pointer) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(pointer));
}

/* Orders this thread's generic-proxy accesses to global memory with later async-proxy
 * (TMA) accesses, both ways.
 *
 * NOTES: a generic store followed by a TMA load of the same bytes (h: written by the
 * owner CTAs, read by every CTA's TMA after the grid barrier) needs this fence on the
 * writer's side before the release and on the reader's side after the acquire; the
 * release/acquire pair alone orders only the generic proxy. */
__device__ __forceinline__ void fence_proxy_async_global() {
  asm volatile("fence.proxy.async.global;" ::: "memory");
}

/* The same for this CTA's shared memory: generic-proxy writes there (e.g. operands
 * zeroed by threads) ordered before later async-proxy reads (wgmma, TMA). */
__device__ __forceinline__ void fence_proxy_async_shared_cta() {
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}

/* Two FP32 values (8 bytes, 8-byte aligned) into this CTA's shared memory. */
__device__ __forceinline__ void st_shared_v2_f32(uint32_t address, float first, float second) {
  asm volatile("st.shared.v2.f32 [%0], {%1, %2};" ::"r"(address), "f"(first), "f"(second)
               : "memory");
}

/* Four FP32 values (16 bytes, 16-byte aligned) into this CTA's shared memory. */
__device__ __forceinline__ void st_shared_v4_f32(uint32_t address, float a, float b, float c,
                                                 float d) {
  asm volatile("st.shared.v4.f32 [%0], {%1, %2, %3, %4};" ::"r"(address), "f"(a), "f"(b),
               "f"(c), "f"(d)
               : "memory");
}

/* Four 32-bit words (16 bytes, 16-byte aligned) into this CTA's shared memory. */
__device__ __forceinline__ void st_shared_v4_b32(uint32_t address, uint4 value) {
  asm volatile("st.shared.v4.b32 [%0], {%1, %2, %3, %4};" ::"r"(address), "r"(value.x),
               "r"(value.y), "r"(value.z), "r"(value.w)
               : "memory");
}

/* Four 8x8 matrices of 16-bit elements from this CTA's shared memory (ldmatrix .x4): lanes
 * 8i..8i+7 give the 16-byte row addresses of matrix i, and word i of every lane receives
 * matrix i's elements (row lane / 4, columns 2 (lane % 4), + 1): for the row and column
 * halves of a 16x16 tile, the A fragment of mma.m16n8k16 and of wgmma's A in registers
 * (OUT AT THE WAIT). The "memory" clobber keeps it before the arrival that frees the bytes. */
__device__ __forceinline__ void ldmatrix_x4(uint32_t (&words)[4], uint32_t address) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(words[0]), "=r"(words[1]), "=r"(words[2]), "=r"(words[3])
               : "r"(address)
               : "memory");
}

/* Load with acquire semantics at GPU scope: later reads see what the releasing writers
 * published. */
__device__ __forceinline__ uint32_t ld_acquire_gpu(const uint32_t *address) {
  uint32_t value;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(value) : "l"(address) : "memory");
  return value;
}

/* Atomic add without a result, with release semantics at GPU scope. */
__device__ __forceinline__ void red_release_gpu_add(uint32_t *address, uint32_t value) {
  asm volatile("red.release.gpu.global.add.u32 [%0], %1;" ::"l"(address), "r"(value)
               : "memory");
}

/* 16-byte relaxed store at system scope: the destination may be another GPU's memory
 * (P2P) or a buffer another process maps. Each BF16 element is its own arrival flag in
 * the mailbox protocol, so no ordering beyond "eventually visible" is needed. */
__device__ __forceinline__ void st_relaxed_sys_v4(void *address, uint4 value) {
  asm volatile("st.relaxed.sys.global.v4.b32 [%0], {%1, %2, %3, %4};" ::"l"(address),
               "r"(value.x), "r"(value.y), "r"(value.z), "r"(value.w)
               : "memory");
}

/* Programmatic dependent launch: wait until the preceding grid has completed and its
 * memory is visible. Everything that reads upstream data (or writes what upstream may
 * still read) comes after it. */
__device__ __forceinline__ void griddep_wait() {
  asm volatile("griddepcontrol.wait;" ::: "memory");
}

/* Programmatic dependent launch: the dependent grid may be scheduled once every CTA of
 * this grid has executed this (one thread per CTA suffices) or exited. */
__device__ __forceinline__ void griddep_launch_dependents() {
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
}

/* Barrier over `threads` threads (a multiple of 32) of this CTA on hardware barrier `id`
 * (0 is __syncthreads'). */
__device__ __forceinline__ void named_barrier_sync(uint32_t id, uint32_t threads) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(threads) : "memory");
}

/* Nanoseconds of the global timer (the watchdog's clock). */
__device__ __forceinline__ uint64_t globaltimer() {
  uint64_t time;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(time));
  return time;
}

/* The index of the SM this thread runs on (for debug traces only: it may change
 * between two reads under preemption, which these kernels do not see). */
__device__ __forceinline__ uint32_t smid() {
  uint32_t id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
}

}  // namespace ptx
}  // namespace shx

#endif  // SHX_OPS_PTX_MEMORY_CUH_
