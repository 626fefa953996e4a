/* bench.c: the benchmark against cuBLASLt: table, CSV, policy.
 *
 *   bench [--quick | --batches B1,B2,...] [--table-only | --beside-only] [--repeat N]
 *         [--csv FILE] [--policy FILE] [--dims design | deepseek | H,I_TOTAL[,ACT]]
 *         [--tps T1,T2,...] [--engine-state] [--sms K]
 *   bench --from-csv FILE [--policy FILE]     (no GPU: the policy of an earlier run)
 *   bench --out-at-wait [--batches ...] [--repeat N] [--dims ...] [--tps ...]
 *
 * Part 1, for tp in {8, 16} (--tps: the listed tps) and B in {1, 4, 8, 9, 13, 16, 24, 32,
 * 40, 48, 56, 64, 96, 128} (--quick: B in {9, 64}; --batches: the listed B): one rank's
 * step time (perf/timing.h: at least 40 steps per graph and one a set, an even multiple
 * of the sets, on rotating weight sets of twice the L2, 3 warm-up
 * and 20 timed replays back to back, median and spread) of the baseline (cuBLASLt), fused
 * and split variants, all in this run, beside the floor timed in the same row: the pure
 * weight stream of the same bytes with the fused kernel's CTAs and PDL, in two
 * footprints (one CTA an SM, and the fused plan's CTAs an SM), the faster one the row's
 * floor. Columns: us per step, % of SPEC's HBM roofline (4.48 TB/s), ratio to the floor,
 * speed-up over the baseline; the CSV also has weight GB/s and both floors' rows. Then
 * the PDL on/off step of the fused kernel at B = 9 and 64.
 * Part 2 (the shared expert beside the routed experts), at B = 9 and 64, with two stand-ins
 * for the routed experts on 100 of the 132 SMs (perf/floor.h): the timed one streams its
 * own weights for 15 us (issue 4's measure: traffic beside it costs it nothing); the
 * bytes one streams 64 MiB of them a layer (about 21 us alone), so that traffic beside it
 * slows it as it would slow real routed experts, and is plain (no PDL, no trigger: it
 * starts once the step's grid completes, and the next layer's step starts as its CTAs
 * exit) or cooperative (launched with PDL, its first ring before its griddepcontrol.wait,
 * its dependents triggered once that ring is out). Per layer: the stand-in alone, the
 * baseline's step then the stand-in, the fused step then the stand-in (an engine that
 * runs its routed experts after the shared expert), and the split variant's gate, then
 * SharedDown on the remaining SMs beside the stand-in, with how much of SharedDown hides
 * (against the gate and SharedDown alone).
 * Part 3, where two or more Hopper GPUs are visible: one rank per GPU (TP2), the
 * baseline chain followed by NCCL's reduce-scatter (what engines do today) against the
 * same chain with the push and the tail, at B = 9 and 64 (perf/nccl_compare.h).
 * --repeat N measures part 1 N times back to back (the table shows the first run) and
 * records, per tp and B, the run-to-run spread: the largest change of a variant's
 * median between runs (CSV variant "run_spread").
 * --baseline-algorithms (an experiment, alone): per tp and B (--batches, --quick), the
 * baseline with each of cuBLASLt's first heuristic algorithms for its two GEMMs against
 * its first (SPEC's reference chain is the best of them; the library records the
 * first), and the fused step beside them.
 * --out-at-wait (an experiment, alone): per tp and B the fused step with every plan's
 * out_at_wait 0 and 1 (OUT AT THE WAIT, ops/fused.cu; the plan's per-card choice),
 * alternating, --repeat N rounds (at least 2, default 2), medians of the rounds.
 * --table-only stops after part 1's table: no PDL on/off, parts 2-3 or policy file (an
 * A/B of two builds needs only the table). --beside-only runs part 2 alone (its rows to
 * the CSV; no policy file). --batches takes precedence over --quick.
 * --engine-state first puts the process in the state an engine that copies on streams of
 * its own runs in (perf/timing.h, ENGINE STATE: after SHX_ENGINE_STATE_COPIES (8)
 * asynchronous copies on a non-blocking stream every later graph runs slower, the
 * baseline's four kernels most). The table's header and the CSV's comment line say
 * which state it ran in.
 * --sms K runs part 1's table alone (as --table-only) on K SMs: a green context of K SMs
 * (graphs/green.h; the driver rounds K up to its granularity) made current before
 * anything else, so that every op plans for those SMs and every kernel runs on them, as
 * an engine that gives the shared expert part of the GPU would (graphs/green_gpu_test).
 * --dims deepseek runs parts 1 and 2 at the DeepSeek-V3 / Kimi-K2 shared expert (H 7168,
 * I_total 2048, SwiGLU) instead of the design point (H 7168, I_total 6144, SiTU); its
 * files default to bench_deepseek.csv and policy_deepseek.txt (the engine's `auto` table
 * is the design point's), and part 3 (which has its own configuration) is skipped.
 * --dims H,I_TOTAL[,swiglu | situ] runs them at another model's shared expert (e.g.
 * `--dims 5120,8192` for Llama 4's; SwiGLU unless named), files bench_H_I_TOTAL_ACT.csv
 * and policy_H_I_TOTAL_ACT.txt by default: the table an engine at those dims passes as its
 * config.policy_path (the built-in one was measured at the design dims). --tps picks the
 * tps (1, 2, 4, 8, 16; increasing; default 8, 16) of every part but the third, and where
 * they are not 8, 16 the default files' names end in them (bench_tp4.csv, policy_tp4.txt
 * at the design dims). Dims a tp's config refuses, dims where a batch bucket up to the
 * capacity has no fused or SharedDown plan (the fused and split variants cannot run
 * there; `auto` runs the baseline), and weights too small for MAX_LAYERS steps to keep L2
 * cold stop the run before it starts. --from-csv FILE writes, by default, the policy file
 * whose name matches FILE's (bench_X.csv: policy_X.txt; else policy.txt).
 * The CSV has every number; the policy file (engine/policy.h format) names, per tp and
 * batch range, the fastest variant whose slowest replay beat the baseline's fastest
 * and whose gain is larger than the run-to-run spread (a repeatable win); elsewhere the
 * baseline. A progress line goes to stderr.
 * Plot: tools/plot.sh FILE.csv FILE.png.
 */
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/op.h"
#include "engine/policy.h" /* SHX_POLICY_MAX_RULES */
#include "engine/status.h"
#include "engine/validate.h"
#include "graphs/green.h"
#include "graphs/testbed.h"
#include "ops/fused.h"
#include "perf/floor.h"
#include "perf/nccl_compare.h"
#include "perf/timing.h"

/* The routed experts' stand-ins on 100 SMs: the timed one streams for 15 us (issue 4's
 * measure); the bytes one streams 64 MiB a layer (about 21 us alone), a layer's own of 8
 * slices of the buffer, so that L2 is cold for them as for the weights. */
#define STANDIN_SMS 100
#define STANDIN_US 15.0
#define STANDIN_LAYER_BYTES ((size_t)64 << 20)
#define STANDIN_SETS 8
#define STANDIN_BYTES (STANDIN_SETS * STANDIN_LAYER_BYTES) /* the buffer */

static const int kAllBatches[] = {1, 4, 8, 9, 13, 16, 24, 32, 40, 48, 56, 64, 96, 128};
/* The most batch sizes one run measures (per tp), and rows for every tp. */
#define MAX_BATCHES ((int)(sizeof kAllBatches / sizeof *kAllBatches))
#define MAX_TPS 5 /* 1, 2, 4, 8, 16 */
/* The most steps a timed graph holds here (part 2's events a step). Part 2's
 * SharedDown-only row takes the most: a third of the weights a set, so sets of twice the
 * L2 in down weights alone (beside_setup; an odd count of sets takes two steps a set)
 * fit for weights of at least 12 x L2 / MAX_LAYERS a rank (about 1 MB on an H200). */
