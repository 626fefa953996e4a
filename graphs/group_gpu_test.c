/* group_gpu_test.c: a whole TP group end to end on the GPU, against the CPU reference.
 *
 *   group_<VARIANT>_<GPUS>gpu_test [VARIANT [GPUS]]   VARIANT: baseline | fused | split
 * (each Bazel target has its VARIANT and GPUS compiled in, so it runs without args)
 *
 * For TP8 and TP16 at the design dims (SiTU) and B in {1, 8, 9, 13, 16, 20, 31, 32, 37,
 * 48, 53, 64, 72, 90, 100, 128} (every bucket: 8, 16, ..., 64, 80, 96, 112, 128; the
 * first runs the n = 16 plan where shx_fused_bucket_plan_make takes it, the design TP16,
 * and B = 1, 8 are its ends), and at the DeepSeek-V3 / Kimi-K2 dims (H 7168, I_total
 * 2048, SwiGLU: I = 256 and 128, other plans: at TP16 B <= 32 clusters of 16, at B =
 * 33..64 the fused kernel's two-CTAs-per-SM instances; the first bucket on n = 16 at
 * TP8) and B in {1, 8, 9, 16, 20, 32, 37, 48, 53, 64, 72, 90, 100, 128} (every bucket),
 * every variant at every B: outputs poisoned with NaN
 * before every
 * replay, 20 graph replays with alternating parity; the first checked against the CPU
 * reference (relative L2 <= SHX_REF_REL_L2_MAX, 2e-3; no element off by more than
 * SHX_REF_ELEMENT_MAX, 0.05 of the RMS beyond 4 BF16 ulps; no NaN, so every element was
 * written), every later
 * one bitwise equal to the first; afterwards every mailbox slot is re-armed (0x8000) and
 * every word of every rank's op scratch is zero (the grid barrier's counters re-armed,
 * no watchdog flag).
 * At B = 9 the group's own calls must refuse batches outside [1, capacity] (and a refused
 * capture keep the graphs: one more step equals the first).
 * The fused variant first checks which kernel instance its launches run at the design
 * dims (late_instance_plans, shx_fused_instance_name, the launcher's own choice): at TP8
 * and n = 24, 32, where the CTAs hold n / 8 late down blocks (LATE IN REGISTERS), the
 * kFusedLate instance, whose h tiles grow the staging area from the receive buffer (2 x 32
 * x n FP32) to n / 8 x n x 128 bytes; at TP8 n = 16 kFusedX; kFused at TP16 and at n = 40.
 * The TP8 plan's shared memory must be TP16's (same n, same ring, no late fills) plus that
 * growth. At B = 9 and 16 the fused variant also runs one step with every plan's
 * out_at_wait flipped (OUT AT THE WAIT, a per-card choice), bitwise equal to the first.
 * Exits 77 (skipped) when no usable GPU is present, never 0.
 */
#include <cuda_runtime_api.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"
#include "engine/op.h" /* shx_op_set_out_at_wait: OUT AT THE WAIT's other setting */
#include "graphs/group.h"
#include "graphs/testbed.h"
#include "ops/fused.h"
#include "ops/fused_plan.h"

/* The design dims' fused plans at TP8 and TP16 for the buckets of n = 16, 24, 32, 40: see
 * the header. Which plans have late fills follows from ops/fused_plan.h's rule; on a GPU
 * where the TP8 grid gives every 64-row down tile a CTA of its own (112 CTAs: an H100 or
 * H200), every TP8 CTA at n = 16, 24, 32 has them. */
