/* fused_plan.h: the pure geometry of the fused kernel family, shared by the kernels
 * (device), their plan (host, ops/fused.cu) and the CPU test (ops/fused_plan_test.c).
 * No CUDA calls: which grid is co-resident is decided in shx_fused_plan_make.
 *
 * Work of CTA c of a plan:
 *   gate/up: CTAs [0, gate_up_ctas) in clusters of `cluster`; cluster m computes the
 *     gate/up tile m over the K blocks [k_begin[c], + k_count[c]) of CTA c.
 *   down: job j of CTA c is the 64-row tile p = c + j * grid of Wd (granules 2p and
 *     2p + 1, 32 rows each); CTAs past gate_up_ctas do only down work.
 */
#ifndef SHX_OPS_FUSED_PLAN_H_
#define SHX_OPS_FUSED_PLAN_H_

#include <stdint.h>

#include "ops/fused.h"

#define SHX_FUSED_MAX_CLUSTER 16 /* clusters of 16: non-portable (ops/fused.cu) */

#ifdef __CUDACC__
#define SHX_HOST_DEVICE __host__ __device__
#else
#define SHX_HOST_DEVICE
#endif

/* Two 32-row granules of Wd stacked into one 64-row MMA: rows 0-31 `first`, 32-63
 * `second` (-1: none, the rows are then meaningless and never pushed; only an H that is
 * not a multiple of 64 would need it). first = -1: no job. */
typedef struct shx_down_job {
  int first, second;
} shx_down_job;

static inline SHX_HOST_DEVICE shx_down_job shx_tile_job(int pair, int granules) {
  shx_down_job job;
  job.first = 2 * pair < granules ? 2 * pair : -1;
  job.second = 2 * pair + 1 < granules ? 2 * pair + 1 : -1;
  return job;
}

static inline SHX_HOST_DEVICE shx_down_job shx_down_job_of(int cta, int job,
                                                          const shx_fused_plan *plan) {
  return shx_tile_job(cta + job * plan->grid, plan->down_granules);
}

static inline SHX_HOST_DEVICE int shx_down_job_count(int cta, const shx_fused_plan *plan) {
  const int pairs = (plan->down_granules + 1) / 2;
  return cta < pairs ? (pairs - 1 - cta) / plan->grid + 1 : 0;
}

/* Where a CTA that triggers the next grid early does it (the plan's
 * trigger_after_exchange): once its cluster's partials have arrived, not after its
 * gate/up MMAs, at n >= 40 where the rank streams at least 12 MiB of weights (3 I H
 * BF16). The threshold lies between the measured 11.0 MB (the DeepSeek dims at TP8: a
 * later trigger slower) and 16.5 MB (the design dims at TP16: faster); ops/fused.cu
 * triggers_after_exchange has the figures. */
#define SHX_FUSED_TRIGGER_AFTER_EXCHANGE_MIN_N 40
#define SHX_FUSED_TRIGGER_AFTER_EXCHANGE_MIN_WEIGHT_BYTES (12ll << 20)

static inline int shx_fused_triggers_after_exchange(int hidden, int inter, int n) {
  const long long weight_bytes = 3ll * inter * hidden * 2;
  return n >= SHX_FUSED_TRIGGER_AFTER_EXCHANGE_MIN_N &&
         weight_bytes >= SHX_FUSED_TRIGGER_AFTER_EXCHANGE_MIN_WEIGHT_BYTES;
}

/* OUT AT THE WAIT (ops/fused.cu) per card, from its HBM's peak bandwidth in GB/s (the
 * device's memory clock and bus width; 0 where unknown): on within
 * [SHX_FUSED_OUT_AT_WAIT_MIN_HBM_GBPS, SHX_FUSED_OUT_AT_WAIT_MAX_HBM_GBPS), the band from
 * the H100 SXM to the H200, the two cards where it was measured faster. At the design TP8
 * B = 9, 16 it was 0.30-0.40 us a step faster on the H100 SXM (3352 GB/s; the H800 has
 * the same memory; means of two rounds on four hosts, perf/RESULTS.md runs 107, 108) and
 * 0.08-0.12 on an H200 (4916 GB/s; run 108 call 5b); TP8 B=64 and TP16 equal. A card
 * between them (a GH200, about 4000) is on without a measurement of its own. An H100
 * PCIe (about 2000) and cards past the H200 are off, not measured; so is an unknown
 * bandwidth (0). */
#define SHX_FUSED_OUT_AT_WAIT_MIN_HBM_GBPS 3000
#define SHX_FUSED_OUT_AT_WAIT_MAX_HBM_GBPS 5000
static inline int shx_fused_out_at_wait_on(long long hbm_gbps) {
  return hbm_gbps >= SHX_FUSED_OUT_AT_WAIT_MIN_HBM_GBPS &&
         hbm_gbps < SHX_FUSED_OUT_AT_WAIT_MAX_HBM_GBPS;
}

