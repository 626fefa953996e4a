/* neighbour_gpu_test.c: a step beside a kernel that holds k SMs for longer than the
 * watchdog, as an engine's persistent communication kernels (an expert-parallel
 * dispatch, a collective) may while the step runs on another stream.
 *
 *   neighbour_gpu_test [B ...]      (default B = 9, 64, 128)
 *
 * The fused kernel's grid barrier needs every CTA of its grid resident at once; its plan
 * proves that on an idle device (ops/fused.cu GEOMETRY). Beside a kernel that holds k
 * SMs, part of the grid can be placed while the rest waits for SMs, and the placed part
 * then spins at the barrier until the watchdog. The neighbour is the routed experts'
 * timed stand-in (perf/floor.h: one CTA an SM with 128 KB of shared memory, so no fused
 * CTA fits beside one), launched on a stream of its own and held for kHoldMs = 3 x the
 * watchdog; 2 ms later one captured step (with its tails) is launched, and timed until
 * its own stream is done (shx_group_wait: not the neighbour's).
 *
 * Design dims (SiTU), all ranks on one GPU, watchdog_ms = 50, TP8 and TP16; for each
 * variant, batch and k the step either
 *   - completes: its output bitwise equal to the same step's on an idle device (at once,
 *     or, where none of its grid could be placed, once the neighbour left), or
 *   - ends in SHX_DEVICE_TIMEOUT (no earlier than the watchdog, long before the hang
 *     guard); then, with every rank recovered as shx_check_device's comment says
 *     (synchronize, re-arm every mailbox, check every op), the next step's output is
 *     bitwise the idle one again.
 * Asserted: nothing else ever happens (no hang, no wrong output); the split and baseline
 * variants, which wait on no CTA that is not resident, complete at every k; the fused
 * variant completes at every k up to the bound docs/integration.md gives engines
 * ("Beside persistent kernels"): 32 SMs at B <= 64, 8 at B > 64. Measured on an H200
 * (perf/RESULTS.md run 60 calls 4, 5): the first timeout at k = 40-44 for B = 9, 64 and
 * at k = 16 for B = 128 (one CTA an SM, 112 CTAs), well below what counting SMs gives
 * (76 and 20; an inference, not measured: a cluster needs its SMs in one GPC, and the
 * held SMs are spread over all of them).
 * Printed: every k's outcome and time. Exits 77 (skipped) without an H200-sized Hopper
 * GPU (the bounds are an H200's).
 */
#define _POSIX_C_SOURCE 200809L

#include <cuda_runtime_api.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/check.h"
#include "graphs/group.h"
#include "graphs/testbed.h"
#include "perf/floor.h"

enum {
  kWatchdogMs = 50,
  kHoldMs = 3 * kWatchdogMs,
  kHangSeconds = 600,
  kSms = 132 /* an H200 */
};

/* The SMs a persistent neighbour may hold beside a fused step of `batch` (above 64 the
 * plans run one CTA an SM): docs/integration.md "Beside persistent kernels". */
static int fused_safe_sms(int batch) { return batch <= 64 ? 32 : 8; }

static double seconds_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

typedef struct neighbour {
  void *weights;
  size_t bytes;
  cudaStream_t stream;
} neighbour;

/* One step beside `sms` held SMs (none for 0): its status and host time. */
static shx_status step_beside(shx_group *group, const neighbour *n, int sms, int parity,
                              double *seconds) {
  if (sms > 0) {
    char message[256];
    CHECK_CUDA(cudaSetDevice(0));
    if (shx_standin_launch(n->weights, n->bytes, sms, 1000.0 * kHoldMs, n->stream,
                           message) != SHX_SUCCESS) {
      fprintf(stderr, "neighbour: %s\n", message);
      exit(1);
    }
    const struct timespec two_ms = {0, 2000000};
    nanosleep(&two_ms, NULL); /* the neighbour's CTAs in place before the step's */
  }
  SHX_CHECK_OK(shx_group_poison_outputs(group));
  const double start = seconds_now();
  SHX_CHECK_OK(shx_group_step(group, parity));
  SHX_CHECK_OK(shx_group_wait(group)); /* the step's stream, not the neighbour's */
  *seconds = seconds_now() - start;
  shx_status status = shx_group_sync(group);
  CHECK_CUDA(cudaSetDevice(0));
  CHECK_CUDA(cudaStreamSynchronize(n->stream));
  return status;
}

/* After a timeout: every rank recovered (the header's shx_check_device comment). Prints
 * the ranks whose flag was still set (shx_group_sync cleared the first one's). */
static void recover(shx_group *group, int tp) {
  CHECK_CUDA(cudaSetDevice(0));
  CHECK_CUDA(cudaDeviceSynchronize());
  SHX_CHECK_OK(shx_group_rearm(group));
  printf("[also");
  for (int r = 0; r < tp; ++r) {
    const shx_status status = shx_check_device(shx_group_op(group, r));
    CHECK(status == SHX_SUCCESS || status == SHX_DEVICE_TIMEOUT);
    if (status == SHX_DEVICE_TIMEOUT) printf(" %d", r);
  }
  printf("]");
  for (int r = 0; r < tp; ++r) SHX_CHECK_OK(shx_check_device(shx_group_op(group, r)));
}

static const char *variant_name(shx_variant variant) {
  return variant == SHX_VARIANT_FUSED ? "fused"
         : variant == SHX_VARIANT_SPLIT ? "split"
                                        : "baseline";
}

/* Every k of `held` (ascending) beside one variant's group; returns the first k at
 * which the step timed out (kSms + 1 if it never did) and, in *last_completed, the
 * largest k below that at which it completed. */