#define MAX_LAYERS 768
#define MAX_ROWS (MAX_TPS * MAX_BATCHES)
#define MAX_REPEAT 9 /* --out-at-wait's rounds */
/* write_policy writes at most a rule a row: the loader must take that many. */
_Static_assert(MAX_ROWS <= SHX_POLICY_MAX_RULES, "a policy bench writes could be refused");
static const int kQuickBatches[] = {9, 64};

typedef struct row {
  int tp, batch;
  shx_step_time baseline, fused, split;
  /* The floor: the faster of its two footprints (one CTA an SM, or the fused plan's CTAs
   * an SM, floor_plan_per_sm), each timed in this row. */
  shx_step_time floor, floor_one_per_sm, floor_plan_per_sm;
  double run_spread_us; /* --repeat: largest change of a variant's median between runs */
} row;

static void progress(const char *what, int tp, int batch) {
  fprintf(stderr, "\rbench: %-22s tp %2d B %3d   ", what, tp, batch);
  fflush(stderr);
}

/* ---- Part 2: the shared expert beside the routed experts' stand-in ------------------ */

/* kStepThenStandin: the op's whole step (baseline or fused), then the stand-in after it
 * on the same stream, as an engine that runs its routed experts after the shared expert.
 * kSplitBeside: the gate kernel, then SharedDown beside the stand-in on a side stream. */
typedef enum beside_mode { kStandinAlone, kStepThenStandin, kSplitBeside, kGateOnly,
                           kDownOnly } beside_mode;

/* Which stand-in (perf/floor.h): timed (15 us, traffic beside it free), bytes (64 MiB, a
 * plain launch that never triggers: a kernel that knows nothing of PDL) or bytes
 * cooperative (launched with PDL, its dependents triggered early: the fused step after
 * it loads its first ring beside the stand-in's end). */
typedef enum standin_kind { kStandinTimed, kStandinBytes, kStandinBytesCooperative }
    standin_kind;

typedef struct beside_context {
  const shx_timing_setup *setup;
  shx_op *op;
  int batch;
  beside_mode mode;
  standin_kind kind;
  void *standin_weights; /* STANDIN_BYTES: STANDIN_SETS slices of STANDIN_LAYER_BYTES */
  cudaStream_t side;
  cudaEvent_t fork[MAX_LAYERS], join[MAX_LAYERS];
} beside_context;

static shx_status standin(beside_context *c, int layer, cudaStream_t stream) {
  char message[256] = "";
  /* Each layer's stand-in streams a slice of its own, the next 64 MiB of the 512 MiB
   * rotation, so that no layer finds the last one's lines in L2. (Until stop 87 the timed
   * stand-in was given the whole buffer: each of its CTAs restarted every layer at the
   * start of a 5 MB share and read about 0.6 MB of it, the same 60-some MB every layer
   * with only the shared expert's weights between: a review found it.) In its 15 us it
   * may read a little more than its slice's 64 MiB, wrapping within it. */
  const char *slice = (const char *)c->standin_weights +
                      (size_t)(layer % STANDIN_SETS) * STANDIN_LAYER_BYTES;
  shx_status status =
      c->kind == kStandinTimed
          ? shx_standin_launch(slice, STANDIN_LAYER_BYTES, STANDIN_SMS, STANDIN_US, stream,
                               message)
          : shx_standin_bytes_launch(slice, STANDIN_LAYER_BYTES, STANDIN_SMS,
                                     c->kind == kStandinBytesCooperative, stream, message);
  return status == SHX_SUCCESS ? status : shx_fail(status, "%s", message);
}

static shx_status record_beside(void *context, const shx_bench *b, int layer) {
  beside_context *c = context;
  cudaStream_t main = (cudaStream_t)b->stream;
  char *set = shx_bench_weights(c->setup, b, layer);
  shx_status status = shx_bind_weights(c->op, set, set + b->gate_up_bytes);
  if (status != SHX_SUCCESS) return status;
  switch (c->mode) {
    case kStandinAlone:
      return standin(c, layer, main);
    case kStepThenStandin:
      status = shx_record_step(c->op, b->x, c->batch, layer % 2, main);
      return status == SHX_SUCCESS ? standin(c, layer, main) : status;
    case kGateOnly:
      return shx_record_gate(c->op, b->x, c->batch, main);
    case kDownOnly:
      return shx_record_down(c->op, c->batch, layer % 2, main);
    case kSplitBeside:
      /* gate on the main stream; then the stand-in on a side stream beside SharedDown */
      status = shx_record_gate(c->op, b->x, c->batch, main);
      if (status != SHX_SUCCESS) return status;
      if (cudaEventRecord(c->fork[layer], main) != cudaSuccess ||
          cudaStreamWaitEvent(c->side, c->fork[layer], 0) != cudaSuccess)
        return shx_fail(SHX_CUDA_ERROR, "fork failed");
      status = standin(c, layer, c->side);
      if (status == SHX_SUCCESS) status = shx_record_down(c->op, c->batch, layer % 2, main);
      if (status != SHX_SUCCESS) return status;
      if (cudaEventRecord(c->join[layer], c->side) != cudaSuccess ||
          cudaStreamWaitEvent(main, c->join[layer], 0) != cudaSuccess)
        return shx_fail(SHX_CUDA_ERROR, "join failed");
      return SHX_SUCCESS;
  }
  return SHX_INTERNAL_ERROR;
}

static shx_status check_beside(void *context) {
  return shx_check_device(((beside_context *)context)->op);
}

static shx_status time_beside(const shx_timing_setup *setup, int batch, beside_mode mode,
                              shx_variant variant, standin_kind kind, void *standin_weights,
                              shx_step_time *time) {
  shx_status status = SHX_SUCCESS;
  if (setup->layers > MAX_LAYERS)
    return shx_fail(SHX_INVALID_ARGUMENT, "at most %d layers here", MAX_LAYERS);
  shx_config config = setup->config;
  config.variant = variant;
  config.split_down_sms = 132 - STANDIN_SMS;
  beside_context c;
  memset(&c, 0, sizeof c);
  c.setup = setup;
  c.batch = batch;
  c.mode = mode;
  c.kind = kind;
  c.standin_weights = standin_weights;
  shx_bench b;
  SHX_TRY(shx_bench_make(setup, batch, &b));
  SHX_TRY(shx_create(&config, &c.op));
  void *peers[16];
  for (int p = 0; p < config.tp; ++p) peers[p] = (char *)b.mailboxes + p * b.mailbox_bytes;
  SHX_TRY(shx_bind_peers(c.op, peers, config.tp));
  SHX_CUDA(cudaStreamCreateWithFlags(&c.side, cudaStreamNonBlocking));
  for (int l = 0; l < setup->layers; ++l) {
    SHX_CUDA(cudaEventCreateWithFlags(&c.fork[l], cudaEventDisableTiming));
    SHX_CUDA(cudaEventCreateWithFlags(&c.join[l], cudaEventDisableTiming));
  }
  if (mode == kDownOnly) { /* shx_record_down pushes the rows of a recorded gate */
    char *set = shx_bench_weights(setup, &b, 0);
    SHX_TRY(shx_bind_weights(c.op, set, set + b.gate_up_bytes));
    SHX_TRY(shx_record_gate(c.op, b.x, batch, b.stream));
    SHX_CUDA(cudaStreamSynchronize((cudaStream_t)b.stream));
  }
  SHX_TRY(shx_time_layers(setup, &b, record_beside, check_beside, &c, time));
  SHX_TRY(shx_check_device(c.op));
cleanup:
  for (int l = 0; l < setup->layers; ++l) {
    if (c.fork[l]) cudaEventDestroy(c.fork[l]);
    if (c.join[l]) cudaEventDestroy(c.join[l]);
  }
  if (c.side) cudaStreamDestroy(c.side);
  shx_destroy(c.op);
  shx_bench_free(&b);
  return status;
}

