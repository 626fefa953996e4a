/* op.h: the op's private state, shared by the engine's files. */
#ifndef SHX_ENGINE_OP_H_
#define SHX_ENGINE_OP_H_

#include <cublasLt.h>
#include <cuda_runtime_api.h>
#include <stdint.h>

#include "engine/policy.h"
#include "ops/baseline.h"
#include "ops/fused.h"
#include "shared_expert.h"

/* cuBLASLt state of the baseline for one batch size, made on first use. */
typedef struct shx_lt_batch {
  int ready;
  cublasLtMatmulAlgo_t gate_up_algo;
  cublasLtMatmulAlgo_t down_algo;
} shx_lt_batch;

struct shx_op {
  shx_config config;  /* copy; policy_path not kept */
  int device;
  int inter;          /* I = I_total / tp */
  int shard;          /* S = H / tp */
  const void *gate_up, *down;
  void *peers[SHX_MAX_TP];
  int bound_weights, bound_peers;
  int gate_batch;     /* the batch of the last recorded kernel that writes h (a gate, a
                         fused step, the baseline's activation; 0 before any and after a
                         failed record call or tail): the rows of h that shx_record_down
                         may push */
  int pushed_batch[2]; /* per parity, the batch of the last recorded push (a step or a
                          down; 0 before any, once a tail consumed it, and after a failed
                          record call or tail): the rows that shx_tail may consume */
  const void *pushed_mailbox[2]; /* per parity, peers[rank] at that push: the only
                                    mailbox its own rows went to (peers may be rebound) */

  /* Device scratch, one allocation each. */
  void *h;            /* [capacity, I] BF16: the activation between the GEMMs */
  void *gu;           /* [capacity, 2 I] BF16: baseline gate/up output */
  void *y;            /* [capacity, H] BF16: baseline down output before the push */
  uint32_t *scratch;  /* [0, 2): grid-barrier counters; [32]: watchdog flag */

  cublasLtHandle_t lt;
  void *workspace;
  size_t workspace_bytes;
  shx_lt_batch *lt_batches; /* [capacity + 1], host */

  shx_fused_plan fused_plans[SHX_FUSED_BUCKETS];
  shx_down_plan down_plans[SHX_FUSED_BUCKETS];  /* split variant's SharedDown */
  shx_status down_status[SHX_FUSED_BUCKETS];
  shx_status fused_status[SHX_FUSED_BUCKETS]; /* SHX_SUCCESS where planned */
  /* Per bucket, why its fused or SharedDown plan failed ("" where it was made). */
  char fused_messages[SHX_FUSED_BUCKETS][SHX_MESSAGE_BYTES];
  char down_messages[SHX_FUSED_BUCKETS][SHX_MESSAGE_BYTES];
  /* shx_record_oproj's kernels: their shared-memory limit set at create (not during a
   * capture), SHX_SUCCESS where it was, else why not. */
  shx_status oproj_status;
  char oproj_message[SHX_MESSAGE_BYTES];

  shx_policy policy;
  unsigned long long *fused_trace; /* debug: see shx_op_set_fused_trace */
};

/* Debug hook for perf/profile_step: the fused kernel writes its phase stamps
 * (SHX_FUSED_TRACE_POINTS per CTA) into `device_buffer`; NULL turns it off. */
void shx_op_set_fused_trace(shx_op *op, unsigned long long *device_buffer);

/* OUT AT THE WAIT by hand (ops/fused_plan.h shx_fused_out_at_wait_on; kFusedXOut or
 * kFusedX where a plan runs either, the same bits), for tests and perf tools: sets every
 * fused plan of `op` to `value` (0 or 1). Returns what the plan of `batch`'s bucket had,
 * the card's choice on a fresh op; -1, changing nothing, where `batch` has no fused bucket
 * (0 or above 128) or `value` is neither 0 nor 1. */
int shx_op_set_out_at_wait(shx_op *op, int batch, int value);

/* Where this op's rank pushes to and its tail reads from in step parity `parity`. */
shx_mailbox_route shx_op_mailbox_route(const shx_op *op, int parity);

/* The tail kernel of shx_tail on valid arguments, without its record-time checks (a push
 * to consume): for tests that fill a mailbox by hand or run a tail a second time. */
shx_status shx_op_launch_tail(shx_op *op, void *out, int batch, int parity, void *stream);

#define SHX_SCRATCH_WORDS 64
#define SHX_SCRATCH_ERROR_FLAG 32

/* engine/baseline.c */
shx_status shx_baseline_init(shx_op *op);
void shx_baseline_release(shx_op *op);
shx_status shx_baseline_record(shx_op *op, const void *x, int batch, int parity,
                               cudaStream_t stream);
/* Experiment (perf/bench --baseline-algorithms): cuBLASLt's first `most` (at most
 * SHX_LT_MOST_ALGORITHMS) heuristic algorithms, best first, for the op's gate/up GEMM
 * (down 0) or down GEMM (down 1) at `batch`, into algorithms[0..*count); host only. Set
 * one into lt_batches[batch] (with ready = 1) to record the baseline with it. */
#define SHX_LT_MOST_ALGORITHMS 8
shx_status shx_baseline_algorithms(shx_op *op, int batch, int down,
                                   cublasLtMatmulAlgo_t *algorithms, int most, int *count);
/* The baseline without its push: y [batch, H] BF16 in op->y (for the NCCL comparison of
 * perf/bench, where a reduce-scatter takes the push's place). */
shx_status shx_baseline_chain(shx_op *op, const void *x, int batch, cudaStream_t stream);

#endif /* SHX_ENGINE_OP_H_ */
