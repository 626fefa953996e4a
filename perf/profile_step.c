/* profile_step.c: one rank's steps in one graph, for profilers (ncu, compute-sanitizer)
 * and for a look inside the fused kernel.
 *
 *   profile_step VARIANT TP BATCH [STEPS [PDL [trace]]]
 *   VARIANT: baseline | fused | split | floor | floor_gate_up | floor_tiles
 *   (the floor experiments: perf/timing.h)
 *
 * Rank 0 of the design dims (H 7168, I_total 6144, SiTU), local mailboxes standing in
 * for the peers, bench's weight sets rotated so that L2 is cold (perf/timing.h: 10 at
 * the design dims), STEPS fitted to them as bench's steps are (but one);
 * prints the time per step of a graph of STEPS steps (default 20); PDL 0 turns
 * programmatic launch off. With
 * "trace" (VARIANT fused only), the last fused launch's phase stamps (%globaltimer per
 * CTA) are printed as min / median / max over CTAs, in us after the earliest start, then
 * the step from one launch's dependency wait to the next one's, cut into its phases and
 * averaged over the 15 consecutive pairs of the last 16 steps (fewer where STEPS < 16; a
 * "breakdown |" row: print_breakdown; tools/limits.sh tabulates them), the next grid's
 * launch against this one ("launch |") and where the CTAs ran ("placement |": SMs
 * holding two CTAs of one grid, the gate/up loop by SM neighbour) and the exchange cut
 * at each cluster's slowest CTA ("exchange |": print_exchange). SHX_WATCHDOG_MS in the
 * environment sets the config's watchdog_ms; SHX_REPLAYS the timed replays (default 5;
 * 1 under compute-sanitizer, where every launch is slow); SHX_DIMS=deepseek the
 * DeepSeek-V3 / Kimi-K2 dims (I_total 2048, SwiGLU) instead of the design dims, or
 * SHX_DIMS=H,I_TOTAL[,swiglu | situ] another model's (perf/dims.h shx_set_dims);
 * SHX_ENGINE_STATE=1 times in the engine state (perf/timing.h ENGINE STATE);
 * SHX_OUT_AT_WAIT=0 or 1 sets every fused plan's out_at_wait (set_out_at_wait). Built with
 * `--define shx_fill_stamps=1` (the FILL STAMPS diagnostic, ops/fused.cu; `FILL_STAMPS=1
 * tools/bundle.sh DIR ab`), "trace" also prints when the weights landed ("fills |" rows,
 * print_fills) at the fused TP8-like instance (kFusedX).
 */
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/op.h" /* shx_op_set_out_at_wait */
#include "engine/validate.h"
#include "graphs/testbed.h"
#include "ops/fused.h"
#include "ops/fused_plan.h"
#include "perf/timing.h"

static int compare_u64(const void *a, const void *b) {
  unsigned long long x = *(const unsigned long long *)a, y = *(const unsigned long long *)b;
  return (x > y) - (x < y);
}

