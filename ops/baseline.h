/* baseline.h: C launchers of the small kernels around cuBLASLt (ops/baseline.cu):
 * the activation between the two GEMMs, the mailbox push, the tail consumer and the
 * mailbox arm. The push, tail and arm check what would let them write outside a
 * mailbox (SHX_UNSUPPORTED for a shard or tp they cannot serve, SHX_INTERNAL_ERROR for a
 * rank, parity, batch, size or NULL buffer that the op's public checks should have
 * refused); the activation checks only its inter and batch (SHX_UNSUPPORTED), its buffers
 * are the op's own. Each records one launch on `stream` (a
 * cudaStream_t), and returns SHX_CUDA_ERROR with the CUDA message on failure. */
#ifndef SHX_OPS_BASELINE_H_
#define SHX_OPS_BASELINE_H_

#include <stddef.h>
#include <stdint.h>

#include "ops/fused.h" /* SHX_MAX_TP, SHX_MESSAGE_BYTES */
#include "shared_expert.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Where one rank's push lands: the owners' mailboxes and the slot coordinates. */
typedef struct shx_mailbox_route {
  void *peers[SHX_MAX_TP]; /* mailbox of rank p, BF16 [2][tp][capacity][S] */
  int tp;
  int rank;                /* the source rank writing */
  int shard;               /* S = H / tp columns per owner */
  int capacity;
  int parity;
} shx_mailbox_route;

/* h[t][i] = BF16(act(gu[t][i], gu[t][I + i])) for t < batch, i < I; gu is the BF16
 * output of the gate/up GEMM, [batch, 2 I]. */
shx_status shx_launch_activation(const void *gu, void *h, int batch, int inter,
                                 shx_activation activation, float beta, float lambda,
                                 void *stream, char *message);

/* y [batch, tp * S] BF16 -> the owners' mailbox slots, -0 written as +0. */
shx_status shx_launch_push(const void *y, const shx_mailbox_route *route, int batch,
                           void *stream, char *message);

/* Rank route->rank's tail: waits for every source's slot of tokens < batch, writes
 * out[t][c] = BF16(sum over sources in order), re-arms the slots with 0x8000. The
 * watchdog sets *error_flag after watchdog_ns of waiting (0: never) and gives up; a flag
 * already set when a thread starts makes it give up at once (reads each slot once), and
 * a waiting thread re-reads the flag every 50 us, so that one set later (by a kernel on
 * another stream) ends it too. A thread that gave up writes BF16 NaN (0x7FC0) to its 8
 * out elements, not the sum. error_flag must not be NULL. */
shx_status shx_launch_tail(const shx_mailbox_route *route, void *out, int batch,
                           uint32_t *error_flag, uint64_t watchdog_ns, void *stream,
                           char *message);

/* Fills `bytes` (a multiple of 16, at most SHX_MAX_MAILBOX_BYTES: shx_check_mailbox
 * bounds it, so the block count fits the grid) of BF16 slots with 0x8000. */
shx_status shx_launch_arm(void *mailbox, size_t bytes, void *stream, char *message);

#ifdef __cplusplus
}
#endif

#endif /* SHX_OPS_BASELINE_H_ */
