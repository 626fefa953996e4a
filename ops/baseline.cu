/* baseline.cu: the small kernels of the baseline variant and the tail consumer.
 *
 * The baseline step is cuBLASLt gate/up GEMM -> activation kernel -> cuBLASLt down
 * GEMM -> push kernel (engine/baseline.c drives it). The tail kernel is the consumer
 * every variant shares; the arm kernel fills fresh mailboxes with "empty".
 *
 * Geometry: all four are elementwise over 16-byte vectors of 8 BF16 values, one
 * vector per thread, 256 threads per block, a grid that covers the work once.
 *   activation: batch x I / 8 vectors (I is a multiple of 64, so rows split evenly)
 *   push:       batch x H / 8 vectors; vector (t, c..c+7) goes to owner c / S
 *   tail:       batch x S / 8 vectors; each waits for tp source slots, sums them
 *   arm:        bytes / 16 vectors
 *
 * Mailbox protocol (SPEC "Mailboxes"): an empty BF16 slot holds 0x8000 (-0); a
 * producer never writes -0; each element is its own arrival flag, so torn 16-byte
 * stores are harmless. Stores to peers, and the tail's re-arm, are 16-byte
 * st.relaxed.sys stores; loads in the tail are volatile so that every spin reads memory
 * again. A tail thread
 * whose watchdog fired, or that found the op's error flag set, writes NaN (0x7FC0) to its
 * out vector instead of the sum.
 */
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <stdio.h>

#include "ops/activation.cuh"
#include "ops/baseline.h"
#include "ops/ptx/memory.cuh"

