/* timing_test.c: shx_timing_standard's weight sets and steps (perf/timing.h), CPU only.
 * Replays run back to back, so the sequence of sets a timing reads is the graph's steps
 * over and over; every read of a set must have every other set between it and that set's
 * previous read, across the replay boundary too, and the parity must alternate there.
 * Without a GPU the L2 is taken as the H200's 60 MiB, and the counts are checked as they
 * follow from it (design dims 10 sets in 40 steps; DeepSeek TP8 12 in 48, TP16 23 in 46;
 * H 1024, I_total 1408 at TP1 15 in 60, an odd count of sets), and shx_timing_streaming's
 * for a part of each set (bench part 2's gate-only and SharedDown-only rows). */
#include <stdio.h>
#include <stdlib.h>

#include "engine/check.h"
#include "perf/dims.h"
#include "perf/timing.h"

/* The index of the set that graph layer `layer` streams, as the timings pick it. */
static int set_of(const shx_timing_setup *setup, const shx_bench *sets_only, int layer) {
  const char *const set = shx_bench_weights(setup, sets_only, layer);
  return (int)(set - (const char *)sets_only->weights);
}

/* `parts` thirds of each set streamed a step: 3 every weight (shx_timing_standard), 2 the
 * gate/up weights, 1 the down weights (shx_timing_streaming, bench part 2's rows). */
static void expect_cold_part(const char *dims, int tp, int parts, int want_sets,
                             int want_layers) {
  shx_config config = SHX_CONFIG_INIT;
  CHECK(shx_set_dims(&config, dims) == 1);
  config.tp = tp;
  const double step_bytes = shx_weight_bytes(&config) * parts / 3;
  const shx_timing_setup setup =
      parts == 3 ? shx_timing_standard(config) : shx_timing_streaming(config, step_bytes);
  int l2_bytes = shx_timing_l2_bytes();
  const int no_gpu = l2_bytes == 0;
  if (no_gpu) l2_bytes = SHX_TIMING_DEFAULT_L2_BYTES;
  printf("%s tp %d, %d thirds a step: %d sets in %d steps (L2 %d bytes)\n", dims, tp, parts,
         setup.sets, setup.layers, l2_bytes);
  CHECK(setup.sets >= 10 && setup.layers >= SHX_TIMING_MIN_LAYERS &&
        setup.layers >= setup.sets);
  CHECK(setup.sets * step_bytes >= 2.0 * l2_bytes);
  /* The fewest sets that fill twice the L2, and no fewer than 10. */
  CHECK(setup.sets == 10 || (setup.sets - 1) * step_bytes < 2.0 * l2_bytes);
  CHECK(setup.layers % 2 == 0); /* parity l % 2 alternates from one replay to the next */
  /* Two replays' steps in a row, each step's set as the timings pick it (graph layer
   * step % layers, shx_bench_weights): each set read again exactly `sets` steps later,
   * with every other set between. A bench of one-byte sets makes the returned address
   * minus the first set's the set's index. */
  char *const first_set = malloc((size_t)setup.sets);
  const shx_bench sets_only = {.weights = first_set, .set_bytes = 1};
  int *read = calloc((size_t)setup.sets, sizeof *read);
  CHECK(first_set != NULL && read != NULL);
  const int steps = 2 * setup.layers;
  for (int step = 0; step < steps; ++step) {
    const int set = set_of(&setup, &sets_only, step % setup.layers);
    CHECK(set >= 0 && set < setup.sets);
    ++read[set];
    const int next = set_of(&setup, &sets_only, (step + setup.sets) % setup.layers);
    if (set != next) {
      fprintf(stderr, "step %d reads set %d, step %d set %d: not every other set between\n",
              step, set, step + setup.sets, next);
      CHECK(0);
    }
    for (int between = 1; between < setup.sets; ++between)
      CHECK(set_of(&setup, &sets_only, (step + between) % setup.layers) != set);
  }
  /* Every set read, equally often: the sets' bytes all go through the L2. */
  for (int set = 0; set < setup.sets; ++set) CHECK(read[set] * setup.sets == steps);
  free(read);
  free(first_set);
  if (no_gpu) CHECK(setup.sets == want_sets && setup.layers == want_layers);
}

static void expect_cold(const char *dims, int tp, int want_sets, int want_layers) {
  expect_cold_part(dims, tp, 3, want_sets, want_layers);
}

int main(void) {
  expect_cold("design", 8, 10, 40);
  expect_cold("design", 16, 10, 40);
  expect_cold("deepseek", 8, 12, 48);
  expect_cold("deepseek", 16, 23, 46);
  /* An odd count of sets (15): two steps a set, so that the count of steps is even. */
  expect_cold("1024,1408", 1, 15, 60);
  /* bench part 2's gate-only and SharedDown-only rows: sets of twice the L2 in the part
   * they stream (the design TP16's down weights, 5.5 MB: 23 sets, not the 10 that put
   * 55 MB through the L2 until stop 87). */
  expect_cold_part("design", 8, 1, 12, 48);
  expect_cold_part("design", 16, 1, 23, 46);
  expect_cold_part("design", 16, 2, 12, 48);
  expect_cold_part("deepseek", 16, 1, 69, 138);
  printf("timing_test: every set's reads a full rotation apart, across replays too\n");
  return 0;
}
