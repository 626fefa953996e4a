/* dims_gpu_test.c: every variant at the model shapes the API accepts but the other GPU
 * tests never run: other models' shared experts, tp 1, 2 and 4, and SiTU caps other than
 * the defaults (2 and 3: the config's caps must reach every variant's activation).
 *
 *   dims_gpu_test [SHAPE]   (one GPU, every rank on it; exits 77, skipped, without one;
 *                            SHAPE: the index of one shape of kShapes to run alone, e.g.
 *                            under compute-sanitizer)
 *   dims_gpu_test H,I_TOTAL[,swiglu | situ] TP
 *                           (your model's dims instead: the same checks, where the fused
 *                            and split variants may run or be refused with
 *                            SHX_UNSUPPORTED; perf/dims.h shx_set_dims)
 *
 * The other GPU tests run H 7168 with I_total 6144 or 2048 at tp 8 and 16 only. Yet
 * shx_create takes any H and I_total that are multiples of 64 * tp, and the fused plan
 * derives its tiles, cluster size, K split, grid and down-only CTAs from them: a shape
 * with 2 gate/up tiles and clusters of 16, a K split that does not divide H / 64, 80
 * down tiles, one rank or two. Each shape below is a group of tp ranks on one GPU; per
 * variant (baseline, fused, split, auto) one group, its step captured for every batch in
 * kBatches (B=1 on the first bucket's plan, n = 8 or 16; n = 16; a two-CTAs-an-SM
 * instance at n = 40; 64; 128), and per batch:
 *   - 3 replays, outputs poisoned with NaN before each: the first against the CPU
 *     reference (relative L2 <= SHX_REF_REL_L2_MAX, no element off by more than
 *     SHX_REF_ELEMENT_MAX, no NaN: every element written), the others bitwise equal to
 *     it (SPEC Numerics 4, 5);
 *   - fused and split: every rank's mailboxes after one push without the tail bitwise
 *     equal (SPEC Numerics 4; compared by a 64-bit hash), and so their outputs;
 *   - auto bitwise equal to the variant shx_variant_for says it runs.
 * And the o-proj at the shape's H (shx_record_oproj, H / 64 CTAs), A = kOprojAttention:
 * x against a CPU sum (relative L2 <= SHX_REF_REL_L2_MAX, no NaN) at B = 1, 9, 37, 64,
 * the rows past the batch untouched.
 * Where no fused geometry exists (more gate/up tiles than the 66 clusters of 2 that 132
 * CTAs hold), shx_create must refuse the fused and split variants with SHX_UNSUPPORTED
 * and auto must fall back to the baseline, still correct. On an H200 (132 SMs) each shape
 * also says which fused plan it expects at n = 16 (cluster size, gate/up CTAs), so the
 * geometry it was chosen to cover cannot drift away unseen; on other devices those
 * expectations are not checked, and a shape whose fused and split variants are refused
 * there is printed as PARTIAL (checked with the baseline and auto only) and counted; the
 * test then ends "SKIPPED in part" with exit 77, not as passed, once every check that
 * could run there has passed.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"
#include "engine/validate.h"
#include "graphs/group.h"
#include "graphs/testbed.h"
#include "ops/fused.h"
#include "ops/reference.h"
#include "perf/dims.h"
#include "testdata/inputs.h"

static const int kBatches[] = {1, 9, 37, 64, 128};
enum { kBatchCount = sizeof kBatches / sizeof *kBatches, kCapacity = 128, kReplays = 3 };

/* Variants in the order they run; auto last, so that it is compared with what ran. */
static const shx_variant kVariants[] = {SHX_VARIANT_BASELINE, SHX_VARIANT_FUSED,
                                        SHX_VARIANT_SPLIT, SHX_VARIANT_AUTO};
enum { kVariantCount = sizeof kVariants / sizeof *kVariants };

typedef struct shape {
  const char *model; /* whose shared expert these dims are */
  int tp, hidden, inter_total;
  shx_activation activation;
  int fused_plans;  /* 1: the fused and split variants must run; 0: must be refused;
                       -1 (dims from the command line): either */
  int cluster;      /* the n = 16 plan's cluster size (the K split) on an H200 */
  int gate_up_ctas; /* and its gate/up CTAs */
  float situ_beta, situ_lambda; /* SiTU's caps; 0: the config's defaults (4, 25) */
} shape;

