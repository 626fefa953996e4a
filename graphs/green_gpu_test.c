/* green_gpu_test.c: a step on part of a GPU, as an engine that partitions its SMs with
 * CUDA green contexts runs it (e.g. the shared expert on k SMs beside the routed experts
 * on the rest).
 *
 *   green_gpu_test [--dims design|deepseek] [--tp 8|16] [--sms K1,K2,...]
 *   (default: the design dims, both tps, the list below; deepseek: H 7168, I_total 2048,
 *   SwiGLU, whose TP16 plans take clusters of 16)
 *
 * One rank (rank 0 of TP8 and of TP16) records steps of every variant (auto included) at
 * B = 9, 64 and 128 into a green context of k SMs, eagerly and through a graph captured
 * in the thread-local and in the global capture mode, in the two ways engines use one:
 *   - "current": the green context is current on the thread when the op is created, so
 *     the op plans for its SMs, and its scratch and stream belong to it (asserted: it is
 *     still current after shx_check_device, shx_destroy and a refused shx_create);
 *   - "stream": the op is created in the primary context as usual and the steps go to a
 *     stream of the green context (cuGreenCtxStreamCreate), as frameworks that keep the
 *     primary context current do.
 * k = 0 is the whole GPU with no green context: its outputs are the reference the
 * partitions' are compared with.
 *
 * The rank's pushes land in tp local mailboxes (nothing consumes them), armed with
 * 0x8000 before every step so that a slot not written shows. Each case has one outcome:
 *   ok       the step completed, every slot written, no NaN, within SHX_REF_REL_L2_MAX
 *            (rel L2) of the CPU reference and every element within SHX_REF_ELEMENT_MAX,
 *            and bit for bit: the fused and split steps (and the auto variant's where it
 *            runs them) equal to this partition's split step, and to
 *            the whole GPU's where the op's plan splits K as the whole GPU's does (a
 *            narrower grid alone, TWO GRIDS, moves only whole down tiles between CTAs;
 *            another K split gives other last bits; the baseline is held to the
 *            tolerance: cuBLASLt chooses its algorithms for the SMs of the context it
 *            plans in);
 *   refused  the record call returned SHX_UNSUPPORTED (its message is printed);
 *   TO / error / wrong   the watchdog fired, a CUDA call failed, or the output differs;
 *   hang     the partition's child did not finish within kCaseSeconds (the parent
 *            reports it and goes on).
 * Asserted: every case is ok or refused; the fused variant is refused exactly where
 * shx_fused_stream_room says its grid does not fit the stream's SMs and the split variant
 * exactly where not one cluster of its gate kernel does (a cooperative launch that does
 * not fit fails eagerly, and captured into a graph never completes: perf/RESULTS.md run
 * 62 call 3); the auto variant then runs the split variant (or the baseline); an
 * explicit fused or split op is refused at creation only where the context current at
 * creation holds no plan for some batch up to the capacity. The query's answers are held
 * to bounds of their own: no fit where the grid needs more SMs than the partition has by
 * counting, a fit where it has 8 more for clusters of at most 8 (every design-dims plan
 * did on an H200, run 62 call 4); a plan that triggers early past its ring
 * (ops/fused_plan.h EARLY PAST THE RING) must be one the partition holds twice by
 * counting, and the design TP16's at B=9 planned on 96 and 104 SMs must have it. The
 * stream handles NULL and cudaStreamLegacy get the answers of the context current on the
 * thread (the partition's in the "current" flow), and cudaStreamPerThread too, except
 * under a green context, where the driver cannot tell its context and the check must
 * refuse with SHX_CUDA_ERROR rather than answer (printed: whether the runtime can use
 * that stream there at all), and a fused or split step (auto included) recorded there
 * must be refused with SHX_CUDA_ERROR. After
 * shx_green_free (in the "current" flow with the green context current) a kernel on the
 * default stream runs on more SMs than the partition: the thread is back on the primary
 * context.
 * Printed per case: the outcome, the fused plan and where its CTAs ran (rank 0's
 * stamps); per partition: on how many distinct SMs a 256-CTA kernel ran (perf/floor.h's
 * spinner), which shows that the partition holds. Exits 77 (skipped) without a Hopper
 * GPU or where the driver has no green contexts.
 */
#define _DEFAULT_SOURCE /* usleep */
#define _POSIX_C_SOURCE 200809L

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cuda_runtime_api.h>

#include "engine/check.h"
#include "engine/op.h"
#include "graphs/green.h"
#include "graphs/testbed.h"
#include "ops/fused.h"
#include "ops/fused_plan.h"
#include "ops/reference.h"
#include "perf/floor.h"

enum {
  kMaxPartitions = 16,
  kCaseSeconds = 30,
  kWatchdogMs = 200,
  kSpinnerCtas = 256,
  kBatches = 3,
  kVariants = 4,
  kChildFailed = 1,
  kChildNoGreen = 3
};

static const int kBatchList[kBatches] = {9, 64, 128};
/* The split variant before the fused and auto ones, whose bits it gives. */
static const shx_variant kVariantList[kVariants] = {SHX_VARIANT_BASELINE, SHX_VARIANT_SPLIT,
                                                    SHX_VARIANT_FUSED, SHX_VARIANT_AUTO};