/* The most gate/up K blocks (of 64) any CTA of `plan` streams (its balanced split). */
static inline int shx_fused_most_gate_up_blocks(const shx_fused_plan *plan) {
  int most = 0;
  for (int c = 0; c < plan->gate_up_ctas; ++c)
    most = plan->k_count[c] > most ? plan->k_count[c] : most;
  return most;
}

/* The most down fills (down jobs x K blocks of 64) any CTA of `plan` makes. */
static inline int shx_fused_most_down_fills(const shx_fused_plan *plan) {
  const int down_blocks = plan->inter / 64;
  int most = 0;
  for (int c = 0; c < plan->grid; ++c) {
    const int fills = shx_down_job_count(c, plan) * down_blocks;
    most = fills > most ? fills : most;
  }
  return most;
}

/* EARLY PAST THE RING (ops/fused.cu triggers_early): on a partition, the narrower grid
 * that keeps two steps' grids resident (TWO GRIDS) gives some CTAs a second down job,
 * which at n = 16 (10 stages) leaves up to two down fills past the ring of the design
 * TP16 (two jobs of 6); such CTAs would let the next grid in only after the grid
 * barrier, and with them the whole next grid. This plan field lets them trigger once
 * their gate/up MMAs are done anyway: their late fills come through the ring after the
 * barrier, from L2 (asked there before it). Set only on a partition's TWO GRIDS plan
 * (shx_fused_plan_make), and there only where it lets every CTA trigger early (no CTA
 * has more fills past the ring) and where it was measured: n = 16 and no gate/up CTA
 * of more than SHX_FUSED_EARLY_TRIGGER_OVERRUN_MAX_K blocks (the fused TP16-like
 * instance; a CTA of more, whose gate/up stream HBM paces, takes the TP8-like kFusedX
 * instance, where an early trigger with late blocks from L2 measured slower on the
 * whole GPU, run 30). Measured (perf/RESULTS.md run 64 call 2, eight rounds): the
 * design TP16 B = 9, 12, 16 on 96 and 104 SMs 0.38-0.42 us a step faster (96 SMs: 7.97
 * -> 7.57 us at B=9); the whole GPU unchanged (call 1). */
#define SHX_FUSED_EARLY_TRIGGER_OVERRUN 2
#define SHX_FUSED_EARLY_TRIGGER_OVERRUN_MAX_K 16
static inline int shx_fused_early_trigger_overrun(const shx_fused_plan *plan) {
  const int measured =
      plan->n == 16 && shx_fused_most_gate_up_blocks(plan) <= SHX_FUSED_EARLY_TRIGGER_OVERRUN_MAX_K;
  const int past = shx_fused_most_down_fills(plan) - plan->stages;
  return measured && past > 0 && past <= SHX_FUSED_EARLY_TRIGGER_OVERRUN
             ? SHX_FUSED_EARLY_TRIGGER_OVERRUN
             : 0;
}

/* LATE IN REGISTERS (ops/fused.cu): the down K blocks of a CTA of one down job past a
 * ring of `stages` whose A operand the consumers load into registers instead. An
 * instance at padded batch n holds n / 8 of them (n = 16: 2, in its TP8-like instance
 * kFusedX; n = 24, 32: 3, 4, in kFusedLate), so that their h tiles (n / 8 x n x 128
 * bytes) fit the staging area, which the kernel sizes for them. The rule: exactly that
 * many blocks past the ring (the design TP8: 12 blocks, 10, 9 or 8 stages), else none
 * (the ring takes them after the grid barrier). It gives the count a late instance would
 * hold for the plan's CTA; whether the launch runs one is the launcher's choice
 * (ops/fused.cu: kFusedX at n = 16 where takes_consumer_x, which only TP8-like plans take;
 * kFusedLate at n = 24, 32 where takes_late_registers, i.e. where some CTA of the plan has
 * late fills by this rule; the kFused instances and the split variant's kernels hold
 * none). */
static inline SHX_HOST_DEVICE int shx_fused_late_register_capacity(int n) {
  return n == 16 || n == 24 || n == 32 ? n / 8 : 0;
}
static inline SHX_HOST_DEVICE int shx_fused_late_register_fills(int down_jobs, int down_blocks,
                                                               int stages, int n) {
  const int late = shx_fused_late_register_capacity(n);
  return late > 0 && down_jobs == 1 && down_blocks == stages + late ? late : 0;
}

