/* shared_expert.h: the public C API of the fused shared-expert operator.
 *
 * One decode step of an MoE layer's shared expert under tensor parallelism, rank r:
 *     g = x Wg_r^T, u = x Wu_r^T   (FP32 accumulate, rounded to BF16)
 *     h = BF16(act(g, u))          [B, I], I = I_total / tp
 *     y_r = h Wd_r^T               (FP32 accumulate, rounded to BF16, -0 written as +0)
 * and the push half of the reduce-scatter: the columns [p S, (p+1) S) of y_r (S = H / tp)
 * are stored into rank p's mailbox slot [parity][r][token][column - p S]. A tail
 * (shx_tail) on rank p sums its tp slots in rank order. Everything an op records is
 * CUDA-graph capturable: no allocation, no host synchronization, no host branch on
 * device data.
 *
 * Conventions (NCCL-style): every function returns an shx_status; on failure nothing
 * has been launched and no output or mailbox has been touched, and shx_last_error()
 * names the bad value. Pointers are device pointers unless said otherwise. The calling
 * thread's current CUDA device must be the op's device for every call on an op.
 * This header has no CUDA types: streams are passed as void * (a cudaStream_t).
 */
#ifndef SHARED_EXPERT_H_
#define SHARED_EXPERT_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SHX_VERSION_MAJOR 0
#define SHX_VERSION_MINOR 1

typedef enum shx_status {
  SHX_SUCCESS = 0,
  SHX_INVALID_ARGUMENT = 1,  /* a public argument is out of its documented range */
  SHX_UNSUPPORTED = 2,       /* device, geometry or shape this build cannot serve */
  SHX_NOT_IMPLEMENTED = 3,   /* a variant that is not built yet */
  SHX_CUDA_ERROR = 4,        /* the CUDA runtime or cuBLASLt failed */
  SHX_NO_DEVICE = 5,         /* no CUDA device is visible */
  SHX_OUT_OF_MEMORY = 6,     /* a device or host allocation failed */
  SHX_DEVICE_TIMEOUT = 7,    /* a kernel's watchdog fired: a peer never arrived */
  SHX_INTERNAL_ERROR = 8
} shx_status;

typedef enum shx_variant {
  SHX_VARIANT_AUTO = 0,     /* per batch size, from the policy table */
  SHX_VARIANT_FUSED = 1,    /* one persistent kernel: gate/up, act, down, push */
  SHX_VARIANT_SPLIT = 2,    /* gate kernel + SharedDown beside the routed experts */
  SHX_VARIANT_BASELINE = 3  /* cuBLASLt gate/up, act kernel, cuBLASLt down, push */
} shx_variant;

typedef enum shx_activation {
  /* SiTU(g, u) = silu(beta tanh(g / beta)) * (lambda tanh(u / lambda)), a soft-capped
   * SwiGLU; silu(z) = z / (1 + exp(-z)). Defaults beta = 4, lambda = 25. */
  SHX_ACT_SITU = 0,
  /* SwiGLU(g, u) = silu(g) * u (DeepSeek-V3, Kimi-K2). */
  SHX_ACT_SWIGLU = 1
} shx_activation;

/* Creation parameters. Always start from SHX_CONFIG_INIT: `size` and `version` let
 * later versions add fields without breaking callers built against this one. */
typedef struct shx_config {
  size_t size;            /* sizeof(shx_config) as the caller was built */
  uint32_t version;       /* SHX_VERSION_MAJOR << 16 | SHX_VERSION_MINOR */
  int hidden;             /* H: model dim, a multiple of 64 and of 64 * tp */
  int intermediate_total; /* I_total: shared-expert intermediate dim, all ranks; a
                             multiple of 64 * tp */
  int tp;                 /* tensor-parallel ranks: 1, 2, 4, 8 or 16 */
  int rank;               /* this op's rank, 0 <= rank < tp */
  int capacity;           /* the largest batch a step may have, 1 <= capacity <= 1024;
                             at most 128 with the fused or split variant (auto serves
                             larger batches with the baseline) */
  shx_variant variant;
  shx_activation activation;
  float situ_beta;        /* SiTU's gate cap, > 0 */
  float situ_lambda;      /* SiTU's linear cap, > 0 */
  const char *policy_path;/* host path of the `auto` policy table; NULL: built-in */
  int programmatic_launch;/* 1: the fused and gate kernels use programmatic dependent
                             launch (their weights stream while the previous kernel,
                             e.g. the o-proj, finishes); 0: plain stream order */
  uint32_t watchdog_ms;   /* a kernel that waits longer than this for a peer or the grid
                             barrier gives up and flags SHX_DEVICE_TIMEOUT (see
                             shx_check_device); far above any real step. 0: wait forever
                             (for tools such as compute-sanitizer that slow kernels) */
  int split_down_sms;     /* split variant: CTAs (one per SM) of SharedDown, the SMs the
                             routed experts' grid leaves free; 1 <= sms <= the device's */
} shx_config;