static void print_trace(const unsigned long long *stamps, int ctas) {
  static const char *names[SHX_FUSED_TRACE_TIME_POINTS] = {
      "producer issued pre-barrier", "gate/up MMAs done", "partials received",
      "h published", "grid barrier passed", "down jobs pushed", "first down stage ready",
      "first down job MMAs done", "kernel entry", "dependency wait (producer)",
      "dependency wait (consumer)", "first gate/up stage ready", "h stored"};
  /* The points roughly in the order a gate/up CTA passes them (the producer's pre-barrier
   * loads end during the exchange; its dependency wait may return after the consumers'). */
  static const int order[SHX_FUSED_TRACE_TIME_POINTS] = {8, 9, 10, 11, 1, 2, 12, 3, 0, 4, 6, 7, 5};
  /* The origin: the earliest stamp of any point (all stamps are after the start). */
  unsigned long long origin = ~0ull, column[SHX_FUSED_MAX_CTAS];
  for (int c = 0; c < ctas; ++c)
    for (int p = 0; p < SHX_FUSED_TRACE_TIME_POINTS; ++p) {
      const unsigned long long t = stamps[c * SHX_FUSED_TRACE_POINTS + p];
      if (t && t < origin) origin = t;
    }
  printf("%-28s %8s %8s %8s  (us after the earliest stamp)\n", "phase", "min", "median",
         "max");
  for (int i = 0; i < SHX_FUSED_TRACE_TIME_POINTS; ++i) {
    const int p = order[i];
    int n = 0;
    for (int c = 0; c < ctas; ++c) {
      unsigned long long t = stamps[c * SHX_FUSED_TRACE_POINTS + p];
      if (t >= origin) column[n++] = t - origin;
    }
    if (n == 0) continue;
    qsort(column, (size_t)n, sizeof *column, compare_u64);
    printf("%-28s %8.2f %8.2f %8.2f\n", names[p], column[0] * 1e-3, column[n / 2] * 1e-3,
           column[n - 1] * 1e-3);
  }
  /* The three CTAs that ended last, every phase (in the order above). */
  for (int rank = 0; rank < 3; ++rank) {
    int last = -1;
    for (int c = 0; c < ctas; ++c) {
      unsigned long long end = stamps[c * SHX_FUSED_TRACE_POINTS + 5];
      int taken = 0;
      for (int k = 0; k < rank; ++k) taken |= column[k] == (unsigned long long)c;
      if (end && !taken && (last < 0 || end > stamps[last * SHX_FUSED_TRACE_POINTS + 5]))
        last = c;
    }
    if (last < 0) break;
    column[rank] = (unsigned long long)last;
    printf("CTA %3d:", last);
    for (int i = 0; i < SHX_FUSED_TRACE_TIME_POINTS; ++i) {
      unsigned long long t = stamps[last * SHX_FUSED_TRACE_POINTS + order[i]];
      if (t >= origin) printf(" %6.2f", (t - origin) * 1e-3);
      else printf(" %6s", "-"); /* a point this CTA never passes (down-only: 1-3, 11, 12) */
    }
    printf("\n");
  }
}

/* Traced launch `step`'s stamps in the buffer of every traced launch (perf/timing.h). */
static const unsigned long long *launch_stamps(const unsigned long long *stamps, int step) {
  return stamps + (size_t)step * SHX_FUSED_TRACE_STEP_STAMPS;
}

/* The steps traced at the end of the graph (perf/timing.h), for the breakdown. */
#define TRACED_STEPS 16

/* `point` of one launch over the CTAs that stamped it, in ns: the mean of the middle
 * 80% (the timer ticks in 256 ns on some machines, so a median is a multiple of that,
 * while the trimmed mean of ~100 CTAs is not), or with `last` the maximum; 0 if none. */
static double stamp_of(const unsigned long long *stamps, int ctas, int point, int last) {
  unsigned long long column[SHX_FUSED_MAX_CTAS];
  int n = 0;
  for (int c = 0; c < ctas; ++c) {
    unsigned long long t = stamps[c * SHX_FUSED_TRACE_POINTS + point];
    if (t) column[n++] = t;
  }
  if (n == 0) return 0.0;
  qsort(column, (size_t)n, sizeof *column, compare_u64);
  if (last) return (double)column[n - 1];
  const int trim = n / 10;
  double sum = 0.0;
  for (int i = trim; i < n - trim; ++i) sum += (double)(column[i] - column[0]);
  return (double)column[0] + sum / (n - 2 * trim);
}

/* The step from one dependency wait to the next, cut at the phase stamps and averaged
 * over the `steps` - 1 consecutive pairs of traced launches (`stamps`: steps x
 * SHX_FUSED_TRACE_STEP_STAMPS, in order), as one Markdown row (us), after the weight
 * bytes of a step and their time at the roofline (perf/timing.h):
 *   tp | B | weights MB | at 4.48 TB/s | step | x landed | gate/up loop | exchange
 *   | reduce | h release | grid barrier | h landed | down loop | push | slowest push
 *   | gap to the next wait
 * Each point is a trimmed mean over the CTAs that stamp it (stamp_of). "x landed" runs
 * from the wait to the first gate/up stage ready (with the weights of fill 0, if they
 * have not landed yet); "slowest push" from the mean CTA's last push to the last CTA's;
 * the gap from there to the next grid's wait. The parts add up to the step. */