/* ---- Output ---------------------------------------------------------------------------- */

/* The variant for one measured (tp, batch): the fastest whose slowest replay beat the
 * baseline's fastest replay and whose median gain exceeds the run-to-run spread, else
 * the baseline. */
static int repeatable_win(const shx_step_time *candidate, const row *r) {
  return candidate->max_us < r->baseline.min_us &&
         r->baseline.median_us - candidate->median_us > r->run_spread_us;
}

/* What parts 1 and 2 run at: the model dims (--dims) and the tps (--tps). */
typedef enum dims_kind { kDesignDims, kDeepSeekDims, kCustomDims } dims_kind;
typedef struct bench_dims {
  dims_kind kind;
  int hidden, inter_total;   /* of every kind (shx_set_dims) */
  shx_activation activation;
  int tps[MAX_TPS];
  int tp_count;
} bench_dims;

/* The configuration of parts 1 and 2 (the NCCL comparison of part 3 makes its own): the
 * defaults at `tp` with the run's dims and activation (--dims), and a watchdog of 50
 * ms. A step takes microseconds, so it never fires on a working kernel;
 * on a broken one (waits that never complete) each launch gives up after about 2 x 50
 * ms, and the timing stops after its first replay (shx_time_layers' check) instead of
 * spending minutes at the default 1000 ms. */
static shx_config bench_config(int tp, const bench_dims *dims) {
  shx_config config = SHX_CONFIG_INIT;
  config.tp = tp;
  config.watchdog_ms = 50;
  config.hidden = dims->hidden;
  config.intermediate_total = dims->inter_total;
  config.activation = dims->activation;
  return config;
}

/* The floor streams with as many CTAs as the fused kernel launches at B = 9 (n = 16):
 * 112 at the design point and at the DeepSeek dims, TP8 and TP16, on the whole GPU,
 * where the grid does not depend on the batch up to 64; *ctas_per_sm (if not NULL) is
 * that plan's CTAs an SM. On a green context (--sms) the plan's grid may differ between
 * batches (TWO GRIDS): the plans line after the table names the floor's grid and each
 * row's. */
static int floor_grid(const shx_config *config, int *grid, int *ctas_per_sm) {
  shx_fused_plan plan;
  char message[SHX_MESSAGE_BYTES];
  if (shx_fused_plan_make(config->hidden, config->intermediate_total / config->tp,
                          config->tp, 16, &plan, message) != SHX_SUCCESS) {
    fprintf(stderr, "bench: %s\n", message);
    return 0;
  }
  *grid = plan.grid;
  if (ctas_per_sm != NULL) *ctas_per_sm = plan.ctas_per_sm;
  return 1;
}

/* The fused plan each row's step ran (the op's bucket for the batch, planned for this
 * context's SMs), so that tables from partitions or other devices say which geometry
 * they timed, and its kernel instance (shx_fused_instance_name; "early past the ring":
 * ops/fused_plan.h EARLY PAST THE RING). */
static void print_fused_plans(const bench_dims *dims, const int *batches, int batch_count) {
  const int *tps = dims->tps;
  printf("fused plans (CTAs = clusters x size, CTAs an SM):");
  for (int t = 0; t < dims->tp_count; ++t) {
    const shx_config config = bench_config(tps[t], dims);
    int floor_ctas = 0;
    if (floor_grid(&config, &floor_ctas, NULL))
      printf(" tp %d floor %d;", tps[t], floor_ctas);
    for (int b = 0; b < batch_count; ++b) {
      shx_fused_plan plan;
      char message[SHX_MESSAGE_BYTES];
      if (shx_fused_bucket_plan_make(config.hidden, config.intermediate_total / tps[t],
                                     tps[t], shx_fused_bucket_of(batches[b]), &plan,
                                     message) != SHX_SUCCESS)
        printf(" tp %d B %d none;", tps[t], batches[b]);
      else
        printf(" tp %d B %d %d = %d x %d, %d, %s%s;", tps[t], batches[b], plan.grid,
               plan.grid / plan.cluster, plan.cluster, plan.ctas_per_sm,
               shx_fused_instance_name(&plan),
               plan.early_trigger_overrun > 0 ? ", early past the ring" : "");
    }
  }
  printf("\n");
}

static const char *policy_choice(const row *r) {
  const char *best = "baseline";
  double best_us = r->baseline.median_us;
  if (repeatable_win(&r->fused, r) && r->fused.median_us < best_us) {
    best = "fused";
    best_us = r->fused.median_us;
  }
  if (repeatable_win(&r->split, r) && r->split.median_us < best_us) best = "split";
  return best;
}

/* One rule per run of equal choices; a measured batch covers the batches above the
 * previous measured one. Batches past the largest measured get no rule (baseline). */
static void write_policy(FILE *file, const row *rows, int count) {
  fprintf(file, "# shared-expert policy, written by perf/bench: tp first_batch last_batch "
                "variant\n# A variant other than the baseline is chosen only where its "
                "slowest replay beat the baseline's fastest and its gain exceeds the "
                "run-to-run spread.\n");
  for (int i = 0; i < count;) {
    const char *choice = policy_choice(&rows[i]);
    int first = i == 0 || rows[i - 1].tp != rows[i].tp ? 1 : rows[i - 1].batch + 1;
    int j = i;
    while (j + 1 < count && rows[j + 1].tp == rows[i].tp &&
           strcmp(policy_choice(&rows[j + 1]), choice) == 0)
      ++j;
    fprintf(file, "%d %d %d %s\n", rows[i].tp, first, rows[j].batch, choice);
    i = j + 1;
  }
}

/* Rows of an earlier run's CSV (its floor, baseline, fused and split lines). */
static int rows_from_csv(const char *path, row *rows, int capacity) {
  FILE *file = fopen(path, "r");
  if (file == NULL) return -1;
  char line[512];
  int count = 0;
  while (fgets(line, sizeof line, file) != NULL) {
    int tp, batch;
    char variant[64];
    double median, low, high;
    int fields = sscanf(line, "%d,%d,%63[^,],%lf,%lf,%lf", &tp, &batch, variant, &median,
                        &low, &high);
    if (fields < 4 || (fields < 6 && strcmp(variant, "run_spread") != 0)) continue;
    const char *known[] = {"floor", "baseline", "fused", "split", "run_spread"};
    int is_known = 0;
    for (int k = 0; k < 5; ++k) is_known |= strcmp(variant, known[k]) == 0;
    if (!is_known) continue; /* part 2's and the PDL lines make no rows */
    int at = -1;
    for (int i = 0; i < count; ++i)
      if (rows[i].tp == tp && rows[i].batch == batch) at = i;
    if (at < 0) {
      if (count == capacity) break;
      at = count++;
      memset(&rows[at], 0, sizeof rows[at]);
      rows[at].tp = tp;
      rows[at].batch = batch;
    }
    shx_step_time time = {median, low, high};
    if (strcmp(variant, "floor") == 0) rows[at].floor = time;
    else if (strcmp(variant, "baseline") == 0) rows[at].baseline = time;
    else if (strcmp(variant, "fused") == 0) rows[at].fused = time;
    else if (strcmp(variant, "split") == 0) rows[at].split = time;
    else if (strcmp(variant, "run_spread") == 0) rows[at].run_spread_us = median;
  }
  fclose(file);
  return count;
}

