/* timing.h: per-step time of one rank's op, as SPEC "Speed targets" defines it.
 *
 * One graph holds `layers` consecutive steps; step l binds weight set l % sets (each
 * set a different copy of the rank's weights, so that with sets * bytes well over the
 * 60 MB L2 every step streams its weights from HBM) and alternates parity. The graph
 * is replayed `replays` times after warm-up, each replay timed with events; a step's
 * time is a replay's time / layers. The pushes land in tp local mailboxes standing in
 * for the peers (nobody consumes them: stores do not wait). */
#ifndef SHX_PERF_TIMING_H_
#define SHX_PERF_TIMING_H_

#include "shared_expert.h"

typedef struct shx_step_time {
  double median_us, min_us, max_us; /* per step, over replays */
} shx_step_time;

typedef struct shx_timing_setup {
  shx_config config;   /* dims, tp, capacity, activation; rank 0 */
  int sets;            /* weight sets, >= 8 */
  int layers;          /* steps per graph, >= 40 */
  int replays;         /* timed replays */
  unsigned long long *fused_trace; /* debug: device buffer for the fused kernel's
                                      phase stamps (engine/op.h), or NULL */
} shx_timing_setup;

/* Times `variant` at `batch`. Uses the current device. setup->config's
 * programmatic_launch chooses PDL on or off. */
shx_status shx_time_steps(const shx_timing_setup *setup, shx_variant variant, int batch,
                          shx_step_time *time);

/* Times the weight-streaming floor over the same weight sets (perf/floor.h) with
 * `grid` CTAs, with or without PDL. Experiments: grid 0 streams only the gate/up bytes
 * (96 CTAs, flat), grid -1 the gate/up bytes in the fused kernel's 2D-box pattern. */
shx_status shx_time_floor(const shx_timing_setup *setup, int grid, int pdl,
                          shx_step_time *time);

#endif /* SHX_PERF_TIMING_H_ */
