/* fused_plan_test.c: the fused kernel family's work split (ops/fused_plan.h) on the CPU,
 * for the design dims and the DeepSeek-V3 / Kimi-K2 dims at TP8 and TP16 and every
 * cluster size the plan may pick: every 64-row tile of Wd belongs to exactly one
 * (CTA, job); every gate/up cluster's K ranges tile [0, H / 64) contiguously in rank
 * order with at least one block each; down-only CTAs have no gate/up work; each K block
 * past a CTA's first went to a least-loaded CTA of its cluster (a CTA of more than one
 * block is at most one block above the cluster's lightest), so where a cluster's CTAs
 * have equal down work (every cluster of the widest grid where there are no fewer down
 * tiles than gate/up CTAs) their work differs by at most one K block; the same at the
 * narrower grids a plan may take (the gate/up CTAs alone, and every whole cluster count
 * between), and where down tiles are few (H 576: 9 tiles over 128 CTAs); the grid is
 * whole clusters and fits
 * the device; the trigger point's rule (shx_fused_triggers_after_exchange) and the first
 * bucket's padded batch (shx_fused_small_batches_take_n16) at the measured dims; LATE IN
 * REGISTERS's rule (shx_fused_late_register_fills); EARLY PAST THE RING's rule
 * (shx_fused_early_trigger_overrun); OUT AT THE WAIT's per-card rule
 * (shx_fused_out_at_wait_on). */
#include <string.h>

#include "engine/check.h"
#include "ops/fused_plan.h"

/* The work split shx_fused_plan_make makes for `cluster` on a grid of `grid` CTAs, or
 * the widest where grid is 0 (no device: no stages). */
static shx_fused_plan split_plan_on(int hidden, int inter, int cluster, int n, int grid) {
  shx_fused_plan plan;
  memset(&plan, 0, sizeof plan);
  plan.hidden = hidden;
  plan.inter = inter;
  plan.n = n;
  plan.cluster = cluster;
  plan.gate_up_ctas = inter / 32 * cluster;
  plan.down_granules = hidden / 32;
  plan.grid = grid != 0 ? grid
                        : shx_fused_widest_grid(plan.gate_up_ctas, cluster, hidden / 64,
                                                SHX_FUSED_MAX_CTAS);
  shx_fused_balance_k_split(&plan);
  return plan;
}

static shx_fused_plan split_plan(int hidden, int inter, int cluster, int n) {
  return split_plan_on(hidden, inter, cluster, n, 0);
}

static void check_plan_on(int hidden, int inter, int cluster, int grid) {
  shx_fused_plan plan = split_plan_on(hidden, inter, cluster, 16, grid);
  const int down_tiles = hidden / 64;
  const int widest = shx_fused_widest_grid(plan.gate_up_ctas, cluster, down_tiles,
                                           SHX_FUSED_MAX_CTAS);
  CHECK(plan.grid % cluster == 0);
  CHECK(plan.grid >= plan.gate_up_ctas);
  CHECK(plan.grid <= SHX_FUSED_MAX_CTAS);

  static int owner[4096];
  for (int p = 0; p < down_tiles; ++p) owner[p] = -1;
  for (int cta = 0; cta < plan.grid; ++cta) {
    int jobs = shx_down_job_count(cta, &plan);
    for (int j = 0; j < jobs; ++j) {
      shx_down_job job = shx_down_job_of(cta, j, &plan);
      CHECK(job.first >= 0 && job.first % 2 == 0 && job.second == job.first + 1);
      CHECK(owner[job.first / 2] == -1); /* no tile twice */
      owner[job.first / 2] = cta;
    }
    CHECK(shx_down_job_of(cta, jobs, &plan).first == -1); /* no job past the count */
  }
  for (int p = 0; p < down_tiles; ++p) CHECK(owner[p] >= 0); /* every tile once */
  /* Where the grid could cover every tile, each CTA has at most one. */
  if (plan.grid >= down_tiles)
    for (int cta = 0; cta < plan.grid; ++cta) CHECK(shx_down_job_count(cta, &plan) <= 1);

  const int k_blocks = hidden / 64, down_blocks = inter / 64;
  for (int first = 0; first < plan.gate_up_ctas; first += cluster) {
    int begin = 0, lightest = 1 << 30, heaviest = 0, work[SHX_FUSED_MAX_CLUSTER];
    for (int rank = 0; rank < cluster; ++rank) {
      int c = first + rank;
      CHECK(plan.k_begin[c] == begin);
      CHECK(plan.k_count[c] >= 1);
      begin += plan.k_count[c];
      work[rank] = plan.k_count[c] + shx_down_job_count(c, &plan) * down_blocks;
      if (work[rank] < lightest) lightest = work[rank];
      if (work[rank] > heaviest) heaviest = work[rank];
    }
    CHECK(begin == k_blocks);
    for (int rank = 0; rank < cluster; ++rank)
      CHECK(plan.k_count[first + rank] == 1 || work[rank] - 1 <= lightest);
    int equal_down = 1;
    for (int rank = 1; rank < cluster; ++rank)
      equal_down &= shx_down_job_count(first + rank, &plan) == shx_down_job_count(first, &plan);
    if (equal_down) CHECK(heaviest - lightest <= 1);
    if (plan.grid == widest && hidden / 64 >= plan.gate_up_ctas) CHECK(equal_down);
  }
  for (int c = plan.gate_up_ctas; c < SHX_FUSED_MAX_CTAS; ++c) CHECK(plan.k_count[c] == 0);
  printf("  H %d I %4d cluster %d: grid %3d (%3d gate/up), down tiles %d\n", hidden, inter,
         cluster, plan.grid, plan.gate_up_ctas, down_tiles);
}

