/* launch_probe_main.c: prints perf/launch_probe.cu's table.
 *
 *   launch_probe
 *
 * Rows: 112 CTAs (the fused grid at the design dims) of 107 KB of shared memory (two to
 * an SM, as the fused kernel at N = 16), without clusters and in clusters of 8; no copies
 * or 80 KB of copies a CTA before the wait (the first ring at N = 16: 8.75 MB a grid);
 * the trigger at the wait, 2 us or 3 us after it, or at the exit (4 us after the wait).
 * Columns (ns, medians over 19 launch pairs of a graph of 24): the next grid's first and
 * last CTA entry after this grid's last trigger, the next grid's wait returning after
 * this grid's last exit, wait to wait, and the next grid's copies landed after its entry.
 * Without a Hopper GPU it says so and exits 77 (skipped).
 */
#include <stdio.h>

#include "perf/launch_probe.h"

int main(void) {
  static const int clusters[] = {1, 8};
  static const int rings[] = {0, 80};
  static const int triggers[] = {0, 2000, 3000, 4000};
  printf("%7s %7s %10s %10s %12s %10s %10s %10s\n", "cluster", "ring KB", "trigger ns",
         "launch ns", "launch all", "release", "step ns", "ring ns");
  for (size_t c = 0; c < sizeof clusters / sizeof clusters[0]; ++c)
    for (size_t r = 0; r < sizeof rings / sizeof rings[0]; ++r)
      for (size_t t = 0; t < sizeof triggers / sizeof triggers[0]; ++t) {
        const struct shx_launch_probe_config config = {112, clusters[c], 107, rings[r],
                                                       triggers[t], 4000};
        double launch = 0.0, launch_all = 0.0, release = 0.0, step = 0.0, ring = 0.0;
        char error[160] = "";
        const int status =
            shx_launch_probe(&config, &launch, &launch_all, &release, &step, &ring, error);
        if (status == 77) {
          printf("launch_probe: no Hopper GPU, skipped\n");
          return 77;
        }
        if (status != 0) {
          fprintf(stderr, "launch_probe: %s\n", error);
          return 1;
        }
        printf("%7d %7d %10d %10.0f %12.0f %10.0f %10.0f %10.0f\n", clusters[c], rings[r],
               triggers[t], launch, launch_all, release, step, ring);
      }
  return 0;
}
