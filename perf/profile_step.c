/* profile_step.c: one rank's steps launched straight on a stream (no graph), for
 * profilers (ncu, compute-sanitizer) and quick looks.
 *
 *   profile_step VARIANT TP BATCH [STEPS [PDL]]   VARIANT: baseline | fused | floor
 *
 * Rank 0 of the design dims (H 7168, I_total 6144, SiTU), local mailboxes standing in
 * for the peers, 10 weight sets rotated so that L2 is cold; prints the mean time per
 * step of a graph of STEPS steps (default 20); PDL 0 turns programmatic launch off.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graphs/testbed.h"
#include "perf/timing.h"

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s baseline|fused|floor TP BATCH [STEPS]\n", argv[0]);
    return 2;
  }
  shx_testbed_skip_without_gpu(1);
  shx_config config = SHX_CONFIG_INIT;
  config.tp = atoi(argv[2]);
  int batch = atoi(argv[3]);
  config.programmatic_launch = argc > 5 ? atoi(argv[5]) : 1;
  shx_timing_setup setup = {config, 10, argc > 4 ? atoi(argv[4]) : 20, 1};
  shx_step_time time;
  if (strcmp(argv[1], "floor") == 0) {
    SHX_CHECK_OK(shx_time_floor(&setup, 96, config.programmatic_launch, &time));
  } else {
    shx_variant variant = strcmp(argv[1], "fused") == 0 ? SHX_VARIANT_FUSED
                                                        : SHX_VARIANT_BASELINE;
    SHX_CHECK_OK(shx_time_steps(&setup, variant, batch, &time));
  }
  printf("%s tp %d B %d pdl %d: %.2f us per step (one graph of %d steps)\n", argv[1],
         config.tp, batch, config.programmatic_launch, time.median_us, setup.layers);
  return 0;
}