/* Whether batches of the first bucket (1..8) run better on the n = 16 plan than on the
 * n = 8 one, from the two plans of the same dims. The n = 8 instance has a deeper ring
 * (12 stages against 10); it pays only where the ring then holds a CTA's whole gate/up
 * share, or lets a CTA that could not before trigger the next grid early (its whole
 * down tile in the ring: ops/fused.cu triggers_early, which allows both n). Otherwise
 * the n = 16 plan measured faster: the design dims at TP16 (14 gate/up blocks a CTA,
 * the early trigger at both n) B = 1..8 6.99-7.05 us on n = 8 against 6.83-6.84 at B=9
 * (perf/RESULTS.md run 39 call 6's A/B; run 38 call 9: 6.91-6.99 against 6.80-6.83 at
 * B = 9..16) and 6.79-6.87 on n = 16. The n = 8 plan kept its lead at the design TP8
 * (early only at n = 8 then: B = 1..8 10.38-10.42 against 11.09-11.14 at B = 9..16, call
 * 6's bench; since run 51 the n = 16 instance there, kFusedX, triggers early too, LATE IN
 * REGISTERS, and n = 8 still measured faster: B = 1..8 10.07-10.13 against 10.41-10.46 at
 * B = 9..16, run 51 call 5's bench; this rule, which reads the ring alone, was not
 * re-measured) and held even at the DeepSeek TP16 (7 blocks a CTA: 4.75-4.81 against
 * 4.78-4.87). On a partition's TWO GRIDS plan the n = 16 CTAs may trigger early past
 * their ring (EARLY PAST THE RING), which this rule does not count: the design TP16 on
 * 96-104 SMs keeps n = 8 for B = 1..8, which ran B=4 in 6.7-6.9 us there against
 * 7.3-7.8 for n = 16 at B = 9, 16 (perf/RESULTS.md run 64 call 1; n = 16 at B <= 8 on
 * those SMs was not run). */
static inline int shx_fused_small_batches_take_n16(const shx_fused_plan *n8,
                                                   const shx_fused_plan *n16) {
  const int whole_share8 = shx_fused_most_gate_up_blocks(n8) <= n8->stages;
  const int early_only8 = shx_fused_most_down_fills(n8) <= n8->stages &&
                          shx_fused_most_down_fills(n16) > n16->stages;
  return !whole_share8 && !early_only8;
}

/* The widest grid for `cluster`: whole clusters past the gate/up ones until every
 * 64-row down tile has its own CTA, or `max_grid` allows no more. */
static inline int shx_fused_widest_grid(int gate_up_ctas, int cluster, int down_tiles,
                                        int max_grid) {
  const int wanted = (down_tiles + cluster - 1) / cluster * cluster;
  const int most = max_grid / cluster * cluster;
  const int widest = wanted < most ? wanted : most;
  return widest > gate_up_ctas ? widest : gate_up_ctas;
}

/* Gate/up K blocks per CTA: each CTA of a gate/up cluster starts with one block, then
 * the remaining blocks go one at a time to the CTA of the cluster with the least work
 * (its down blocks included, 4 KB units: a gate/up block and a down job's K block are
 * 2 each; ties to the lowest rank). Ranges are contiguous in rank order (= the K order
 * in which owners sum the parts). Needs hidden, inter, cluster, gate_up_ctas, grid and
 * down_granules set; zeroes every other CTA's range. */
static inline void shx_fused_balance_k_split(shx_fused_plan *plan) {
  const int k_blocks = plan->hidden / 64, down_blocks = plan->inter / 64;
  for (int c = 0; c < SHX_FUSED_MAX_CTAS; ++c) plan->k_begin[c] = plan->k_count[c] = 0;
  for (int first = 0; first < plan->gate_up_ctas; first += plan->cluster) {
    int load[SHX_FUSED_MAX_CLUSTER], count[SHX_FUSED_MAX_CLUSTER];
    for (int rank = 0; rank < plan->cluster; ++rank) {
      count[rank] = 1;
      load[rank] = 2 * shx_down_job_count(first + rank, plan) * down_blocks + 2;
    }
    for (int block = plan->cluster; block < k_blocks; ++block) {
      int lightest = 0;
      for (int rank = 1; rank < plan->cluster; ++rank)
        if (load[rank] < load[lightest]) lightest = rank;
      ++count[lightest];
      load[lightest] += 2;
    }
    int begin = 0;
    for (int rank = 0; rank < plan->cluster; ++rank) {
      plan->k_begin[first + rank] = (uint16_t)begin;
      plan->k_count[first + rank] = (uint16_t)count[rank];
      begin += count[rank];
    }
  }
}

#endif /* SHX_OPS_FUSED_PLAN_H_ */
