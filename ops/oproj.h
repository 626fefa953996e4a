/* oproj.h: the project's own attention o-proj (ops/oproj.cu), a GEMM x [B, H] = a [B, A]
 * W_o [H, A]^T (BF16 in and out, FP32 accumulation, deterministic; TMA and wgmma, sm_90a)
 * that executes griddepcontrol.launch_dependents at its start, so that a shared-expert
 * step launched after it with programmatic dependent launch overlaps it (perf/oproj_step
 * times it against cuBLASLt's o-proj; engines call it through shx_record_oproj). An
 * engine's o-proj of its own gets the same overlap by doing what ops/oproj.cu's header
 * comment says: trigger early, read its input only after griddepcontrol.wait, no
 * grid-wide barrier, and leave room on the SM for the next kernel's CTA. */
#ifndef SHX_OPS_OPROJ_H_
#define SHX_OPS_OPROJ_H_

#include "ops/fused.h" /* SHX_MESSAGE_BYTES */
#include "shared_expert.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Batch and attention are bounded by the public header's SHX_MAX_OPROJ_BATCH and
 * SHX_MAX_OPROJ_ATTENTION. */
#define SHX_OPROJ_MAX_HIDDEN 65536

typedef struct shx_oproj_args {
  const void *weights; /* W_o [hidden, attention] BF16, row-major, 16-byte aligned */
  const void *a;       /* [batch, attention] BF16 (row stride attention), 16-byte
                          aligned */
  void *x;             /* [batch, hidden] BF16 (row stride hidden), 16-byte aligned */
  int hidden;          /* a multiple of 64, <= SHX_OPROJ_MAX_HIDDEN */
  int attention;       /* a multiple of 64, <= SHX_MAX_OPROJ_ATTENTION */
  int batch;           /* 1 <= batch <= SHX_MAX_OPROJ_BATCH */
} shx_oproj_args;

/* Sets the kernels' shared-memory limit: call once on the device (not while a stream is
 * being captured) before the first launch. SHX_CUDA_ERROR with the reason in `message`. */
shx_status shx_oproj_prepare(char *message);

/* Validates the arguments, then records one launch on `stream` (a cudaStream_t), with
 * programmatic dependent launch where pdl is 1. SHX_INVALID_ARGUMENT (nothing launched)
 * or SHX_CUDA_ERROR, with the reason in `message` (SHX_MESSAGE_BYTES). */
shx_status shx_oproj_launch(const shx_oproj_args *args, void *stream, int pdl, char *message);

#ifdef __cplusplus
}
#endif

#endif /* SHX_OPS_OPROJ_H_ */