static void late_instance_plans(void) {
  static const int ns[] = {16, 24, 32, 40};
  for (size_t i = 0; i < sizeof ns / sizeof *ns; ++i) {
    const int n = ns[i];
    shx_fused_plan tp8, tp16;
    char message[SHX_MESSAGE_BYTES];
    SHX_CHECK_OK(shx_fused_bucket_plan_make(7168, 6144 / 8, 8, shx_fused_bucket_of(n), &tp8,
                                            message));
    SHX_CHECK_OK(shx_fused_bucket_plan_make(7168, 6144 / 16, 16, shx_fused_bucket_of(n),
                                            &tp16, message));
    CHECK(tp8.n == n && tp16.n == n && tp8.stages == tp16.stages &&
          tp8.ctas_per_sm == tp16.ctas_per_sm);
    int late_ctas = 0;
    for (int cta = 0; cta < tp8.grid; ++cta)
      late_ctas += shx_fused_late_register_fills(shx_down_job_count(cta, &tp8),
                                                 tp8.inter / 64, tp8.stages, n) > 0;
    if (tp8.grid == 7168 / 64) CHECK(late_ctas == (n <= 32 ? tp8.grid : 0));
    for (int cta = 0; cta < tp16.grid; ++cta)
      CHECK(shx_fused_late_register_fills(shx_down_job_count(cta, &tp16), tp16.inter / 64,
                                          tp16.stages, n) == 0);
    const int late = (n == 24 || n == 32) && late_ctas > 0 ? n / 8 : 0;
    const char *want8 = n == 16   ? (tp8.out_at_wait ? "kFusedXOut" : "kFusedX")
                        : late > 0 ? "kFusedLate"
                                   : "kFused";
    if (strcmp(shx_fused_instance_name(&tp8), want8) != 0 ||
        strcmp(shx_fused_instance_name(&tp16), "kFused") != 0) {
      fprintf(stderr, "n %d: the fused launches run %s (TP8) and %s (TP16), want %s and kFused\n",
              n, shx_fused_instance_name(&tp8), shx_fused_instance_name(&tp16), want8);
      exit(1);
    }
    const int receive_bytes = 2 * 32 * n * 4, late_bytes = late * n * 128;
    const int growth = late_bytes > receive_bytes ? late_bytes - receive_bytes : 0;
    if (tp8.smem_bytes != tp16.smem_bytes + growth) {
      fprintf(stderr, "n %d: the TP8 plan's shared memory is %d bytes, TP16's %d: want %d "
              "more\n", n, tp8.smem_bytes, tp16.smem_bytes, growth);
      exit(1);
    }
    CHECK(late == 0 || growth > 0);
    /* OUT AT THE WAIT's per-card choice, end to end on the two cards it was measured on:
     * on an H100 SXM (HBM3, 3352 GB/s) and on an H200 (4916 GB/s). */
    if (n == 16) {
      struct cudaDeviceProp properties;
      CHECK(cudaGetDeviceProperties(&properties, 0) == cudaSuccess);
      const int h100_sxm = strstr(properties.name, "H100") != NULL &&
                           strstr(properties.name, "HBM3") != NULL;
      const int h200 = strstr(properties.name, "H200") != NULL;
      if ((h100_sxm || h200) && tp8.out_at_wait != 1) {
        fprintf(stderr, "%s: the plan's out_at_wait is %d\n", properties.name,
                tp8.out_at_wait);
        exit(1);
      }
      printf(" %s: out_at_wait %d (%s)\n", properties.name, tp8.out_at_wait,
             h100_sxm || h200 ? "as the card wants" : "a card the rule was not measured on");
    }
  }
  printf(" the fused launches' instances and shared memory at n = 16, 24, 32, 40: as planned\n");
}

/* Every fused launch re-arms the op's grid-barrier counters (ops/fused.cu
 * grid_barrier_depart: the last CTA through zeroes them), and nothing else writes the
 * scratch but a watchdog that fired: after a case's steps every word of every rank's
 * scratch is zero again, whatever the variant. */
static void expect_scratch_clear(shx_group *group, int ranks, const char *context) {
  SHX_CHECK_OK(shx_group_sync(group));
  uint32_t words[SHX_SCRATCH_WORDS];
  for (int r = 0; r < ranks; ++r) {
    CHECK_CUDA(cudaMemcpy(words, shx_group_op(group, r)->scratch, sizeof words,
                          cudaMemcpyDeviceToHost));
    for (int i = 0; i < SHX_SCRATCH_WORDS; ++i)
      if (words[i] != 0) {
        fprintf(stderr, "%s: rank %d scratch word %d is %u after the steps, not re-armed\n",
                context, r, i, words[i]);
        exit(1);
      }
  }
}