typedef enum flow { kCurrent, kStream } flow;

/* One rank's device state for one variant. */
typedef struct rank_state {
  shx_op *op;
  void *gate_up, *down, *x;
  void *mailboxes[16];
  size_t mailbox_bytes;
} rank_state;

static void rank_free(rank_state *s, int tp) {
  if (s->op != NULL) SHX_CHECK_OK(shx_destroy(s->op));
  cudaFree(s->gate_up);
  cudaFree(s->down);
  cudaFree(s->x);
  for (int p = 0; p < tp; ++p) cudaFree(s->mailboxes[p]);
  memset(s, 0, sizeof *s);
}

/* rank 0's y [batch, H] as pushed into the mailboxes' parity-0, source-0 slots; 0 if a
 * slot of those rows still holds 0x8000. */
static int read_pushed(const rank_state *s, const shx_config *config, int batch,
                       uint16_t *y) {
  const int tp = config->tp, shard = config->hidden / tp;
  uint16_t *mailbox = malloc(s->mailbox_bytes);
  CHECK(mailbox != NULL);
  int written = 1;
  for (int p = 0; p < tp; ++p) {
    CHECK_CUDA(cudaMemcpy(mailbox, s->mailboxes[p], s->mailbox_bytes, cudaMemcpyDeviceToHost));
    /* [parity 0][source 0][row t][column c] */
    for (int t = 0; t < batch; ++t)
      for (int c = 0; c < shard; ++c) {
        const uint16_t v = mailbox[(size_t)t * shard + c];
        if (v == 0x8000) written = 0;
        y[(size_t)t * config->hidden + (size_t)p * shard + c] = v;
      }
  }
  free(mailbox);
  return written;
}

/* How a step is recorded: eagerly, or captured into a graph (in the thread-local capture
 * mode, or the global one frameworks use by default) and launched. */
typedef enum record_mode { kEager, kThreadLocal, kGlobal, kModes } record_mode;
static const char *const kModeNames[kModes] = {"eager", "graph", "global"};

/* Records one step on `stream` as `mode` says and waits for it. Returns the outcome's
 * name; fills *record_status. */
static const char *one_step(rank_state *s, const shx_config *config, int batch,
                            record_mode mode, cudaStream_t stream, shx_status *record_status) {
  const int graph = mode != kEager;
  for (int p = 0; p < config->tp; ++p)
    SHX_CHECK_OK(shx_mailbox_arm(s->mailboxes[p], s->mailbox_bytes, stream));
  CHECK_CUDA(cudaStreamSynchronize(stream));
  cudaGraph_t captured = NULL;
  cudaGraphExec_t exec = NULL;
  if (graph)
    CHECK_CUDA(cudaStreamBeginCapture(stream, mode == kGlobal
                                                  ? cudaStreamCaptureModeGlobal
                                                  : cudaStreamCaptureModeThreadLocal));
  *record_status = shx_record_step(s->op, s->x, batch, 0, stream);
  if (graph) {
    const cudaError_t ended = cudaStreamEndCapture(stream, &captured);
    if (*record_status != SHX_SUCCESS) {
      if (captured != NULL) cudaGraphDestroy(captured);
      (void)cudaGetLastError();
      return "refused";
    }
    if (ended != cudaSuccess) return "error(capture)";
    if (cudaGraphInstantiate(&exec, captured, 0) != cudaSuccess) {
      cudaGraphDestroy(captured);
      return "error(instantiate)";
    }
    if (cudaGraphLaunch(exec, stream) != cudaSuccess) {
      cudaGraphExecDestroy(exec);
      cudaGraphDestroy(captured);
      return "error(launch)";
    }
  } else if (*record_status != SHX_SUCCESS) {
    return "refused";
  }
  const cudaError_t synced = cudaStreamSynchronize(stream);
  if (exec != NULL) {
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(captured);
  }
  if (synced != cudaSuccess) return "error(sync)";
  const shx_status checked = shx_check_device(s->op);
  if (checked == SHX_DEVICE_TIMEOUT) return "TO";
  if (checked != SHX_SUCCESS) return "error(check)";
  return "ok";
}

enum { kTraceWords = SHX_FUSED_MAX_CTAS * SHX_FUSED_TRACE_POINTS };

/* After a fused step with rank 0's phase stamps on: how many CTAs ran, on how many SMs,
 * the most on one SM, and how far apart they entered (a grid placed in waves enters
 * far apart). */
static void print_placement(const unsigned long long *trace) {
  static unsigned long long host[kTraceWords];
  CHECK_CUDA(cudaMemcpy(host, trace, sizeof host, cudaMemcpyDeviceToHost));
  int ctas = 0, sms = 0, most = 0, per_sm[1024] = {0};
  unsigned long long first = 0, last = 0;
  for (int c = 0; c < SHX_FUSED_MAX_CTAS; ++c) {
    const unsigned long long *point = host + c * SHX_FUSED_TRACE_POINTS;
    if (point[8] == 0) continue;
    ++ctas;
    if (first == 0 || point[8] < first) first = point[8];
    if (point[8] > last) last = point[8];
    const unsigned long long sm = point[SHX_FUSED_TRACE_SM_POINT];
    if (sm >= 1 && sm <= 1024) {
      sms += per_sm[sm - 1] == 0;
      if (++per_sm[sm - 1] > most) most = per_sm[sm - 1];
    }
  }
  printf("[%d CTAs on %d SMs, <= %d an SM, entered within %.1f us]", ctas, sms, most,
         1e-3 * (double)(last - first));
}