static void print_breakdown(const unsigned long long *stamps, int steps, int ctas,
                            const shx_config *config, int batch) {
  enum { kParts = 12 };
  static const int points[kParts - 1] = {10, 11, 1, 2, 12, 3, 4, 6, 7, 5, 5};
  double sum[kParts] = {0};
  for (int step = 0; step + 1 < steps; ++step) {
    const unsigned long long *before = launch_stamps(stamps, step);
    const unsigned long long *after = launch_stamps(stamps, step + 1);
    double at[kParts];
    for (int i = 0; i < kParts - 1; ++i)
      at[i] = stamp_of(before, ctas, points[i], i == kParts - 2); /* the slowest push */
    at[kParts - 1] = stamp_of(after, ctas, 10, 0);
    for (int i = 0; i < kParts; ++i) {
      if (at[i] == 0.0) {
        printf("breakdown: point %d of traced step %d was not stamped\n",
               i < kParts - 1 ? points[i] : 10, i < kParts - 1 ? step : step + 1);
        return;
      }
    }
    sum[0] += at[kParts - 1] - at[0];
    for (int i = 1; i < kParts; ++i) sum[i] += at[i] - at[i - 1];
  }
  const double bytes = shx_weight_bytes(config);
  printf("breakdown | %d | %d | %.1f | %.2f |", config->tp, batch, bytes / 1e6,
         bytes / SHX_HBM_BYTES_PER_US);
  for (int i = 0; i < kParts; ++i) printf(" %.2f |", sum[i] / (steps - 1) * 1e-3);
  printf("\n");
}

/* When the next grid's CTAs start, against this grid's events, averaged over the traced
 * pairs (us): its CTAs' entry (point 8, trimmed mean and last) after this grid's last
 * "gate/up MMAs done" (1: where the early trigger fires) and last "grid barrier passed"
 * (4: the late trigger), how many of its CTAs enter only after this grid's last push (5:
 * not resident beside it), and from its entry to its first gate/up stage ready (11). */
static void print_launch(const unsigned long long *stamps, int steps, int ctas) {
  double sum[6] = {0};
  for (int step = 0; step + 1 < steps; ++step) {
    const unsigned long long *before = launch_stamps(stamps, step);
    const unsigned long long *after = launch_stamps(stamps, step + 1);
    const double mma_done = stamp_of(before, ctas, 1, 1), barrier = stamp_of(before, ctas, 4, 1);
    const double pushed = stamp_of(before, ctas, 5, 1);
    const double entry = stamp_of(after, ctas, 8, 0), entry_last = stamp_of(after, ctas, 8, 1);
    const double ready = stamp_of(after, ctas, 11, 0);
    if (mma_done == 0.0 || barrier == 0.0 || pushed == 0.0 || entry == 0.0 || ready == 0.0) {
      printf("launch: a point of traced step %d or %d was not stamped\n", step, step + 1);
      return;
    }
    int late = 0;
    for (int c = 0; c < ctas; ++c) {
      const unsigned long long t = after[c * SHX_FUSED_TRACE_POINTS + 8];
      if (t && (double)t > pushed) ++late;
    }
    sum[0] += entry - mma_done;
    sum[1] += entry - barrier;
    sum[2] += entry_last - barrier;
    sum[3] += pushed - entry;
    sum[4] += late;
    sum[5] += ready - entry;
  }
  const double pairs = steps - 1;
  printf("launch | next entry after last MMAs done %.2f | after last grid barrier %.2f "
         "(last CTA %.2f) | before last push %.2f | CTAs entering after the last push "
         "%.1f | entry to first stage ready %.2f |\n",
         sum[0] / pairs * 1e-3, sum[1] / pairs * 1e-3, sum[2] / pairs * 1e-3,
         sum[3] / pairs * 1e-3, sum[4] / pairs, sum[5] / pairs * 1e-3);
}

