/* clock_probe_main.c: prints perf/clock_probe.cu's table.
 *
 *   clock_probe
 *
 * Rows: busy waits of 2,000 to 2,000,000 SM cycles, three launches each; columns (medians
 * over one CTA per SM): the cycles, the %globaltimer nanoseconds around them, their ratio
 * (GHz), the timer's smallest step (ns) and the cycles of one timer read. Without a
 * Hopper GPU it says so and exits 77 (skipped).
 */
#include <stdio.h>

#include "perf/clock_probe.h"

int main(void) {
  static const long long spins[] = {2000, 20000, 200000, 2000000};
  for (size_t i = 0; i < sizeof spins / sizeof spins[0]; ++i)
    for (int repeat = 0; repeat < 3; ++repeat) {
      double cycles = 0.0, ns = 0.0, step = 0.0, read = 0.0;
      const int status = shx_clock_probe(spins[i], &cycles, &ns, &step, &read);
      if (status == 77) {
        printf("clock_probe: no Hopper GPU, skipped\n");
        return 77;
      }
      if (status != 0) return 1;
      if (i == 0 && repeat == 0)
        printf("%10s %12s %12s %8s %8s %12s\n", "spin", "cycles", "timer ns", "GHz",
               "step ns", "read cycles");
      printf("%10lld %12.0f %12.0f %8.3f %8.0f %12.0f\n", spins[i], cycles, ns,
             ns > 0.0 ? cycles / ns : 0.0, step, read);
    }
  return 0;
}
