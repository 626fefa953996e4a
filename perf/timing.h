/* timing.h: per-step time of one rank's op, as SPEC "Speed targets" defines it.
 *
 * One graph holds `layers` consecutive steps; step l uses weight set l % sets (each set
 * a different copy of the rank's weights; shx_timing_standard takes enough sets for
 * twice the L2, so that every step streams its weights from HBM) and alternates parity.
 * After 3 warm-up replays the graph is replayed `replays` times back to back, an event
 * between each two: the host has launched every replay before the GPU reaches it, so a
 * replay's time (from one event to the next) holds no host launch latency. A step's time
 * is a replay's time / layers; the median is that of the replays (the mean of the middle
 * two for an even count). The pushes land in tp local mailboxes standing in for the
 * peers (nobody consumes them: stores do not wait). */
#ifndef SHX_PERF_TIMING_H_
#define SHX_PERF_TIMING_H_

#include <stddef.h>

#include "ops/fused.h" /* SHX_FUSED_MAX_CTAS, SHX_FUSED_TRACE_POINTS */
#include "perf/dims.h"
#include "shared_expert.h"

/* SPEC: the H200's HBM streams 4.48 TB/s with all SMs busy (the roofline). */
#define SHX_HBM_BYTES_PER_US 4.48e6

/* A step's share of that roofline, in %: `bytes` of weights streamed in `us`. */
static inline double shx_percent_of_hbm(double bytes, double us) {
  return 100.0 * bytes / SHX_HBM_BYTES_PER_US / us;
}

/* The weight bytes one rank streams per step: gate, up and down, BF16. */
static inline double shx_weight_bytes(const shx_config *config) {
  return 3.0 * (config->intermediate_total / config->tp) * config->hidden * 2;
}

typedef struct shx_step_time {
  double median_us, min_us, max_us; /* per step, over replays */
} shx_step_time;

typedef struct shx_timing_setup {
  shx_config config;   /* dims, tp, capacity, activation, PDL; rank 0 */
  int sets;            /* weight sets, >= 8 */
  int layers;          /* steps per graph, >= 40 (an even multiple of sets in
                          shx_timing_standard) */
  int replays;         /* timed replays */
  unsigned long long *fused_trace; /* debug: device buffer of traced_steps x
                                      SHX_FUSED_TRACE_STEP_STAMPS for the fused
                                      kernel's phase stamps (engine/op.h) of the
                                      graph's last traced_steps steps, in order; or
                                      NULL */
  int traced_steps;                /* how many of the last steps fused_trace takes,
                                      1..layers (0: none, even with a buffer) */
} shx_timing_setup;

/* One fused launch's trace stamps: SHX_FUSED_TRACE_POINTS per CTA. */
/* With the FILL STAMPS build (ops/fused.cu) each launch's stamps also hold its CTAs' fill
 * stamps. */
#define SHX_FUSED_TRACE_STEP_STAMPS \
  (SHX_FUSED_MAX_CTAS * (SHX_FUSED_TRACE_POINTS + (SHX_FILL_STAMPS ? SHX_FUSED_FILL_STAMPS : 0)))

/* The fewest steps a timed graph holds (SPEC: a graph of >= 40 consecutive steps), and the
 * L2 taken where the device cannot say (SPEC: the H200's). */
#define SHX_TIMING_MIN_LAYERS 40
#define SHX_TIMING_DEFAULT_L2_BYTES (60 << 20)

/* The timing every table of this project uses (SPEC "Speed targets"): rotating weight
 * sets of at least twice the current device's L2 in all and at least 10 (10 at the design
 * dims; 22-23 at the DeepSeek dims' TP16 for an L2 of 60 MB to 60 MiB), graphs of at
 * least 40 steps and at least one step a set, rounded up to an even multiple of the sets
 * so that the replay boundary keeps every set's reads sets - 1 apart (40 at the design
 * dims; at the DeepSeek dims on an H200 48 at TP8, 46 at TP16), 20 timed replays, no
 * trace. bench prints the L2, the sets and the steps. */
shx_timing_setup shx_timing_standard(shx_config config);
/* The same for a timing whose steps stream only `step_bytes` of each set (bench part 2's
 * gate-only and SharedDown-only rows: the gate/up or the down weights): enough sets for
 * those bytes to fill twice the L2. shx_timing_standard is this with every weight byte. */
