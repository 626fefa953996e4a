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
 * Conventions (NCCL-style): every function but shx_mailbox_bytes, shx_last_error and
 * shx_status_string returns an shx_status, and shx_last_error() names the bad value on
 * failure. A refused call (SHX_INVALID_ARGUMENT, SHX_UNSUPPORTED, SHX_NO_DEVICE) has
 * launched nothing and touched no output or mailbox. After SHX_CUDA_ERROR,
 * SHX_OUT_OF_MEMORY (a cuBLASLt allocation of the baseline variant) or
 * SHX_INTERNAL_ERROR from a record call or shx_tail, part of the step may already be on
 * the stream (or nothing: a failed query reports SHX_CUDA_ERROR too): discard that
 * stream's work or capture. The op then forgets what it had recorded (h's rows, both
 * parities' pushes): shx_record_down is refused until a gate or step succeeds again,
 * shx_tail until a push at its parity does. The mailboxes may then hold pushes that no
 * tail will consume (this rank's, and its peers' into this rank's mailbox for a step
 * whose tail is now refused or discarded), which a later tail at that parity would sum
 * as arrived: before the next step on any rank, recover as after SHX_DEVICE_TIMEOUT
 * (at shx_check_device: every rank stops, synchronizes and re-arms every mailbox). Any
 * call may clear CUDA's non-sticky error state (cudaGetLastError: before its launches,
 * after its queries, in shx_create, shx_destroy and shx_check_device), so check your own
 * errors before calling. Pointers are device pointers unless said otherwise.
 * The calling thread's current CUDA device must be the op's device for every call on
 * an op; the record calls, shx_tail and shx_check_device refuse another
 * (SHX_INVALID_ARGUMENT), the bind calls and shx_variant_for do not look, and
 * shx_destroy makes the op's device current itself. This header needs no CUDA header:
 * a stream is an shx_stream, the very type of cudaStream_t and CUstream (a pointer to
 * struct CUstream_st), so either is passed as it is, and a pointer of another type draws
 * the compiler's diagnostic (an error in C++; in C, -Wincompatible-pointer-types).
 * A stream is not checked: asking CUDA about a stream that is being captured ends the
 * capture. A stream of another device, or one destroyed, is found only by the launch,
 * which fails with SHX_CUDA_ERROR (the failure rule above).
 *
 * The op keeps its own record of what was recorded, in the order of the calls: h's rows
 * (shx_record_down's check) and each parity's push (shx_tail's). Record calls in the
 * order in which their work runs, each tail after its step, for example the steps and
 * their tails of one batch in one capture; graphs replayed in another order than they
 * were recorded in are not checked.
 * A buffer the call writes (shx_tail's out, shx_record_oproj's x) or reads while the
 * ranks' pushes land (a step's or gate's x) that shares a byte with a bound mailbox (any
 * rank's, as addresses in this process), and one it writes that shares a byte with the
 * bound weights, is refused (SHX_INVALID_ARGUMENT naming both); other overlaps between
 * your buffers are not checked.
 *
 * Threads and lifetimes. An op is used by one thread at a time; distinct ops may be used
 * from different threads at once (the library's only global state is thread-local or
 * atomic), within the capture rules below. Every graph recorded from one op shares the
 * op's h and barrier counters: run those graphs one after another (one stream, or
 * ordered by events), never at the same time, and destroy their executables before
 * shx_destroy. Bound weights, mailboxes, x and out (and shx_record_oproj's w_o, a and x)
 * must outlive every graph recorded with them. shx_destroy and shx_check_device
 * synchronize the op's whole device, shx_create the context current when it is called
 * (cudaDeviceSynchronize; where it fails after allocating device memory, it frees that
 * as shx_destroy does, after synchronizing the whole device): do not call
 * them while any stream of the op's device is being captured, in any capture mode and
 * from any thread (CUDA refuses the synchronization and invalidates that capture); nor
 * shx_mailbox_arm on the legacy stream (NULL) while a blocking stream is captured.
 *
 * Every rank's op must have the same hidden, tp and capacity: a push computes its
 * slots in a peer's mailbox from its own op's config. Every rank's mailbox must be armed
 * (shx_mailbox_arm, completed) before any rank's first push into it: synchronize the
 * arms and hold every rank at a barrier of yours (host or across processes) before the
 * first step, and again after re-arming in the recovery below, or an arm that lands
 * after a peer's push erases it and the tail waits for the watchdog.
 *
 * Ordering between launches. A launch of an op touches the op's h and counters only
 * after its griddepcontrol.wait, i.e. once the kernel before it on the stream has
 * completed. So between two launches of one op there must be a kernel that either
 * was launched without programmatic dependent launch (shx_tail is) or executes
 * griddepcontrol.wait itself (this library's PDL kernels do). A kernel launched with PDL
 * that never waits must not sit between two launches of one op.
 *
 * Memory synchronization domains (Hopper). A fused-variant step is launched in a domain
 * of its own (the remote domain, mapped for that launch to physical domain 2 at parity 1
 * and 3 at parity 0: neither the default 0 of your kernels nor 1, where NCCL's kernels
 * run by default), so that one step's fences need not order the traffic of the kernel
 * after it (the next step, or yours) that runs beside it under PDL (measured: 0.1 us a
 * step at TP8; a release still waits for another grid's copies in flight on its SM, with
 * or without the domains, docs/integration.md). Work that reads what
 * a step wrote is ordered by the stream (or griddepcontrol.wait) as usual, which holds
 * across domains. The per-launch attributes override a domain or map set on the stream.
 *
 * The fused kernel's grid barrier needs every one of its CTAs resident at once (the
 * plan proves it fits an idle device), so its launch is cooperative: the grid is placed
 * whole, or waits for SMs that kernels on other streams hold. Ranks of one process that
 * share a GPU go on one stream, every rank's push of a step before any rank's tail.
 * Measured on H200s (docs/integration.md "Beside persistent kernels"): beside a kernel
 * holding up to 32 SMs at B = 9, 64 (8 at B = 128) a fused step completed at once;
 * beside more it may wait for them (from 44 held at B = 9, 16 at B = 128), as the split
 * and baseline variants do beside more (from 80 and 132 at B = 9, TP8). No variant timed
 * out. Beside a kernel of 640-thread CTAs with no shared memory and 10 registers a
 * thread whose preferred shared-memory carveout is the most
 * (cudaSharedmemCarveoutMaxShared), fused CTAs shared its SMs and the step completed at
 * once beside all 132 SMs held (B = 9 and 128, TP8 and TP16); at the default carveout
 * the same kernel kept them off its SMs. A wait for SMs has no watchdog: beside a kernel
 * that never leaves, a grid that needs its SMs never starts (this follows from the
 * cooperative launch and has not been run). A step of any variant that waits
 * longer than watchdog_ms for SMs while a peer's tail on another GPU waits for its push
 * makes that tail time out (SHX_DEVICE_TIMEOUT; this follows from the tail's watchdog
 * and has not been run). On a green context (an SM partition, docs/integration.md "On
 * part of the GPU"): an op created with it current plans for its SMs (where they do
 * not hold the fused grid twice, a narrower grid that does: perf/RESULTS.md run 63);
 * on a green context's stream where the op's fused grid does not fit, a fused step is
 * refused at record time (SHX_UNSUPPORTED, nothing launched; captured unchecked it
 * would never complete) and the auto variant records the split variant instead
 * (perf/RESULTS.md run 62), or the baseline where not one cluster of the split
 * variant's gate kernel fits either (whose launch is then refused too). Under a
 * current green context, a fused or split step on cudaStreamPerThread (the auto
 * variant's choice of them included) fails with SHX_CUDA_ERROR where its plan is in
 * clusters of at most 8: the driver cannot name that stream's context, and the runtime's
 * own copies on it fail there (perf/RESULTS.md run 68). Nothing is launched, but as a
 * failure, not a refusal, it makes the op forget its pushes (the conventions above); use
 * a stream of the green context. An MPS
 * active-thread percentage has not been run. (Ranks of separate processes on one GPU
 * take turns in time slices: correct but slow, docs/integration.md; deploy one process
 * per GPU.)
 */
#ifndef SHARED_EXPERT_H_
#define SHARED_EXPERT_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SHX_VERSION_MAJOR 0
#define SHX_VERSION_MINOR 2

/* cudaStream_t and CUstream; NULL is the legacy default stream. */
typedef struct CUstream_st *shx_stream;

typedef enum shx_status {
  SHX_SUCCESS = 0,
  SHX_INVALID_ARGUMENT = 1,  /* a public argument is out of its documented range */
  SHX_UNSUPPORTED = 2,       /* device, geometry or shape this build cannot serve */
  SHX_NOT_IMPLEMENTED = 3,   /* reserved: no call returns it (every variant is built) */
  SHX_CUDA_ERROR = 4,        /* the CUDA runtime or cuBLASLt failed */
  SHX_NO_DEVICE = 5,         /* no CUDA device is visible */
  SHX_OUT_OF_MEMORY = 6,     /* a device or host allocation failed */
  SHX_DEVICE_TIMEOUT = 7,    /* a kernel's watchdog fired (a peer never arrived), or
                                a fused kernel found its shared memory off the 1024-byte
                                alignment its swizzle needs and ended at once */
  SHX_INTERNAL_ERROR = 8     /* a bug in this library (a state it should never reach);
                                the message says which */
} shx_status;

typedef enum shx_variant {
  SHX_VARIANT_AUTO = 0,     /* per batch size, from the policy table; the built-in
                               table (measured at the design dims) has rows for tp 4,
                               8 and 16 only (fused at every batch up to 128): at
                               other tp, or above its rows, auto runs the baseline
                               unless policy_path's table says otherwise */
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
  int hidden;             /* H: model dim, a multiple of 64 and of 64 * tp, <= 65536 */
  int intermediate_total; /* I_total: shared-expert intermediate dim, all ranks; a
                             multiple of 64 * tp, <= 262144 */
  int tp;                 /* tensor-parallel ranks: 1, 2, 4, 8 or 16 */
  int rank;               /* this op's rank, 0 <= rank < tp */
  int capacity;           /* the largest batch a step may have, 1 <= capacity <= 1024;
                             at most 128 with the fused or split variant (auto serves
                             larger batches with the baseline) */
  shx_variant variant;
  shx_activation activation;
  float situ_beta;        /* SiTU's gate cap, in [2^-64, 2^64] (checked for SwiGLU too) */
  float situ_lambda;      /* SiTU's linear cap, in [2^-64, 2^64] (likewise) */
  const char *policy_path;/* host path of the `auto` policy table, a regular file (a
                             FIFO, device or directory is refused); NULL: built-in.
                             Lines "tp first_batch last_batch fused|split|baseline"
                             (# comments): tp 1, 2, 4, 8 or 16, 1 <= first <= last <=
                             1024, a fused or split rule from a batch <= 128, ranges of
                             one tp not overlapping, a rule under 256 bytes, at most 128
                             rules, 8191 bytes; shx_create names a bad line */
  int programmatic_launch;/* 1: the fused and gate kernels (and shx_record_oproj's) use
                             programmatic dependent launch (their weights stream while
                             the previous kernel, e.g. the o-proj, finishes); 0: plain
                             stream order */
  uint32_t watchdog_ms;   /* a kernel that waits longer than this for a peer or the grid
                             barrier gives up and flags SHX_DEVICE_TIMEOUT (see
                             shx_check_device); far above any real step. 0: wait forever
                             (not under compute-sanitizer, which slows the waits so that
                             a step may not finish: give it a few seconds there,
                             docs/integration.md); a tail still ends, with NaN, where a
                             fused kernel set the flag (SHX_DEVICE_TIMEOUT's alignment
                             case), also one set while the tail waits (within about
                             50 us) */
  int split_down_sms;     /* split variant: CTAs (one per SM) of SharedDown, the SMs the
                             routed experts' grid leaves free; checked for every variant
                             (every op plans SharedDown): 1 <= sms <= the device's SMs
                             and <= 132 */
} shx_config;

/* The range of situ_beta and situ_lambda. The kernels divide by the caps with a fast
 * division that gives 0 for divisors over 2^126 (and 0 / cap is NaN under 2^-128); a cap
 * of 2^64 already leaves every input below 2^52 unchanged (beta tanh(g / beta) rounds to
 * g in FP32), so a larger one is never needed to turn the cap off. 2^-64 and 2^64 exactly,
 * written in decimal: hexadecimal floats are not C89 or C++11. */
#define SHX_MIN_SITU_CAP 5.42101086242752217e-20f
#define SHX_MAX_SITU_CAP 1.8446744073709551616e19f

#define SHX_CONFIG_INIT                                                         \
  {                                                                             \
    sizeof(shx_config), (SHX_VERSION_MAJOR << 16 | SHX_VERSION_MINOR), 7168,    \
        6144, 8, 0, 128, SHX_VARIANT_AUTO, SHX_ACT_SITU, 4.0f, 25.0f, NULL, 1,  \
        1000, 32                                                                \
  }

typedef struct shx_op shx_op; /* opaque */

/* The message of the failure of this thread's last call: every function of this header
 * but shx_destroy, shx_last_error and shx_status_string clears it first, so read it
 * before the next call ("" if that call succeeded). shx_destroy leaves it as it was
 * unless it fails itself. Never NULL. */
const char *shx_last_error(void);
/* A fixed name for a status ("SHX_INVALID_ARGUMENT"). Never NULL. */
const char *shx_status_string(shx_status status);

/* Creates an op on the current CUDA device: validates the config, plans the fused
 * geometry for this device (an explicit fused or split op is refused where a batch up
 * to its capacity has no plan), then allocates the op's device scratch (h, barrier
 * counters, watchdog flag; for the baseline and auto variants also the baseline's g|u
 * and y buffers and a 32 MB cuBLASLt workspace). policy_path is read for the auto
 * variant only. *op is NULL after any failure. SHX_NO_DEVICE where CUDA counts no device
 * (none visible, or no usable driver). */
shx_status shx_create(const shx_config *config, shx_op **op);
/* Frees everything the op allocated. NULL is allowed. Waits for the op's device
 * (cudaDeviceSynchronize in its primary context, which also waits for its green
 * contexts), then makes the caller's context current again (a green one, or any
 * device's), or where none was current the caller's device (cudaSetDevice).
 * SHX_CUDA_ERROR where that synchronization reported an error (an earlier kernel's,
 * say); the op is freed all the same and must not be used again. */
shx_status shx_destroy(shx_op *op);

/* Weights of this rank, device pointers, row-major BF16, 16-byte aligned:
 * gate_up [2 I, H] (rows [0, I) gate, [I, 2 I) up), down [H, I]. Not copied. Here and in
 * every call below that takes a buffer, a pointer the GPU cannot reach (pageable host
 * memory, or no allocation: cudaPointerGetAttributes says "unregistered") is refused
 * (SHX_INVALID_ARGUMENT), except on a device with cudaDevAttrPageableMemoryAccess; so is
 * one whose allocation ends before the bytes the call reads or writes from it (the range
 * cuPointerGetAttributes reports: a cudaMalloc's size, a virtual-memory reservation's
 * whole extent; the message names both sizes), and so is device memory of another GPU
 * than the op's (for shx_mailbox_arm: the current device's; other ranks' mailboxes
 * excepted). A refused bind keeps what was bound before it.
 * The fused and gate kernels read the weights before their griddepcontrol.wait (the first
 * ring, with programmatic_launch): the kernel before a step on its stream must not write
 * them, nor may a kernel after it that starts early (PDL) before its own wait. */
shx_status shx_bind_weights(shx_op *op, const void *gate_up, const void *down);

/* Mailbox of every rank p (peers[p], p < tp; peers[rank] is this rank's own), each
 * BF16 [2 parities][tp sources][capacity][S], S = H / tp, 16-byte aligned, reachable
 * from this op's device (same device, peer access enabled, or IPC / NCCL window
 * mappings); count must equal tp. The array is copied; the memory is not owned. Two
 * mailboxes that share a byte (as addresses in this process) are refused, naming both:
 * every rank's rows need slots of their own. */
shx_status shx_bind_peers(shx_op *op, void *const *peers, int count);

/* Bytes of one mailbox for this config: 2 * tp * capacity * (H / tp) * 2; 0 (with the
 * reason in shx_last_error) if the config is invalid. */
size_t shx_mailbox_bytes(const shx_config *config);
/* Arms a mailbox: every slot BF16 -0 (0x8000), on `stream`. Call once after
 * allocating it; the tail re-arms what it consumes. mailbox 16-byte aligned, bytes a
 * positive multiple of 16 (shx_mailbox_bytes is) and at most 2^40, on the current
 * device (SHX_NO_DEVICE without one, SHX_UNSUPPORTED on one that is not sm_90). */
shx_status shx_mailbox_arm(void *mailbox, size_t bytes, shx_stream stream);

/* Records one step on `stream`: x [batch, H] BF16 (row stride H, 16-byte aligned), 1 <=
 * batch <= capacity, parity 0 or 1. Parity alternates from one push into a mailbox to the
 * next: when one mailbox serves every layer, alternate per push (shx_record_step or
 * shx_record_down call), not per decode step, and every rank the same way. Pushes this
 * rank's BF16 y_r into the peers' mailboxes. Weights and peers must be bound.
 * Capturable. */
shx_status shx_record_step(shx_op *op, const void *x, int batch, int parity,
                           shx_stream stream);

/* The attention o-proj of the layer, for engines that want the step after it to overlap
 * it: x [batch, H] = a [batch, attention] w_o [H, attention]^T, BF16 in and out (w_o
 * row-major, a with row stride `attention`, x with row stride H, all 16-byte aligned),
 * FP32 accumulation over the whole of `attention` in one CTA, one rounding to BF16
 * (nearest even): deterministic. Only the local GEMM of a tensor-parallel o-proj: its
 * all-reduce and norm, if the model has them, stay the engine's. 1 <= batch <=
 * min(capacity, SHX_MAX_OPROJ_BATCH); attention a multiple of 64 and <=
 * SHX_MAX_OPROJ_ATTENTION. Launched with programmatic dependent launch as
 * config.programmatic_launch says; it reads `a` only after its griddepcontrol.wait (so it
 * may follow attention with PDL) and lets its dependents launch at its start, which
 * cuBLASLt's GEMMs never do: a shx_record_step recorded right after it on the same
 * stream then streams its first weights while the o-proj runs (perf/RESULTS.md run 82:
 * the o-proj and the fused step 1.8-3.2 us a layer faster than after cuBLASLt's o-proj
 * at the design dims, 1.3-3.1 at the DeepSeek dims; docs/integration.md "After the
 * o-proj"). It reads w_o from its start, before that wait:
 * the kernel before it on the stream must not write w_o. An x that shares a byte with a
 * or w_o, or with a bound mailbox or weight, is refused. Needs nothing bound.
 * Capturable. */
#define SHX_MAX_OPROJ_BATCH 64
#define SHX_MAX_OPROJ_ATTENTION 65536
shx_status shx_record_oproj(shx_op *op, const void *w_o, const void *a, int attention,
                            void *x, int batch, shx_stream stream);

/* The split variant's halves, for engines that run SharedDown beside their routed
 * experts: shx_record_gate (gate/up and the activation into the op's h, on the main
 * stream, PDL as configured), then, ordered after it by the caller (an event), on a
 * side stream: shx_record_down (SharedDown on split_down_sms SMs, pushing like
 * shx_record_step) with the same batch. The check is on the host, at record time:
 * shx_record_down refuses a batch other than that of the op's last recorded gate or
 * step (h holds its rows), so record each down after its own gate, and refuses a down
 * before any gate or step has been recorded on the op (h holds no rows yet), or since a
 * call on the op failed (see the conventions above).
 * shx_record_step with the split variant records both on `stream`. Both are
 * capturable; the op's h is reused, so one op's gate must not overtake its previous
 * down. Any variant's op may call them (every op plans both halves): 1 <= batch <=
 * capacity (SHX_INVALID_ARGUMENT otherwise), and SHX_UNSUPPORTED (nothing launched) for
 * a batch over 128 (where the capacity allows one: an auto or baseline op) or one whose
 * half has no plan on this device; shx_record_down's batch, that of the last gate or
 * step, is over 128 only after a baseline step. shx_record_gate needs the weights bound,
 * not the peers; shx_record_down needs both. */
shx_status shx_record_gate(shx_op *op, const void *x, int batch, shx_stream stream);
shx_status shx_record_down(shx_op *op, int batch, int parity, shx_stream stream);

/* The variant that shx_record_step uses for `batch` (resolves AUTO). On a stream of a
 * green context whose SMs cannot hold the fused grid, shx_record_step records the split
 * variant (or the baseline, where not one gate cluster fits) where this says fused under
 * auto, and refuses an explicit fused op's step. */
shx_status shx_variant_for(const shx_op *op, int batch, shx_variant *variant);

/* The tail on this op's rank p: waits until none of mailbox_p[parity][*][0..batch)
 * holds 0x8000, writes out[t][c] = BF16(sum over sources r in order of the slots)
 * for t < batch, c < S (out row stride S, BF16, 16-byte aligned), then re-arms those
 * slots with 0x8000.
 * mailbox_p is this rank's own mailbox, peers[rank] of shx_bind_peers. Capturable.
 * batch is the batch of the steps whose pushes it sums (every rank's, at this parity):
 * a tail over fewer rows would leave the rows past it holding their values, which a
 * later, larger tail would take as arrived. Refused (SHX_INVALID_ARGUMENT) where it differs
 * from this op's last recorded step (or shx_record_down) at that parity, at a parity
 * where this op has recorded none since its last tail there (a tail consumes its push: a
 * second one would wait for rows nobody pushes), and where peers[rank] was rebound to
 * another mailbox since that push (in these last two, its own rows would never arrive).
 * A tail thread that gives up waiting (watchdog_ms) or finds the op's watchdog flag set
 * writes BF16 NaN (0x7FC0) to its out elements instead of a sum that may lack a source,
 * so that a step the watchdog ended cannot pass for a result. */
shx_status shx_tail(shx_op *op, void *out, int batch, int parity, shx_stream stream);

/* Reads and clears the op's device watchdog flag (synchronizes the op's device in its
 * primary context, which also waits for its green contexts, then makes the caller's
 * context current again, as shx_destroy does):
 * SHX_DEVICE_TIMEOUT if a kernel of this op gave up waiting since the last call.
 *
 * A timeout invalidates that step and every later one up to the recovery below, on
 * every rank, whether or not that rank's own flag is set: tails write NaN where they
 * gave up or found their op's flag set (shx_tail), but a fused kernel that gave up still
 * pushes garbage (not NaN in general), which the other ranks' tails sum as arrived, and
 * may leave the op's grid-barrier counters out of step (a CTA that counts in after the
 * others gave up and re-armed them), so that a later step passes the barrier early; a
 * tail that gave up re-arms slots whose late pushes may land afterwards; until
 * shx_check_device clears the flag, every later tail of the op (steps already queued
 * included) reads its slots once, writes NaN and ends without waiting. After
 * SHX_DEVICE_TIMEOUT on any rank:
 * stop launching steps on every rank, synchronize every rank's device, re-arm every
 * mailbox (shx_mailbox_arm) and call shx_check_device on every op (which, where its
 * flag was set, re-arms the op's barrier counters and forgets the pushes and gate it had
 * recorded, as after a failed call: shx_tail and shx_record_down are refused until a
 * new step or gate; an op whose flag was clear keeps them, so record a new step on every
 * rank before any tail: a tail of a push from before the re-arm would wait until the
 * watchdog); then steps run as before
 * (graphs/watchdog_gpu_test shows both faults on one GPU; graphs/neighbour_gpu_test runs
 * this whole recovery after each timeout it meets). */
shx_status shx_check_device(shx_op *op);

#ifdef __cplusplus
}
#endif

#endif /* SHARED_EXPERT_H_ */