#if SHX_FILL_STAMPS
/* FILL STAMPS (the diagnostic build, ops/fused.cu): when the weights reached the SMs. Each
 * kFusedX CTA stamps when each of its ring fills landed (8 KB of weights each at the design
 * dims, with x or h beside them; a down fill before the grid barrier also waits for its h,
 * loaded after it; the LATE IN REGISTERS fills, shx_fused_late_register_fills, bring h
 * alone and count no weight bytes: their weights are loads of the consumers', not
 * stamped). For each traced
 * step s with a predecessor and a successor, every fill of launches s - 1, s and s + 1 is
 * placed in 256-ns bins (the timer's tick) from step s's dependency wait (point 10), and
 * the bins are averaged over those steps: the weight bytes landed per bin, by launch and
 * kind, and their rate; then CTAs 0-4's down fills in the last such step, and the mean
 * landing time of each fill index over the gate/up CTAs. */
static const unsigned long long *fill_stamps(const unsigned long long *launch, int cta) {
  return launch + SHX_FUSED_FILL_STAMP_BASE + cta * SHX_FUSED_FILL_STAMPS;
}

static void print_fills(const unsigned long long *stamps, int steps, const shx_fused_plan *plan) {
  enum { kFirst = -24, kBins = 72, kKinds = 4 }; /* 256-ns bins from -6.1 us to +12.3 us */
  static const char *kinds[kKinds] = {"prev down", "gate/up", "down", "next gate/up"};
  double bytes[kBins][kKinds] = {{0}};
  double fill_time[SHX_FUSED_FILL_STAMPS] = {0};
  int fill_count[SHX_FUSED_FILL_STAMPS] = {0};
  double events[6] = {0};
  int pairs = 0;
  for (int s = 1; s + 1 < steps; ++s) {
    const unsigned long long *launch[3] = {launch_stamps(stamps, s - 1),
                                           launch_stamps(stamps, s),
                                           launch_stamps(stamps, s + 1)};
    const double origin = stamp_of(launch[1], plan->grid, 10, 0);
    if (origin == 0.0) continue;
    ++pairs;
    events[0] += stamp_of(launch[1], plan->grid, 1, 0) - origin;
    events[1] += stamp_of(launch[1], plan->grid, 4, 0) - origin;
    events[2] += stamp_of(launch[1], plan->grid, 7, 0) - origin;
    events[3] += stamp_of(launch[1], plan->grid, 5, 1) - origin;
    events[4] += stamp_of(launch[2], plan->grid, 8, 0) - origin;
    events[5] += stamp_of(launch[2], plan->grid, 10, 0) - origin;
    for (int l = 0; l < 3; ++l)
      for (int c = 0; c < plan->grid; ++c) {
        const unsigned long long *t = fill_stamps(launch[l], c);
        /* Fills from here on are LATE IN REGISTERS ones: h alone. */
        const int late_from =
            plan->k_count[c] + plan->stages +
            (shx_fused_late_register_fills(shx_down_job_count(c, plan), plan->inter / 64,
                                           plan->stages, plan->n) > 0
                 ? 0
                 : SHX_FUSED_FILL_STAMPS);
        for (int f = 0; f < SHX_FUSED_FILL_STAMPS && t[f] != 0; ++f) {
          const int gate_up = f < plan->k_count[c];
          if (l == 0 && gate_up) continue; /* the previous launch's gate/up: long done */
          if (l == 2 && !gate_up) continue; /* the next launch's down: past the window */
          const int kind = l == 0 ? 0 : l == 1 ? (gate_up ? 1 : 2) : 3;
          const double at = ((double)t[f] - origin) / 256.0;
          const int bin = (int)(at - kFirst + 1000.0) - 1000;
          if (bin >= 0 && bin < kBins && f < late_from) bytes[bin][kind] += 8192.0;
          if (l == 1 && plan->k_count[c] > 0) {
            fill_time[f] += (double)t[f] - origin;
            ++fill_count[f];
          }
        }
      }
  }
  if (pairs == 0) {
    printf("fills: no fill stamps\n");
    return;
  }
  printf("fills | us after the wait: MMAs done %.2f, grid barrier %.2f, down MMAs done %.2f, "
         "last push %.2f, next entry %.2f, next wait %.2f (means of %d steps)\n",
         events[0] / pairs * 1e-3, events[1] / pairs * 1e-3, events[2] / pairs * 1e-3,
         events[3] / pairs * 1e-3, events[4] / pairs * 1e-3, events[5] / pairs * 1e-3, pairs);
  printf("fills | bin (us) |");
  for (int k = 0; k < kKinds; ++k) printf(" %s MB |", kinds[k]);
  printf(" TB/s |\n");
  for (int b = 0; b < kBins; ++b) {
    double total = 0.0;
    for (int k = 0; k < kKinds; ++k) total += bytes[b][k];
    if (total == 0.0) continue;
    printf("fills | %6.2f |", (kFirst + b) * 0.256);
    for (int k = 0; k < kKinds; ++k) printf(" %.3f |", bytes[b][k] / pairs * 1e-6);
    printf(" %.2f |\n", total / pairs / 256.0 * 1e-3);
  }
  /* The down fills of CTAs 0-4 in the last step with a successor, one by one. */
  {
    const unsigned long long *launch = launch_stamps(stamps, steps - 2);
    const double origin = stamp_of(launch, plan->grid, 10, 0);
    for (int c = 0; c < 5 && c < plan->grid && origin != 0.0; ++c) {
      const unsigned long long *t = fill_stamps(launch, c);
      printf("fills | CTA %d down fills (us after the wait):", c);
      for (int f = plan->k_count[c]; f < SHX_FUSED_FILL_STAMPS && t[f] != 0; ++f)
        printf(" %d:%.2f", f - plan->k_count[c], ((double)t[f] - origin) * 1e-3);
      printf("\n");
    }
  }
  printf("fills | landed (us after the wait), gate/up CTAs, by fill:");
  for (int f = 0; f < SHX_FUSED_FILL_STAMPS; ++f)
    if (fill_count[f]) printf("%s %d:%.2f", f % 8 == 0 ? "\nfills |" : "", f,
                              fill_time[f] / fill_count[f] * 1e-3);
  printf("\n");
}
#endif

