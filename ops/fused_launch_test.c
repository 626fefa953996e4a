/* fused_launch_test.c: shx_fused_launch refuses a plan that shx_fused_plan_make cannot
 * have made, before it touches the GPU (so this runs with or without one). The plan is
 * built here by hand for H = 7168, I = 384 (TP16), n = 16: its work split from
 * ops/fused_plan.h, its ring depth found by the launcher's own check. At TP16 every
 * cluster size from 2 to 8 gives a grid that fits the device (12 tiles x 8 = 96 CTAs at
 * most), so only the size itself decides: 2, 4 and 8 must pass the plan check and stop
 * at the first NULL argument; 3, 5, 6 and 7 must be refused as plans (the kernel derives
 * each owner's columns with a shift: the cluster must be a power of two). The plan's
 * CTAs per SM must name a kernel instance: at n = 16 two, not one; at n = 64, where both
 * have one, the one its K blocks a CTA give. A plan whose cluster has more CTAs than H
 * has K blocks is refused. Clusters of 16 (the
 * non-portable size) must be refused where their gate/up CTAs outnumber the down tiles.
 * A trigger point other than the plan rule's is refused (after the exchange at n = 16, after
 * the MMAs at n = 48). Any grid of whole clusters from the gate/up CTAs to the widest,
 * with its own work split, passes; a wider one, or one with another grid's split, does
 * not; nor an early trigger overrun other than the plan rule's (EARLY PAST THE RING), nor
 * an out_at_wait other than 0 or 1. The
 * first bucket's padded batch rule, on the accepted rings. SharedDown's launch
 * (shx_down_launch) names each bad argument (a watchdog_ns whose double would wrap among
 * them). The instance a plan launches (shx_fused_instance_name; "none" for a plan of a
 * shape no plan_make makes). The green-context
 * check's argument checks (shx_fused_stream_room). */
#include <string.h>

#include "engine/check.h"
#include "ops/fused.h"
#include "ops/fused_plan.h"

static int refused_as_plan(const shx_fused_plan *plan);

static shx_fused_plan plan_at_tp(int n, int inter, int tp, int cluster, int stages,
                                 int ctas_per_sm) {
  shx_fused_plan plan;
  memset(&plan, 0, sizeof plan);
  plan.hidden = 7168;
  plan.inter = inter;
  plan.tp = tp;
  plan.n = n;
  plan.cluster = cluster;
  plan.gate_up_ctas = plan.inter / 32 * cluster;
  plan.down_granules = plan.hidden / 32;
  plan.grid = shx_fused_widest_grid(plan.gate_up_ctas, cluster, plan.hidden / 64,
                                    SHX_FUSED_MAX_CTAS);
  plan.stages = stages;
  plan.ctas_per_sm = ctas_per_sm;
  CHECK(plan.grid <= SHX_FUSED_MAX_CTAS); /* the arrays of the work split hold it */
  shx_fused_balance_k_split(&plan);
  return plan;
}

static shx_fused_plan plan_at_n(int n, int inter, int cluster, int stages, int ctas_per_sm) {
  return plan_at_tp(n, inter, 16, cluster, stages, ctas_per_sm);
}

static shx_fused_plan plan_at(int inter, int cluster, int stages, int ctas_per_sm) {
  return plan_at_n(16, inter, cluster, stages, ctas_per_sm);
}

static shx_fused_plan plan_for(int cluster, int stages, int ctas_per_sm) {
  return plan_at(384, cluster, stages, ctas_per_sm);
}

/* The one ring depth the launcher accepts for (inter, cluster, CTAs per SM) at n = 16,
 * or 0 if it accepts none. */
static int accepted_stages(int inter, int cluster, int ctas_per_sm) {
  int stages = 0;
  for (int s = 1; s <= 64; ++s) {
    shx_fused_plan plan = plan_at(inter, cluster, s, ctas_per_sm);
    if (!refused_as_plan(&plan)) {
      CHECK(stages == 0); /* exactly one */
      stages = s;
    }
  }
  return stages;
}

