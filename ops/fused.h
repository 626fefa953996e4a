/* fused.h: C launch interface of the fused shared-expert kernel (ops/fused.cu).
 *
 * The engine (engine/op.c) plans once per (device, tp, dims, padded batch) with
 * shx_fused_plan_make() and launches with shx_fused_launch(). Both are plain C; no CUDA
 * device types cross this header. Errors come back as shx_status with a message
 * written into `message` (capacity SHX_MESSAGE_BYTES); nothing is launched on error.
 */
#ifndef SHX_OPS_FUSED_H_
#define SHX_OPS_FUSED_H_

#include <stdint.h>

#include "shared_expert.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SHX_MESSAGE_BYTES 512
#define SHX_MAX_TP 16
#define SHX_FUSED_MAX_CTAS 132
#define SHX_FUSED_MAX_N 128 /* padded batch served by the fused kernel */
#define SHX_FUSED_MAX_HIDDEN 65536 /* H of a fused plan: its K ranges are 16-bit */
/* The padded batches (wgmma N) the fused kernels have an instance for: every multiple of
 * 8 up to 64, then of 16 (a batch pads to at most 7 rows more, 15 above 64: a batch far
 * below its N measured 1.3-4.8 us slower a step, perf/RESULTS.md run 37). ops/fused.cu
 * is_padded_batch is the same set (ops/fused_plan_test.c checks this list against it
 * rule by rule; shx_fused_plan_make refuses any other n). */
#define SHX_FUSED_BUCKETS 12

/* Bucket i's padded batch, for 0 <= i < SHX_FUSED_BUCKETS. */
static inline int shx_fused_bucket_n(int i) {
  static const int kPadded[SHX_FUSED_BUCKETS] = {8,  16, 24, 32,  40,  48,
                                                 56, 64, 80, 96, 112, 128};
  return kPadded[i];
}

/* The smallest bucket that holds `batch`, or -1 past the largest. */
static inline int shx_fused_bucket_of(int batch) {
  for (int i = 0; i < SHX_FUSED_BUCKETS; ++i)
    if (batch <= shx_fused_bucket_n(i)) return i;
  return -1;
}
/* Trace points: 0 producer issued its pre-barrier loads, 1 gate/up MMAs done,
 * 2 partials received, 3 h published, 4 grid barrier passed (producer), 5 down jobs
 * pushed, 6 first down stage ready, 7 first down job's MMAs done, 8 kernel entry,
 * 9 griddepcontrol.wait returned (producer), 10 the same (consumer thread 0), 11 first
 * gate/up stage ready (x landed), 12 every owned h column stored (before the release).
 * No K loop tests for a stamp per fill (points 6 and 11 are taken before their loops):
 * such a test in the gate/up K loop cost up to 1.1 us a step, even with no buffer
 * (perf/RESULTS.md runs 25 and 27). */
#define SHX_FUSED_TRACE_TIME_POINTS 13
/* After the time points: the SM the CTA ran on, plus 1 (0: not written), so that
 * perf/profile_step can tell which CTAs shared an SM. */
#define SHX_FUSED_TRACE_SM_POINT SHX_FUSED_TRACE_TIME_POINTS
#define SHX_FUSED_TRACE_POINTS (SHX_FUSED_TRACE_TIME_POINTS + 1)
/* In the FILL STAMPS diagnostic build only (`bazel build --define shx_fill_stamps=1`,
 * which defines SHX_FILL_STAMPS to 1 for ops/fused.cu and perf/profile_step): after every
 * CTA's trace points (from SHX_FUSED_FILL_STAMP_BASE in a launch's trace buffer),
 * SHX_FUSED_FILL_STAMPS stamps a CTA of when each of its ring fills landed. */
#ifndef SHX_FILL_STAMPS
#define SHX_FILL_STAMPS 0
#endif
#define SHX_FUSED_FILL_STAMPS 48
#define SHX_FUSED_FILL_STAMP_BASE (SHX_FUSED_MAX_CTAS * SHX_FUSED_TRACE_POINTS)

