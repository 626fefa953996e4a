/* release_probe_main.c: prints perf/release_probe.cu's table.
 *
 *   release_probe
 *
 * Rows: 8 KB copies issued by another warp of the CTA (0, 1, 4, 16), whether they are in
 * flight at the release or were waited for first, or L2 prefetches of them instead;
 * column: the median over 132 CTAs of the cycles red.release.gpu took (three launches
 * each). A second table (modes 3, 4): the copies issued by the other CTA of the SM (0 or
 * 12), in flight or landed, and how many CTAs released. A third (run 44): 12 copies in
 * flight only on odd SMs, a release, one load or one bulk copy timed on even SMs (other
 * SMs' traffic) or on odd ones (their own). Without a Hopper GPU it says so and exits 77
 * (skipped).
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
  printf("\nanother CTA of the SM issued the copies\n%6s %10s %16s %10s\n", "loads",
         "copies", "release cycles", "releasers");
  static const int cross_loads[] = {0, 12};
  static const char *const kTimed[] = {
      "", "the same, timing one ld.relaxed.gpu of an L2-resident line",
      "the same, timing 24 ld.relaxed.gpu.v4 a thread (64 threads), L2-resident",
      "the same, timing one 2 KB bulk copy from L2"};
  for (int timed_load = 0; timed_load <= 3; ++timed_load) {
    if (timed_load)
      printf("\n%s\n%6s %10s %16s %10s\n", kTimed[timed_load], "loads", "copies",
             "cycles", "timed");
    for (size_t i = 0; i < sizeof cross_loads / sizeof cross_loads[0]; ++i)
      for (int landed = 0; landed <= 1; ++landed) {
        if (cross_loads[i] == 0 && landed) continue;
        for (int repeat = 0; repeat < 3; ++repeat) {
          double cycles = 0.0;
          int timed = 0;
          if (shx_release_probe_cross(cross_loads[i], landed, timed_load, 0, &cycles,
                                      &timed) != 0)
            return 1;
          printf("%6d %10s %16.0f %10d\n", cross_loads[i], landed ? "landed" : "in flight",
                 cycles, timed);
        }
      }
  }
  printf("\ncopies (12 of 8 KB in flight) only on odd SMs: timed beside them or on other SMs"
         "\n%-20s %-27s %6s %10s %6s\n", "timed", "where", "copies", "cycles", "timed");
  static const char *const kWhat[] = {"release", "one ld.relaxed.gpu", "",
                                      "one 2 KB bulk copy"};
  static const char *const kWhere[] = {"", "on even SMs (no copies)",
                                       "on odd SMs (beside copies)"};
  for (int timed_load = 0; timed_load <= 3; ++timed_load) {
    if (timed_load == 2) continue;
    for (int loads_on = 0; loads_on <= 1; ++loads_on)
      for (int where = 1; where <= 2; ++where)
        for (int repeat = 0; repeat < 3; ++repeat) {
          double cycles = 0.0;
          int timed = 0;
          if (shx_release_probe_cross(loads_on ? 12 : 0, 0, timed_load, where, &cycles,
                                      &timed) != 0)
            return 1;
          printf("%-20s %-27s %6s %10.0f %6d\n", kWhat[timed_load], kWhere[where],
                 loads_on ? "copies" : "none", cycles, timed);
        }
  }
  return 0;
}