shx_timing_setup shx_timing_streaming(shx_config config, double step_bytes);
/* The steps a graph of at least `layers` steps over `sets` weight sets takes (as
 * shx_timing_standard does): at least one a set, an even multiple of the sets. For a
 * caller that sets its own count of sets. */
int shx_timing_fit_layers(int layers, int sets);
/* The current device's L2 in bytes, as it reports it; 0 where it cannot say. */
int shx_timing_l2_bytes(void);

/* The device buffers of one timing: `sets` copies of rank 0's weights, each set
 * contiguous (gate_up, then down), x with `batch` rows, tp local mailboxes, a stream. */
typedef struct shx_bench {
  size_t gate_up_bytes, down_bytes, set_bytes, mailbox_bytes;
  void *weights, *x, *mailboxes;
  void *stream; /* cudaStream_t */
} shx_bench;

shx_status shx_bench_make(const shx_timing_setup *setup, int batch, shx_bench *bench);
void shx_bench_free(shx_bench *bench);
/* Weight set of layer l. */
void *shx_bench_weights(const shx_timing_setup *setup, const shx_bench *bench, int layer);

/* Records one layer's step into the capture running on bench->stream. */
typedef shx_status (*shx_layer_recorder)(void *context, const shx_bench *bench, int layer);
/* Checks the device after a replay (e.g. shx_check_device: a kernel's watchdog fired). */
typedef shx_status (*shx_layer_check)(void *context);

/* Captures setup->layers calls of `record` into one graph and times its replays.
 * `check` (may be NULL) runs after the first warm-up replay, so that a broken kernel
 * stops the timing after one replay instead of all of them (a kernel whose waits time
 * out takes about 2 x watchdog_ms per launch). */
shx_status shx_time_layers(const shx_timing_setup *setup, shx_bench *bench,
                           shx_layer_recorder record, shx_layer_check check, void *context,
                           shx_step_time *time);

/* Times `variant` at `batch` (shx_record_step per layer). Uses the current device. */
shx_status shx_time_steps(const shx_timing_setup *setup, shx_variant variant, int batch,
                          shx_step_time *time);
/* The same, with `prepare` called on the op once it is created, before any step is
 * recorded (experiments: e.g. the baseline's cuBLASLt algorithms, engine/op.h). */
typedef shx_status (*shx_op_preparer)(void *context, shx_op *op, int batch);
shx_status shx_time_steps_prepared(const shx_timing_setup *setup, shx_variant variant,
                                   int batch, shx_op_preparer prepare, void *prepare_context,
                                   shx_step_time *time);

/* The median of `count` > 0 values (the mean of the middle two for an even count); sorts
 * them in place. */
double shx_median(double *values, int count);

/* Times the weight-streaming floor over the same weight sets (perf/floor.h) with
 * `grid` CTAs, ctas_per_sm (1 or 2) an SM, with or without PDL. Experiments: grid 0
 * streams only the gate/up bytes (96 CTAs, flat), grid -1 the gate/up bytes in the fused
 * kernel's 2D-box pattern. */
shx_status shx_time_floor(const shx_timing_setup *setup, int grid, int pdl, int ctas_per_sm,
                          shx_step_time *time);

/* ENGINE STATE (perf/RESULTS.md run 56 calls 2-11): on one H200, a process that has
 * issued 8 asynchronous memsets or device-to-device copies on non-blocking streams (2, 3,
 * 4 and 6 did not; 7 was not tried; 8 on the legacy stream did not) times every later
 * graph slower, for the rest of the process: TP8 B=9 the baseline's four kernels 18.4 ->
 * 20.2 us a step, the fused kernel 10.2 -> 10.35. An engine that copies on streams of its
 * own runs in this state; a fresh process (bench by default) does not. This issues
 * SHX_ENGINE_STATE_COPIES device-to-device cudaMemcpyAsync of 4 KB on a non-blocking
 * stream of its own and waits for them: the count measured to enter the state (with no
 * margin: another driver's threshold may differ, and the tables say which state they
 * ran in). */
#define SHX_ENGINE_STATE_COPIES 8
shx_status shx_enter_engine_state(void);

#endif /* SHX_PERF_TIMING_H_ */