/* The whole GPU's files for (tp, batch): "want" (the CPU reference), "whole" (its split
 * step's output, which its fused step's equals) and "plan" (its fused plan). */
static void file_of(char *path, size_t size, const char *dir, const char *what, int tp,
                    int batch) {
  snprintf(path, size, "%s/%s_tp%d_b%d", dir, what, tp, batch);
}

static void save(const char *path, const void *data, size_t bytes) {
  FILE *file = fopen(path, "wb");
  CHECK(file != NULL && fwrite(data, 1, bytes, file) == bytes && fclose(file) == 0);
}

static void load(const char *path, void *data, size_t bytes) {
  FILE *file = fopen(path, "rb");
  CHECK(file != NULL && fread(data, 1, bytes, file) == bytes);
  fclose(file);
}

/* On how many distinct SMs `stream` ran kSpinnerCtas CTAs of perf/floor.h's spinner. */
static int spinner_sms(cudaStream_t stream) {
  char message[256];
  int *sm_ids = NULL;
  CHECK_CUDA(cudaMalloc((void **)&sm_ids, kSpinnerCtas * sizeof(int)));
  SHX_CHECK_OK(shx_spinner_launch(kSpinnerCtas, 0, 0, -1, 200.0, sm_ids, stream, message));
  CHECK_CUDA(cudaStreamSynchronize(stream));
  const int distinct = shx_testbed_distinct_sms(sm_ids, kSpinnerCtas);
  CHECK_CUDA(cudaFree(sm_ids));
  return distinct;
}

/* TWO GRIDS (ops/fused.cu) and EARLY PAST THE RING (ops/fused_plan.h) only where the
 * context current has fewer SMs than the device: with the primary context current every
 * plan's grid is the widest (a CTA for every down tile, where that fits) or the gate/up
 * CTAs alone, as before the rule, and no plan's early_trigger_overrun is set, over
 * dims where the rule alone would change the whole GPU's plan (on an H200: H = 8192 at
 * two CTAs an SM, H = 5120 I_total 3072 at TP16 and n >= 80, H = 7168 I_total 2048 at
 * TP2 and n >= 80; run 63's review). Returns the plans not so (1 if none was made). */
static int whole_gpu_plans_changed(void) {
  static const int kHiddens[] = {5120, 7168, 8192};
  static const int kInterTotals[] = {1024, 2048, 3072, 6144};
  int changed = 0, checked = 0;
  for (int h = 0; h < 3; ++h)
    for (int i = 0; i < 4; ++i)
      for (int tp = 1; tp <= 16; tp *= 2)
        for (int bucket = 0; bucket < SHX_FUSED_BUCKETS; ++bucket) {
          const int hidden = kHiddens[h], inter = kInterTotals[i] / tp;
          shx_fused_plan plan;
          char message[SHX_MESSAGE_BYTES];
          if (inter % 64 != 0 || shx_fused_plan_make(hidden, inter, tp,
                                                     shx_fused_bucket_n(bucket), &plan,
                                                     message) != SHX_SUCCESS)
            continue;
          ++checked;
          const int widest = shx_fused_widest_grid(plan.gate_up_ctas, plan.cluster,
                                                   hidden / 64, SHX_FUSED_MAX_CTAS);
          if ((plan.grid != widest && plan.grid != plan.gate_up_ctas) ||
              plan.early_trigger_overrun != 0) {
            printf("  whole GPU: H %d I %d tp %d n %d: grid %d (the widest %d, the gate/up "
                   "CTAs %d), early trigger overrun %d\n", hidden, inter, tp, plan.n,
                   plan.grid, widest, plan.gate_up_ctas, plan.early_trigger_overrun);
            ++changed;
          }
        }
  printf("  whole GPU: %d plans checked, %d with another grid or an overrun\n", checked,
         changed);
  return checked == 0 ? 1 : changed;
}