/* Where the CTAs ran (trace point SHX_FUSED_TRACE_SM_POINT), averaged over the traced
 * steps: how many SMs held two CTAs of the same grid, and the gate/up loop (first stage
 * ready, 11, to MMAs done, 1) of the gate/up CTAs alone on their SM (as far as this grid
 * goes), beside another gate/up CTA, or beside a down-only CTA; and how often the last
 * gate/up CTA to finish shared its SM with a gate/up CTA of its grid. Two CTAs of one
 * grid on one SM share its tensor cores and shared-memory bandwidth (perf/wgmma_rate:
 * a 64-K block takes 80 cycles alone, 160 beside a second CTA running MMAs). */
static void print_placement(const unsigned long long *stamps, int steps, int ctas) {
  enum { kMaxSms = 1024 };
  double loop_sum[3] = {0}, doubled_sum = 0.0;
  int loop_count[3] = {0}, last_shared = 0, counted = 0;
  for (int step = 0; step < steps; ++step) {
    const unsigned long long *s = launch_stamps(stamps, step);
    int gate_up_on[kMaxSms] = {0}, down_only_on[kMaxSms] = {0};
    int complete = 1;
    for (int c = 0; c < ctas; ++c) {
      const unsigned long long sm = s[c * SHX_FUSED_TRACE_POINTS + SHX_FUSED_TRACE_SM_POINT];
      if (sm == 0) continue;
      if (sm > kMaxSms) complete = 0;
      else if (s[c * SHX_FUSED_TRACE_POINTS + 11]) ++gate_up_on[sm - 1];
      else ++down_only_on[sm - 1];
    }
    if (!complete) continue;
    int doubled = 0;
    for (int m = 0; m < kMaxSms; ++m) doubled += gate_up_on[m] + down_only_on[m] >= 2;
    doubled_sum += doubled;
    unsigned long long last_done = 0;
    int last_kind = 0;
    for (int c = 0; c < ctas; ++c) {
      const unsigned long long *cta = s + c * SHX_FUSED_TRACE_POINTS;
      const unsigned long long sm = cta[SHX_FUSED_TRACE_SM_POINT];
      if (sm == 0 || cta[11] == 0 || cta[1] < cta[11]) continue;
      /* 0 alone, 1 beside a gate/up CTA, 2 beside a down-only CTA */
      const int kind = gate_up_on[sm - 1] >= 2 ? 1 : (down_only_on[sm - 1] ? 2 : 0);
      loop_sum[kind] += (double)(cta[1] - cta[11]);
      ++loop_count[kind];
      if (cta[1] > last_done) last_done = cta[1], last_kind = kind;
    }
    last_shared += last_kind == 1;
    ++counted;
  }
  if (counted == 0) {
    printf("placement: no SM recorded\n");
    return;
  }
  printf("placement | SMs holding two CTAs of one grid %.1f | gate/up loop alone %.2f us "
         "(%.1f CTAs), beside a gate/up CTA %.2f (%.1f), beside a down-only CTA %.2f (%.1f) "
         "| last gate/up CTA beside a gate/up CTA in %d of %d steps |\n",
         doubled_sum / counted, loop_count[0] ? loop_sum[0] / loop_count[0] * 1e-3 : 0.0,
         (double)loop_count[0] / counted,
         loop_count[1] ? loop_sum[1] / loop_count[1] * 1e-3 : 0.0,
         (double)loop_count[1] / counted,
         loop_count[2] ? loop_sum[2] / loop_count[2] * 1e-3 : 0.0,
         (double)loop_count[2] / counted, last_shared, counted);
}

