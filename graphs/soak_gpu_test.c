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
 * batch from every bucket's ends and middles, 1..48 steps. Before every step every
 * output is poisoned with NaN; after it the watchdog flags must be clear
 * (shx_group_sync), and the output must be
 *   - the first time a batch runs: within rel L2 5e-3 of the CPU reference (computed
 *     once for all 128 rows; a token's output does not depend on the batch), no NaN;
 *   - every later time: bitwise equal to that first output (the variant of a batch is
 *     fixed by the table, so so is the result).
 * Every 16 phases and at the end, every slot of every mailbox must read "empty"
 * (0x8000): the tails re-armed all that the pushes wrote. The properties are those of
 * group_gpu_test; what this adds is their holding over one group's whole life, across
 * re-captures and variant switches, thousands of steps long.
 *
 * Every other phase (drawn) runs beside a busy neighbour, as an engine's other streams
 * may be: before each step, on a stream of its own that nothing orders against the
 * step's, the routed experts' timed stand-in (perf/floor.h) holds 8..132 SMs (128 KB of
 * shared memory each, so no fused CTA fits beside it) for 5..60 us. The fused plan
 * proves its grid co-resident on an idle device; beside such a kernel part of the grid
 * waits for SMs while the rest spins at the grid barrier, and the step must still
 * complete, unchanged to the bit and well before the watchdog: a neighbour that
 * neither spins nor waits for the step only delays it (the header's rule forbids only
 * spinning or persistent ones beside a step).
 * Exits 77 (skipped) without the GPUs it needs, never 0.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, mkstemp, fdopen */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cuda_runtime_api.h>

#include "engine/check.h"
#include "graphs/group.h"
#include "graphs/testbed.h"
#include "perf/floor.h"

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

/* Each bucket's ends and a middle (ops/fused.h: multiples of 8 up to 64, of 16 above). */
static const int kBatches[] = {1,  5,  8,  9,  13, 16, 17,  24, 31,  32,  33,
                               40, 48, 57, 64, 65, 80, 96,  100, 112, 127, 128};
enum { kBatchCount = sizeof kBatches / sizeof *kBatches, kCapacity = 128 };

/* A 64-bit linear congruential generator (Knuth's MMIX constants): the phases are the
 * same for the same seed on every host. */
static uint32_t next_random(uint64_t *state) {
  *state = *state * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)(*state >> 33);
}

static const char *variant_name(shx_variant variant) {
  return variant == SHX_VARIANT_FUSED   ? "fused"
         : variant == SHX_VARIANT_SPLIT ? "split"
         : variant == SHX_VARIANT_BASELINE ? "baseline"
                                           : "auto";
}

static double seconds_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

/* The busy neighbour: the timed stand-in on the group's first GPU, its own stream. */
typedef struct neighbour {
  void *weights;
  size_t bytes;
  cudaStream_t stream;
} neighbour;

static void neighbour_make(neighbour *n) {
  n->bytes = (size_t)64 << 20;
  CHECK_CUDA(cudaSetDevice(0));
  CHECK_CUDA(cudaMalloc(&n->weights, n->bytes));
  CHECK_CUDA(cudaMemset(n->weights, 0, n->bytes));
  CHECK_CUDA(cudaStreamCreateWithFlags(&n->stream, cudaStreamNonBlocking));
}

static void neighbour_free(neighbour *n) {
  CHECK_CUDA(cudaSetDevice(0));
  CHECK_CUDA(cudaStreamSynchronize(n->stream));
  CHECK_CUDA(cudaStreamDestroy(n->stream));
  CHECK_CUDA(cudaFree(n->weights));
}

/* Holds `sms` SMs of GPU 0 for `microseconds`, unordered against the group's streams. */
static void neighbour_busy(const neighbour *n, int sms, double microseconds) {
  char message[256];
  CHECK_CUDA(cudaSetDevice(0));
  const shx_status status =
      shx_standin_launch(n->weights, n->bytes, sms, microseconds, n->stream, message);
  if (status != SHX_SUCCESS) {
    fprintf(stderr, "neighbour: %s\n", message);
    exit(1);
  }
}