/* A child: every variant and batch at one (tp, k, flow). Exit 0 when every case held. */
static int run_partition(int tp, int k, flow how, int deepseek, const char *dir) {
  int failed = 0;
  shx_green green;
  memset(&green, 0, sizeof green);
  char message[256];
  CHECK_CUDA(cudaSetDevice(0));
  if (k > 0) {
    int sms = 0, min_partition = 0, alignment = 0;
    CHECK(shx_green_rules(0, &sms, &min_partition, &alignment, message, sizeof message) == 0);
    if (k > sms) {
      printf("  tp %2d k %3d: more SMs than GPU 0's %d: skipped\n", tp, k, sms);
      return kChildNoGreen;
    }
    const int made = shx_green_make(0, k, &green, message, sizeof message);
    if (made != 0) {
      printf("  tp %2d k %3d: no green context: %s\n", tp, k, message);
      return made == SHX_GREEN_NO_DRIVER ? kChildNoGreen : kChildFailed;
    }
    if (how == kCurrent) CHECK(shx_green_make_current(&green) == 0);
  }
  cudaStream_t stream = NULL;
  if (k > 0 && how == kStream) {
    stream = (cudaStream_t)green.stream;
  } else {
    CHECK_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  }
  const int stream_sms = shx_green_stream_sms(stream), distinct = spinner_sms(stream);
  printf("  tp %2d k %3d %-7s: green context of %d SMs, the stream's %d; %d CTAs ran on %d "
         "SMs\n", tp, k, how == kCurrent ? "current" : "stream", green.sms, stream_sms,
         kSpinnerCtas, distinct);
  if (k > 0 && (distinct > green.sms || stream_sms != green.sms)) failed = 1;
  /* The special handles (NULL, cudaStreamLegacy, cudaStreamPerThread) run in the context
   * current on the thread: the partition in the "current" flow, else no green context.
   * cudaStreamPerThread under a current green context: the driver's cuStreamGetCtx_v2
   * failed on it (run 68 call 2), so it is only printed, with whether the runtime can use
   * it there at all (a copy on it). */
  const cudaStream_t special[] = {NULL, cudaStreamLegacy, cudaStreamPerThread};
  const int special_green = k > 0 && how == kCurrent;
  for (int h = 0; h < 3; ++h) {
    const int special_sms = shx_green_stream_sms(special[h]);
    const int per_thread_in_green = h == 2 && special_green;
    if (special_sms != (special_green ? green.sms : 0)) {
      printf("  tp %d k %d: special stream handle %d is on %d green SMs%s\n", tp, k, h,
             special_sms, per_thread_in_green ? " (printed only)" : "");
      if (!per_thread_in_green) failed = 1;
    }
  }
  if (special_green) {
    uint32_t *word = NULL;
    CHECK_CUDA(cudaMalloc((void **)&word, sizeof *word));
    const cudaError_t used = cudaMemsetAsync(word, 0, sizeof *word, cudaStreamPerThread);
    const cudaError_t synced = cudaStreamSynchronize(cudaStreamPerThread);
    (void)cudaGetLastError();
    printf("  tp %d k %d: a copy on cudaStreamPerThread in the green context: %s, %s\n", tp,
           k, cudaGetErrorString(used), cudaGetErrorString(synced));
    CHECK_CUDA(cudaFree(word));
  }
  if (k == 0 && whole_gpu_plans_changed() != 0) failed = 1;

  shx_testbed bed;
  shx_testbed_make(&bed, tp, 7168, deepseek ? 2048 : 6144, 128,
                   deepseek ? SHX_ACT_SWIGLU : SHX_ACT_SITU);
  const int inter = bed.config.intermediate_total / tp;
  shx_ref_problem problem = {bed.config.hidden, bed.config.intermediate_total, tp, 0,
                             bed.config.activation, bed.config.situ_beta,
                             bed.config.situ_lambda};
  const size_t most = (size_t)128 * bed.config.hidden;
  uint16_t *y = malloc(most * 2), *want[kBatches], *whole[kBatches], *split_y[kBatches];
  CHECK(y != NULL);
  shx_fused_plan plans[kBatches];
  /* same_plan: the whole GPU's clusters and grid; same_split: its padded batch,
   * clusters and K split (another grid then changes only which CTA runs a down tile,
   * each over its whole K as before, so the bits are the whole GPU's too). */
  int same_plan[kBatches], same_split[kBatches], room[kBatches], has_split[kBatches];
  int all_planned = 1;
  for (int b = 0; b < kBatches; ++b) {
    const int batch = kBatchList[b];
    const size_t count = (size_t)batch * bed.config.hidden;
    want[b] = malloc(count * 2);
    whole[b] = malloc(count * 2);
    split_y[b] = malloc(count * 2);
    CHECK(want[b] != NULL && whole[b] != NULL && split_y[b] != NULL);
    has_split[b] = 0;
    char path[512], plan_message[SHX_MESSAGE_BYTES];
    /* The plan the ops of this child make: the same call in the same current context
     * (none where the partition's SMs hold no candidate grid). */
    memset(&plans[b], 0, sizeof plans[b]);
    const int planned = shx_fused_bucket_plan_make(bed.config.hidden, inter, tp,
                                                   shx_fused_bucket_of(batch), &plans[b],
                                                   plan_message) == SHX_SUCCESS;
    CHECK(planned || k > 0);
    all_planned &= planned;
    shx_fused_plan whole_plan = plans[b];
    file_of(path, sizeof path, dir, "plan", tp, batch);
    if (k == 0) {
      save(path, &whole_plan, sizeof whole_plan);
      problem.batch = batch;
      CHECK(shx_ref_rank(&problem, 0, bed.x, bed.gate_up[0], bed.down[0], want[b]) == 0);
      file_of(path, sizeof path, dir, "want", tp, batch);
      save(path, want[b], count * 2);
    } else {
      load(path, &whole_plan, sizeof whole_plan);
      file_of(path, sizeof path, dir, "want", tp, batch);
      load(path, want[b], count * 2);
      file_of(path, sizeof path, dir, "whole", tp, batch);
      load(path, whole[b], count * 2);
    }
    const size_t split_bytes = sizeof whole_plan.k_begin;
    same_split[b] = whole_plan.n == plans[b].n && whole_plan.cluster == plans[b].cluster &&
                    memcmp(whole_plan.k_begin, plans[b].k_begin, split_bytes) == 0 &&
                    memcmp(whole_plan.k_count, plans[b].k_count, split_bytes) == 0;
    same_plan[b] = same_split[b] && whole_plan.grid == plans[b].grid;
    room[b] = SHX_ROOM_NONE;
    if (planned) {
      SHX_CHECK_OK(shx_fused_stream_room(&plans[b], stream, &room[b], plan_message));
      /* Bounds that do not come from the library's query: a grid that needs more SMs
       * than the partition has by counting cannot fit, and on an H200 every plan of
       * portable clusters (at most 8) fitted where the partition had 8 SMs (one step of
       * its granularity) more than counting needs (run 62 call 4, the design dims; a
       * cluster of 16 needs 8 or 16 SMs of one GPC, which a partition may not hold). */
      const int counted = (plans[b].grid + plans[b].ctas_per_sm - 1) / plans[b].ctas_per_sm;
      if (k > 0 && counted > green.sms && room[b] == SHX_ROOM_FUSED) failed = 1;
      if (k > 0 && plans[b].cluster <= 8 && counted + 8 <= green.sms &&
          room[b] != SHX_ROOM_FUSED)
        failed = 1;
      if (k == 0 && room[b] != SHX_ROOM_FUSED) failed = 1;
      /* The special handles as the green stream in the "current" flow (the library's
       * green-context test must take them all), as the whole GPU otherwise; never a fit
       * the stream does not have: where the driver cannot tell (cudaStreamPerThread
       * under a green context) the check refuses with an error (fail closed). */
      for (int h = 0; h < 3; ++h) {
        int special_room = SHX_ROOM_NONE;
        const shx_status asked = shx_fused_stream_room(&plans[b], special[h], &special_room,
                                                       plan_message);
        const int per_thread_in_green = h == 2 && special_green;
        if (asked != SHX_SUCCESS) {
          printf("  tp %d k %d B %d: special stream handle %d: %s: %s\n", tp, k, batch, h,
                 shx_status_string(asked), plan_message);
          if (!per_thread_in_green || asked != SHX_CUDA_ERROR) failed = 1;
        } else if (special_room != (special_green ? room[b] : SHX_ROOM_FUSED)) {
          printf("  tp %d k %d B %d: room %d on special stream handle %d, %d on the "
                 "stream\n", tp, k, batch, special_room, h, room[b]);
          failed = 1;
        }
      }
      /* EARLY PAST THE RING only on a TWO GRIDS plan: one whose grid the partition
       * holds twice, which by counting needs twice the SMs of one. */
      if (plans[b].early_trigger_overrun != 0 && (k == 0 || 2 * counted > green.sms)) {
        printf("  tp %d k %d B %d: early trigger overrun %d on a grid of %d CTAs, %d an SM\n",
               tp, k, batch, plans[b].early_trigger_overrun, plans[b].grid,
               plans[b].ctas_per_sm);
        failed = 1;
      }
      /* ... and set where run 64 measured it: the design TP16 at B=9 on 96 and 104 SMs,
       * planned there (the stream form's op plans for the whole GPU). */
      if (how == kCurrent && !deepseek && tp == 16 && batch == 9 && (k == 96 || k == 104) &&
          plans[b].early_trigger_overrun != SHX_FUSED_EARLY_TRIGGER_OVERRUN) {
        printf("  tp %d k %d B %d: no early trigger past the ring (grid %d)\n", tp, k, batch,
               plans[b].grid);
        failed = 1;
      }
    }
  }

  for (int v = 0; v < kVariants; ++v) {
    shx_config config = bed.config;
    config.variant = kVariantList[v];
    config.watchdog_ms = kWatchdogMs;
    rank_state s;
    memset(&s, 0, sizeof s);
    const shx_status created = shx_create(&config, &s.op);
    printf("    %-8s", shx_testbed_variant_name(config.variant));
    if (created != SHX_SUCCESS) {
      printf(" refused at create: %s: %s\n", shx_status_string(created), shx_last_error());
      /* Only an explicit fused or split op, and only where a batch has no plan here. */
      if (created != SHX_UNSUPPORTED || all_planned ||
          (config.variant != SHX_VARIANT_FUSED && config.variant != SHX_VARIANT_SPLIT))
        failed = 1;
      if (k > 0 && how == kCurrent && !shx_green_is_current(&green)) {
        printf("    the green context is not current after a refused shx_create\n");
        return kChildFailed;
      }
      s.op = NULL;
      continue;
    }
    const size_t gate_up_bytes = (size_t)2 * inter * config.hidden * 2;
    const size_t down_bytes = (size_t)config.hidden * inter * 2;
    CHECK_CUDA(cudaMalloc(&s.gate_up, gate_up_bytes));
    CHECK_CUDA(cudaMalloc(&s.down, down_bytes));
    CHECK_CUDA(cudaMalloc(&s.x, most * 2));
    CHECK_CUDA(cudaMemcpy(s.gate_up, bed.gate_up[0], gate_up_bytes, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(s.down, bed.down[0], down_bytes, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(s.x, bed.x, most * 2, cudaMemcpyHostToDevice));
    s.mailbox_bytes = shx_mailbox_bytes(&config);
    for (int p = 0; p < tp; ++p) CHECK_CUDA(cudaMalloc(&s.mailboxes[p], s.mailbox_bytes));
    SHX_CHECK_OK(shx_bind_weights(s.op, s.gate_up, s.down));
    SHX_CHECK_OK(shx_bind_peers(s.op, s.mailboxes, tp));
    unsigned long long *trace = NULL; /* the fused kernel's stamps: where its CTAs ran */
    if (config.variant == SHX_VARIANT_FUSED)
      CHECK_CUDA(cudaMalloc((void **)&trace, kTraceWords * sizeof *trace));
    for (int b = 0; b < kBatches; ++b) {
      const int batch = kBatchList[b];
      const size_t count = (size_t)batch * config.hidden;
      printf(" | B %3d", batch);
      /* What the step runs: the auto variant's choice, and on a green context where the
       * fused grid does not fit, the split variant instead (same plan, same bits) where
       * one cluster of its gate kernel does, else the baseline. */
      shx_variant runs = config.variant;
      SHX_CHECK_OK(shx_variant_for(s.op, batch, &runs));
      const int bucket = shx_fused_bucket_of(batch);
      if (config.variant == SHX_VARIANT_AUTO && runs == SHX_VARIANT_FUSED &&
          room[b] != SHX_ROOM_FUSED)
        runs = room[b] == SHX_ROOM_GATE && s.op->down_status[bucket] == SHX_SUCCESS
                   ? SHX_VARIANT_SPLIT
                   : SHX_VARIANT_BASELINE;
      else if (config.variant == SHX_VARIANT_AUTO && runs == SHX_VARIANT_SPLIT &&
               room[b] == SHX_ROOM_NONE)
        runs = SHX_VARIANT_BASELINE;
      if (config.variant == SHX_VARIANT_AUTO) printf(" (%s)", shx_testbed_variant_name(runs));
      if (config.variant == SHX_VARIANT_FUSED)
        printf(" (%d clusters of %d, %d CTAs an SM%s%s; %s)", plans[b].grid / plans[b].cluster,
               plans[b].cluster, plans[b].ctas_per_sm,
               plans[b].early_trigger_overrun > 0 ? ", early past the ring" : "",
               same_plan[b]    ? ""
               : same_split[b] ? ", the whole GPU's K split on another grid"
                               : ", not the whole GPU's plan",
               room[b] == SHX_ROOM_FUSED ? "fits"
               : room[b] == SHX_ROOM_GATE ? "no fit; a gate cluster fits"
                                          : "not one cluster fits");
      /* Under a current green context a step on cudaStreamPerThread, which the runtime
       * cannot use there, is refused with SHX_CUDA_ERROR by the green-context check
       * (auto included) wherever that check runs: a fused or split step whose plan is in
       * clusters of at most 8 (for clusters of 16 a failed query means no cluster fits).
       * After it the op has forgotten h's rows and its pushes (engine/op.c
       * forget_on_failure), which the earlier batches' steps had recorded. */
      shx_variant chosen = config.variant;
      SHX_CHECK_OK(shx_variant_for(s.op, batch, &chosen));
      if (special_green && plans[b].cluster <= 8 &&
          (chosen == SHX_VARIANT_FUSED || chosen == SHX_VARIANT_SPLIT)) {
        const int recorded_before = s.op->gate_batch != 0 || s.op->pushed_batch[0] != 0;
        const shx_status per_thread =
            shx_record_step(s.op, s.x, batch, 0, (void *)cudaStreamPerThread);
        (void)cudaGetLastError();
        if (per_thread != SHX_CUDA_ERROR) {
          printf(" per-thread stream: %s (want SHX_CUDA_ERROR)", shx_status_string(per_thread));
          failed = 1;
        }
        if (s.op->gate_batch != 0 || s.op->pushed_batch[0] != 0 || s.op->pushed_batch[1] != 0) {
          printf(" per-thread stream: the failed step left h's rows or a push recorded");
          failed = 1;
        }
        if (recorded_before) printf(" (per-thread failure forgot the recorded step)");
      }
      /* The room a variant's first kernel needs: the fused grid, or one gate cluster. */
      const int needs = config.variant == SHX_VARIANT_FUSED   ? SHX_ROOM_FUSED
                        : config.variant == SHX_VARIANT_SPLIT ? SHX_ROOM_GATE
                                                              : SHX_ROOM_NONE;
      for (int mode = kEager; mode < kModes; ++mode) {
        const int graph = mode != kEager;
        shx_status record_status = SHX_SUCCESS;
        printf(" %s:", kModeNames[mode]);
        if (trace != NULL) {
          CHECK_CUDA(cudaMemsetAsync(trace, 0, kTraceWords * sizeof *trace, stream));
          shx_op_set_fused_trace(s.op, graph ? NULL : trace);
        }
        const char *outcome =
            one_step(&s, &config, batch, (record_mode)mode, stream, &record_status);
        if (strcmp(outcome, "refused") == 0) {
          printf("refused(%s: %s)", shx_status_string(record_status), shx_last_error());
          /* Only the fused and split variants, only where their first kernel does not fit
           * the stream's SMs. */
          if (record_status != SHX_UNSUPPORTED || room[b] >= needs) failed = 1;
          continue;
        }
        if (strcmp(outcome, "ok") != 0) {
          printf("%s", outcome);
          failed = 1;
          if (strncmp(outcome, "error", 5) == 0) {
            printf("(%s)\n", cudaGetErrorString(cudaGetLastError()));
            return kChildFailed; /* the context may be unusable */
          }
          continue;
        }
        /* shx_check_device (one_step's last call, ok) synchronizes in the primary context
         * and makes the caller's context current again, as shx_destroy does. */
        if (k > 0 && how == kCurrent && !shx_green_is_current(&green)) {
          printf(" the green context is not current after shx_check_device\n");
          return kChildFailed;
        }
        if (room[b] < needs) failed = 1; /* ran where it should have been refused */
        int nan_count = 0;
        const int written = read_pushed(&s, &config, batch, y);
        const double error = shx_rel_l2(y, want[b], count, &nan_count);
        const double element = shx_max_element_error(y, want[b], count, NULL);
        /* Bit for bit: the fused and split steps (and auto where it runs them) equal this
         * child's split step, and the whole GPU's where the K split is the whole GPU's. The
         * baseline is held to the tolerance only: cuBLASLt picks its algorithms for the
         * SMs of the context it plans in. */
        const int bitwise = runs != SHX_VARIANT_BASELINE;
        size_t differ_whole = 0, differ_split = 0;
        for (size_t i = 0; bitwise && i < count; ++i) {
          differ_whole += k > 0 && same_split[b] && y[i] != whole[b][i];
          differ_split += has_split[b] && y[i] != split_y[b][i];
        }
        if (config.variant == SHX_VARIANT_SPLIT && !graph) {
          memcpy(split_y[b], y, count * 2);
          has_split[b] = 1;
          if (k == 0) {
            char path[512];
            file_of(path, sizeof path, dir, "whole", tp, batch);
            save(path, y, count * 2);
          }
        }
        if (!written || nan_count != 0 || !(error <= SHX_REF_REL_L2_MAX) ||
            !(element <= SHX_REF_ELEMENT_MAX) || differ_whole || differ_split) {
          printf("wrong(written %d, NaN %d, rel L2 %.2e, worst element %.2e; differs in %zu "
                 "from the whole GPU's, in %zu from the split step's)", written, nan_count,
                 error, element, differ_whole, differ_split);
          failed = 1;
          continue;
        }
        printf("ok");
        if (trace != NULL && !graph) print_placement(trace);
      }
    }
    printf("\n");
    if (trace != NULL) {
      shx_op_set_fused_trace(s.op, NULL);
      CHECK_CUDA(cudaFree(trace));
    }
    rank_free(&s, tp);
    /* shx_destroy leaves a green context of the op's device current that was current
     * when it was called (include/shared_expert.h): the next op is created in it. */
    if (k > 0 && how == kCurrent && !shx_green_is_current(&green)) {
      printf("    the green context is not current after shx_destroy\n");
      return kChildFailed;
    }
  }
  free(y);
  for (int b = 0; b < kBatches; ++b) {
    free(want[b]);
    free(whole[b]);
    free(split_y[b]);
  }
  shx_testbed_free(&bed);
  if (k == 0 || how == kCurrent) CHECK_CUDA(cudaStreamDestroy(stream));
  if (k > 0) {
    CHECK_CUDA(cudaDeviceSynchronize());
    const int partition_sms = green.sms;
    shx_green_free(&green);
    /* Freed while current (the "current" flow), it is unbound first: the thread's next
     * runtime calls run on the primary context, beyond the partition's SMs (the whole
     * GPU's spinner ran on all 132 of an H200 in every earlier run). */
    const int ran_on = spinner_sms(NULL);
    printf("  tp %2d k %3d %-7s: after shx_green_free %d CTAs ran on %d SMs\n", tp, k,
           how == kCurrent ? "current" : "stream", kSpinnerCtas, ran_on);
    if (ran_on <= partition_sms) return kChildFailed;
  }
  return failed ? kChildFailed : 0;
}

/* Runs run_partition in a child; its outcome as the child's exit code, or -1 (a hang or
 * a crash). */
static int in_child(int tp, int k, flow how, int deepseek, const char *dir) {
  fflush(stdout);
  fflush(stderr);
  const pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    setvbuf(stdout, NULL, _IONBF, 0); /* a hang's last words out before the kill */
    const int code = run_partition(tp, k, how, deepseek, dir);
    fflush(stdout);
    _exit(code);
  }
  const double deadline = shx_testbed_seconds() + kCaseSeconds;
  for (;;) {
    int status = 0;
    const pid_t done = waitpid(pid, &status, WNOHANG);
    CHECK(done >= 0);
    if (done == pid) {
      if (WIFEXITED(status)) return WEXITSTATUS(status);
      printf("\n  tp %d k %d: the child died (signal %d)\n", tp, k, WTERMSIG(status));
      return -1;
    }
    if (shx_testbed_seconds() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, NULL, 0);
      printf("\n  tp %d k %d %s: hang (killed after %d s)\n", tp, k,
             how == kCurrent ? "current" : "stream", kCaseSeconds);
      return -1;
    }
    usleep(20000);
  }
}