/* Per rank: I = inter_total / tp, gate/up tiles I / 32, K blocks H / 64, down tiles
 * H / 64, shard H / tp. The plans named are what shx_fused_plan_make picks on an H200
 * (largest gate/up grid of at most 132 CTAs first). */
static const shape kShapes[] = {
    /* I 1536: 48 tiles in clusters of 2 (96 CTAs; 16 down-only), 56 K blocks a CTA. */
    {"design dims", 4, 7168, 6144, SHX_ACT_SITU, 1, 2, 96},
    /* I 3072: 96 tiles, 192 CTAs at least: no fused geometry. */
    {"design dims", 2, 7168, 6144, SHX_ACT_SITU, 0, 0, 0},
    /* One rank, its mailbox its own: I 2048, 64 tiles in clusters of 2 (128 CTAs). */
    {"DeepSeek-V3", 1, 7168, 2048, SHX_ACT_SWIGLU, 1, 2, 128},
    /* DeepSeek-V2 (two shared experts of 1536): I 384, 12 tiles in clusters of 8, 80 K
     * blocks (10 a CTA), 80 down tiles, shard 640. */
    {"DeepSeek-V2", 8, 5120, 3072, SHX_ACT_SWIGLU, 1, 8, 96},
    /* I 192: 6 tiles (48 CTAs in clusters of 8) and down-only clusters up to 80 tiles. */
    {"DeepSeek-V2", 16, 5120, 3072, SHX_ACT_SWIGLU, 1, 8, 48},
    /* Llama 4: I 1024, 32 tiles in clusters of 4 (128 CTAs), 20 K blocks a CTA. */
    {"Llama 4", 8, 5120, 8192, SHX_ACT_SWIGLU, 1, 4, 128},
    /* GLM-4.5: I 192 at a shard of 640. */
    {"GLM-4.5", 8, 5120, 1536, SHX_ACT_SWIGLU, 1, 8, 48},
    /* Qwen1.5-MoE: I 1408, 44 tiles in clusters of 2, 32 K blocks, 32 down tiles. */
    {"Qwen1.5-MoE", 4, 2048, 5632, SHX_ACT_SWIGLU, 1, 2, 88},
    /* DeepSeek-V2-Lite: the same I at two ranks, shard 1024. */
    {"DeepSeek-V2-Lite", 2, 2048, 2816, SHX_ACT_SWIGLU, 1, 2, 88},
    /* I 64: 2 tiles, clusters of 16 (non-portable; 32 CTAs), 2 K blocks a CTA. */
    {"small", 8, 2048, 512, SHX_ACT_SITU, 1, 16, 32},
    /* I 64 at H 3584: clusters of 16 over 56 K blocks, a split that does not divide. */
    {"small, uneven K split", 8, 3584, 512, SHX_ACT_SITU, 1, 16, 32},
    /* 46 K blocks over clusters of 4 (I 1024, 32 tiles): 11 or 12 a CTA. */
    {"uneven K split", 2, 2944, 2048, SHX_ACT_SITU, 1, 4, 128},
    /* Qwen2-57B-A14B: I 2560, 80 tiles: no fused geometry. */
    {"Qwen2-57B-A14B", 8, 3584, 20480, SHX_ACT_SWIGLU, 0, 0, 0},
    /* The "small" shape with SiTU caps of 2 and 3, under which both tanh terms bend at
     * these inputs (run_shape checks that the reference moves): a kernel that used the
     * defaults instead of the config's caps fails here. Last, so that the shapes before
     * keep their indices (earlier runs' `dims_gpu_test SHAPE`). */
    {"small, SiTU caps 2 and 3", 8, 2048, 512, SHX_ACT_SITU, 1, 16, 32, 2.0f, 3.0f},
};
enum { kShapeCount = sizeof kShapes / sizeof *kShapes };

/* FNV-1a over `bytes` bytes, continuing from `hash`. */
static uint64_t fnv1a(uint64_t hash, const void *data, size_t bytes) {
  const unsigned char *byte = data;
  for (size_t i = 0; i < bytes; ++i) hash = (hash ^ byte[i]) * 0x100000001b3ull;
  return hash;
}

/* One push of `batch` without the tail, then every rank's whole mailbox hashed in rank
 * order; the mailboxes re-armed afterwards. Replaces the group's step graphs. */