/* The geometry of one fused launch, chosen by shx_fused_plan_make(). */
typedef struct shx_fused_plan {
  int hidden;        /* H */
  int inter;         /* I = I_total / tp */
  int tp;
  int n;             /* padded batch (wgmma N): a multiple of 8 up to 64, of 16 above */
  int cluster;       /* CTAs per cluster = K split of a gate/up tile */
  int gate_up_ctas;  /* (2 I / 64) * cluster: CTAs [0, gate_up_ctas) do gate/up */
  int grid;          /* CTAs: enough whole clusters that every CTA has one 64-row down
                        tile where H / 64 allows (on a green context fewer, where that
                        grid does not fit twice: TWO GRIDS, some CTAs then take two);
                        CTAs past gate_up_ctas only do down */
  int ctas_per_sm;   /* CTAs per SM the shared memory is sized for: 2 at n <= 56; at
                        n = 64 2 where a gate/up CTA streams at most 32 K blocks on
                        average, ceil(H / 64 / cluster) (TP8, TP16), else 1; 1 at
                        n > 64 */
  int stages;        /* ring stages of (64 x 64 weights + n x 64 activations) */
  int smem_bytes;    /* dynamic shared memory per CTA of the fused launch (where its
                        CTAs hold late down blocks, LATE IN REGISTERS at n = 24, 32, its
                        staging area is larger than the split variant's gate kernel's) */
  int down_granules; /* H / 32: 32-row granules of W_d; a down job is two adjacent
                        granules (a 64-row tile) stacked into one MMA */
  int trigger_after_exchange; /* 1: a CTA that lets the next grid in early does it
                                 once its cluster's partials have arrived, not once its
                                 gate/up MMAs are done
                                 (shx_fused_triggers_after_exchange) */
  int early_trigger_overrun; /* down fills past its ring a CTA may have and still let
                                the next grid in early: SHX_FUSED_EARLY_TRIGGER_OVERRUN
                                on a partition's narrower grid (TWO GRIDS) at n = 16
                                where no CTA has more, else 0
                                (shx_fused_early_trigger_overrun) */
  /* Gate/up K blocks (of 64) of each CTA, balanced against its down work:
   * CTA c covers K blocks [k_begin[c], k_begin[c] + k_count[c]) of its tile. */
  uint16_t k_begin[SHX_FUSED_MAX_CTAS];
  uint16_t k_count[SHX_FUSED_MAX_CTAS];
  /* Last, so that the kernels' reads of the fields above are as before it came. */
  int out_at_wait; /* 1: the kFusedX launches run kFusedXOut (OUT AT THE WAIT,
                      ops/fused.cu), on a card where it measured faster
                      (shx_fused_out_at_wait_on); 0 or 1 may be set by hand: both give
                      the same bits */
} shx_fused_plan;

/* Everything one launch reads and writes. */
typedef struct shx_fused_args {
  const void *x;        /* [batch, H] BF16, row stride H */
  const void *gate_up;  /* [2 I, H] BF16 */
  const void *down;     /* [H, I] BF16 */
  void *h;              /* scratch [capacity, I] BF16 (this op's) */
  uint32_t *counters;   /* scratch: 2 grid-barrier counters, zero at creation */
  uint32_t *error_flag; /* scratch: set non-zero by the watchdog */
  /* Debug only (NULL in production): per CTA, SHX_FUSED_TRACE_POINTS %globaltimer
   * stamps of the kernel's phases, for perf/profile_step's `trace` argument. The fused
   * kernel only: the gate kernel (shx_gate_launch) writes none. */
  unsigned long long *trace;
  void *peers[SHX_MAX_TP]; /* mailbox of each rank */
  int batch;            /* 1 <= batch <= n */
  int capacity;         /* mailbox slot rows */
  int parity;
  int rank;
  shx_activation activation;
  float beta, lambda;   /* SiTU caps */
  unsigned long long watchdog_ns; /* give up waiting after this; 0: never; at most
                                     2^63 - 1 (the mbarrier waits take twice it) */
} shx_fused_args;

/* The fused plan the engine runs bucket `bucket` (0 <= bucket < SHX_FUSED_BUCKETS) with:
 * shx_fused_plan_make at shx_fused_bucket_n(bucket), except for the first bucket
 * (batches 1..8), which takes the n = 16 plan where the n = 8 one buys nothing on this
 * device and dims (ops/fused_plan.h, shx_fused_small_batches_take_n16: the fused step
 * measured 0.17-0.21 us faster at the design dims at TP16), or where only the n = 16
 * plan can be made. The engine plans the bucket's SharedDown at the same plan->n, so
 * that the split variant's mailboxes stay the fused variant's bit for bit (it then pays
 * up to 0.16 us a step at the DeepSeek dims at TP8, perf/RESULTS.md run 39 call 6).
 * Returns the status and message of the plan it returns (SHX_INVALID_ARGUMENT for a
 * bucket out of range). */
shx_status shx_fused_bucket_plan_make(int hidden, int inter, int tp, int bucket,
                                      shx_fused_plan *plan, char *message);

/* Chooses and checks the geometry for the current device: candidates are tried in
 * order and the first proven co-resident (cudaOccupancyMaxActiveClusters with the
 * real kernel, its shared memory and cluster size) is taken. */