static void run_case(const shx_testbed *bed, shx_variant variant, int gpus, int batch) {
  const shx_config config = bed->config;
  shx_group *group = shx_testbed_group(bed, variant, gpus, batch, 1);

  size_t count = (size_t)batch * config.hidden;
  uint16_t *first = malloc(count * 2), *again = malloc(count * 2), *want = malloc(count * 2);
  CHECK(first && again && want);
  shx_testbed_reference(bed, batch, want);
  char label[64];
  snprintf(label, sizeof label, "  tp %2d gpus %d B %3d", config.tp, gpus, batch);
  shx_testbed_check_replays(group, batch, config.hidden, 20, want, first, label);
  if (batch == 9) { /* The harness refuses batches its buffers cannot hold, before any
                     * copy, and a refused capture keeps the step graphs it had. */
    const int over = config.capacity + 1;
    double us = 0;
    CHECK(shx_group_upload_x(group, bed->x, over) == SHX_INVALID_ARGUMENT);
    CHECK(shx_group_upload_x(group, bed->x, 0) == SHX_INVALID_ARGUMENT);
    CHECK(shx_group_upload_x(group, NULL, batch) == SHX_INVALID_ARGUMENT);
    CHECK(shx_group_read_outputs(group, over, again) == SHX_INVALID_ARGUMENT);
    CHECK(shx_group_read_outputs(group, -1, again) == SHX_INVALID_ARGUMENT);
    CHECK(shx_group_time_steps(group, 0, &us) == SHX_INVALID_ARGUMENT);
    CHECK(shx_group_time_steps(group, 2, NULL) == SHX_INVALID_ARGUMENT);
    CHECK(shx_group_capture(group, 0, 1) == SHX_INVALID_ARGUMENT);
    CHECK(shx_group_capture(group, over, 1) == SHX_INVALID_ARGUMENT);
    SHX_CHECK_OK(shx_group_poison_outputs(group));
    SHX_CHECK_OK(shx_group_step(group, 0));
    SHX_CHECK_OK(shx_group_sync(group));
    SHX_CHECK_OK(shx_group_read_outputs(group, batch, again));
    CHECK(memcmp(first, again, count * 2) == 0);
  }
  if (variant == SHX_VARIANT_FUSED && (batch == 9 || batch == 16)) {
    /* OUT AT THE WAIT is the plans' per-card choice (ops/fused_plan.h
     * shx_fused_out_at_wait_on); the other setting must give the same bits, so that
     * every card tests both instances, kFusedX and kFusedXOut (the design TP8 runs
     * one of them at B = 9..16). */
    const int was = shx_group_op(group, 0)->fused_plans[shx_fused_bucket_of(batch)].out_at_wait;
    for (int rank = 0; rank < config.tp; ++rank)
      CHECK(shx_op_set_out_at_wait(shx_group_op(group, rank), batch, !was) == was);
    SHX_CHECK_OK(shx_group_capture(group, batch, 1));
    SHX_CHECK_OK(shx_group_poison_outputs(group));
    /* The parity after the last push: the 20 replays end on parity 1, B = 9's refusal
     * checks step once more at 0. */
    SHX_CHECK_OK(shx_group_step(group, batch == 9 ? 1 : 0));
    SHX_CHECK_OK(shx_group_sync(group));
    SHX_CHECK_OK(shx_group_read_outputs(group, batch, again));
    CHECK(memcmp(first, again, count * 2) == 0);
    printf("%s: out_at_wait %d bitwise equal to the plan's %d\n", label, !was, was);
  }
  char context[64];
  snprintf(context, sizeof context, "tp %d B %d", config.tp, batch);
  shx_testbed_expect_rearmed(group, shx_mailbox_bytes(&config), 0, config.tp, context);
  expect_scratch_clear(group, config.tp, context);
  free(first);
  free(again);
  free(want);
  shx_group_destroy(group);
}

int main(int argc, char **argv) {
  const char *name = argc > 1 ? argv[1] : SHX_TEST_VARIANT;
  int gpus = argc > 2 ? atoi(argv[2]) : SHX_TEST_GPUS;
  shx_variant variant = strcmp(name, "fused") == 0   ? SHX_VARIANT_FUSED
                        : strcmp(name, "split") == 0 ? SHX_VARIANT_SPLIT
                                                     : SHX_VARIANT_BASELINE;
  shx_testbed_skip_without_gpu(gpus);
  if (variant == SHX_VARIANT_FUSED) late_instance_plans();
  static const int design_batches[] = {1,  8,  9,  13, 16, 20, 31,  32,
                                        37, 48, 53, 64, 72, 90, 100, 128};
  static const int deepseek_batches[] = {1, 8, 9, 16, 20, 32, 37, 48, 53, 64, 72, 90, 100, 128};
  enum {
    kDesignBatches = sizeof design_batches / sizeof *design_batches,
    kDeepSeekBatches = sizeof deepseek_batches / sizeof *deepseek_batches
  };
  static const struct {
    int tp, inter_total;
    shx_activation activation;
    const int *batches;
    int batch_count;
  } shapes[] = {
      {8, 6144, SHX_ACT_SITU, design_batches, kDesignBatches},
      {16, 6144, SHX_ACT_SITU, design_batches, kDesignBatches},
      {8, 2048, SHX_ACT_SWIGLU, deepseek_batches, kDeepSeekBatches},
      {16, 2048, SHX_ACT_SWIGLU, deepseek_batches, kDeepSeekBatches},
  };
  for (int i = 0; i < (int)(sizeof shapes / sizeof *shapes); ++i) {
    shx_testbed bed;
    shx_testbed_make(&bed, shapes[i].tp, 7168, shapes[i].inter_total, 128,
                     shapes[i].activation);
    printf(" H 7168 I_total %d %s\n", shapes[i].inter_total,
           shapes[i].activation == SHX_ACT_SITU ? "SiTU" : "SwiGLU");
    for (int b = 0; b < shapes[i].batch_count; ++b)
      run_case(&bed, variant, gpus, shapes[i].batches[b]);
    shx_testbed_free(&bed);
  }
  printf("group_gpu_test %s on %d GPU(s): all cases passed\n", name, gpus);
  return 0;
}