static uint64_t pushed_mailboxes_hash(shx_group *group, const shx_config *config,
                                      int batch) {
  const size_t bytes = shx_mailbox_bytes(config);
  uint16_t *mailbox = malloc(bytes);
  CHECK(mailbox != NULL);
  SHX_CHECK_OK(shx_group_capture(group, batch, 0));
  SHX_CHECK_OK(shx_group_step(group, 0));
  SHX_CHECK_OK(shx_group_sync(group));
  uint64_t hash = 0xcbf29ce484222325ull;
  for (int r = 0; r < config->tp; ++r) {
    SHX_CHECK_OK(shx_group_read_mailbox(group, r, mailbox));
    hash = fnv1a(hash, mailbox, bytes);
  }
  SHX_CHECK_OK(shx_group_rearm(group));
  free(mailbox);
  return hash;
}

/* The o-proj's attention width here: 23 K blocks, so that its ring wraps unevenly; its
 * inputs' generator streams (testdata/inputs.h; the model's tensors are 0..3). */
enum { kOprojAttention = 23 * 64, kOprojBatch = 64, kOprojWeights = 10, kOprojInput = 11 };

/* The o-proj's host inputs and CPU reference at one H: w_o [H, A], a [kOprojBatch, A]
 * and want = BF16(a w_o^T), summed in double (shx_ref_linear). Shapes that share H share
 * them, so the CPU sums at H = 7168 run once per H (oproj_inputs_at). */
typedef struct {
  int hidden; /* 0: empty */
  uint16_t *w, *a, *want;
} oproj_inputs;

static void oproj_inputs_free(oproj_inputs *in) {
  free(in->w);
  free(in->a);
  free(in->want);
  *in = (oproj_inputs){0};
}

/* The inputs at `hidden`, computed unless `cache` already holds them. */
static const oproj_inputs *oproj_inputs_at(oproj_inputs *cache, int hidden) {
  if (cache->hidden == hidden) return cache;
  oproj_inputs_free(cache);
  const int attention = kOprojAttention;
  const size_t w_count = (size_t)hidden * attention, a_count = (size_t)kOprojBatch * attention;
  const size_t x_count = (size_t)kOprojBatch * hidden;
  uint16_t *w = malloc(w_count * 2), *a = malloc(a_count * 2), *want = malloc(x_count * 2);
  CHECK(w && a && want);
  for (size_t i = 0; i < w_count; ++i)
    w[i] = shx_input_element(SHX_GOLDEN_SEED, kOprojWeights, i, 0.05);
  for (size_t i = 0; i < a_count; ++i)
    a[i] = shx_input_element(SHX_GOLDEN_SEED, kOprojInput, i, 1.0);
  CHECK(shx_ref_linear(kOprojBatch, attention, hidden, a, w, want) == 0);
  *cache = (oproj_inputs){hidden, w, a, want};
  return cache;
}

/* shx_record_oproj at `hidden` on an op of `bed`'s dims, outside any graph: for each batch
 * of kBatches up to kOprojBatch, x (poisoned) against the CPU's sum of a w_o^T in double,
 * rounded to BF16; rows past the batch must stay poisoned. */
static void check_oproj(const shx_testbed *bed, oproj_inputs *cache) {
  shx_config config = bed->config;
  config.variant = SHX_VARIANT_BASELINE;
  config.capacity = kOprojBatch;
  const int hidden = config.hidden, attention = kOprojAttention;
  shx_op *op = NULL;
  SHX_CHECK_OK(shx_create(&config, &op));
  const oproj_inputs *in = oproj_inputs_at(cache, hidden);
  const uint16_t *w = in->w, *a = in->a, *want = in->want;
  const size_t w_count = (size_t)hidden * attention, x_count = (size_t)kOprojBatch * hidden;
  uint16_t *x = malloc(x_count * 2);
  CHECK(x != NULL);
  /* Each buffer its own allocation, a of exactly the batch's rows: a read past any of
   * them is out of bounds for compute-sanitizer's memcheck. */
  uint16_t *w_device = NULL, *x_device = NULL;
  CHECK_CUDA(cudaMalloc((void **)&w_device, w_count * 2));
  CHECK_CUDA(cudaMalloc((void **)&x_device, x_count * 2));
  CHECK_CUDA(cudaMemcpy(w_device, w, w_count * 2, cudaMemcpyHostToDevice));
  for (int b = 0; b < kBatchCount && kBatches[b] <= kOprojBatch; ++b) {
    const int batch = kBatches[b];
    const size_t a_bytes = (size_t)batch * attention * 2;
    uint16_t *a_device = NULL;
    CHECK_CUDA(cudaMalloc((void **)&a_device, a_bytes));
    CHECK_CUDA(cudaMemcpy(a_device, a, a_bytes, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemset(x_device, 0xFF, x_count * 2));
    SHX_CHECK_OK(shx_record_oproj(op, w_device, a_device, attention, x_device, batch, NULL));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaFree(a_device));
    CHECK_CUDA(cudaMemcpy(x, x_device, x_count * 2, cudaMemcpyDeviceToHost));
    int nan_count = 0;
    const double error = shx_rel_l2(x, want, (size_t)batch * hidden, &nan_count);
    printf("  o-proj   B %3d: A %d, rel L2 %.3e, NaN %d\n", batch, attention, error,
           nan_count);
    CHECK(nan_count == 0);
    CHECK(error <= SHX_REF_REL_L2_MAX);
    for (size_t i = (size_t)batch * hidden; i < x_count; ++i) CHECK(x[i] == 0xFFFF);
  }
  SHX_CHECK_OK(shx_check_device(op));
  SHX_CHECK_OK(shx_destroy(op));
  CHECK_CUDA(cudaFree(w_device));
  CHECK_CUDA(cudaFree(x_device));
  free(x);
}