/* The exchange phase (gate/up MMAs done, 1, to partials received, 2) of each gate/up CTA
 * cut at its cluster's last "MMAs done", averaged over the traced steps and the gate/up
 * CTAs (us): the wait for the cluster's slowest CTA to finish its MMAs, and from there
 * to the partials received, the transfer's own time. Both are single %globaltimer
 * stamps (256 ns ticks on some machines), so the maximum over a cluster's stamps reads
 * up to about half a tick late: the first part is that much too long and the second
 * that much too short. */
static void print_exchange(const unsigned long long *stamps, int steps,
                           const shx_fused_plan *plan) {
  double wait_sum = 0.0, transfer_sum = 0.0;
  long count = 0;
  for (int step = 0; step < steps; ++step) {
    const unsigned long long *s = launch_stamps(stamps, step);
    for (int first = 0; first + plan->cluster <= plan->gate_up_ctas; first += plan->cluster) {
      unsigned long long last_done = 0;
      int complete = 1;
      for (int c = first; c < first + plan->cluster; ++c) {
        const unsigned long long done = s[c * SHX_FUSED_TRACE_POINTS + 1];
        const unsigned long long received = s[c * SHX_FUSED_TRACE_POINTS + 2];
        if (done == 0 || received == 0) complete = 0;
        if (done > last_done) last_done = done;
      }
      if (!complete) continue;
      for (int c = first; c < first + plan->cluster; ++c) {
        wait_sum += (double)(last_done - s[c * SHX_FUSED_TRACE_POINTS + 1]);
        transfer_sum += (double)s[c * SHX_FUSED_TRACE_POINTS + 2] - (double)last_done;
        ++count;
      }
    }
  }
  if (count == 0) {
    printf("exchange: no complete cluster stamped\n");
    return;
  }
  printf("exchange | clusters of %d | MMAs done to the cluster's last MMAs done %.2f us | "
         "the cluster's last MMAs done to partials received %.2f us | %ld CTA-steps |\n",
         plan->cluster, wait_sum / count * 1e-3, transfer_sum / count * 1e-3, count);
}

/* SHX_OUT_AT_WAIT=0 or 1: every fused plan's out_at_wait set so (shx_op_set_out_at_wait),
 * so that compute-sanitizer or a trace can run kFusedXOut on a card whose plan keeps it
 * off, or kFusedX where it is on (both give the same bits). */