/* The plan at (n, inter, tp, cluster) with the one ring depth the launcher accepts at
 * two CTAs per SM (stages 0 if none). */
static shx_fused_plan accepted_plan(int n, int inter, int tp, int cluster) {
  shx_fused_plan accepted = plan_at_tp(n, inter, tp, cluster, 0, 2);
  for (int s = 1; s <= 64; ++s) {
    shx_fused_plan plan = plan_at_tp(n, inter, tp, cluster, s, 2);
    if (!refused_as_plan(&plan)) {
      CHECK(accepted.stages == 0); /* exactly one */
      accepted = plan;
    }
  }
  return accepted;
}

/* The launcher's verdict on `plan` with all-NULL arguments: 1 if it refused the plan
 * itself, 0 if the plan passed and the first NULL argument (x) was refused. */
static int refused_as_plan(const shx_fused_plan *plan) {
  shx_fused_args args;
  memset(&args, 0, sizeof args);
  char message[SHX_MESSAGE_BYTES] = "";
  CHECK(shx_fused_launch(plan, &args, NULL, 1, message) == SHX_INVALID_ARGUMENT);
  if (strstr(message, "was not made by shx_fused_plan_make") != NULL) return 1;
  CHECK(strstr(message, "x=") != NULL && strstr(message, "NULL") != NULL);
  return 0;
}