/* 1 where the device is an H200-sized Hopper (132 SMs), whose plans kShapes names. */
static int g_check_plans;
/* Shapes where a variant that needs a fused plan was refused though an H200 runs it (on
 * a GPU of another size): those shapes were checked with the baseline and auto only. */
static int g_refused_elsewhere;

/* Runs one variant of `bed` at every batch into outputs[b] (or returns 0 where shx_create
 * refused it, as the shape expects); checks each against want[b]. For the fused and split
 * variants also hashes the mailboxes of one push a batch into mailbox_hashes[b]. */
static int run_variant(const shx_testbed *bed, const shape *s, shx_variant variant,
                       uint16_t *const *want, uint16_t **outputs, shx_variant *auto_chose,
                       uint64_t *mailbox_hashes) {
  shx_config config = bed->config;
  config.variant = variant;
  const char *name = shx_testbed_variant_name(variant);
  shx_group *group = NULL;
  shx_status status = shx_group_create(&config, 1, &group);
  const int needs_plan = variant == SHX_VARIANT_FUSED || variant == SHX_VARIANT_SPLIT;
  if (status != SHX_SUCCESS) {
    printf("  %-8s refused: %s: %s\n", name, shx_status_string(status), shx_last_error());
    if (!needs_plan || (s->fused_plans == 1 && g_check_plans) || status != SHX_UNSUPPORTED) {
      fprintf(stderr, "%s tp %d H %d I_total %d: %s refused, not expected\n", s->model,
              s->tp, s->hidden, s->inter_total, name);
      exit(1);
    }
    if (s->fused_plans == 1 && variant == SHX_VARIANT_FUSED) {
      ++g_refused_elsewhere;
      printf("  PARTIAL: %s tp %d runs fused on an H200, not on this GPU: only the baseline "
             "and auto checked here\n", s->model, s->tp);
    }
    return 0;
  }
  if (needs_plan && s->fused_plans == 0 && g_check_plans) {
    fprintf(stderr, "%s tp %d: %s created where no fused geometry was expected\n",
            s->model, s->tp, name);
    exit(1);
  }
  for (int r = 0; r < config.tp; ++r)
    SHX_CHECK_OK(shx_group_upload_weights(group, r, bed->gate_up[r], bed->down[r]));
  SHX_CHECK_OK(shx_group_upload_x(group, bed->x, kCapacity));

  for (int b = 0; b < kBatchCount; ++b) {
    const int batch = kBatches[b];
    SHX_CHECK_OK(shx_group_capture(group, batch, 1));
    if (variant == SHX_VARIANT_AUTO)
      SHX_CHECK_OK(shx_variant_for(shx_group_op(group, 0), batch, &auto_chose[b]));
    if (variant == SHX_VARIANT_FUSED) { /* the geometry this batch ran, for the record */
      shx_fused_plan plan;
      char message[SHX_MESSAGE_BYTES];
      SHX_CHECK_OK(shx_fused_bucket_plan_make(config.hidden, config.intermediate_total /
                                                  config.tp, config.tp,
                                              shx_fused_bucket_of(batch), &plan, message));
      printf("  fused    B %3d plan: n %d, %d CTAs (%d gate/up) in clusters of %d, %d an "
             "SM, %d stages\n", batch, plan.n, plan.grid, plan.gate_up_ctas, plan.cluster,
             plan.ctas_per_sm, plan.stages);
      if (plan.n == 16 && g_check_plans && s->cluster > 0 &&
          (plan.cluster != s->cluster || plan.gate_up_ctas != s->gate_up_ctas)) {
        fprintf(stderr, "%s tp %d: the n = 16 plan has %d gate/up CTAs in clusters of %d, "
                "kShapes expects %d in clusters of %d\n", s->model, s->tp,
                plan.gate_up_ctas, plan.cluster, s->gate_up_ctas, s->cluster);
        exit(1);
      }
    }
    char label[160];
    snprintf(label, sizeof label, "  %-8s B %3d%s%s (%s tp %d)", name, batch,
             variant == SHX_VARIANT_AUTO ? ", runs " : "",
             variant == SHX_VARIANT_AUTO ? shx_testbed_variant_name(auto_chose[b]) : "",
             s->model, s->tp);
    shx_testbed_check_replays(group, batch, config.hidden, kReplays, want[b], outputs[b],
                              label);
    char context[96];
    snprintf(context, sizeof context, "%s tp %d %s B %d", s->model, s->tp, name, batch);
    shx_testbed_expect_rearmed(group, shx_mailbox_bytes(&config), 0, config.tp, context);
    if (needs_plan) mailbox_hashes[b] = pushed_mailboxes_hash(group, &config, batch);
  }
  shx_group_destroy(group);
  return 1;
}