static shx_status set_out_at_wait(void *context, shx_op *op, int batch) {
  return shx_op_set_out_at_wait(op, batch, *(const int *)context) < 0 ? SHX_INVALID_ARGUMENT
                                                                        : SHX_SUCCESS;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s baseline|fused|split|floor|floor_gate_up|floor_tiles TP BATCH "
            "[STEPS [PDL [trace]]]\n",
            argv[0]);
    return 2;
  }
  shx_config config = SHX_CONFIG_INIT;
  config.tp = atoi(argv[2]);
  int batch = atoi(argv[3]);
  config.programmatic_launch = argc > 5 ? atoi(argv[5]) : 1;
  /* SHX_DIMS=deepseek: the DeepSeek-V3 / Kimi-K2 shared expert, as bench --dims
   * deepseek, e.g. for compute-sanitizer on its geometry; or H,I_TOTAL[,ACT], another
   * model's (empty: the design dims). Checked, with tp, before the GPU: a typo is not a
   * skip. */
  const char *dims = getenv("SHX_DIMS");
  if (dims != NULL && dims[0] == '\0') dims = NULL;
  if (dims != NULL && !shx_set_dims(&config, dims)) {
    fprintf(stderr, "SHX_DIMS=%s is not design, deepseek or H,I_TOTAL[,swiglu | situ]\n",
            dims);
    return 2;
  }
  /* SHX_OUT_AT_WAIT=0 or 1 (empty: the plan's choice): set_out_at_wait. */
  const char *out_at_wait_text = getenv("SHX_OUT_AT_WAIT");
  int out_at_wait = -1;
  if (out_at_wait_text != NULL && out_at_wait_text[0] != '\0') {
    if (strcmp(out_at_wait_text, "0") != 0 && strcmp(out_at_wait_text, "1") != 0) {
      fprintf(stderr, "SHX_OUT_AT_WAIT=%s is not 0 or 1\n", out_at_wait_text);
      return 2;
    }
    out_at_wait = out_at_wait_text[0] - '0';
  }
  if (shx_check_config(&config) != SHX_SUCCESS) {
    fprintf(stderr, "%s\n", shx_last_error());
    return 2;
  }
  shx_testbed_skip_without_gpu(1);
  /* Under compute-sanitizer's racecheck and synccheck, waits take far longer than the
   * default watchdog allows: tools/gpu_validate.sh sets SHX_WATCHDOG_MS there. */
  const char *watchdog = getenv("SHX_WATCHDOG_MS");
  if (watchdog != NULL) config.watchdog_ms = (uint32_t)strtoul(watchdog, NULL, 10);
  const char *engine_state = getenv("SHX_ENGINE_STATE");
  if (engine_state != NULL && strcmp(engine_state, "1") == 0)
    SHX_CHECK_OK(shx_enter_engine_state());
  int trace = argc > 6 && strcmp(argv[6], "trace") == 0;
  if (trace && strcmp(argv[1], "fused") != 0) {
    /* Only the fused kernel stamps its phases (the split variant's gate kernel has no
     * stamps: ops/fused.cu, trace_point). */
    fprintf(stderr, "trace: only the fused variant has phase stamps, not %s\n", argv[1]);
    return 2;
  }
  const char *replays = getenv("SHX_REPLAYS");
  /* bench's weight sets (perf/timing.h: 10 at the design dims, as every earlier limits
   * table had; 12 at the DeepSeek TP8 and 23 at TP16 on an H200), and STEPS fitted to
   * them as bench fits its 40 (at least one a set, an even multiple of the sets: the "one
   * graph of N steps" line says how many ran), so that every step streams its weights
   * from HBM; one step stays one (a single launch, whose replays reread the same set).
   * Until stop 87 the DeepSeek dims took 10 sets too, 55 MB at TP16, which an H200's L2
   * holds: the DeepSeek limits tables of runs 33 on may have read weights from L2. */
  shx_timing_setup setup = {config, shx_timing_standard(config).sets,
                            argc > 4 ? atoi(argv[4]) : 20,
                            replays != NULL ? atoi(replays) : 5, NULL, 0};
  if (setup.replays < 1 || setup.layers < 1) {
    fprintf(stderr, "STEPS and SHX_REPLAYS must be >= 1\n");
    return 2;
  }
  if (setup.layers > 1) setup.layers = shx_timing_fit_layers(setup.layers, setup.sets);
  /* The last TRACED_STEPS steps' stamps (perf/timing.h), or every step's if fewer. */
  setup.traced_steps = setup.layers < TRACED_STEPS ? setup.layers : TRACED_STEPS;
  size_t trace_bytes =
      sizeof(unsigned long long) * setup.traced_steps * SHX_FUSED_TRACE_STEP_STAMPS;
  if (trace) {
    if (cudaMalloc((void **)&setup.fused_trace, trace_bytes) != cudaSuccess ||
        cudaMemset(setup.fused_trace, 0, trace_bytes) != cudaSuccess) {
      fprintf(stderr, "no device memory for the trace\n");
      return 1;
    }
  }
  shx_step_time time;
  if (strcmp(argv[1], "floor") == 0) {
    SHX_CHECK_OK(shx_time_floor(&setup, 96, config.programmatic_launch, 1, &time));
  } else if (strcmp(argv[1], "floor_gate_up") == 0) {
    SHX_CHECK_OK(shx_time_floor(&setup, 0, config.programmatic_launch, 1, &time));
  } else if (strcmp(argv[1], "floor_tiles") == 0) {
    SHX_CHECK_OK(shx_time_floor(&setup, -1, 0, 1, &time));
  } else {
    const char *names[] = {"baseline", "fused", "split"};
    const shx_variant variants[] = {SHX_VARIANT_BASELINE, SHX_VARIANT_FUSED,
                                    SHX_VARIANT_SPLIT};
    int v = 0;
    while (v < 3 && strcmp(argv[1], names[v]) != 0) ++v;
    if (v == 3) {
      fprintf(stderr, "unknown variant %s\n", argv[1]);
      return 2;
    }
    if (out_at_wait >= 0)
      SHX_CHECK_OK(shx_time_steps_prepared(&setup, variants[v], batch, set_out_at_wait,
                                           &out_at_wait, &time));
    else
      SHX_CHECK_OK(shx_time_steps(&setup, variants[v], batch, &time));
  }
  if (out_at_wait >= 0)
    printf("SHX_OUT_AT_WAIT=%d: every fused plan's out_at_wait so\n", out_at_wait);
  printf("%s tp %d B %d pdl %d: %.2f us per step (one graph of %d steps)\n", argv[1],
         config.tp, batch, config.programmatic_launch, time.median_us, setup.layers);
  if (trace) {
    static unsigned long long stamps[TRACED_STEPS * SHX_FUSED_TRACE_STEP_STAMPS];
    if (cudaMemcpy(stamps, setup.fused_trace, trace_bytes, cudaMemcpyDeviceToHost) !=
        cudaSuccess) {
      fprintf(stderr, "cannot read the trace\n");
      return 1;
    }
    print_trace(launch_stamps(stamps, setup.traced_steps - 1), SHX_FUSED_MAX_CTAS);
    if (setup.traced_steps >= 2) {
      print_breakdown(stamps, setup.traced_steps, SHX_FUSED_MAX_CTAS, &config, batch);
      print_launch(stamps, setup.traced_steps, SHX_FUSED_MAX_CTAS);
    }
    /* The fused plan of this batch (the engine's for its bucket), for the clusters of
     * the exchange. */
    shx_fused_plan plan = {0};
    char message[SHX_MESSAGE_BYTES] = "";
    if (shx_fused_bucket_plan_make(config.hidden, config.intermediate_total / config.tp,
                                   config.tp, shx_fused_bucket_of(batch), &plan,
                                   message) == SHX_SUCCESS)
      print_exchange(stamps, setup.traced_steps, &plan);
    else
      printf("exchange: %s\n", message);
    print_placement(stamps, setup.traced_steps, SHX_FUSED_MAX_CTAS);
#if SHX_FILL_STAMPS
    if (plan.grid > 0 && setup.traced_steps >= 3) print_fills(stamps, setup.traced_steps, &plan);
#endif
    cudaFree(setup.fused_trace);
  }
  return 0;
}
