/* soak_gpu_test.c: one long-lived TP group through thousands of decode steps, as an
 * engine runs it: the batch changes from phase to phase (the step graphs re-captured
 * for each), the variant changes with it (SHX_VARIANT_AUTO over a policy table that
 * maps batch ranges to fused, split and baseline), parity alternates from step to step
 * across the re-captures, and the ops, their scratch (h, barrier counters) and the
 * mailboxes live through all of it.
 *
 *   soak_<GPUS>gpu_test [STEPS [SEED]]     STEPS a tp (default 3000, or SHX_SOAK_STEPS)
 *
 * For TP8 and TP16 at the design dims (SiTU), phases drawn from a seeded generator: a
 * batch from kBatches (both ends of every padded size's range, a middle of most, and
 * every edge of the table below), 1..48 steps. Before every step every
 * output is poisoned with NaN; after it the watchdog flags must be clear
 * (shx_group_sync), and the output must be
 *   - the first time a batch runs: within rel L2 SHX_REF_REL_L2_MAX of the CPU reference
 *     (computed once for all 128 rows; a token's output does not depend on the batch), no
 *     element off by more than SHX_REF_ELEMENT_MAX, no NaN;
 *   - every later time: bitwise equal to that first output (the variant of a batch is
 *     fixed by the table, so so is the result).
 * Every 16 phases and at the end, every slot of every mailbox must read "empty"
 * (0x8000): the tails re-armed all that the pushes wrote. The properties are those of
 * group_gpu_test; what this adds is their holding over one group's whole life, across
 * re-captures and variant switches, thousands of steps long.
 *
 * Half of the phases (a coin flip each) run beside a busy neighbour, as an engine's
 * other streams may be: before each step, on a stream of its own that nothing orders
 * against the step's, the routed experts' timed stand-in (shx_testbed_neighbour_hold:
 * 128 KB of shared memory a CTA, so no fused CTA fits beside one) holds 8..132 SMs for
 * 20..200 us, far below the watchdog (kWatchdogMs). The step's kernels then find part of
 * the GPU taken, or all of it, for part of their run, in an order nothing fixes; each
 * step must still complete without a timeout and unchanged to the bit. Which steps the
 * neighbour overlapped is not observed. (A neighbour that holds its SMs longer than the
 * watchdog is graphs/neighbour_gpu_test's subject.)
 * Exits 77 (skipped) without the GPUs it needs, never 0.
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"
#include "graphs/group.h"
#include "graphs/testbed.h"

/* The auto table of the soak: every variant over some batch ranges at both tps, so that
 * phases switch between them (fused = split bit for bit; the baseline differs). */
static const char kSoakPolicy[] =
    "# soak_gpu_test: every variant somewhere, at both tps\n"
    "8 1 8 baseline\n"
    "8 9 24 fused\n"
    "8 25 40 split\n"
    "8 41 64 fused\n"
    "8 65 100 baseline\n"
    "8 101 128 split\n"
    "16 1 12 split\n"
    "16 13 32 fused\n"
    "16 33 48 baseline\n"
    "16 49 96 fused\n"
    "16 97 128 split\n";

/* Both ends of every padded size's range (ops/fused.h: multiples of 8 up to 64, of 16
 * above), a middle of most, and every edge of kSoakPolicy's ranges. */
static const int kBatches[] = {1,  5,  8,  9,  12, 13, 16,  17,  24,  25, 31,  32, 33,
                               40, 41, 48, 49, 57, 64,  65,  80,  96, 97, 100, 101,
                               112, 113, 127, 128};
/* Far above a step's microseconds and the neighbour's 200 us at most, far below the
 * default second: a timeout here is a fault, found quickly. */
enum { kBatchCount = sizeof kBatches / sizeof *kBatches, kCapacity = 128, kWatchdogMs = 50 };

/* A 64-bit linear congruential generator (Knuth's MMIX constants): the phases are the
 * same for the same seed on every host. */
static uint32_t next_random(uint64_t *state) {
  *state = *state * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)(*state >> 33);
}

static void check_mailboxes_empty(shx_group *group, const shx_config *config, int step) {
  char context[64];
  snprintf(context, sizeof context, "after step %d", step);
  shx_testbed_expect_rearmed(group, shx_mailbox_bytes(config), 0, config->tp, context);
}