/* "9,16,32" -> {9, 16, 32}; returns the count, or -1 for anything but 1 to `capacity`
 * strictly increasing batch sizes in 1..128 (the policy's ranges need them in order). */
static int parse_batches(const char *text, int *batches, int capacity) {
  int count = 0;
  while (*text != '\0') {
    char *end;
    long value = strtol(text, &end, 10);
    if (end == text || value < 1 || value > 128 || count == capacity) return -1;
    if (count > 0 && value <= batches[count - 1]) return -1;
    batches[count++] = (int)value;
    if (*end == ',' && end[1] != '\0') ++end;
    else if (*end != '\0') return -1;
    text = end;
  }
  return count > 0 ? count : -1;
}

/* "4,8" -> dims->tps; 0 for anything but 1 to MAX_TPS strictly increasing tps among 1, 2,
 * 4, 8, 16. */
static int parse_tps(const char *text, bench_dims *dims) {
  int count = 0;
  while (*text != '\0') {
    char *end;
    long value = strtol(text, &end, 10);
    if (end == text || count == MAX_TPS || value > 16 || !shx_tp_supported((int)value))
      return 0;
    if (count > 0 && value <= dims->tps[count - 1]) return 0;
    dims->tps[count++] = (int)value;
    if (*end == ',' && end[1] != '\0') ++end;
    else if (*end != '\0') return 0;
    text = end;
  }
  dims->tp_count = count;
  return count > 0;
}

/* "design", "deepseek", or "H,I_TOTAL[,swiglu | situ]" (shx_set_dims) -> dims; 0
 * where the text is none of them. Whether a tp's config takes the dims is checked later
 * (shx_check_config), against each tp. */
static int parse_dims(const char *text, bench_dims *dims) {
  shx_config config = SHX_CONFIG_INIT;
  if (!shx_set_dims(&config, text)) return 0;
  dims->kind = strcmp(text, "design") == 0     ? kDesignDims
               : strcmp(text, "deepseek") == 0 ? kDeepSeekDims
                                               : kCustomDims;
  dims->hidden = config.hidden;
  dims->inter_total = config.intermediate_total;
  dims->activation = config.activation;
  return 1;
}

/* The timing of a part 2 row (beside_mode): the gate-only and SharedDown-only rows stream
 * only the gate/up or the down weights of each set (two thirds, one third), so they take
 * enough sets for those bytes to fill twice the L2 (perf/timing.h); with the sets of the
 * whole weights the down weights of the design TP16 (10 x 5.5 MB) and the DeepSeek dims
 * would fit in an H200's L2 (a review in stop 87). Every other row: shx_timing_standard. */
static shx_timing_setup beside_setup(shx_config config, beside_mode mode) {
  const double weight_bytes = shx_weight_bytes(&config); /* gate, up and down: 3 parts */
  if (mode == kGateOnly) return shx_timing_streaming(config, weight_bytes * 2 / 3);
  if (mode == kDownOnly) return shx_timing_streaming(config, weight_bytes / 3);
  return shx_timing_standard(config);
}

/* 0 where every tp of `dims` has a valid config and (with_plans: device queries) every
 * batch bucket up to the capacity has a fused plan and a SharedDown plan (on the default
 * 32 SMs, which part 2 gives it too: 132 - STANDIN_SMS), and its weights fill twice the L2
 * within MAX_LAYERS steps; else 2 with the reason on stderr: such a run could not time
 * every variant and the floor. */
static int check_dims(const bench_dims *dims, int with_plans) {
  for (int t = 0; t < dims->tp_count; ++t) {
    const shx_config config = bench_config(dims->tps[t], dims);
    if (shx_check_config(&config) != SHX_SUCCESS) {
      fprintf(stderr, "bench: tp %d: %s\n", config.tp, shx_last_error());
      return 2;
    }
    if (!with_plans) continue;
    const int inter = config.intermediate_total / config.tp;
    char message[SHX_MESSAGE_BYTES] = "";
    for (int i = 0; i < SHX_FUSED_BUCKETS &&
                    (i == 0 || shx_fused_bucket_n(i - 1) < config.capacity); ++i) {
      shx_fused_plan plan;
      shx_down_plan down;
      if (shx_fused_bucket_plan_make(config.hidden, inter, config.tp, i, &plan, message) !=
              SHX_SUCCESS ||
          shx_down_plan_make(config.hidden, inter, config.tp, plan.n, config.split_down_sms,
                             &down, message) != SHX_SUCCESS) {
        fprintf(stderr, "bench: tp %d: %s; there the fused and split variants cannot run "
                "(`auto` runs the baseline)\n", config.tp, message);
        return 2;
      }
    }
    /* The SharedDown-only row's setup has the most steps (beside_setup). */
    const shx_timing_setup setup = beside_setup(config, kDownOnly);
    if (setup.layers > MAX_LAYERS) {
      fprintf(stderr, "bench: tp %d: %.0f KB of weights a rank need %d steps a graph to keep "
              "L2 cold for the down weights alone (part 2), over %d\n", config.tp,
              shx_weight_bytes(&config) / 1e3, setup.layers, MAX_LAYERS);
      return 2;
    }
  }
  return 0;
}

/* One measurement of part 2: what a layer records, with which variant and stand-in, and
 * its CSV name. */
typedef struct beside_row {
  beside_mode mode;
  shx_variant variant;
  standin_kind kind;
  const char *name;
} beside_row;

enum {
  kTimedAlone, kTimedBaseline, kTimedFused, kTimedSplit, kGate, kDown, kBytesAlone,
  kBytesAloneCooperative, kBytesBaseline, kBytesFused, kBytesFusedCooperative, kBytesSplit,
  kBesideRows
};

static const beside_row kBesideRowSpecs[kBesideRows] = {
    {kStandinAlone, SHX_VARIANT_BASELINE, kStandinTimed, "standin"},
    {kStepThenStandin, SHX_VARIANT_BASELINE, kStandinTimed, "baseline_then_standin"},
    {kStepThenStandin, SHX_VARIANT_FUSED, kStandinTimed, "fused_then_standin"},
    {kSplitBeside, SHX_VARIANT_SPLIT, kStandinTimed, "split_beside_standin"},
    {kGateOnly, SHX_VARIANT_SPLIT, kStandinTimed, "gate_only"},
    {kDownOnly, SHX_VARIANT_SPLIT, kStandinTimed, "shared_down_only"},
    {kStandinAlone, SHX_VARIANT_BASELINE, kStandinBytes, "standin_bytes"},
    {kStandinAlone, SHX_VARIANT_BASELINE, kStandinBytesCooperative,
     "standin_bytes_cooperative"},
    {kStepThenStandin, SHX_VARIANT_BASELINE, kStandinBytes, "baseline_then_standin_bytes"},
    {kStepThenStandin, SHX_VARIANT_FUSED, kStandinBytes, "fused_then_standin_bytes"},
    {kStepThenStandin, SHX_VARIANT_FUSED, kStandinBytesCooperative,
     "fused_then_standin_bytes_cooperative"},
    {kSplitBeside, SHX_VARIANT_SPLIT, kStandinBytes, "split_beside_standin_bytes"},
};

/* Part 2: the shared expert beside the routed experts' stand-in, at each tp, B = 9 and 64,
 * with each stand-in (standin_kind): the stand-in alone; the baseline's and the fused
 * variant's step, each followed by the stand-in; the split variant's gate, then SharedDown
 * beside the stand-in; and, with the timed stand-in only, the gate and SharedDown alone.
 * Two tables on stdout (timed; bytes, plain and cooperative), every row to `csv`. Returns
 * 0, or 1 where the stand-in's weights could not be allocated. */