int main(void) {
  /* The ring depth at n = 16: the one value the launcher accepts for a valid cluster. */
  int stages = 0;
  for (int s = 1; s <= 64; ++s) {
    shx_fused_plan plan = plan_for(4, s, 2);
    if (!refused_as_plan(&plan)) {
      CHECK(stages == 0); /* exactly one */
      stages = s;
    }
  }
  CHECK(stages >= 4);
  for (int ctas_per_sm = 0; ctas_per_sm <= 3; ++ctas_per_sm) {
    shx_fused_plan plan = plan_for(4, stages, ctas_per_sm);
    CHECK(refused_as_plan(&plan) == (ctas_per_sm != 2));
  }
  { /* OUT AT THE WAIT: 0 and 1 pass on any card (the same bits either way), nothing
     * else. */
    shx_fused_plan plan = plan_for(4, stages, 2);
    plan.out_at_wait = 1;
    CHECK(!refused_as_plan(&plan));
    plan.out_at_wait = 2;
    CHECK(refused_as_plan(&plan));
    plan.out_at_wait = -1;
    CHECK(refused_as_plan(&plan));
  }
  { /* The trigger point must be the plan's rule: after the exchange only from n = 40
     * (at I = 384, 16.5 MB of weights a rank): at n = 16 the field must be 0, at n = 48
     * 1, with the one ring depth accepted there. */
    shx_fused_plan plan = plan_for(4, stages, 2);
    plan.trigger_after_exchange = 1;
    CHECK(refused_as_plan(&plan));
    int stages48 = 0;
    for (int s = 1; s <= 64; ++s) {
      shx_fused_plan candidate = plan_at_n(48, 384, 4, s, 2);
      candidate.trigger_after_exchange = 1;
      if (!refused_as_plan(&candidate)) {
        CHECK(stages48 == 0); /* exactly one */
        stages48 = s;
      }
    }
    CHECK(stages48 >= 4);
    plan = plan_at_n(48, 384, 4, stages48, 2);
    CHECK(refused_as_plan(&plan)); /* trigger_after_exchange = 0 there */
  }
  { /* The grid: whole clusters from the gate/up CTAs (48 here) to the widest grid (112:
     * a CTA for every 64-row down tile; TWO GRIDS plans take one between them), each
     * with its own work split; one cluster more is refused. */
    const shx_fused_plan widest = plan_for(4, stages, 2);
    CHECK(widest.gate_up_ctas == 48 && widest.grid == 112);
    for (int grid = widest.gate_up_ctas; grid <= widest.grid + 4; grid += 4) {
      shx_fused_plan plan = widest;
      plan.grid = grid;
      shx_fused_balance_k_split(&plan);
      CHECK(refused_as_plan(&plan) == (grid > widest.grid));
    }
    /* At H = 7168 the 112 down tiles divide evenly over every cluster, so a narrower
     * grid gives whole clusters two down jobs and the K split does not change. At H =
     * 7232 (113 tiles, TP1) grid 100 gives CTAs 0-12 two jobs, so cluster 3 (CTAs 12-15)
     * is mixed and its split moves: the widest grid's split on it is refused. */
    shx_fused_plan odd = widest;
    odd.hidden = 7232;
    odd.tp = 1;
    odd.down_granules = odd.hidden / 32;
    odd.grid = shx_fused_widest_grid(odd.gate_up_ctas, 4, odd.hidden / 64, SHX_FUSED_MAX_CTAS);
    CHECK(odd.grid == 116);
    shx_fused_balance_k_split(&odd);
    CHECK(!refused_as_plan(&odd));
    /* H up to SHX_FUSED_MAX_HIDDEN only: above it the plan's 16-bit K ranges could
     * wrap (at this cluster size they would not yet, so only the bound refuses it). */
    for (int hidden = SHX_FUSED_MAX_HIDDEN; hidden <= SHX_FUSED_MAX_HIDDEN + 64;
         hidden += 64) {
      shx_fused_plan wide = odd;
      wide.hidden = hidden;
      wide.down_granules = wide.hidden / 32;
      wide.grid = shx_fused_widest_grid(wide.gate_up_ctas, 4, wide.hidden / 64,
                                        SHX_FUSED_MAX_CTAS);
      shx_fused_balance_k_split(&wide);
      CHECK(refused_as_plan(&wide) == (hidden > SHX_FUSED_MAX_HIDDEN));
    }
    shx_fused_plan stale = odd;
    stale.grid = 100;
    CHECK(refused_as_plan(&stale));
    shx_fused_plan own = stale;
    shx_fused_balance_k_split(&own);
    CHECK(memcmp(own.k_count, stale.k_count, sizeof own.k_count) != 0);
    CHECK(!refused_as_plan(&own));
  }
  { /* EARLY PAST THE RING: the overrun is the plan rule's value on a narrower grid, and
     * 0 on the widest. At I = 384 in clusters of 8 (the design TP16: 96 gate/up CTAs of
     * 14 K blocks): grid 96 gives 16 CTAs two 6-block down jobs, 12 fills in the 10-stage
     * ring (overrun 2, its one accepted value); grid 112 is the widest. In clusters of 4
     * (28 K blocks a CTA) grid 96 overruns as much, but the rule leaves it 0 there. */
    shx_fused_plan plan = plan_for(8, stages, 2);
    CHECK(plan.grid == 112);
    plan.early_trigger_overrun = SHX_FUSED_EARLY_TRIGGER_OVERRUN;
    CHECK(refused_as_plan(&plan));
    plan.grid = 96;
    shx_fused_balance_k_split(&plan);
    CHECK(stages == 10 &&
          shx_fused_early_trigger_overrun(&plan) == SHX_FUSED_EARLY_TRIGGER_OVERRUN);
    for (int overrun = 0; overrun <= 3; ++overrun) {
      plan.early_trigger_overrun = overrun;
      CHECK(refused_as_plan(&plan) ==
            (overrun != 0 && overrun != SHX_FUSED_EARLY_TRIGGER_OVERRUN));
    }
    shx_fused_plan long_k = plan_for(4, stages, 2);
    long_k.grid = 96;
    shx_fused_balance_k_split(&long_k);
    long_k.early_trigger_overrun = SHX_FUSED_EARLY_TRIGGER_OVERRUN;
    CHECK(refused_as_plan(&long_k));
    long_k.early_trigger_overrun = 0;
    CHECK(!refused_as_plan(&long_k));
  }
  { /* The footprint must be the one the plan's K blocks a CTA give (fused_ctas_per_sm):
     * at n = 64 both footprints have a kernel instance, and exactly one of them, with
     * its one ring depth, passes; the other, which the occupancy proof never counted, is
     * refused at every depth. */
    int accepted_footprints = 0;
    for (int ctas_per_sm = 1; ctas_per_sm <= 2; ++ctas_per_sm) {
      int depths = 0;
      for (int s = 1; s <= 64; ++s) {
        shx_fused_plan plan = plan_at_n(64, 384, 8, s, ctas_per_sm);
        plan.trigger_after_exchange = shx_fused_triggers_after_exchange(7168, 384, 64);
        depths += !refused_as_plan(&plan);
      }
      CHECK(depths <= 1);
      accepted_footprints += depths;
    }
    CHECK(accepted_footprints == 1);
  }
  { /* Every CTA of a cluster needs a K block: H = 64 (one block) in clusters of 2 is
     * refused, whatever its ring. */
    for (int s = 1; s <= 64; ++s) {
      shx_fused_plan plan;
      memset(&plan, 0, sizeof plan);
      plan.hidden = 64;
      plan.inter = 64;
      plan.tp = 1;
      plan.n = 16;
      plan.cluster = 2;
      plan.gate_up_ctas = 4;
      plan.down_granules = 2;
      plan.grid = 4;
      plan.stages = s;
      plan.ctas_per_sm = 2;
      shx_fused_balance_k_split(&plan);
      CHECK(refused_as_plan(&plan));
    }
  }
  for (int cluster = 2; cluster <= 8; ++cluster) {
    shx_fused_plan plan = plan_for(cluster, stages, 2);
    const int power_of_two = (cluster & (cluster - 1)) == 0;
    CHECK(refused_as_plan(&plan) == !power_of_two);
  }
  /* Clusters of 16 (non-portable) only where their gate/up CTAs are no more than the 112
   * down tiles: I = 128 (64 CTAs) yes, with the ring of every n = 16 plan; I = 256 (128
   * CTAs) no. */
  CHECK(accepted_stages(128, 16, 2) == stages);
  CHECK(accepted_stages(128, 8, 2) == stages);
  CHECK(accepted_stages(256, 16, 2) == 0);
  CHECK(accepted_stages(256, 8, 2) == stages);
  /* The first bucket's padded batch (shx_fused_small_batches_take_n16) on the rings the
   * launcher accepts at n = 8 and 16 and the clusters the H200 plans take: n = 8 at the
   * design TP8 (only its ring holds the 12-block down tile) and the DeepSeek TP16 (it
   * holds a CTA's 7 gate/up blocks), n = 16 at the design TP16 and the DeepSeek TP8, as
   * measured (perf/RESULTS.md run 39 call 6). A change of either ring shows here. */
  {
    const struct {
      int inter, tp, cluster, takes_n16;
    } cases[] = {{768, 8, 4, 0}, {384, 16, 8, 1}, {256, 8, 8, 1}, {128, 16, 16, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
      const shx_fused_plan narrow = accepted_plan(8, cases[i].inter, cases[i].tp, cases[i].cluster);
      const shx_fused_plan wide = accepted_plan(16, cases[i].inter, cases[i].tp, cases[i].cluster);
      CHECK(narrow.stages > 0 && wide.stages > 0);
      CHECK(shx_fused_small_batches_take_n16(&narrow, &wide) == cases[i].takes_n16);
    }
  }
  { /* GREEN CONTEXTS: the stream check refuses missing arguments and foreign plans
     * before any query, and a stream of no green context has room for the fused grid
     * without one (this process makes none: the NULL stream's context is the primary's,
     * or there is no GPU). */
    char message[SHX_MESSAGE_BYTES] = "";
    int room = -1;
    shx_fused_plan plan = plan_for(4, stages, 2);
    CHECK(shx_fused_stream_room(NULL, NULL, &room, message) == SHX_INVALID_ARGUMENT &&
          strstr(message, "plan is NULL") != NULL && room == -1);
    CHECK(shx_fused_stream_room(&plan, NULL, NULL, message) == SHX_INVALID_ARGUMENT &&
          strstr(message, "room is NULL") != NULL);
    CHECK(shx_fused_stream_room(&plan, NULL, &room, message) == SHX_SUCCESS &&
          room == SHX_ROOM_FUSED);
    shx_fused_plan foreign = plan_for(3, stages, 2);
    room = -1;
    CHECK(shx_fused_stream_room(&foreign, NULL, &room, message) == SHX_INVALID_ARGUMENT &&
          strstr(message, "was not made by") != NULL && room == -1);
  }
  { /* Each launch's refusal names the function that was called (the split variant's
     * gate half reported itself as shx_fused_launch before): a NULL plan, then a plan
     * that shx_fused_plan_make did not make. */
    char message[SHX_MESSAGE_BYTES] = "";
    shx_fused_args args;
    memset(&args, 0, sizeof args);
    shx_fused_plan odd = plan_for(4, stages, 2);
    odd.n = 12;
    CHECK(shx_gate_launch(NULL, &args, NULL, 1, message) == SHX_INVALID_ARGUMENT &&
          strncmp(message, "shx_gate_launch: ", 17) == 0);
    CHECK(shx_gate_launch(&odd, &args, NULL, 1, message) == SHX_INVALID_ARGUMENT &&
          strncmp(message, "shx_gate_launch: plan (", 23) == 0);
    CHECK(shx_fused_launch(NULL, &args, NULL, 1, message) == SHX_INVALID_ARGUMENT &&
          strncmp(message, "shx_fused_launch: ", 18) == 0);
    CHECK(shx_fused_launch(&odd, &args, NULL, 1, message) == SHX_INVALID_ARGUMENT &&
          strncmp(message, "shx_fused_launch: plan (", 24) == 0);
  }
  { /* SharedDown's launch names each bad argument, before any CUDA call: a plan of
     * shx_down_plan_make's shape, then the arguments one at a time, each fixed in turn. */
    char message[SHX_MESSAGE_BYTES] = "";
    shx_down_plan plan = {7168, 384, 16, 16, 64, 10, 0};
    shx_fused_args args;
    memset(&args, 0, sizeof args);
    CHECK(shx_down_launch(NULL, &args, NULL, message) == SHX_INVALID_ARGUMENT &&
          strstr(message, "plan is NULL") != NULL);
    CHECK(shx_down_launch(&plan, NULL, NULL, message) == SHX_INVALID_ARGUMENT &&
          strstr(message, "args is NULL") != NULL);
    shx_down_plan odd = plan;
    odd.n = 12;
    CHECK(shx_down_launch(&odd, &args, NULL, message) == SHX_INVALID_ARGUMENT &&
          strstr(message, "n=12") != NULL && strstr(message, "shx_down_plan_make") != NULL);
    static const struct {
      const char *named;
    } steps[] = {{"down="},     {"h="},        {"error_flag="}, {"error_flag="},
                 {"peers[0]="}, {"batch=0"},   {"capacity=8"},  {"parity=2"},
                 {"rank=16"},   {"watchdog_ns="}}; /* the last one left bad: nothing is
                                                       launched */
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; ++i) {
      CHECK(shx_down_launch(&plan, &args, NULL, message) == SHX_INVALID_ARGUMENT);
      if (strstr(message, steps[i].named) == NULL) {
        fprintf(stderr, "step %zu: \"%s\" does not name %s\n", i, message, steps[i].named);
        exit(1);
      }
      switch (i) { /* fix what the message named (addresses are never dereferenced) */
        case 0: args.down = (void *)0x10000; break;
        case 1: args.h = (void *)0x20000; break;
        case 2: args.error_flag = (uint32_t *)0x30002; break; /* now misaligned */
        case 3: args.error_flag = (uint32_t *)0x30000; break;
        case 4:
          for (int p = 0; p < 16; ++p) args.peers[p] = (void *)(uintptr_t)(0x40000 + 0x1000 * p);
          break;
        case 5: args.batch = 9; args.capacity = 8; break;
        case 6: args.capacity = 16; args.parity = 2; break;
        case 7: args.parity = 0; args.rank = 16; break;
        case 8: args.rank = 0; args.watchdog_ns = ~0ull; break; /* doubled, it would wrap */
        default: break;
      }
    }
  }
  { /* The instance a fused launch runs (shx_fused_instance_name, the launcher's own
     * choice): at the design dims TP8 (I = 768, clusters of 4, 112 CTAs of one down job
     * of 12 K blocks) kFusedX at n = 16 (kFusedXOut where out_at_wait is set) and
     * kFusedLate at n = 24, 32, whose rings (9, 8 stages) the job overruns by n / 8; TP16
     * (I = 384, clusters of 8, 6 blocks) kFused whatever out_at_wait says;
     * kFusedLate still where only some CTAs hold late fills (the gate/up CTAs alone as the
     * grid: its first 16 take two jobs), and kFused where none does (two jobs each). */
    static const int ns[] = {16, 24, 32};
    static const char *const tp8_instances[] = {"kFusedX", "kFusedLate", "kFusedLate"};
    for (int i = 0; i < 3; ++i) {
      shx_fused_plan tp8 = accepted_plan(ns[i], 768, 8, 4);
      shx_fused_plan tp16 = accepted_plan(ns[i], 384, 16, 8);
      CHECK(tp8.stages == 10 - i && tp16.stages == 10 - i); /* the GEOMETRY table's rings */
      CHECK(strcmp(shx_fused_instance_name(&tp8), tp8_instances[i]) == 0);
      CHECK(strcmp(shx_fused_instance_name(&tp16), "kFused") == 0);
      /* OUT AT THE WAIT: kFusedX's instance with it where the plan says so, and only
       * there */
      tp8.out_at_wait = tp16.out_at_wait = 1;
      CHECK(strcmp(shx_fused_instance_name(&tp8), ns[i] == 16 ? "kFusedXOut" : "kFusedLate") ==
            0);
      CHECK(strcmp(shx_fused_instance_name(&tp16), "kFused") == 0);
      tp8.out_at_wait = 2; /* refused by the launch: no instance */
      CHECK(strcmp(shx_fused_instance_name(&tp8), "none") == 0);
      tp8.out_at_wait = 0;
      if (ns[i] == 16) continue;
      tp8.grid = tp8.gate_up_ctas; /* 96: CTAs 0..15 two down jobs, 16..95 one */
      shx_fused_balance_k_split(&tp8);
      CHECK(strcmp(shx_fused_instance_name(&tp8), "kFusedLate") == 0);
      tp8.grid = 56; /* every CTA two jobs (a narrower grid than any plan's, for the rule) */
      CHECK(strcmp(shx_fused_instance_name(&tp8), "kFused") == 0);
    }
    CHECK(strcmp(shx_fused_instance_name(NULL), "none") == 0);
    /* A plan no shx_fused_plan_make makes: "none", without reading past its K counts. */
    shx_fused_plan wild = accepted_plan(16, 768, 8, 4);
    wild.gate_up_ctas = SHX_FUSED_MAX_CTAS + 1;
    CHECK(strcmp(shx_fused_instance_name(&wild), "none") == 0);
    wild = accepted_plan(16, 768, 8, 4);
    wild.cluster = 3;
    CHECK(strcmp(shx_fused_instance_name(&wild), "none") == 0);
  }
  printf("fused_launch_test: cluster 16 accepted at I = 128, refused at I = 256\n");
  printf("fused_launch_test: n = 16 plans with %d stages at 2 CTAs per SM; clusters 2, 4, "
         "8 accepted, 3, 5, 6, 7 and 0, 1, 3 CTAs per SM refused before any launch\n",
         stages);
  return 0;
}