static void soak(int tp, int gpus, int steps, uint64_t seed, const char *policy_path,
                 const shx_testbed_neighbour *busy) {
  shx_testbed bed;
  shx_testbed_make(&bed, tp, 7168, 6144, kCapacity, SHX_ACT_SITU);
  shx_config config = bed.config;
  config.variant = SHX_VARIANT_AUTO;
  config.policy_path = policy_path;
  config.watchdog_ms = kWatchdogMs;
  shx_group *group = NULL;
  SHX_CHECK_OK(shx_group_create(&config, gpus, &group));
  for (int r = 0; r < tp; ++r)
    SHX_CHECK_OK(shx_group_upload_weights(group, r, bed.gate_up[r], bed.down[r]));

  const size_t row = (size_t)config.hidden;
  uint16_t *want = malloc(kCapacity * row * 2), *got = malloc(kCapacity * row * 2);
  uint16_t *first[kBatchCount] = {0};
  CHECK(want != NULL && got != NULL);
  shx_testbed_reference(&bed, kCapacity, want);

  int steps_of[4] = {0}; /* by shx_variant */
  int phases = 0, parity = 0, step = 0, busy_steps = 0;
  const double start = shx_testbed_seconds();
  while (step < steps) {
    const int which = (int)(next_random(&seed) % kBatchCount);
    const int batch = kBatches[which];
    int length = 1 + (int)(next_random(&seed) % 48);
    if (length > steps - step) length = steps - step;
    const int beside_busy = (int)(next_random(&seed) % 2);
    shx_variant variant;
    SHX_CHECK_OK(shx_variant_for(shx_group_op(group, 0), batch, &variant));
    SHX_CHECK_OK(shx_group_upload_x(group, bed.x, batch));
    SHX_CHECK_OK(shx_group_capture(group, batch, 1));
    const size_t count = (size_t)batch * row;
    for (int i = 0; i < length; ++i, ++step, parity ^= 1) {
      SHX_CHECK_OK(shx_group_poison_outputs(group));
      if (beside_busy) {
        const int sms = 8 + (int)(next_random(&seed) % 125);
        shx_testbed_neighbour_hold(busy, sms, 20.0 + (double)(next_random(&seed) % 181));
        ++busy_steps;
      }
      SHX_CHECK_OK(shx_group_step(group, parity));
      SHX_CHECK_OK(shx_group_sync(group)); /* fails on a watchdog timeout */
      SHX_CHECK_OK(shx_group_read_outputs(group, batch, got));
      if (first[which] == NULL) {
        int nan_count = 0;
        const double error = shx_rel_l2(got, want, count, &nan_count);
        const double element = shx_max_element_error(got, want, count, NULL);
        printf("  tp %2d B %3d (%s) first at step %d: rel L2 %.3e, NaN %d, worst element "
               "%.2e\n", tp, batch, shx_testbed_variant_name(variant), step, error, nan_count,
               element);
        CHECK(nan_count == 0);
        CHECK(error <= SHX_REF_REL_L2_MAX);
        CHECK(element <= SHX_REF_ELEMENT_MAX);
        first[which] = malloc(count * 2);
        CHECK(first[which] != NULL);
        memcpy(first[which], got, count * 2);
      } else if (memcmp(first[which], got, count * 2) != 0) {
        size_t differ = 0;
        for (size_t k = 0; k < count; ++k) differ += first[which][k] != got[k];
        fprintf(stderr, "tp %d B %d (%s) step %d (phase %d, parity %d): %zu of %zu outputs "
                "differ from the first run of this batch\n", tp, batch,
                shx_testbed_variant_name(variant), step, phases, parity, differ, count);
        exit(1);
      }
      ++steps_of[variant];
    }
    if (++phases % 16 == 0) check_mailboxes_empty(group, &config, step);
  }
  check_mailboxes_empty(group, &config, step);
  const double seconds = shx_testbed_seconds() - start;
  int distinct = 0;
  for (int b = 0; b < kBatchCount; ++b) distinct += first[b] != NULL;
  printf("  tp %2d on %d GPU(s): %d steps in %d phases (captures), %d batches, steps by "
         "variant: fused %d, split %d, baseline %d; %d beside the busy neighbour; %.1f s\n",
         tp, gpus, step, phases, distinct, steps_of[SHX_VARIANT_FUSED],
         steps_of[SHX_VARIANT_SPLIT], steps_of[SHX_VARIANT_BASELINE], busy_steps, seconds);
  /* A soak that never switched variants would not test the switches. */
  CHECK(steps < 200 || (steps_of[SHX_VARIANT_FUSED] > 0 && steps_of[SHX_VARIANT_SPLIT] > 0 &&
                        steps_of[SHX_VARIANT_BASELINE] > 0 && busy_steps > 0 &&
                        busy_steps < steps));
  for (int b = 0; b < kBatchCount; ++b) free(first[b]);
  free(want);
  free(got);
  shx_group_destroy(group);
  shx_testbed_free(&bed);
}

static char policy_file[4096];

static void remove_policy_file(void) { remove(policy_file); }

int main(int argc, char **argv) {
  const char *env_steps = getenv("SHX_SOAK_STEPS");
  const int steps = argc > 1 ? atoi(argv[1]) : env_steps ? atoi(env_steps) : 3000;
  const uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 20261201u;
  if (steps < 1) {
    fprintf(stderr, "soak_gpu_test: STEPS must be a positive number\n");
    return 2;
  }
  shx_testbed_skip_without_gpu(SHX_TEST_GPUS);

  setvbuf(stdout, NULL, _IOLBF, 0); /* each line out before a failure's exit */

  /* The table goes to a file of its own (policy_path is a path), removed at any exit. */
  const char *directory = getenv("TEST_TMPDIR");
  snprintf(policy_file, sizeof policy_file, "%s/shx_soak_policy_XXXXXX",
           directory ? directory : "/tmp");
  const char *path = policy_file;
  const int fd = mkstemp(policy_file);
  CHECK(fd >= 0);
  CHECK(atexit(remove_policy_file) == 0);
  FILE *file = fdopen(fd, "w");
  CHECK(file != NULL);
  CHECK(fputs(kSoakPolicy, file) >= 0);
  CHECK(fclose(file) == 0);

  shx_testbed_neighbour busy;
  shx_testbed_neighbour_make(&busy);
  printf("soak: %d steps a tp, seed %llu\n", steps, (unsigned long long)seed);
  soak(8, SHX_TEST_GPUS, steps, seed, path, &busy);
  soak(16, SHX_TEST_GPUS, steps, seed + 1, path, &busy);
  shx_testbed_neighbour_free(&busy);
  printf("soak_gpu_test on %d GPU(s): all steps passed\n", SHX_TEST_GPUS);
  return 0;
}