#define SHX_CONFIG_INIT                                                         \
  {                                                                             \
    sizeof(shx_config), (SHX_VERSION_MAJOR << 16 | SHX_VERSION_MINOR), 7168,    \
        6144, 8, 0, 128, SHX_VARIANT_AUTO, SHX_ACT_SITU, 4.0f, 25.0f, NULL, 1,  \
        1000, 32                                                                \
  }

typedef struct shx_op shx_op; /* opaque */

/* The message of the last failure on this thread ("" if none). Never NULL. */
const char *shx_last_error(void);
/* A fixed name for a status ("SHX_INVALID_ARGUMENT"). Never NULL. */
const char *shx_status_string(shx_status status);

/* Creates an op on the current CUDA device: validates the config, allocates the op's
 * device scratch (h, barrier counters, watchdog flag; for the baseline and auto
 * variants also the baseline's g|u and y buffers and a 32 MB cuBLASLt workspace) and
 * plans the fused geometry for this device. */
shx_status shx_create(const shx_config *config, shx_op **op);
/* Frees everything the op allocated. NULL is allowed. Waits for the op's work. */
shx_status shx_destroy(shx_op *op);

/* Weights of this rank, device pointers, row-major BF16, 16-byte aligned:
 * gate_up [2 I, H] (rows [0, I) gate, [I, 2 I) up), down [H, I]. Not copied. */
shx_status shx_bind_weights(shx_op *op, const void *gate_up, const void *down);

/* Mailbox of every rank p (peers[p], p < tp; peers[rank] is this rank's own), each
 * BF16 [2 parities][tp sources][capacity][S], S = H / tp, 16-byte aligned, reachable
 * from this op's device (same device, peer access enabled, or IPC / NCCL window
 * mappings). The array is copied; the memory is not owned. */
shx_status shx_bind_peers(shx_op *op, void *const *peers, int count);

/* Bytes of one mailbox for this config: 2 * tp * capacity * (H / tp) * 2; 0 (with the
 * reason in shx_last_error) if the config is invalid. */
size_t shx_mailbox_bytes(const shx_config *config);
/* Arms a mailbox: every slot BF16 -0 (0x8000), on `stream`. Call once after
 * allocating it; the tail re-arms what it consumes. */
shx_status shx_mailbox_arm(void *mailbox, size_t bytes, void *stream);

/* Records one step on `stream`: x [batch, H] BF16 (row stride H), 1 <= batch <=
 * capacity, parity 0 or 1 (alternate between consecutive steps). Pushes this rank's
 * BF16 y_r into the peers' mailboxes. Weights and peers must be bound. Capturable. */
shx_status shx_record_step(shx_op *op, const void *x, int batch, int parity,
                           void *stream);

/* The split variant's halves, for engines that run SharedDown beside their routed
 * experts: shx_record_gate (gate/up and the activation into the op's h, on the main
 * stream, PDL as configured), then, ordered after it by the caller (an event), on a
 * side stream: shx_record_down (SharedDown on split_down_sms SMs, pushing like
 * shx_record_step). shx_record_step with the split variant records both on `stream`.
 * Both are capturable; the op's h is reused, so one op's gate must not overtake its
 * previous down. */
shx_status shx_record_gate(shx_op *op, const void *x, int batch, void *stream);
shx_status shx_record_down(shx_op *op, int batch, int parity, void *stream);

/* The variant that shx_record_step uses for `batch` (resolves AUTO). */
shx_status shx_variant_for(const shx_op *op, int batch, shx_variant *variant);

/* The tail on this op's rank p: waits until none of mailbox_p[parity][*][0..batch)
 * holds 0x8000, writes out[t][c] = BF16(sum over sources r in order of the slots)
 * for t < batch, c < S (out row stride S, BF16), then re-arms those slots with 0x8000.
 * mailbox_p is this rank's own mailbox, peers[rank] of shx_bind_peers. Capturable. */
shx_status shx_tail(shx_op *op, void *out, int batch, int parity, void *stream);

/* Reads and clears the op's device watchdog flag (synchronizes the op's device):
 * SHX_DEVICE_TIMEOUT if a kernel of this op gave up waiting since the last call. */
shx_status shx_check_device(shx_op *op);

#ifdef __cplusplus
}
#endif

#endif /* SHARED_EXPERT_H_ */
