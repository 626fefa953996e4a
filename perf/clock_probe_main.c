/* clock_probe_main.c: prints perf/clock_probe.cu's table.
 *
 *   clock_probe
 *
 * Rows: busy waits of 2,000 to 2,000,000 SM cycles, three launches each, with HBM idle
 * and with every SM streaming it meanwhile; columns (medians over one CTA per SM): the
 * cycles, the %globaltimer nanoseconds around them, their ratio (GHz), the timer's
 * smallest step (ns) and the cycles of one timer read. Without a Hopper GPU it says so
 * and exits 77 (skipped).
 */
#include <stdio.h>

#include "perf/clock_probe.h"

/* Three launches at one spin, a line each (medians over the CTAs). */
static int print_rows(long long spin, int stream) {
  for (int repeat = 0; repeat < 3; ++repeat) {
    double cycles = 0.0, ns = 0.0, step = 0.0, read = 0.0;
    const int status = shx_clock_probe(spin, stream, &cycles, &ns, &step, &read);
    if (status != 0) return status;
    printf("%10lld %12.0f %12.0f %8.3f %8.0f %12.0f\n", spin, cycles, ns,
           ns > 0.0 ? cycles / ns : 0.0, step, read);
  }
  return 0;
}

int main(void) {
  static const long long spins[] = {2000, 20000, 200000, 2000000};
  for (int stream = 0; stream <= 1; ++stream) {
    printf("%sHBM %s\n%10s %12s %12s %8s %8s %12s\n", stream ? "\n" : "",
           stream ? "streamed by every SM meanwhile" : "idle", "spin", "cycles", "timer ns",
           "GHz", "step ns", "read cycles");
    for (size_t i = 0; i < sizeof spins / sizeof spins[0]; ++i) {
      const int status = print_rows(spins[i], stream);
      if (status == 77) {
        printf("clock_probe: no Hopper GPU, skipped\n");
        return 77;
      }
      if (status != 0) return 1;
    }
  }
  return 0;
}