/* The device's SMs and partition rules, from a child (the parent stays free of CUDA). */
static int probe_rules(void) {
  fflush(stdout);
  const pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    if (shx_testbed_hopper_count() < 1) _exit(0);
    int sms = 0, min_partition = 0, alignment = 0;
    char message[256];
    if (shx_green_rules(0, &sms, &min_partition, &alignment, message, sizeof message) != 0) {
      printf("green contexts: %s\n", message);
      fflush(stdout);
      _exit(kChildNoGreen);
    }
    printf("GPU 0: %d SMs; a green context takes at least %d, in steps of %d\n", sms,
           min_partition, alignment);
    fflush(stdout);
    _exit(2);
  }
  int status = 0;
  CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status));
  return WEXITSTATUS(status);
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  int partitions[kMaxPartitions] = {0, 120, 104, 96, 80, 64, 56, 48, 32, 16};
  int count = 10, only_tp = 0, deepseek = 0;
  if (argc >= 3 && strcmp(argv[1], "--dims") == 0) {
    if (strcmp(argv[2], "deepseek") != 0 && strcmp(argv[2], "design") != 0) {
      fprintf(stderr, "green_gpu_test: --dims takes design or deepseek\n");
      return 2;
    }
    deepseek = strcmp(argv[2], "deepseek") == 0;
    argv += 2;
    argc -= 2;
  }
  if (argc >= 3 && strcmp(argv[1], "--tp") == 0) {
    only_tp = atoi(argv[2]);
    if (only_tp != 8 && only_tp != 16) {
      fprintf(stderr, "green_gpu_test: --tp takes 8 or 16\n");
      return 2;
    }
    argv += 2;
    argc -= 2;
  }
  if (argc == 3 && strcmp(argv[1], "--sms") == 0) {
    count = 1; /* the whole GPU first: the reference */
    for (char *field = strtok(argv[2], ","); field != NULL && count < kMaxPartitions;
         field = strtok(NULL, ","))
      partitions[count++] = atoi(field);
    for (int i = 1; i < count; ++i)
      if (partitions[i] < 1 || partitions[i] > 1024) {
        fprintf(stderr, "green_gpu_test: --sms takes SM counts in 1..1024\n");
        return 2;
      }
  } else if (argc != 1) {
    fprintf(stderr,
            "usage: green_gpu_test [--dims design|deepseek] [--tp 8|16] [--sms K1,K2,...]\n");
    return 2;
  }
  const int rules = probe_rules();
  if (rules == 0) {
    printf("SKIPPED: needs a Hopper (sm_90) GPU\n");
    return SHX_SKIP_EXIT;
  }
  if (rules == kChildNoGreen) {
    printf("SKIPPED: the driver has no green contexts\n");
    return SHX_SKIP_EXIT;
  }
  char dir[] = "/tmp/shx_green_XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  int failures = 0, partitions_made = 0;
  printf("green: baseline, split, fused, auto at B = 9, 64, 128, eager and graph; ok = "
         "correct, and bitwise the split step's (and the whole GPU's under its K split)\n");
  for (int tp = 8; tp <= 16; tp *= 2) {
    if (only_tp != 0 && tp != only_tp) continue;
    for (int i = 0; i < count; ++i) {
      for (int how = kCurrent; how <= kStream; ++how) {
        if (partitions[i] == 0 && how == kStream) continue; /* no green context */
        const int code = in_child(tp, partitions[i], (flow)how, deepseek, dir);
        if (code == kChildNoGreen) continue; /* a size this device cannot split */
        partitions_made += partitions[i] > 0;
        if (code != 0) ++failures;
        if (partitions[i] == 0 && code != 0) {
          printf("green_gpu_test: the whole GPU's steps failed: no reference\n");
          return 1;
        }
      }
    }
  }
  char command[600];
  snprintf(command, sizeof command, "rm -rf %s", dir);
  if (system(command) != 0) fprintf(stderr, "could not remove %s\n", dir);
  if (partitions_made == 0) {
    printf("SKIPPED: no green context could be made (the lines above say why)\n");
    return SHX_SKIP_EXIT;
  }
  if (failures != 0) {
    printf("green_gpu_test: %d partition(s) with a case neither ok nor refused as planned\n",
           failures);
    return 1;
  }
  printf("green_gpu_test: every step ran correctly, bit for bit where its plan says, or "
         "was refused where the fused grid does not fit the stream's SMs\n");
  return 0;
}