static int variant_index(shx_variant variant) {
  for (int v = 0; v < kVariantCount; ++v)
    if (kVariants[v] == variant) return v;
  return -1;
}

/* Every check of the header comment at one shape; `oproj_cache` keeps the o-proj's
 * reference for the next shape (kShapes lists most shapes of one H together). */
static void run_shape(const shape *s, oproj_inputs *oproj_cache) {
  shx_testbed bed;
  shx_testbed_make(&bed, s->tp, s->hidden, s->inter_total, kCapacity, s->activation);
  printf("%s: tp %d, H %d, I_total %d (I %d), %s\n", s->model, s->tp, s->hidden,
         s->inter_total, s->inter_total / s->tp,
         s->activation == SHX_ACT_SITU ? "SiTU" : "SwiGLU");
  if (s->situ_beta > 0) {
    /* The caps must change the result at these inputs, or this shape tests nothing more
     * than the defaults do. */
    enum { kProbeBatch = 9 };
    const size_t count = (size_t)kProbeBatch * s->hidden;
    uint16_t *with_defaults = malloc(count * 2), *with_caps = malloc(count * 2);
    CHECK(with_defaults != NULL && with_caps != NULL);
    shx_testbed_reference(&bed, kProbeBatch, with_defaults);
    bed.config.situ_beta = s->situ_beta;
    bed.config.situ_lambda = s->situ_lambda;
    shx_testbed_reference(&bed, kProbeBatch, with_caps);
    const double moved = shx_rel_l2(with_defaults, with_caps, count, NULL);
    printf("  the caps (%g, %g) move the reference from (4, 25)'s by a relative L2 of %.2e\n",
           s->situ_beta, s->situ_lambda, moved);
    CHECK(moved > 100 * SHX_REF_REL_L2_MAX);
    free(with_defaults);
    free(with_caps);
  }
  uint16_t *want[kBatchCount], *outputs[kVariantCount][kBatchCount];
  for (int b = 0; b < kBatchCount; ++b) {
    const size_t bytes = (size_t)kBatches[b] * s->hidden * 2;
    want[b] = malloc(bytes);
    CHECK(want[b] != NULL);
    shx_testbed_reference(&bed, kBatches[b], want[b]);
    for (int v = 0; v < kVariantCount; ++v) {
      outputs[v][b] = malloc(bytes);
      CHECK(outputs[v][b] != NULL);
    }
  }
  int ran[kVariantCount];
  shx_variant auto_chose[kBatchCount];
  uint64_t mailbox_hashes[kVariantCount][kBatchCount];
  for (int v = 0; v < kVariantCount; ++v)
    ran[v] = run_variant(&bed, s, kVariants[v], want, outputs[v], auto_chose,
                         mailbox_hashes[v]);

  const int fused = variant_index(SHX_VARIANT_FUSED);
  const int split = variant_index(SHX_VARIANT_SPLIT);
  const int automatic = variant_index(SHX_VARIANT_AUTO);
  CHECK(ran[fused] == ran[split]); /* both need the same fused plans */
  for (int b = 0; b < kBatchCount; ++b) {
    const size_t bytes = (size_t)kBatches[b] * s->hidden * 2;
    if (ran[fused] && ran[split] &&
        (mailbox_hashes[fused][b] != mailbox_hashes[split][b] ||
         memcmp(outputs[fused][b], outputs[split][b], bytes) != 0)) {
      fprintf(stderr, "%s tp %d B %d: fused and split %s differ\n", s->model, s->tp,
              kBatches[b],
              mailbox_hashes[fused][b] != mailbox_hashes[split][b] ? "mailboxes" : "outputs");
      exit(1);
    }
    const int chosen = variant_index(auto_chose[b]);
    CHECK(chosen >= 0 && ran[chosen]); /* auto ran a variant this op can run */
    if (memcmp(outputs[automatic][b], outputs[chosen][b], bytes) != 0) {
      fprintf(stderr, "%s tp %d B %d: auto differs from the %s variant it runs\n",
              s->model, s->tp, kBatches[b], shx_testbed_variant_name(auto_chose[b]));
      exit(1);
    }
  }
  for (int b = 0; b < kBatchCount; ++b) {
    free(want[b]);
    for (int v = 0; v < kVariantCount; ++v) free(outputs[v][b]);
  }
  check_oproj(&bed, oproj_cache);
  shx_testbed_free(&bed);
}