static int beside_table(FILE *csv, const bench_dims *dims) {
  void *standin_weights = NULL;
  if (cudaMalloc(&standin_weights, STANDIN_BYTES) != cudaSuccess ||
      cudaMemset(standin_weights, 1, STANDIN_BYTES) != cudaSuccess) {
    fprintf(stderr, "no device memory for the stand-in\n");
    cudaFree(standin_weights); /* NULL where the allocation failed */
    return 1;
  }
  const int *tps = dims->tps;
  double us[MAX_TPS][2][kBesideRows]; /* [tp][batch][row], medians */
  for (int t = 0; t < dims->tp_count; ++t)
    for (int b = 0; b < 2; ++b) {
      shx_config config = bench_config(tps[t], dims);
      int batch = kQuickBatches[b];
      progress("beside the stand-in", tps[t], batch);
      for (int r = 0; r < kBesideRows; ++r) {
        const beside_row *spec = &kBesideRowSpecs[r];
        const shx_timing_setup setup = beside_setup(config, spec->mode);
        shx_step_time time;
        SHX_CHECK_OK(time_beside(&setup, batch, spec->mode, spec->variant, spec->kind,
                                 standin_weights, &time));
        us[t][b][r] = time.median_us;
        fprintf(csv, "%d,%d,%s,%.3f,%.3f,%.3f,,,,\n", tps[t], batch, spec->name,
                time.median_us, time.min_us, time.max_us);
      }
    }
  cudaFree(standin_weights);
  fprintf(stderr, "\n"); /* ends the progress line */
  printf("\nThe shared expert beside the timed routed stand-in (%d SMs, %.0f us; SharedDown "
         "on %d SMs), us per layer\n", STANDIN_SMS, STANDIN_US, 132 - STANDIN_SMS);
  for (int t = 0; t < dims->tp_count; ++t) {
    const shx_config config = bench_config(tps[t], dims);
    const shx_timing_setup gate = beside_setup(config, kGateOnly),
                           down = beside_setup(config, kDownOnly),
                           step = beside_setup(config, kStandinAlone);
    printf("%s%d: %d sets in %d steps (gate: %d in %d; down: %d in %d)%s",
           t == 0 ? "weight sets (beside_setup): tp " : "tp ", tps[t], step.sets, step.layers,
           gate.sets, gate.layers, down.sets, down.layers,
           t + 1 < dims->tp_count ? "; " : "\n");
  }
  printf("%3s %4s | %8s %8s %8s %8s | %8s %8s | %s\n", "tp", "B", "stand-in", "base+si",
         "fused+si", "split||si", "gate", "down", "SharedDown hidden");
  for (int t = 0; t < dims->tp_count; ++t)
    for (int b = 0; b < 2; ++b) {
      const double *u = us[t][b];
      printf("%3d %4d | %8.2f %8.2f %8.2f %8.2f | %8.2f %8.2f | %.0f%%\n", tps[t],
             kQuickBatches[b], u[kTimedAlone], u[kTimedBaseline], u[kTimedFused],
             u[kTimedSplit], u[kGate], u[kDown],
             100.0 * (u[kGate] + u[kDown] + u[kTimedAlone] - u[kTimedSplit]) / u[kDown]);
    }
  printf("\nThe shared expert beside the bytes stand-in (%d SMs streaming %zu MiB a layer; "
         "coop: launched with PDL, triggering early), us per layer\n", STANDIN_SMS,
         STANDIN_LAYER_BYTES >> 20);
  printf("%3s %4s | %8s %8s | %8s %8s %10s %8s | %s\n", "tp", "B", "si", "si coop",
         "base+si", "fused+si", "fused+coop", "split||si", "SharedDown hidden");
  for (int t = 0; t < dims->tp_count; ++t)
    for (int b = 0; b < 2; ++b) {
      const double *u = us[t][b];
      printf("%3d %4d | %8.2f %8.2f | %8.2f %8.2f %10.2f %8.2f | %.0f%%\n", tps[t],
             kQuickBatches[b], u[kBytesAlone], u[kBytesAloneCooperative], u[kBytesBaseline],
             u[kBytesFused], u[kBytesFusedCooperative], u[kBytesSplit],
             100.0 * (u[kGate] + u[kDown] + u[kBytesAlone] - u[kBytesSplit]) / u[kDown]);
    }
  return 0;
}

/* ---- --baseline-algorithms: the baseline with cuBLASLt's other heuristic algorithms ---- */

/* Which of cuBLASLt's heuristic algorithms (engine/op.h shx_baseline_algorithms) the
 * baseline op records with; how many each GEMM had. */
typedef struct algorithm_choice {
  int gate_up, down;
  int gate_up_count, down_count;
} algorithm_choice;

static shx_status choose_algorithms(void *context, shx_op *op, int batch) {
  algorithm_choice *c = context;
  cublasLtMatmulAlgo_t gate_up[SHX_LT_MOST_ALGORITHMS], down[SHX_LT_MOST_ALGORITHMS];
  shx_status status;
  if ((status = shx_baseline_algorithms(op, batch, 0, gate_up, SHX_LT_MOST_ALGORITHMS,
                                        &c->gate_up_count)) != SHX_SUCCESS ||
      (status = shx_baseline_algorithms(op, batch, 1, down, SHX_LT_MOST_ALGORITHMS,
                                        &c->down_count)) != SHX_SUCCESS)
    return status;
  if (c->gate_up >= c->gate_up_count || c->down >= c->down_count)
    return shx_fail(SHX_UNSUPPORTED, "no algorithm %d / %d", c->gate_up, c->down);
  op->lt_batches[batch].gate_up_algo = gate_up[c->gate_up];
  op->lt_batches[batch].down_algo = down[c->down];
  op->lt_batches[batch].ready = 1;
  return SHX_SUCCESS;
}

/* SPEC's baseline reference is the cuBLASLt chain with "the best of its heuristic
 * algorithms"; the library records its first. Per tp and B: the first; every gate/up
 * algorithm with the first down one, then every down one with the fastest gate/up one
 * (at most SHX_LT_MOST_ALGORITHMS each); the fused step in the same run. CSV rows
 * baseline_first, baseline_best (speedup_over_baseline: the fused step's over it). */
static int baseline_algorithms_table(FILE *csv, const bench_dims *dims, const int *batches,
                                     int batch_count) {
  const int *tps = dims->tps;
  printf("The baseline with cuBLASLt's heuristic algorithms (us per step; gu/dn: the "
         "fastest's index among the gate/up and down GEMMs' candidates, 0 = the first)\n");
  printf("%3s %4s | %7s | %7s %2s %2s %5s | %7s | %9s %9s\n", "tp", "B", "first", "best",
         "gu", "dn", "tried", "fused", "base/fus", "best/fus");
  for (int t = 0; t < dims->tp_count; ++t)
    for (int b = 0; b < batch_count; ++b) {
      const int batch = batches[b];
      shx_timing_setup setup = shx_timing_standard(bench_config(tps[t], dims));
      algorithm_choice choice = {0, 0, 0, 0};
      shx_step_time first, best, fused, time;
      progress("baseline algorithms", tps[t], batch);
      SHX_CHECK_OK(shx_time_steps_prepared(&setup, SHX_VARIANT_BASELINE, batch,
                                           choose_algorithms, &choice, &first));
      best = first;
      int best_gate_up = 0, best_down = 0, tried = 1;
      for (int pass = 0; pass < 2; ++pass) {
        const int count = pass == 0 ? choice.gate_up_count : choice.down_count;
        for (int i = 1; i < count; ++i) {
          algorithm_choice candidate = {pass == 0 ? i : best_gate_up, pass == 0 ? 0 : i, 0,
                                        0};
          if (shx_time_steps_prepared(&setup, SHX_VARIANT_BASELINE, batch,
                                      choose_algorithms, &candidate, &time) != SHX_SUCCESS)
            continue; /* an algorithm that cannot run here: not a candidate */
          ++tried;
          if (time.median_us < best.median_us) {
            best = time;
            best_gate_up = candidate.gate_up;
            best_down = candidate.down;
          }
        }
      }
      SHX_CHECK_OK(shx_time_steps(&setup, SHX_VARIANT_FUSED, batch, &fused));
      printf("%3d %4d | %7.2f | %7.2f %2d %2d %5d | %7.2f | %9.2f %9.2f\n", tps[t], batch,
             first.median_us, best.median_us, best_gate_up, best_down, tried,
             fused.median_us, first.median_us / fused.median_us,
             best.median_us / fused.median_us);
      fprintf(csv, "%d,%d,baseline_first,%.3f,%.3f,%.3f,,,%.3f,\n", tps[t], batch,
              first.median_us, first.min_us, first.max_us, first.median_us / fused.median_us);
      fprintf(csv, "%d,%d,baseline_best,%.3f,%.3f,%.3f,,,%.3f,\n", tps[t], batch,
              best.median_us, best.min_us, best.max_us, best.median_us / fused.median_us);
      fprintf(csv, "%d,%d,fused,%.3f,%.3f,%.3f,,,,\n", tps[t], batch, fused.median_us,
              fused.min_us, fused.max_us);
    }
  fprintf(stderr, "\n");
  return 0;
}

