/* release_probe_main.c: prints perf/release_probe.cu's table.
 *
 *   release_probe
 *
 * Rows: 8 KB copies issued by another warp of the CTA (0, 1, 4, 16), whether they are in
 * flight at the release or were waited for first, or L2 prefetches of them instead;
 * column: the median over 132 CTAs of the cycles red.release.gpu took (three launches
 * each). Without a Hopper GPU it says so
 * and exits 77 (skipped).
 */
#include <stdio.h>

#include "perf/release_probe.h"

int main(void) {
  static const int loads[] = {0, 1, 4, 16};
  printf("%6s %10s %16s\n", "loads", "copies", "release cycles");
  for (size_t i = 0; i < sizeof loads / sizeof loads[0]; ++i)
    for (int mode = 0; mode <= 2; ++mode) {
      if (loads[i] == 0 && mode > 0) continue;
      for (int repeat = 0; repeat < 3; ++repeat) {
        double cycles = 0.0;
        const int status = shx_release_probe(loads[i], mode, &cycles);
        if (status == 77) {
          printf("release_probe: no Hopper GPU, skipped\n");
          return 77;
        }
        if (status != 0) return 1;
        static const char *const kModes[] = {"in flight", "landed", "prefetches"};
        printf("%6d %10s %16.0f\n", loads[i], kModes[mode], cycles);
      }
    }
  return 0;
}