namespace {

constexpr int kThreads = 256;
constexpr uint16_t kEmptySlot = 0x8000;       // BF16 -0: "not arrived"
constexpr uint32_t kPoisonPair = 0x7FC07FC0u; // two BF16 quiet NaNs: a given-up tail's out
// A waiting tail re-reads its op's error flag this often (tail_kernel): 50 us, far above a
// healthy tail's wait and far below any watchdog.
constexpr uint64_t kFlagRecheckNs = 50000;

struct Vector8 {
  uint16_t lane[8];
};

__device__ __forceinline__ Vector8 load_vector(const void *address) {
  uint4 raw = *reinterpret_cast<const uint4 *>(address);
  Vector8 v;
  memcpy(&v, &raw, sizeof v);
  return v;
}

__device__ __forceinline__ uint16_t bf16_bits(float value) {
  __nv_bfloat16 rounded = __float2bfloat16_rn(value);
  return *reinterpret_cast<uint16_t *>(&rounded);
}

__device__ __forceinline__ float bf16_float(uint16_t bits) {
  return __uint_as_float(static_cast<uint32_t>(bits) << 16);
}

// -0 is the empty-slot marker: a producer writes +0 instead.
__device__ __forceinline__ uint16_t positive_zero(uint16_t bits) {
  return bits == kEmptySlot ? 0 : bits;
}

__global__ void activation_kernel(const uint16_t *__restrict__ gu,
                                  uint16_t *__restrict__ h, int batch, int inter,
                                  shx_activation activation, float beta, float lambda) {
  int vectors_per_row = inter / 8;
  int item = blockIdx.x * kThreads + threadIdx.x;
  if (item >= batch * vectors_per_row) return;
  int t = item / vectors_per_row, column = (item % vectors_per_row) * 8;
  Vector8 gate = load_vector(gu + (size_t)t * 2 * inter + column);
  Vector8 up = load_vector(gu + (size_t)t * 2 * inter + inter + column);
  Vector8 out;
#pragma unroll
  for (int i = 0; i < 8; ++i)
    out.lane[i] = bf16_bits(shx::gated_activation(activation, bf16_float(gate.lane[i]),
                                         bf16_float(up.lane[i]), beta, lambda));
  uint4 raw;
  memcpy(&raw, &out, sizeof raw);
  *reinterpret_cast<uint4 *>(h + (size_t)t * inter + column) = raw;
}

__global__ void push_kernel(const uint16_t *__restrict__ y, shx_mailbox_route route,
                            int batch) {
  int hidden = route.tp * route.shard, vectors_per_row = hidden / 8;
  int item = blockIdx.x * kThreads + threadIdx.x;
  if (item >= batch * vectors_per_row) return;
  int t = item / vectors_per_row, column = (item % vectors_per_row) * 8;
  int owner = column / route.shard;
  Vector8 v = load_vector(y + (size_t)t * hidden + column);
#pragma unroll
  for (int i = 0; i < 8; ++i) v.lane[i] = positive_zero(v.lane[i]);
  size_t slot_row = (size_t)(route.parity * route.tp + route.rank) * route.capacity + t;
  uint16_t *slot = static_cast<uint16_t *>(route.peers[owner]) + slot_row * route.shard +
                   (column - owner * route.shard);
  uint4 raw;
  memcpy(&raw, &v, sizeof raw);
  shx::ptx::st_relaxed_sys_v4(slot, raw);
}

/* The op's error flag (a kernel of it gave up), read again at every call. */
__device__ __forceinline__ bool flag_set(const uint32_t *error_flag) {
  return *reinterpret_cast<const volatile uint32_t *>(error_flag) != 0;
}

__global__ void tail_kernel(shx_mailbox_route route, uint16_t *__restrict__ out, int batch,
                            uint32_t *error_flag, uint64_t watchdog_ns) {
  int vectors_per_row = route.shard / 8;
  int item = blockIdx.x * kThreads + threadIdx.x;
  if (item >= batch * vectors_per_row) return;
  int t = item / vectors_per_row, column = (item % vectors_per_row) * 8;
  uint16_t *mailbox = static_cast<uint16_t *>(route.peers[route.rank]);
  float sum[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  uint64_t start = shx::ptx::globaltimer();
  /* A flag already set (a kernel of this op gave up, this step or an earlier one not yet
   * recovered: every such step is invalid) makes the tail read each slot once: a grid of
   * many waves would otherwise wait watchdog_ns a wave for a peer that never pushes. Read
   * with the watchdog off too: a fused kernel that found its shared memory misaligned
   * sets the flag and pushes nothing, and the tail would wait for ever. */
  bool timed_out = flag_set(error_flag);
  /* And again while it waits, once per kFlagRecheckNs after the first: a kernel that sets
   * the flag after this tail started (another stream's, e.g. SharedDown beside it) would
   * otherwise leave it waiting for ever with the watchdog off, or the whole watchdog with
   * it on (a review in stop 98). A healthy tail's wait is a few microseconds, so it never
   * reads the flag twice; every thread polling the one flag word would crowd its L2 line. */
  uint64_t next_flag_check = start + kFlagRecheckNs;
  for (int source = 0; source < route.tp; ++source) {
    size_t slot_row = (size_t)(route.parity * route.tp + source) * route.capacity + t;
    uint16_t *slot = mailbox + slot_row * route.shard + column;
    Vector8 v;
    for (;;) {  // spin until none of the 8 elements is still "empty"
      // Volatile loads read memory again on every spin; each BF16 is its own flag, so
      // four 32-bit loads are as good as one 16-byte load here.
      const volatile uint32_t *words = reinterpret_cast<const volatile uint32_t *>(slot);
      uint4 raw = make_uint4(words[0], words[1], words[2], words[3]);
      memcpy(&v, &raw, sizeof v);
      bool arrived = true;
#pragma unroll
      for (int i = 0; i < 8; ++i) arrived &= v.lane[i] != kEmptySlot;
      if (arrived || timed_out) break;
      const uint64_t now = shx::ptx::globaltimer();
      if (watchdog_ns != 0 && now - start > watchdog_ns) {
        atomicExch(error_flag, 1u);
        timed_out = true;
      } else if (now > next_flag_check) {
        next_flag_check = now + kFlagRecheckNs;
        timed_out = flag_set(error_flag);
      }
    }
#pragma unroll
    for (int i = 0; i < 8; ++i) sum[i] += bf16_float(v.lane[i]);  // rank order
  }
  Vector8 reduced;
#pragma unroll
  for (int i = 0; i < 8; ++i) reduced.lane[i] = bf16_bits(sum[i]);
  uint4 raw;
  memcpy(&raw, &reduced, sizeof raw);
  /* A sum that may lack a source, or belongs to a step whose kernels gave up, is written
   * as NaN, so that the engine's next layers cannot take it for a result before
   * shx_check_device reports the timeout. */
  if (timed_out) raw = make_uint4(kPoisonPair, kPoisonPair, kPoisonPair, kPoisonPair);
  *reinterpret_cast<uint4 *>(out + (size_t)t * route.shard + column) = raw;
  // Re-arm the consumed slots for the step after next (their parity comes back then).
  uint4 empty = make_uint4(0x80008000u, 0x80008000u, 0x80008000u, 0x80008000u);
  for (int source = 0; source < route.tp; ++source) {
    size_t slot_row = (size_t)(route.parity * route.tp + source) * route.capacity + t;
    shx::ptx::st_relaxed_sys_v4(mailbox + slot_row * route.shard + column, empty);
  }
}

__global__ void arm_kernel(uint4 *mailbox, size_t vectors) {
  size_t item = (size_t)blockIdx.x * kThreads + threadIdx.x;
  if (item < vectors) mailbox[item] = make_uint4(0x80008000u, 0x80008000u, 0x80008000u,
                                                 0x80008000u);
}

shx_status launched(const char *what, char *message) {
  cudaError_t error = cudaGetLastError();
  if (error == cudaSuccess) return SHX_SUCCESS;
  snprintf(message, SHX_MESSAGE_BYTES, "%s launch failed: %s", what,
           cudaGetErrorString(error));
  return SHX_CUDA_ERROR;
}

unsigned blocks_for(size_t items) { return (unsigned)((items + kThreads - 1) / kThreads); }

/* The route and batch of a push or tail, which the op's public checks have already
 * bounded: a failure here is a bug of the caller in this library (SHX_INTERNAL_ERROR),
 * caught before a launch could write outside a mailbox. `what` names the launcher. */
shx_status check_route(const shx_mailbox_route *route, int batch, const void *buffer,
                       const char *what, char *message) {
  if (route->shard <= 0 || route->shard % 8 != 0 || route->tp < 1 || route->tp > SHX_MAX_TP) {
    snprintf(message, SHX_MESSAGE_BYTES, "%s: shard %d / tp %d unsupported", what,
             route->shard, route->tp);
    return SHX_UNSUPPORTED;
  }
  if (route->rank < 0 || route->rank >= route->tp || (route->parity & ~1) != 0 ||
      batch < 1 || batch > route->capacity || buffer == nullptr) {
    snprintf(message, SHX_MESSAGE_BYTES,
             "%s: rank %d of tp %d, parity %d, batch %d of capacity %d, buffer %s (a bug: "
             "the op's checks should have refused it)", what, route->rank, route->tp,
             route->parity, batch, route->capacity, buffer == nullptr ? "NULL" : "set");
    return SHX_INTERNAL_ERROR;
  }
  for (int p = 0; p < route->tp; ++p) { /* the push writes every peer's, the tail its own */
    if (route->peers[p] == nullptr) {
      snprintf(message, SHX_MESSAGE_BYTES,
               "%s: peer %d's mailbox is NULL (a bug: the op's checks should have refused "
               "it)", what, p);
      return SHX_INTERNAL_ERROR;
    }
  }
  return SHX_SUCCESS;
}

}  // namespace

extern "C" shx_status shx_launch_activation(const void *gu, void *h, int batch, int inter,
                                            shx_activation activation, float beta,
                                            float lambda, void *stream, char *message) {
  if (inter <= 0 || inter % 8 != 0 || batch < 1) {
    snprintf(message, SHX_MESSAGE_BYTES, "activation: inter %d / batch %d unsupported",
             inter, batch);
    return SHX_UNSUPPORTED;
  }
  (void)cudaGetLastError(); /* a stale error is not this launch's */
  activation_kernel<<<blocks_for((size_t)batch * inter / 8), kThreads, 0,
                      (cudaStream_t)stream>>>(static_cast<const uint16_t *>(gu),
                                              static_cast<uint16_t *>(h), batch, inter,
                                              activation, beta, lambda);
  return launched("activation_kernel", message);
}

extern "C" shx_status shx_launch_push(const void *y, const shx_mailbox_route *route,
                                      int batch, void *stream, char *message) {
  const shx_status checked = check_route(route, batch, y, "push", message);
  if (checked != SHX_SUCCESS) return checked;
  (void)cudaGetLastError(); /* a stale error is not this launch's */
  push_kernel<<<blocks_for((size_t)batch * route->tp * route->shard / 8), kThreads, 0,
                (cudaStream_t)stream>>>(static_cast<const uint16_t *>(y), *route, batch);
  return launched("push_kernel", message);
}

extern "C" shx_status shx_launch_tail(const shx_mailbox_route *route, void *out, int batch,
                                      uint32_t *error_flag, uint64_t watchdog_ns,
                                      void *stream, char *message) {
  const shx_status checked = check_route(route, batch, out, "tail", message);
  if (checked != SHX_SUCCESS) return checked;
  if (error_flag == nullptr) { /* read by every thread, written by one that gives up */
    snprintf(message, SHX_MESSAGE_BYTES,
             "tail: error_flag is NULL (a bug: the op passes its scratch word)");
    return SHX_INTERNAL_ERROR;
  }
  (void)cudaGetLastError(); /* a stale error is not this launch's */
  tail_kernel<<<blocks_for((size_t)batch * route->shard / 8), kThreads, 0,
                (cudaStream_t)stream>>>(*route, static_cast<uint16_t *>(out), batch,
                                        error_flag, watchdog_ns);
  return launched("tail_kernel", message);
}

extern "C" shx_status shx_launch_arm(void *mailbox, size_t bytes, void *stream,
                                     char *message) {
  /* The op's shx_check_mailbox bounds bytes by 2^40, so the block count fits a grid. */
  if (mailbox == nullptr || bytes == 0 || bytes % 16 != 0 ||
      bytes / 16 > (size_t)0x7fffffff * kThreads) {
    snprintf(message, SHX_MESSAGE_BYTES,
             "arm: mailbox %p, %zu bytes (a bug: the op's checks should have refused it)",
             mailbox, bytes);
    return SHX_INTERNAL_ERROR;
  }
  size_t vectors = bytes / 16;
  (void)cudaGetLastError(); /* a stale error is not this launch's */
  arm_kernel<<<blocks_for(vectors), kThreads, 0, (cudaStream_t)stream>>>(
      static_cast<uint4 *>(mailbox), vectors);
  return launched("arm_kernel", message);
}