/* The widest grid, then every narrower grid of whole clusters down to the gate/up CTAs
 * alone (TWO GRIDS takes one of them on a partition). */
static void check_plan(int hidden, int inter, int cluster) {
  const int gate_up_ctas = inter / 32 * cluster;
  const int widest = shx_fused_widest_grid(gate_up_ctas, cluster, hidden / 64,
                                           SHX_FUSED_MAX_CTAS);
  for (int grid = widest; grid >= gate_up_ctas; grid -= cluster)
    check_plan_on(hidden, inter, cluster, grid);
}

int main(void) {
  const int inters[] = {768, 384, 256, 128}; /* I_total 6144 and 2048 at TP8 and TP16 */
  const int clusters[] = {2, 4, 8, 16};
  for (int i = 0; i < 4; ++i)
    for (int k = 0; k < 4; ++k)
      if (inters[i] / 32 * clusters[k] <= SHX_FUSED_MAX_CTAS)
        check_plan(7168, inters[i], clusters[k]);
  check_plan(4096, 512, 4); /* another model: H 4096, I_total 4096 at TP8 */
  check_plan(576, 2048, 2);  /* 9 down tiles: a cluster's CTAs with unequal down work */
  /* 144 down tiles, more than the device holds CTAs: the widest grid is clamped to whole
   * clusters within SHX_FUSED_MAX_CTAS (the only shape here that reaches the clamp). */
  check_plan(9216, 256, 8);
  /* LATE IN REGISTERS's rule: exactly one down job n / 8 K blocks longer than the ring
   * (the design TP8: 12 blocks; 10, 9, 8 stages at n = 16, 24, 32; every CTA of that plan
   * shape, built here by split_plan, has one job), at n = 16, 24, 32 only. */
  CHECK(shx_fused_late_register_fills(1, 12, 10, 16) == 2);
  CHECK(shx_fused_late_register_fills(1, 12, 9, 24) == 3);
  CHECK(shx_fused_late_register_fills(1, 12, 8, 32) == 4);
  CHECK(shx_fused_late_register_fills(1, 11, 10, 16) == 0);
  CHECK(shx_fused_late_register_fills(1, 12, 10, 24) == 0); /* 2 past: not n / 8 */
  CHECK(shx_fused_late_register_fills(1, 13, 8, 32) == 0);
  CHECK(shx_fused_late_register_fills(1, 6, 10, 16) == 0);
  CHECK(shx_fused_late_register_fills(2, 12, 10, 16) == 0);
  CHECK(shx_fused_late_register_fills(1, 12, 6, 48) == 0); /* no capacity at n = 48 */
  CHECK(shx_fused_late_register_fills(1, 14, 12, 8) == 0);
  {
    const int ns[3] = {16, 24, 32}, stages[3] = {10, 9, 8};
    for (int i = 0; i < 3; ++i) {
      const shx_fused_plan tp8 = split_plan(7168, 768, 4, ns[i]);
      for (int cta = 0; cta < tp8.grid; ++cta)
        CHECK(shx_fused_late_register_fills(shx_down_job_count(cta, &tp8), 768 / 64,
                                            stages[i], ns[i]) == ns[i] / 8);
    }
  }
  /* The buckets (ops/fused.h) are ops/fused.cu's padded batches: every multiple of 8 up
   * to 64, then of 16 up to SHX_FUSED_MAX_N, ascending; a batch gets the smallest that
   * holds it. */
  {
    int i = 0;
    for (int n = 8; n <= SHX_FUSED_MAX_N; n += n < 64 ? 8 : 16)
      CHECK(i < SHX_FUSED_BUCKETS && shx_fused_bucket_n(i++) == n);
    CHECK(i == SHX_FUSED_BUCKETS);
    for (int batch = 1; batch <= SHX_FUSED_MAX_N; ++batch) {
      const int bucket = shx_fused_bucket_of(batch);
      CHECK(bucket >= 0 && shx_fused_bucket_n(bucket) >= batch);
      CHECK(bucket == 0 || shx_fused_bucket_n(bucket - 1) < batch);
    }
    CHECK(shx_fused_bucket_of(SHX_FUSED_MAX_N + 1) == -1);
  }
  /* The trigger point (measured at the design dims at TP16, 16.5 MB of weights a rank,
   * and the DeepSeek dims at TP8, 11.0 MB, and TP16): after the exchange only from
   * n = 40 and only at the first. */
  for (int n = 8; n <= 128; n += n < 64 ? 8 : 16) { /* the padded batches */
    CHECK(shx_fused_triggers_after_exchange(7168, 384, n) == (n >= 40));
    CHECK(shx_fused_triggers_after_exchange(7168, 256, n) == 0);
    CHECK(shx_fused_triggers_after_exchange(7168, 128, n) == 0);
  }
  /* The threshold itself: 12 MiB of weights (H 4096, I 512) is in, one K block less out. */
  CHECK(shx_fused_triggers_after_exchange(4096, 512, 48) == 1);
  CHECK(shx_fused_triggers_after_exchange(4096 - 64, 512, 48) == 0);
  /* OUT AT THE WAIT per card: on at the H100 SXM's 3352 GB/s and the H200's 4916
   * (both measured faster) and a GH200's 4022 between them, off at an H100 PCIe's 2039
   * (not measured) and where the bandwidth is unknown (0); the band's ends. */
  CHECK(shx_fused_out_at_wait_on(3352) == 1);
  CHECK(shx_fused_out_at_wait_on(4916) == 1);
  CHECK(shx_fused_out_at_wait_on(4022) == 1);
  CHECK(shx_fused_out_at_wait_on(2039) == 0);
  CHECK(shx_fused_out_at_wait_on(0) == 0);
  CHECK(shx_fused_out_at_wait_on(SHX_FUSED_OUT_AT_WAIT_MIN_HBM_GBPS) == 1);
  CHECK(shx_fused_out_at_wait_on(SHX_FUSED_OUT_AT_WAIT_MIN_HBM_GBPS - 1) == 0);
  CHECK(shx_fused_out_at_wait_on(SHX_FUSED_OUT_AT_WAIT_MAX_HBM_GBPS - 1) == 1);
  CHECK(shx_fused_out_at_wait_on(SHX_FUSED_OUT_AT_WAIT_MAX_HBM_GBPS) == 0);
  /* The first bucket's plan (shx_fused_small_batches_take_n16) at the measured dims,
   * with the H200's clusters and rings (ops/fused.cu GEOMETRY: 12 stages at n = 8, 10 at
   * n = 16): n = 8 where it alone lets the design TP8 trigger early (a 12-block down
   * tile) and where it holds the DeepSeek TP16 CTA's 7 gate/up blocks; n = 16 at the
   * design TP16 (14 blocks, early at both) and the DeepSeek TP8 (14 blocks, 4-block down
   * tiles). */
  {
    const struct {
      int inter, cluster, takes_n16;
    } cases[] = {{768, 4, 0}, {384, 8, 1}, {256, 8, 1}, {128, 16, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
      shx_fused_plan n8 = split_plan(7168, cases[i].inter, cases[i].cluster, 8);
      shx_fused_plan n16 = split_plan(7168, cases[i].inter, cases[i].cluster, 16);
      n8.stages = 12;
      n16.stages = 10;
      CHECK(shx_fused_small_batches_take_n16(&n8, &n16) == cases[i].takes_n16);
    }
    /* Each clause alone decides. The DeepSeek TP16 (7 gate/up blocks, a 2-block down
     * tile) with rings of 6: the share no longer fits, both trigger early: n = 16. */
    shx_fused_plan n8 = split_plan(7168, 128, 16, 8), n16 = split_plan(7168, 128, 16, 16);
    n8.stages = n16.stages = 6;
    CHECK(shx_fused_small_batches_take_n16(&n8, &n16) == 1);
    /* The design TP16 (a 6-block down tile) with a ring of 5 at n = 16: only n = 8
     * triggers early: n = 8. */
    n8 = split_plan(7168, 384, 8, 8);
    n16 = split_plan(7168, 384, 8, 16);
    n8.stages = 12;
    n16.stages = 5;
    CHECK(shx_fused_small_batches_take_n16(&n8, &n16) == 0);
  }
  /* EARLY PAST THE RING: the design TP16 (clusters of 8, 96 gate/up CTAs of 14 K blocks,
   * 6-block down jobs, 112 of them) at n = 16 (10 stages). The widest grid (112: one job
   * a CTA, 6 fills) fits the ring; the 104-CTA grid (8 CTAs of two jobs, 12 fills) and
   * the gate/up CTAs alone (96: 16 such CTAs) overrun it by 2, and by 1 in a ring of 11
   * (the overrun is the constant still); a ring of 12 holds them, one of 9 leaves three
   * past. Only at n = 16: not at n = 8, 24, 32. Not where a gate/up CTA streams more than
   * 16 K blocks (clusters of 4: 28), nor where a CTA takes three jobs (grid 48). */
  {
    shx_fused_plan plan = split_plan(7168, 384, 8, 16);
    plan.stages = 10;
    CHECK(plan.grid == 112 && shx_fused_most_down_fills(&plan) == 6);
    CHECK(shx_fused_early_trigger_overrun(&plan) == 0);
    const int grids[] = {104, 96};
    for (int g = 0; g < 2; ++g) {
      plan.grid = grids[g];
      shx_fused_balance_k_split(&plan);
      CHECK(shx_fused_most_down_fills(&plan) == 12);
      CHECK(shx_fused_early_trigger_overrun(&plan) == SHX_FUSED_EARLY_TRIGGER_OVERRUN);
    }
    const struct {
      int stages, overrun;
    } rings[] = {{12, 0}, {11, SHX_FUSED_EARLY_TRIGGER_OVERRUN}, {9, 0}};
    for (size_t r = 0; r < sizeof rings / sizeof rings[0]; ++r) {
      plan.stages = rings[r].stages;
      CHECK(shx_fused_early_trigger_overrun(&plan) == rings[r].overrun);
    }
    plan.stages = 10;
    const int other_n[] = {8, 24, 32};
    for (int i = 0; i < 3; ++i) {
      plan.n = other_n[i];
      CHECK(shx_fused_early_trigger_overrun(&plan) == 0);
    }
    shx_fused_plan long_k = split_plan(7168, 384, 4, 16);
    long_k.stages = 10;
    long_k.grid = 96;
    shx_fused_balance_k_split(&long_k);
    CHECK(shx_fused_most_down_fills(&long_k) == 12 && long_k.k_count[0] > 16);
    CHECK(shx_fused_early_trigger_overrun(&long_k) == 0);
    shx_fused_plan three = long_k;
    three.grid = 48;
    shx_fused_balance_k_split(&three);
    CHECK(shx_fused_most_down_fills(&three) == 18);
    CHECK(shx_fused_early_trigger_overrun(&three) == 0);
  }
  printf("fused_plan_test: ok\n");
  return 0;
}