int main(int argc, char **argv) {
  char *end = NULL;
  const long only = argc == 2 ? strtol(argv[1], &end, 10) : -1;
  shape custom = {"your dims", 0, 0, 0, SHX_ACT_SWIGLU, -1, 0, 0};
  if (argc == 3) { /* H,I_TOTAL[,ACT] TP */
    shx_config config = SHX_CONFIG_INIT;
    const long tp = strtol(argv[2], &end, 10);
    if (!shx_set_dims(&config, argv[1]) || end == argv[2] || *end != '\0' ||
        tp < 1 || tp > SHX_MAX_TP) {
      fprintf(stderr, "usage: %s H,I_TOTAL[,swiglu | situ] TP (TP 1, 2, 4, 8 or 16)\n",
              argv[0]);
      return 2;
    }
    config.tp = (int)tp;
    if (shx_check_config(&config) != SHX_SUCCESS) {
      fprintf(stderr, "%s\n", shx_last_error());
      return 2;
    }
    custom.tp = config.tp;
    custom.hidden = config.hidden;
    custom.inter_total = config.intermediate_total;
    custom.activation = config.activation;
  } else if (argc > 3 || (argc == 2 && (end == argv[1] || *end != '\0')) || only < -1 ||
             only >= kShapeCount) {
    fprintf(stderr, "usage: %s [SHAPE: 0..%d | H,I_TOTAL[,swiglu | situ] TP]\n", argv[0],
            kShapeCount - 1);
    return 2;
  }
  shx_testbed_skip_without_gpu(1);
  int sms = 0;
  CHECK_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  g_check_plans = sms == 132;
  if (!g_check_plans)
    printf("%d SMs, not an H200's 132: kShapes' plans and refusals are not checked\n", sms);
  oproj_inputs oproj_cache = {0};
  if (argc == 3) {
    run_shape(&custom, &oproj_cache);
    oproj_inputs_free(&oproj_cache);
    printf("dims_gpu_test: your dims passed\n");
    return 0;
  }
  for (int i = 0; i < kShapeCount; ++i)
    if (only < 0 || i == only) run_shape(&kShapes[i], &oproj_cache);
  oproj_inputs_free(&oproj_cache);
  if (!g_check_plans) { /* what ran passed, but not all the test checks: not a pass */
    printf("SKIPPED in part: every check that ran passed, but on %d SMs kShapes' fused plans "
           "were not checked and %d shape(s) ran without the fused and split variants "
           "(PARTIAL lines); the whole test needs a 132-SM Hopper GPU\n", sms,
           g_refused_elsewhere);
    return SHX_SKIP_EXIT;
  }
  printf("dims_gpu_test: %s passed\n", only >= 0 ? "the shape" : "every shape");
  return 0;
}