shx_status shx_fused_plan_make(int hidden, int inter, int tp, int n,
                               shx_fused_plan *plan, char *message);

/* What of `plan` can run on `stream` (a cudaStream_t), in *room: SHX_ROOM_FUSED (the
 * whole fused grid co-resident: every stream of an ordinary context, where the plan
 * proved it and nothing is queried), SHX_ROOM_GATE (on a green context's stream, at
 * least one cluster but not the fused grid: the gate kernel, which waits on no other
 * cluster, runs) or SHX_ROOM_NONE (not one cluster), by shx_fused_plan_make's occupancy
 * query in the stream's context (which counts a green context's SMs only), with the
 * numbers in `message` where the fused grid does not fit. shx_fused_launch refuses
 * (SHX_UNSUPPORTED) below SHX_ROOM_FUSED and shx_gate_launch below SHX_ROOM_GATE: a
 * cooperative launch that does not fit fails eagerly, and one captured into a graph
 * never completes (ops/fused.cu GREEN CONTEXTS).
 * A failed query leaves SHX_ROOM_NONE and returns its status, except for clusters of 16,
 * where a refused query means that not one such cluster fits (SHX_SUCCESS). */
#define SHX_ROOM_NONE 0
#define SHX_ROOM_GATE 1
#define SHX_ROOM_FUSED 2
shx_status shx_fused_stream_room(const shx_fused_plan *plan, void *stream, int *room,
                                 char *message);

/* Records one launch on `stream` (a cudaStream_t). pdl != 0 launches with
 * programmatic stream serialization: weights stream before the dependency wait.
 *
 * Ordering the caller provides: a launch touches this op's h and barrier counters only
 * after its griddepcontrol.wait, i.e. once its primary grid has completed. That orders
 * it after the previous launch on the same counters when the primary is that launch, a
 * kernel that itself waits for its predecessor, or any launch without PDL. A primary
 * launched with PDL that never executes griddepcontrol.wait must not sit between two
 * launches on the same op.
 *
 * After a watchdog timeout (SHX_DEVICE_TIMEOUT from shx_check_device) the counters may be
 * skewed and TMA copies of the abandoned launch may still land: every launch between the
 * timeout and the host's shx_check_device is invalid; shx_check_device re-arms the
 * counters. */
shx_status shx_fused_launch(const shx_fused_plan *plan, const shx_fused_args *args,
                            void *stream, int pdl, char *message);

/* The kernel instance a fused launch of `plan` (made by shx_fused_plan_make) runs, for
 * the record and the tests: "kFusedX" (n = 16 where a gate/up CTA has more than 16 K
 * blocks: CONSUMER X, LATE IN REGISTERS; "kFusedXOut" where the plan's out_at_wait is set
 * too: OUT AT THE WAIT), "kFusedLate" (n = 24, 32 where some CTA's one
 * down job overruns the ring by n / 8 blocks: LATE IN REGISTERS) or "kFused"; "none" for
 * NULL or a plan of a shape shx_fused_plan_make never makes. The split variant's gate
 * kernel is always its own (kGate). */
const char *shx_fused_instance_name(const shx_fused_plan *plan);

/* The split variant's first half with the same plan: gate/up and the activation into
 * args->h (the plan's first gate_up_ctas CTAs; no grid barrier, no down, no push:
 * args->peers are not read and may be NULL). Bit-identical h to the fused kernel's. */
shx_status shx_gate_launch(const shx_fused_plan *plan, const shx_fused_args *args,
                           void *stream, int pdl, char *message);

/* SharedDown, the split variant's second half: `sms` persistent CTAs (one per SM that
 * the routed experts leave free) take every sms-th 64-row tile of W_d and push like the
 * fused kernel, bit-identically. */
typedef struct shx_down_plan {
  int hidden, inter, tp, n;
  int sms;        /* CTAs */
  int stages;     /* ring stages: fills of two K blocks up to n = 32 where I / 64 is
                     even (ops/fused.cu FILLS OF 128 K), else the fused kernel's one */
  int smem_bytes; /* dynamic shared memory per CTA */
} shx_down_plan;

/* Checks sms against the current device (1 <= sms <= its SMs, the kernel resident at
 * one CTA per SM with its shared memory). */
shx_status shx_down_plan_make(int hidden, int inter, int tp, int n, int sms,
                              shx_down_plan *plan, char *message);
/* Reads args->h (written by the gate kernel before this launch in stream order), the
 * down weights, and pushes into args->peers. Uses args' x and gate_up not at all. */
shx_status shx_down_launch(const shx_down_plan *plan, const shx_fused_args *args,
                           void *stream, char *message);

#ifdef __cplusplus
}
#endif

#endif /* SHX_OPS_FUSED_H_ */