/* OUT AT THE WAIT's per-card choice (ops/fused_plan.h shx_fused_out_at_wait_on), timed
 * in one build: the fused step with every plan's out_at_wait set to `value` (kFusedXOut
 * or kFusedX where the plan runs either; both give the same bits). */
typedef struct out_at_wait_choice {
  int value;
  int planned; /* what shx_fused_plan_make chose on this card for the batch's bucket */
} out_at_wait_choice;

static shx_status set_out_at_wait(void *context, shx_op *op, int batch) {
  out_at_wait_choice *c = context;
  c->planned = shx_op_set_out_at_wait(op, batch, c->value);
  return c->planned < 0 ? SHX_INVALID_ARGUMENT : SHX_SUCCESS;
}

/* --out-at-wait (an experiment, alone): per tp and B (--batches, --quick), the fused step
 * with OUT AT THE WAIT off and on, alternating, `rounds` times each (--repeat, at least
 * 2), in one process: the same build, the same card, the same L2-cold weights. CSV
 * variants fused_out_at_wait_0 and _1, one row a round. */
static int out_at_wait_table(FILE *csv, const bench_dims *dims, const int *batches,
                             int batch_count, int rounds) {
  printf("The fused step with OUT AT THE WAIT off and on (us per step, medians of %d "
         "rounds alternating; planned: the plan's choice on this card)\n", rounds);
  printf("%3s %4s | %7s | %7s %7s | %7s\n", "tp", "B", "planned", "off", "on", "on/off");
  for (int t = 0; t < dims->tp_count; ++t)
    for (int b = 0; b < batch_count; ++b) {
      const int tp = dims->tps[t], batch = batches[b];
      shx_timing_setup setup = shx_timing_standard(bench_config(tp, dims));
      double medians[2][MAX_REPEAT];
      int planned = -1;
      progress("out at the wait", tp, batch);
      for (int round = 0; round < rounds; ++round)
        for (int value = 0; value < 2; ++value) {
          out_at_wait_choice choice = {value, -1};
          shx_step_time time;
          SHX_CHECK_OK(shx_time_steps_prepared(&setup, SHX_VARIANT_FUSED, batch,
                                               set_out_at_wait, &choice, &time));
          planned = choice.planned;
          medians[value][round] = time.median_us;
          fprintf(csv, "%d,%d,fused_out_at_wait_%d,%.3f,%.3f,%.3f,,,,\n", tp, batch, value,
                  time.median_us, time.min_us, time.max_us);
        }
      const double off = shx_median(medians[0], rounds), on = shx_median(medians[1], rounds);
      printf("%3d %4d | %7d | %7.2f %7.2f | %7.3f\n", tp, batch, planned, off, on, on / off);
    }
  fprintf(stderr, "\n");
  return 0;
}

/* The files a run writes by default: bench[_deepseek | _H_I_TOTAL_ACT][_tpT1-T2...].csv
 * and policy with the same ending .txt (the tps where they are not 8, 16), so that runs at
 * other dims or tps do not overwrite the design point's files; with --from-csv FILE the
 * policy named after FILE (bench_X.csv: policy_X.txt), else policy.txt. */
static void default_file_names(const bench_dims *dims, const char *from_csv, char *csv,
                               char *policy, size_t bytes) {
  char ending[64] = "";
  size_t used = 0;
  if (dims->kind == kDeepSeekDims)
    used += snprintf(ending, sizeof ending, "_deepseek");
  else if (dims->kind == kCustomDims)
    used += snprintf(ending, sizeof ending, "_%d_%d_%s", dims->hidden, dims->inter_total,
                     dims->activation == SHX_ACT_SITU ? "situ" : "swiglu");
  const int default_tps = dims->tp_count == 2 && dims->tps[0] == 8 && dims->tps[1] == 16;
  for (int t = 0; !default_tps && t < dims->tp_count && used < sizeof ending; ++t)
    used += snprintf(ending + used, sizeof ending - used, t == 0 ? "_tp%d" : "-%d",
                     dims->tps[t]);
  snprintf(csv, bytes, "bench%s.csv", ending);
  snprintf(policy, bytes, "policy%s.txt", ending);
  if (from_csv != NULL) {
    const char *name = strrchr(from_csv, '/') != NULL ? strrchr(from_csv, '/') + 1 : from_csv;
    const size_t length = strlen(name);
    if (strncmp(name, "bench", 5) == 0 && length > 9 && strcmp(name + length - 4, ".csv") == 0)
      snprintf(policy, bytes, "policy%.*s.txt", (int)(length - 9), name + 5);
    else
      snprintf(policy, bytes, "policy.txt");
  }
}

