/* tma_rate_main.c: prints the TMA issue-rate table of perf/tma_rate.cu.
 *
 *   tma_rate [FILLS]     (default 32 fills per CTA, at most 64)
 *
 * Rows: copies per fill (1..3), box rows (16, 32, 64), issue form (lane 0 arms each fill's
 * barrier and issues its copies; lanes 0..copies-1 issue them in one instruction; lane 0
 * only arms, no copies; every barrier armed before the timing, then lane 0 or the lanes
 * issue the copies only; lane 0 with plain bulk copies of the same bytes; armed before,
 * lane 0 alone running the whole loop as the fused kernel's producer does, and so with its
 * addresses in ordinary registers; the fused producer's refill (arm, two hinted copies,
 * one plain copy of another map) on lane 0 alone, or from lanes 0-2); columns: cycles per
 * fill of the slowest of 132 CTAs from the first issue to the last, and to every fill
 * landed. Without a Hopper GPU it
 * says so and exits 77 (skipped).
 */
#include <stdio.h>
#include <stdlib.h>

#include "perf/tma_rate.h"

int main(int argc, char **argv) {
  const int fills = argc > 1 ? atoi(argv[1]) : 32;
  printf("%6s %5s %12s %14s %15s\n", "copies", "rows", "issue", "issue cyc/fill",
         "landed cyc/fill");
  for (int copies = 1; copies <= 3; ++copies)
    for (int rows = 16; rows <= 64; rows *= 2)
      for (int form = 0; form <= 9; ++form) {
        if (form >= 8 && copies != 3) continue; /* the refill forms make three copies */
        double issue = 0.0, landed = 0.0;
        const int status = shx_tma_rate(copies, rows, form, fills, &issue, &landed);
        if (status == 77) {
          printf("tma_rate: no Hopper GPU, skipped\n");
          return 77;
        }
        if (status != 0) {
          fprintf(stderr, "tma_rate: copies %d rows %d form %d failed\n", copies, rows,
                  form);
          return 1;
        }
        static const char *const kForms[] = {"lane 0", "lanes", "arm only", "armed, 0",
                                             "armed, lanes", "bulk, lane 0",
                                             "lone lane 0", "lone, vector", "refill, lone",
                                             "refill, lanes"};
        printf("%6d %5d %12s %14.1f %15.1f\n", copies, rows, kForms[form], issue, landed);
      }
  return 0;
}