static void check_mailboxes_empty(shx_group *group, const shx_config *config, int step) {
  const size_t slots = shx_mailbox_bytes(config) / 2;
  uint16_t *mailbox = malloc(slots * 2);
  CHECK(mailbox != NULL);
  for (int r = 0; r < config->tp; ++r) {
    SHX_CHECK_OK(shx_group_read_mailbox(group, r, mailbox));
    for (size_t i = 0; i < slots; ++i)
      if (mailbox[i] != 0x8000) {
        fprintf(stderr, "after step %d: rank %d mailbox slot %zu is 0x%04x, not re-armed\n",
                step, r, i, mailbox[i]);
        exit(1);
      }
  }
  free(mailbox);
}

static void soak(int tp, int gpus, int steps, uint64_t seed, const char *policy_path,
                 const neighbour *busy) {
  shx_testbed bed;
  shx_testbed_make(&bed, tp, 7168, 6144, kCapacity, SHX_ACT_SITU);
  shx_config config = bed.config;
  config.variant = SHX_VARIANT_AUTO;
  config.policy_path = policy_path;
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
  const double start = seconds_now();
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
        neighbour_busy(busy, sms, 5.0 + (double)(next_random(&seed) % 56));
        ++busy_steps;
      }
      SHX_CHECK_OK(shx_group_step(group, parity));
      SHX_CHECK_OK(shx_group_sync(group)); /* fails on a watchdog timeout */
      SHX_CHECK_OK(shx_group_read_outputs(group, batch, got));
      if (first[which] == NULL) {
        int nan_count = 0;
        const double error = shx_rel_l2(got, want, count, &nan_count);
        printf("  tp %2d B %3d (%s) first at step %d: rel L2 %.3e, NaN %d\n", tp, batch,
               variant_name(variant), step, error, nan_count);
        CHECK(nan_count == 0);
        CHECK(error <= 5e-3);
        first[which] = malloc(count * 2);
        CHECK(first[which] != NULL);
        memcpy(first[which], got, count * 2);
      } else if (memcmp(first[which], got, count * 2) != 0) {
        size_t differ = 0;
        for (size_t k = 0; k < count; ++k) differ += first[which][k] != got[k];
        fprintf(stderr, "tp %d B %d (%s) step %d (phase %d, parity %d): %zu of %zu outputs "
                "differ from the first run of this batch\n", tp, batch,
                variant_name(variant), step, phases, parity, differ, count);
        exit(1);
      }
      ++steps_of[variant];
    }
    if (++phases % 16 == 0) check_mailboxes_empty(group, &config, step);
  }
  check_mailboxes_empty(group, &config, step);
  const double seconds = seconds_now() - start;
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

int main(int argc, char **argv) {
  const char *env_steps = getenv("SHX_SOAK_STEPS");
  const int steps = argc > 1 ? atoi(argv[1]) : env_steps ? atoi(env_steps) : 3000;
  const uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 20261201u;
  if (steps < 1) {
    fprintf(stderr, "soak_gpu_test: STEPS must be a positive number\n");
    return 2;
  }
  shx_testbed_skip_without_gpu(SHX_TEST_GPUS);

  /* The table goes to a file of its own (policy_path is a path). */
  const char *directory = getenv("TEST_TMPDIR");
  char path[4096];
  snprintf(path, sizeof path, "%s/shx_soak_policy_XXXXXX", directory ? directory : "/tmp");
  const int fd = mkstemp(path);
  CHECK(fd >= 0);
  FILE *file = fdopen(fd, "w");
  CHECK(file != NULL);
  CHECK(fputs(kSoakPolicy, file) >= 0);
  CHECK(fclose(file) == 0);

  neighbour busy;
  neighbour_make(&busy);
  printf("soak: %d steps a tp, seed %llu\n", steps, (unsigned long long)seed);
  soak(8, SHX_TEST_GPUS, steps, seed, path, &busy);
  soak(16, SHX_TEST_GPUS, steps, seed + 1, path, &busy);
  neighbour_free(&busy);
  remove(path);
  printf("soak_gpu_test on %d GPU(s): all steps passed\n", SHX_TEST_GPUS);
  return 0;
}