int main(int argc, char **argv) {
  int quick = 0, repeat = 1, table_only = 0, beside_only = 0, listed_count = 0;
  int baseline_algorithms = 0, out_at_wait = 0;
  int engine_state = 0, green_sms = 0;
  int listed[MAX_BATCHES];
  const char *csv_path = NULL, *policy_path = NULL, *from_csv = NULL;
  bench_dims dims = {kDesignDims, 0, 0, SHX_ACT_SITU, {8, 16}, 2};
  parse_dims("design", &dims); /* SHX_CONFIG_INIT's dims, until --dims says otherwise */
  for (int i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "--quick") == 0) quick = 1;
    else if (strcmp(argv[i], "--table-only") == 0) table_only = 1;
    else if (strcmp(argv[i], "--beside-only") == 0) beside_only = 1;
    else if (strcmp(argv[i], "--baseline-algorithms") == 0) baseline_algorithms = 1;
    else if (strcmp(argv[i], "--out-at-wait") == 0) out_at_wait = 1;
    else if (strcmp(argv[i], "--engine-state") == 0) engine_state = 1;
    else if (strcmp(argv[i], "--batches") == 0 && i + 1 < argc) {
      listed_count = parse_batches(argv[++i], listed, MAX_BATCHES);
      if (listed_count <= 0) {
        fprintf(stderr, "--batches wants 1 to %d increasing batch sizes in 1..128, "
                "comma-separated\n", MAX_BATCHES);
        return 2;
      }
    } else if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc) repeat = atoi(argv[++i]);
    else if (strcmp(argv[i], "--csv") == 0 && i + 1 < argc) csv_path = argv[++i];
    else if (strcmp(argv[i], "--policy") == 0 && i + 1 < argc) policy_path = argv[++i];
    else if (strcmp(argv[i], "--from-csv") == 0 && i + 1 < argc) from_csv = argv[++i];
    else if (strcmp(argv[i], "--sms") == 0 && i + 1 < argc && atoi(argv[i + 1]) > 0)
      green_sms = atoi(argv[++i]);
    else if (strcmp(argv[i], "--dims") == 0 && i + 1 < argc && parse_dims(argv[i + 1], &dims))
      ++i;
    else if (strcmp(argv[i], "--tps") == 0 && i + 1 < argc && parse_tps(argv[i + 1], &dims))
      ++i;
    else {
      fprintf(stderr, "usage: %s [--quick | --batches B1,B2,...] [--table-only | --beside-only] "
              "[--repeat N] [--csv FILE] [--policy FILE] "
              "[--dims design | deepseek | H,I_TOTAL[,swiglu | situ]] [--tps T1,T2,...] "
              "[--engine-state] [--sms K] | --from-csv FILE [--policy FILE] | "
              "--baseline-algorithms [--batches ...] [--dims ...] [--tps ...] [--csv FILE] | "
              "--out-at-wait [--batches ...] [--repeat N] [--dims ...] [--tps ...] "
              "[--csv FILE]\n",
              argv[0]);
      return 2;
    }
  }
  if (beside_only && (table_only || quick || listed_count > 0 || repeat != 1 ||
                      policy_path != NULL || from_csv != NULL)) {
    fprintf(stderr, "--beside-only runs part 2 alone, at B = 9 and 64: it takes --csv, "
            "--dims, --tps and --engine-state only\n");
    return 2;
  }
  if (green_sms > 0 && (beside_only || from_csv != NULL)) {
    fprintf(stderr, "--sms runs part 1's table alone: not with --beside-only or --from-csv\n");
    return 2;
  }
  if (green_sms > 0) table_only = 1;
  char default_csv[96], default_policy[96];
  default_file_names(&dims, from_csv, default_csv, default_policy, sizeof default_csv);
  if (csv_path == NULL) csv_path = default_csv;
  if (policy_path == NULL) policy_path = default_policy;
  if (from_csv != NULL) {
    row measured[MAX_ROWS];
    int count = rows_from_csv(from_csv, measured, MAX_ROWS);
    FILE *policy = count > 0 ? fopen(policy_path, "w") : NULL;
    if (policy == NULL) {
      fprintf(stderr, "cannot read %s or write %s\n", from_csv, policy_path);
      return 1;
    }
    write_policy(policy, measured, count);
    fclose(policy);
    printf("wrote %s from %s (%d measured batches)\n", policy_path, from_csv, count);
    return 0;
  }
  if (check_dims(&dims, 0) != 0) return 2; /* before the GPU: a typo is not a skip */
  shx_testbed_skip_without_gpu(1);
  shx_green green = {0};
  if (green_sms > 0) {
    char message[256] = "";
    if (shx_green_make(0, green_sms, &green, message, sizeof message) != 0) {
      fprintf(stderr, "bench: --sms %d: %s\n", green_sms, message);
      return 1;
    }
    if (shx_green_make_current(&green) != 0) {
      fprintf(stderr, "bench: --sms %d: cannot make the green context current\n", green_sms);
      return 1;
    }
  }
  if (check_dims(&dims, 1) != 0) return 2;
  if (engine_state) SHX_CHECK_OK(shx_enter_engine_state());
  const int *batches = listed_count > 0 ? listed : quick ? kQuickBatches : kAllBatches;
  int batch_count = listed_count > 0 ? listed_count
                    : quick          ? 2
                                     : (int)(sizeof kAllBatches / sizeof *kAllBatches);
  row rows[MAX_ROWS];
  int count = 0;
  FILE *csv = fopen(csv_path, "w");
  if (csv == NULL) {
    fprintf(stderr, "cannot write %s\n", csv_path);
    return 1;
  }
  fprintf(csv, "tp,batch,variant,median_us,min_us,max_us,weight_gbps,ratio_to_floor,"
               "speedup_over_baseline,percent_of_hbm\n");
  if (engine_state)
    fprintf(csv, "# engine state: after %d asynchronous copies (--engine-state)\n",
            SHX_ENGINE_STATE_COPIES);
  if (green.sms > 0) fprintf(csv, "# on a green context of %d SMs (--sms)\n", green.sms);
  if (beside_only) {
    int failed = beside_table(csv, &dims);
    fclose(csv);
    if (!failed) printf("\nwrote %s\n", csv_path);
    return failed;
  }
  if (baseline_algorithms) {
    int failed = baseline_algorithms_table(csv, &dims, batches, batch_count);
    fclose(csv);
    if (!failed) printf("\nwrote %s\n", csv_path);
    return failed;
  }
  if (out_at_wait) {
    if (repeat > MAX_REPEAT)
      fprintf(stderr, "bench: --out-at-wait runs at most %d rounds\n", MAX_REPEAT);
    int failed = out_at_wait_table(csv, &dims, batches, batch_count,
                                   repeat < 2 ? 2 : repeat > MAX_REPEAT ? MAX_REPEAT : repeat);
    fclose(csv);
    if (!failed) printf("\nwrote %s\n", csv_path);
    return failed;
  }
  const int *tps = dims.tps;
  if (repeat < 1) repeat = 1;
  for (int run = 0; run < repeat; ++run) {
    count = 0;
    for (int t = 0; t < dims.tp_count; ++t) {
      shx_config config = bench_config(tps[t], &dims);
      shx_timing_setup setup = shx_timing_standard(config);
      double bytes = shx_weight_bytes(&config);
      int grid = 0, plan_per_sm = 1;
      if (!floor_grid(&config, &grid, &plan_per_sm)) return 1;
      for (int b = 0; b < batch_count; ++b) {
        row measured;
        memset(&measured, 0, sizeof measured);
        row *r = &measured;
        r->tp = tps[t];
        r->batch = batches[b];
        /* The floor in this row, beside its variants (its run-to-run spread is the
         * variants' too); both footprints, the faster one the row's floor. */
        progress("floor", r->tp, r->batch);
        SHX_CHECK_OK(shx_time_floor(&setup, grid, 1, 1, &r->floor_one_per_sm));
        r->floor_plan_per_sm = r->floor_one_per_sm; /* the same form where the plan has
                                                       one CTA an SM */
        if (plan_per_sm != 1)
          SHX_CHECK_OK(shx_time_floor(&setup, grid, 1, plan_per_sm, &r->floor_plan_per_sm));
        r->floor = r->floor_plan_per_sm.median_us < r->floor_one_per_sm.median_us
                       ? r->floor_plan_per_sm
                       : r->floor_one_per_sm;
        progress("baseline", r->tp, r->batch);
        SHX_CHECK_OK(shx_time_steps(&setup, SHX_VARIANT_BASELINE, r->batch, &r->baseline));
        progress("fused", r->tp, r->batch);
        SHX_CHECK_OK(shx_time_steps(&setup, SHX_VARIANT_FUSED, r->batch, &r->fused));
        progress("split", r->tp, r->batch);
        SHX_CHECK_OK(shx_time_steps(&setup, SHX_VARIANT_SPLIT, r->batch, &r->split));
        row *first = &rows[count++];
        if (run == 0) {
          *first = measured;
          const char *names[] = {"floor", "baseline", "fused", "split", "floor_one_per_sm",
                                 "floor_plan_per_sm"};
          const shx_step_time *times[] = {&r->floor, &r->baseline, &r->fused, &r->split,
                                          &r->floor_one_per_sm, &r->floor_plan_per_sm};
          for (int v = 0; v < 6; ++v)
            fprintf(csv, "%d,%d,%s,%.3f,%.3f,%.3f,%.1f,%.3f,%.3f,%.1f\n", r->tp, r->batch,
                    names[v], times[v]->median_us, times[v]->min_us, times[v]->max_us,
                    bytes / times[v]->median_us / 1e3,
                    times[v]->median_us / r->floor.median_us,
                    r->baseline.median_us / times[v]->median_us,
                    shx_percent_of_hbm(bytes, times[v]->median_us));
        } else {
          const shx_step_time *was[] = {&first->floor, &first->baseline, &first->fused,
                                        &first->split};
          const shx_step_time *now[] = {&r->floor, &r->baseline, &r->fused, &r->split};
          for (int v = 0; v < 4; ++v) {
            double change = now[v]->median_us - was[v]->median_us;
            if (change < 0) change = -change;
            if (change > first->run_spread_us) first->run_spread_us = change;
          }
        }
      }
    }
  }
  if (repeat > 1)
    for (int i = 0; i < count; ++i)
      fprintf(csv, "%d,%d,run_spread,%.3f,,,,,,\n", rows[i].tp, rows[i].batch,
              rows[i].run_spread_us);
  fprintf(stderr, "\n");
  printf("One rank's step (us, median of 20 graph replays, each of the steps below; "
         "spread = max-min)\n");
  {
    shx_config config = bench_config(tps[0], &dims);
    printf("dims: H %d, I_total %d, %s; ", config.hidden, config.intermediate_total,
           config.activation == SHX_ACT_SWIGLU ? "SwiGLU" : "SiTU");
    if (engine_state)
      printf("engine state (after %d asynchronous copies)", SHX_ENGINE_STATE_COPIES);
    else
      printf("a fresh process");
    if (green.sms > 0) printf(", on a green context of %d SMs", green.sms);
    printf("\n");
    const int l2_bytes = shx_timing_l2_bytes();
    if (l2_bytes > 0) printf("L2 %d bytes; ", l2_bytes);
    printf("weight sets (perf/timing.h):");
    for (int t = 0; t < dims.tp_count; ++t) {
      const shx_timing_setup setup = shx_timing_standard(bench_config(tps[t], &dims));
      printf("%s tp %d %d in %d steps", t > 0 ? "," : "", tps[t], setup.sets, setup.layers);
    }
    printf("\n");
  }
  if (repeat > 1) {
    double largest = 0;
    for (int i = 0; i < count; ++i)
      if (rows[i].run_spread_us > largest) largest = rows[i].run_spread_us;
    printf("%d runs back to back: largest change of a median between runs %.2f us\n",
           repeat, largest);
  }
  printf("%%HBM: the weight bytes a step streams over its time, against SPEC's %.2f TB/s; "
         "floor: the faster of one CTA an SM (1) and the fused plan's CTAs an SM (p)\n",
         SHX_HBM_BYTES_PER_US / 1e6);
  printf("%3s %4s | %7s %1s %4s | %7s %5s | %7s %5s %4s %6s %5s | %7s %5s %6s %5s\n", "tp",
         "B", "floor", "", "%HBM", "base", "sprd", "fused", "sprd", "%HBM", "xfloor", "xbase",
         "split", "sprd", "xfloor", "xbase");
  for (int i = 0; i < count; ++i) {
    const row *r = &rows[i];
    const shx_config dims_config = bench_config(r->tp, &dims);
    const double bytes = shx_weight_bytes(&dims_config);
    printf("%3d %4d | %7.2f %1s %4.0f | %7.2f %5.2f | %7.2f %5.2f %4.0f %6.2f %5.2f | %7.2f "
           "%5.2f %6.2f %5.2f\n",
           r->tp, r->batch, r->floor.median_us,
           r->floor.median_us == r->floor_one_per_sm.median_us ? "1" : "p",
           shx_percent_of_hbm(bytes, r->floor.median_us), r->baseline.median_us,
           r->baseline.max_us - r->baseline.min_us, r->fused.median_us,
           r->fused.max_us - r->fused.min_us,
           shx_percent_of_hbm(bytes, r->fused.median_us),
           r->fused.median_us / r->floor.median_us,
           r->baseline.median_us / r->fused.median_us, r->split.median_us,
           r->split.max_us - r->split.min_us, r->split.median_us / r->floor.median_us,
           r->baseline.median_us / r->split.median_us);
  }

  print_fused_plans(&dims, batches, batch_count);

  if (table_only) {
    fclose(csv);
    if (green.sms > 0) {
      if (cudaDeviceSynchronize() != cudaSuccess) {
        fprintf(stderr, "bench: --sms %d: the green context's work failed\n", green_sms);
        return 1;
      }
      shx_green_free(&green);
    }
    return 0;
  }

  /* PDL on/off for the fused kernel. */
  printf("\nFused step with and without programmatic dependent launch (us)\n");
  for (int t = 0; t < dims.tp_count; ++t)
    for (int b = 0; b < 2; ++b) {
      shx_config config = bench_config(tps[t], &dims);
      shx_timing_setup setup = shx_timing_standard(config);
      shx_step_time on, off;
      progress("fused pdl on/off", tps[t], kQuickBatches[b]);
      SHX_CHECK_OK(shx_time_steps(&setup, SHX_VARIANT_FUSED, kQuickBatches[b], &on));
      setup.config.programmatic_launch = 0;
      SHX_CHECK_OK(shx_time_steps(&setup, SHX_VARIANT_FUSED, kQuickBatches[b], &off));
      printf("tp %2d B %3d: PDL on %.2f, off %.2f\n", tps[t], kQuickBatches[b], on.median_us,
             off.median_us);
      fprintf(csv, "%d,%d,fused_pdl_on,%.3f,%.3f,%.3f,,,,\n", tps[t], kQuickBatches[b],
              on.median_us, on.min_us, on.max_us);
      fprintf(csv, "%d,%d,fused_pdl_off,%.3f,%.3f,%.3f,,,,\n", tps[t], kQuickBatches[b],
              off.median_us, off.min_us, off.max_us);
    }

  /* Part 2: the shared expert beside the routed experts' stand-in. */
  if (beside_table(csv, &dims) != 0) return 1;

  /* Part 3: NCCL's reduce-scatter against the push, one rank per GPU. */
  if (dims.kind != kDesignDims) {
    printf("\nNCCL comparison skipped: it runs at the design dims only\n");
  } else if (shx_testbed_hopper_count() >= 2) {
    printf("\nBaseline chain + NCCL reduce-scatter vs + push and tail, TP2 on 2 GPUs (us "
           "per step)\n");
    for (int b = 0; b < 2; ++b) {
      shx_nccl_comparison comparison;
      progress("nccl vs push", 2, kQuickBatches[b]);
      shx_status status = shx_compare_nccl(2, kQuickBatches[b], 40, &comparison);
      if (status != SHX_SUCCESS) {
        printf("B %3d: not measured: %s\n", kQuickBatches[b], shx_last_error());
        continue;
      }
      printf("B %3d: NCCL reduce-scatter %.2f, push + tail %.2f\n", kQuickBatches[b],
             comparison.nccl_us, comparison.push_us);
      fprintf(csv, "2,%d,baseline_nccl_reduce_scatter,%.3f,,,,,,\n", kQuickBatches[b],
              comparison.nccl_us);
      fprintf(csv, "2,%d,baseline_push_tail,%.3f,,,,,,\n", kQuickBatches[b],
              comparison.push_us);
    }
    fprintf(stderr, "\n");
  } else {
    printf("\nNCCL comparison skipped: it needs two Hopper GPUs\n");
  }
  fclose(csv);
  FILE *policy = fopen(policy_path, "w");
  if (policy == NULL) {
    fprintf(stderr, "cannot write %s\n", policy_path);
    return 1;
  }
  write_policy(policy, rows, count);
  fclose(policy);
  printf("\nwrote %s and %s\n", csv_path, policy_path);
  return 0;
}