static int sweep(const shx_testbed *bed, shx_variant variant, int batch, const neighbour *n,
                 const int *held, int held_count, int *last_completed) {
  const shx_config *config = &bed->config;
  shx_group *group = shx_testbed_group(bed, variant, 1, batch, 1);
  const size_t count = (size_t)batch * config->hidden;
  uint16_t *idle = malloc(count * 2), *got = malloc(count * 2), *want = malloc(count * 2);
  CHECK(idle != NULL && got != NULL && want != NULL);
  shx_testbed_reference(bed, batch, want);
  double seconds;
  int parity = 0;
  CHECK(step_beside(group, n, 0, parity, &seconds) == SHX_SUCCESS);
  parity ^= 1;
  SHX_CHECK_OK(shx_group_read_outputs(group, batch, idle));
  int nan_count = 0;
  CHECK(shx_rel_l2(idle, want, count, &nan_count) <= 5e-3 && nan_count == 0);

  int first_timeout = kSms + 1;
  *last_completed = 0;
  printf("  tp %2d B %3d %-8s:", config->tp, batch, variant_name(variant));
  for (int i = 0; i < held_count; ++i) {
    const int sms = held[i];
    const shx_status status = step_beside(group, n, sms, parity, &seconds);
    parity ^= 1;
    if (status == SHX_SUCCESS) {
      SHX_CHECK_OK(shx_group_read_outputs(group, batch, got));
      CHECK(memcmp(got, idle, count * 2) == 0);
      printf(" %d:ok(%.0fms)", sms, 1e3 * seconds);
      if (sms < first_timeout) *last_completed = sms;
      continue;
    }
    CHECK(status == SHX_DEVICE_TIMEOUT);
    CHECK(seconds >= 0.9e-3 * kWatchdogMs && seconds <= 30.0);
    const char *rank = strstr(shx_last_error(), "rank ");
    printf(" %d:TIMEOUT(%.0fms, %.7s", sms, 1e3 * seconds, rank != NULL ? rank : "rank ?");
    if (sms < first_timeout) first_timeout = sms;
    recover(group, config->tp);
    printf(")");
    CHECK(step_beside(group, n, 0, parity, &seconds) == SHX_SUCCESS);
    parity ^= 1;
    SHX_CHECK_OK(shx_group_read_outputs(group, batch, got));
    CHECK(memcmp(got, idle, count * 2) == 0);
  }
  printf("\n");
  free(idle);
  free(got);
  free(want);
  shx_group_destroy(group);
  return first_timeout;
}

int main(int argc, char **argv) {
  shx_testbed_skip_without_gpu(1);
  alarm(kHangSeconds); /* a hang is a failure (SIGALRM ends the process) */
  int device_sms = 0;
  CHECK_CUDA(cudaDeviceGetAttribute(&device_sms, cudaDevAttrMultiProcessorCount, 0));
  if (device_sms != kSms) {
    printf("SKIPPED: the thresholds are an H200's (132 SMs); this GPU has %d\n", device_sms);
    return SHX_SKIP_EXIT;
  }
  neighbour n = {NULL, (size_t)64 << 20, NULL};
  CHECK_CUDA(cudaSetDevice(0));
  CHECK_CUDA(cudaMalloc(&n.weights, n.bytes));
  CHECK_CUDA(cudaMemset(n.weights, 0, n.bytes));
  CHECK_CUDA(cudaStreamCreateWithFlags(&n.stream, cudaStreamNonBlocking));

  static const int held[] = {8, 16, 24, 32, 36, 40, 44, 48, 56, 64, 80, 112, 132};
  enum { kHeld = sizeof held / sizeof *held };
  int batches[8] = {9, 64, 128}, batch_count = 3;
  if (argc > 1) {
    batch_count = argc - 1 < 8 ? argc - 1 : 8;
    for (int i = 0; i < batch_count; ++i) {
      batches[i] = atoi(argv[1 + i]);
      CHECK(batches[i] >= 1 && batches[i] <= 128);
    }
  }
  printf("neighbour: each step beside k held SMs for %d ms (watchdog %d ms)\n", kHoldMs,
         kWatchdogMs);
  for (int tp = 8; tp <= 16; tp *= 2) {
    shx_testbed bed;
    shx_testbed_make(&bed, tp, 7168, 6144, 128, SHX_ACT_SITU);
    bed.config.watchdog_ms = kWatchdogMs;
    for (int b = 0; b < batch_count; ++b) {
      const int batch = batches[b];
      int fused_completed, split_completed, baseline_completed;
      const int fused =
          sweep(&bed, SHX_VARIANT_FUSED, batch, &n, held, kHeld, &fused_completed);
      const int split =
          sweep(&bed, SHX_VARIANT_SPLIT, batch, &n, held, kHeld, &split_completed);
      const int baseline =
          sweep(&bed, SHX_VARIANT_BASELINE, batch, &n, held, kHeld, &baseline_completed);
      printf("  tp %2d B %3d fused: completes up to k = %d SMs held, first timeout at k = %d "
             "(%d = none); split and baseline: first timeout at %d, %d\n",
             tp, batch, fused_completed, fused, kSms + 1, split, baseline);
      CHECK(split > kSms && baseline > kSms);
      CHECK(fused > fused_safe_sms(batch));
    }
    shx_testbed_free(&bed);
  }
  CHECK_CUDA(cudaStreamDestroy(n.stream));
  CHECK_CUDA(cudaFree(n.weights));
  printf("neighbour_gpu_test: every step completed or timed out and recovered\n");
  return 0;
}
