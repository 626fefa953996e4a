/* launch_probe_main.c: prints perf/launch_probe.cu's table.
 *
 *   launch_probe
 *
 * Rows: 112 CTAs (the fused grid at the design dims) of 107 KB of shared memory (two to
 * an SM, as the fused kernel at N = 16) in clusters of 8 (and without, first row), with
 * the probe's own parameters or 1536 bytes more (third row); no
 * copies, or 80 KB of copies (the first ring at N = 16) before the wait in every CTA or in
 * every other one, as loads into shared memory or as L2 prefetches; the trigger at the
 * wait, 2 us or 3 us after it, the exit 4 us after it. Columns (ns, means over 35 launch
 * pairs of a graph of 40): the next grid's first and last CTA entry after this grid's last
 * trigger; the next grid's wait returning after this grid's last exit, in its CTAs that
 * copy and in those that do not; wait to wait; the copies landed after the entry.
 * Without a Hopper GPU it says so and exits 77 (skipped).
 */
#include <stdio.h>

#include "perf/launch_probe.h"

struct row {
  int cluster, ring_kb, copy_every, prefetch, param_bytes;
};

int main(void) {
  static const struct row rows[] = {
      {1, 0, 1, 0, 0},  {8, 0, 1, 0, 0},  {8, 0, 1, 0, 1536}, {8, 80, 1, 0, 0},
      {8, 80, 2, 0, 0}, {8, 80, 1, 1, 0}, {8, 80, 2, 1, 0},
  };
  static const int triggers[] = {0, 2000, 3000};
  printf("%7s %7s %5s %8s %6s %10s %8s %8s %8s %8s %8s %8s\n", "cluster", "ring KB",
         "every", "prefetch", "params", "trigger ns", "launch", "all in", "release",
         "idle rel", "step", "landed");
  for (size_t r = 0; r < sizeof rows / sizeof rows[0]; ++r)
    for (size_t t = 0; t < sizeof triggers / sizeof triggers[0]; ++t) {
      const struct shx_launch_probe_config config = {
          112, rows[r].cluster, 107, rows[r].ring_kb, triggers[t], 4000, rows[r].copy_every,
          rows[r].prefetch, rows[r].param_bytes};
      double launch = 0.0, launch_all = 0.0, release = 0.0, idle = 0.0, step = 0.0;
      double ring = 0.0;
      char error[160] = "";
      const int status = shx_launch_probe(&config, &launch, &launch_all, &release, &idle,
                                          &step, &ring, error);
      if (status == 77) {
        printf("launch_probe: no Hopper GPU, skipped\n");
        return 77;
      }
      if (status != 0) {
        fprintf(stderr, "launch_probe: %s\n", error);
        return 1;
      }
      printf("%7d %7d %5d %8d %6d %10d %8.0f %8.0f %8.0f %8.0f %8.0f %8.0f\n",
             rows[r].cluster, rows[r].ring_kb, rows[r].copy_every, rows[r].prefetch,
             rows[r].param_bytes, triggers[t], launch,
             launch_all, release, idle, step, ring);
    }
  return 0;
}
