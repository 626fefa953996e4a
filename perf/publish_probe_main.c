/* publish_probe_main.c: prints perf/publish_probe.cu's table: h from its owners to every
 * down CTA's shared memory, released and barriered as the fused kernel does it against
 * tagged and polled with bulk copies.
 *
 *   publish_probe [LAUNCHES] [flat|clustered|both]      (default 32 both)
 *
 * flat: the forms released, count (the release and barrier alone), tagged (its first
 * poll at once, 500 or 1000 ns after the start) and tag-rows (a bulk copy a row);
 * clustered: every launch in clusters of 8, the forms released, count, c-released and
 * c-count (counted once a cluster through barrier.cluster), m-released and m-count
 * (through mbarriers).
 *
 * Rows: inter (384: TP16, 768: TP8 at the design dims), batch, the 8 KB copies in flight
 * beside the publication in each CTA, the owners' stagger (ns), the form (released,
 * tagged, tag-rows: tagged with a bulk copy a row, count: the release and barrier
 * alone); columns: the
 * median over launches of the critical path (the first CTA's start to the last CTA's
 * tiles ready) and of the CTAs' mean (us), the polls a tagged reader made and its last
 * poll's copy from issue to landing (us), the
 * elements not as written and the CTAs that gave up. It fails (exit 1) on any mismatch
 * or give-up: both forms must deliver this launch's h (the test
 * //perf:publish_probe_gpu_test), and a hang ends it after 120 s (SIGALRM). Without a
 * Hopper GPU that holds its 112 CTAs at once it says so and exits 77.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "perf/publish_probe.h"

static int compare_double(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(const double *values, int count) {
  double sorted[SHX_PUBLISH_MAX_LAUNCHES];
  for (int i = 0; i < count; ++i) sorted[i] = values[i];
  qsort(sorted, (size_t)count, sizeof *sorted, compare_double);
  return sorted[count / 2];
}

/* A form as a table row shows it: its form and, for the tagged forms, its first poll's
 * delay (ns after the start). */
typedef struct form_row {
  int form, first_poll_ns;
} form_row;

/* One table: every row of inters x batches x loads x staggers in `forms`, launched in
 * clusters of 8 or not. Returns 0, 1 on a mismatch or give-up, 77 without a Hopper GPU,
 * -1 on a failure. */
static int table(int clustered, const form_row *forms, int form_count, int launches) {
  static const int inters[] = {384, 768}, batches[] = {9, 16}, loads[] = {0, 4};
  static const int staggers[] = {0, 300};
  static const char *const kForms[] = {"released", "tagged",     "tag-rows",  "count",
                                       "c-released", "c-count", "m-released", "m-count"};
  printf("h published by 96 owners to 112 CTAs, %d launches%s\n", launches,
         clustered ? ", clusters of 8" : "");
  printf("%5s %5s %5s %7s %10s %6s %12s %9s %6s %8s %10s %8s\n", "inter", "batch", "loads",
         "stagger", "form", "first", "critical us", "mean us", "polls", "poll us",
         "mismatches", "gave up");
  int wrong = 0;
  for (size_t i = 0; i < sizeof inters / sizeof inters[0]; ++i)
    for (size_t b = 0; b < sizeof batches / sizeof batches[0]; ++b)
      for (size_t l = 0; l < sizeof loads / sizeof loads[0]; ++l)
        for (size_t s = 0; s < sizeof staggers / sizeof staggers[0]; ++s)
          for (int f = 0; f < form_count; ++f) {
            static shx_publish_result result;
            const shx_publish_options options = {forms[f].form, batches[b], inters[i],
                                                 loads[l],      staggers[s],
                                                 forms[f].first_poll_ns, clustered,
                                                 launches};
            const int status = shx_publish_probe(&options, &result);
            if (status == 77) return 77;
            if (status != 0) {
              fprintf(stderr, "publish_probe: inter %d batch %d form %s failed\n", inters[i],
                      batches[b], kForms[forms[f].form]);
              return -1;
            }
            printf("%5d %5d %5d %7d %10s %6d %12.3f %9.3f %6.2f %8.3f %10llu %8llu\n",
                   inters[i], batches[b], loads[l], staggers[s], kForms[forms[f].form],
                   forms[f].first_poll_ns, median(result.critical_ns, launches) * 1e-3,
                   median(result.mean_ns, launches) * 1e-3, result.polls_per_cta,
                   result.last_poll_ns * 1e-3, result.mismatches, result.timeouts);
            if (result.mismatches != 0 || result.timeouts != 0) wrong = 1;
          }
  return wrong;
}

int main(int argc, char **argv) {
  /* The cluster forms' barriers have no give-up: a broken protocol ends the test (SIGALRM)
   * instead of hanging it. */
  alarm(120);
  const int launches = argc > 1 ? atoi(argv[1]) : 32;
  const char *which = argc > 2 ? argv[2] : "both";
  const int known = strcmp(which, "flat") == 0 || strcmp(which, "clustered") == 0 ||
                    strcmp(which, "both") == 0;
  const int flat = strcmp(which, "clustered") != 0, clustered = strcmp(which, "flat") != 0;
  if (launches < 1 || launches > SHX_PUBLISH_MAX_LAUNCHES || !known) {
    fprintf(stderr, "usage: publish_probe [LAUNCHES 1..%d] [flat|clustered|both]\n",
            SHX_PUBLISH_MAX_LAUNCHES);
    return 2;
  }
  static const form_row flat_forms[] = {
      {SHX_PUBLISH_RELEASED, 0}, {SHX_PUBLISH_COUNT_ONLY, 0}, {SHX_PUBLISH_TAGGED, 0},
      {SHX_PUBLISH_TAGGED, 500}, {SHX_PUBLISH_TAGGED, 1000},  {SHX_PUBLISH_TAGGED_ROWS, 0}};
  static const form_row cluster_forms[] = {
      {SHX_PUBLISH_RELEASED, 0},      {SHX_PUBLISH_COUNT_ONLY, 0},
      {SHX_PUBLISH_CLUSTER_RELEASED, 0}, {SHX_PUBLISH_CLUSTER_COUNT, 0},
      {SHX_PUBLISH_MBAR_RELEASED, 0}, {SHX_PUBLISH_MBAR_COUNT, 0}};
  int results[2] = {0, 0};
  if (flat) results[0] = table(0, flat_forms, 6, launches);
  if (clustered && results[0] != 77 && results[0] >= 0)
    results[1] = table(1, cluster_forms, 6, launches);
  /* A failure in either table is a failure, whatever the other did: a skip counts only
   * where nothing failed. */
  if (results[0] < 0 || results[1] < 0) return 1;
  if (results[0] == 1 || results[1] == 1) {
    printf("publish_probe: FAILED, h not delivered as written\n");
    return 1;
  }
  if (results[0] == 77 || results[1] == 77) {
    printf("publish_probe: needs a Hopper (sm_90) GPU whose SMs hold the grid, skipped\n");
    return 77;
  }
  return 0;
}
