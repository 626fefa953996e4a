/* neighbour_gpu_test.c: a step beside a kernel that holds k SMs for longer than the
 * watchdog, as an engine's persistent communication kernels (an expert-parallel
 * dispatch, a collective) may while the step runs on another stream.
 *
 *   neighbour_gpu_test [--form F] [B ...]   (1 to 8 batches; default B = 9, 64, 128)
 *
 * F, the neighbour: `stream` (the default, below), or a spinner (perf/floor.h
 * shx_spinner_launch: k CTAs of 640 threads that only spin, as a persistent
 * communication kernel waiting for its peers would): `spin` (no shared memory, few
 * registers), `spin16k` (16 KB of shared memory a CTA, few registers), `spinregs` (no
 * shared memory, most of an SM's register file, as NCCL's 640-thread kernels may hold)
 * or `spinmax` and `spinregsmax` (as `spin` and `spinregs`, with the preferred
 * shared-memory carveout at the most: the L1 / shared split is one per SM, so a kernel
 * whose carveout leaves little shared memory may keep a fused CTA off its SM however
 * little it uses).
 * A spinner's CTAs are not forced one an SM: each step's line says on how many SMs its k
 * CTAs ran where that is not k. Measured (perf/RESULTS.md run 61 calls 5-7, B = 9, 128):
 * at the default carveout every spinner kept fused CTAs off its SMs as the stand-in
 * does; `spinmax` left room for them on every SM (fused ok at every k); `spinregsmax`
 * did only at TP16 B=9.
 *
 * The fused kernel's grid barrier needs every CTA of its grid resident at once; its plan
 * proves that on an idle device (ops/fused.cu GEOMETRY). Beside a kernel that holds k
 * SMs, a plain launch placed part of the grid while the rest waited for SMs, and the
 * placed part spun at the barrier until the watchdog (perf/RESULTS.md run 60: the first
 * timeout at k = 40-44 at B = 9, 64 and 16 at B = 128). So the fused launch is
 * cooperative (ops/fused.cu COOPERATIVE LAUNCH): its grid is placed whole or waits (run
 * 61). By default (`--form stream`) the neighbour is the routed experts' timed stand-in
 * (shx_testbed_neighbour_hold: one CTA an SM with 128 KB of shared memory, so no fused
 * CTA fits beside one), launched on a stream of its own and held for kHoldMs = 3 x the
 * watchdog; 2 ms later one
 * captured step (with its tails) is launched and timed on the host until its own stream
 * is done (shx_group_wait, which does not wait for the neighbour's stream; a coarse
 * clock is enough to tell the outcomes apart).
 *
 * Design dims (SiTU), all ranks on one GPU, watchdog_ms = 50, TP8 and TP16; for each
 * variant, batch and k the step has one of three outcomes:
 *   - "ok": completed at once (its stream done within half the watchdog), its output
 *     bitwise equal to the same step's on an idle device;
 *   - "wait": completed, bitwise so, but only once the neighbour had left (some of its
 *     kernels' grids could not be placed while it held its SMs);
 *   - "TO": SHX_DEVICE_TIMEOUT (its stream done no earlier than 0.9 x the watchdog, the
 *     timer's granularity allowed for); then, with every rank recovered as
 *     shx_check_device's comment says (synchronize, re-arm every mailbox, check every
 *     op), the next step's output is bitwise the idle one again.
 * Asserted: nothing else ever happens (no hang: a SIGALRM guard; no wrong output); the
 * stand-in holding all 132 SMs makes every variant wait (the control: it does hold them); no
 * variant times out (the split and baseline variants wait on no CTA that is not
 * resident; the fused grid is placed whole); the fused variant completes at once at
 * every k up to the bound docs/integration.md "Beside persistent kernels" gives engines
 * (fused_safe_sms: 32 SMs at B <= 64, 8 above). A failure of that last check means the
 * documented bound does not hold on this GPU. Measured (run 60 calls 3-7, five H200s,
 * plain launches; run 61 calls 1-2, cooperative) at B = 9, 64 and 128 (run 61 call 4:
 * also B = 1, 16, 32, 48, like B = 9): the fused step ok up to k = 36-40 (B <= 64) and 8
 * (B = 128), well below what counting SMs gives (76 and 20; our reading, not measured:
 * a cluster needs its SMs in one GPC, and the held SMs are spread over all of them).
 * The recovery path after a timeout is kept (a TO fails
 * the test, but after the recovery, so that its output says how the grid ended).
 * Printed: every k's outcome and time (and, for a spinner, on how many SMs its CTAs
 * ran where not k). With SHX_NEIGHBOUR_TRACE=1 (a diagnostic) rank
 * 0's fused kernel also writes its phase stamps (engine/op.h shx_op_set_fused_trace),
 * and each fused timeout prints when that grid's CTAs entered and finished: how many
 * entered at the start ("early") and by when those had pushed their down rows, and how
 * many entered later and from when. Exits 77 (skipped) without a Hopper GPU of 132 SMs
 * (the bounds were measured on H200s).
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep */

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cuda_runtime_api.h>

#include "engine/check.h"
#include "engine/op.h"
#include "graphs/group.h"
#include "graphs/testbed.h"

enum {
  kWatchdogMs = 50,
  kHoldMs = 3 * kWatchdogMs,
  kHangSeconds = 600,
  kSms = 132, /* an H200 */
  kMaxBatches = 8
};

typedef enum outcome { kAtOnce, kWaited, kTimedOut } outcome;

/* The SMs a persistent neighbour may hold beside a fused step of `batch` (above 64 the
 * plans run one CTA an SM): docs/integration.md "Beside persistent kernels". */
static int fused_safe_sms(int batch) { return batch <= 64 ? 32 : 8; }

/* One step beside `sms` held SMs (none for 0): its status, how long its own stream took
 * on the host clock, and on how many SMs a spinner's CTAs ran (-1: the stand-in, or none
 * held). */
static shx_status step_beside(shx_group *group, const shx_testbed_neighbour *neighbour,
                              int sms, int parity, double *seconds, int *held_sms) {
  if (sms > 0) {
    shx_testbed_neighbour_hold(neighbour, sms, 1000.0 * kHoldMs);
    const struct timespec two_ms = {0, 2000000};
    nanosleep(&two_ms, NULL); /* the neighbour's CTAs in place before the step's */
  }
  SHX_CHECK_OK(shx_group_poison_outputs(group));
  const double start = shx_testbed_seconds();
  SHX_CHECK_OK(shx_group_step(group, parity));
  SHX_CHECK_OK(shx_group_wait(group)); /* the step's stream, not the neighbour's */
  *seconds = shx_testbed_seconds() - start;
  /* shx_group_sync synchronizes the device (its first shx_check_device), the neighbour
   * included, also when it then reports a timeout: a spinner's SM ids are written. */
  const shx_status status = shx_group_sync(group);
  *held_sms = sms > 0 ? shx_testbed_neighbour_sms_held(neighbour, sms) : -1;
  return status;
}

/* After a timeout: every rank recovered (the header's shx_check_device comment). Prints
 * the ranks whose flag is set again after shx_group_sync read and cleared every op's
 * flag (a flag set by a kernel that gave up after that read; none expected). */
static void recover(shx_group *group, int tp) {
  CHECK_CUDA(cudaSetDevice(0));
  CHECK_CUDA(cudaDeviceSynchronize());
  SHX_CHECK_OK(shx_group_rearm(group));
  printf(" [also");
  for (int r = 0; r < tp; ++r) {
    const shx_status status = shx_check_device(shx_group_op(group, r));
    CHECK(status == SHX_SUCCESS || status == SHX_DEVICE_TIMEOUT);
    if (status == SHX_DEVICE_TIMEOUT) printf(" %d", r);
  }
  printf("]");
  for (int r = 0; r < tp; ++r) SHX_CHECK_OK(shx_check_device(shx_group_op(group, r)));
}

/* SHX_NEIGHBOUR_TRACE: rank 0's fused stamps of one step (SHX_FUSED_MAX_CTAS x
 * SHX_FUSED_TRACE_POINTS %globaltimer values, 0 where not written). */
enum { kTraceWords = SHX_FUSED_MAX_CTAS * SHX_FUSED_TRACE_POINTS };

static void trace_clear(unsigned long long *trace) {
  if (trace == NULL) return;
  CHECK_CUDA(cudaSetDevice(0));
  CHECK_CUDA(cudaMemset(trace, 0, kTraceWords * sizeof *trace));
  CHECK_CUDA(cudaDeviceSynchronize());
}

/* After a step (the device synchronized): which CTAs entered (point 8) within 10 ms of
 * the first, when the last of those pushed its down rows (point 5), and when the others
 * entered. */
static void trace_print(const unsigned long long *trace) {
  if (trace == NULL) return;
  static unsigned long long host[kTraceWords];
  CHECK_CUDA(cudaMemcpy(host, trace, sizeof host, cudaMemcpyDeviceToHost));
  unsigned long long first = 0;
  for (int c = 0; c < SHX_FUSED_MAX_CTAS; ++c) {
    const unsigned long long entry = host[c * SHX_FUSED_TRACE_POINTS + 8];
    if (entry != 0 && (first == 0 || entry < first)) first = entry;
  }
  int early = 0, late = 0;
  double early_done_ms = 0.0, late_entry_ms = 1e9, late_done_ms = 0.0;
  for (int c = 0; c < SHX_FUSED_MAX_CTAS; ++c) {
    const unsigned long long *point = host + c * SHX_FUSED_TRACE_POINTS;
    if (point[8] == 0) continue;
    const double entry_ms = 1e-6 * (double)(point[8] - first);
    const double done_ms = point[5] != 0 ? 1e-6 * (double)(point[5] - first) : -1.0;
    if (entry_ms < 10.0) {
      ++early;
      if (done_ms > early_done_ms) early_done_ms = done_ms;
    } else {
      ++late;
      if (entry_ms < late_entry_ms) late_entry_ms = entry_ms;
      if (done_ms > late_done_ms) late_done_ms = done_ms;
    }
  }
  printf(" [trace: %d early, pushed by %.1f ms; %d late", early, early_done_ms, late);
  if (late > 0) printf(", entered from %.1f ms, pushed by %.1f ms", late_entry_ms, late_done_ms);
  printf("]");
}

/* Every k of `held` beside one variant's group at `batch`; outcomes[i] for held[i]. */
static void sweep(const shx_testbed *bed, shx_variant variant, int batch,
                  const shx_testbed_neighbour *neighbour, const int *held, int held_count,
                  outcome *outcomes) {
  const shx_config *config = &bed->config;
  shx_group *group = shx_testbed_group(bed, variant, 1, batch, 1);
  unsigned long long *trace = NULL;
  if (variant == SHX_VARIANT_FUSED && getenv("SHX_NEIGHBOUR_TRACE") != NULL) {
    CHECK_CUDA(cudaSetDevice(0));
    CHECK_CUDA(cudaMalloc((void **)&trace, kTraceWords * sizeof *trace));
    shx_op_set_fused_trace(shx_group_op(group, 0), trace);
    SHX_CHECK_OK(shx_group_capture(group, batch, 1)); /* the stamps' pointer recorded */
  }
  const size_t count = (size_t)batch * config->hidden;
  uint16_t *idle = malloc(count * 2), *got = malloc(count * 2), *want = malloc(count * 2);
  CHECK(idle != NULL && got != NULL && want != NULL);
  shx_testbed_reference(bed, batch, want);
  double seconds;
  int parity = 0, held_sms = -1;
  CHECK(step_beside(group, neighbour, 0, parity, &seconds, &held_sms) == SHX_SUCCESS);
  parity ^= 1;
  SHX_CHECK_OK(shx_group_read_outputs(group, batch, idle));
  int nan_count = 0;
  CHECK(shx_rel_l2(idle, want, count, &nan_count) <= SHX_REF_REL_L2_MAX && nan_count == 0);
  CHECK(shx_max_element_error(idle, want, count, NULL) <= SHX_REF_ELEMENT_MAX);

  printf("  tp %2d B %3d %-8s:", config->tp, batch, shx_testbed_variant_name(variant));
  for (int i = 0; i < held_count; ++i) {
    trace_clear(trace);
    const shx_status status =
        step_beside(group, neighbour, held[i], parity, &seconds, &held_sms);
    parity ^= 1;
    if (status == SHX_SUCCESS) {
      SHX_CHECK_OK(shx_group_read_outputs(group, batch, got));
      CHECK(memcmp(got, idle, count * 2) == 0);
      outcomes[i] = seconds < 0.5e-3 * kWatchdogMs ? kAtOnce : kWaited;
      printf(" %d:%s(%.0fms)", held[i], outcomes[i] == kAtOnce ? "ok" : "wait",
             1e3 * seconds);
      if (held_sms >= 0 && held_sms != held[i]) printf("[on %d SMs]", held_sms);
      continue;
    }
    CHECK(status == SHX_DEVICE_TIMEOUT);
    CHECK(seconds >= 0.9e-3 * kWatchdogMs && seconds <= 30.0);
    outcomes[i] = kTimedOut;
    const char *rank = strstr(shx_last_error(), "rank ");
    printf(" %d:TO(%.0fms, %.7s", held[i], 1e3 * seconds, rank != NULL ? rank : "rank ?");
    if (held_sms >= 0 && held_sms != held[i]) printf(", on %d SMs", held_sms);
    trace_print(trace);
    recover(group, config->tp);
    printf(")");
    CHECK(step_beside(group, neighbour, 0, parity, &seconds, &held_sms) == SHX_SUCCESS);
    parity ^= 1;
    SHX_CHECK_OK(shx_group_read_outputs(group, batch, got));
    CHECK(memcmp(got, idle, count * 2) == 0);
  }
  printf("\n");
  free(idle);
  free(got);
  free(want);
  shx_group_destroy(group);
  if (trace != NULL) CHECK_CUDA(cudaFree(trace));
}

/* The first held[i] with `kind`, or kSms + 1 if none. */
static int first_with(const int *held, const outcome *outcomes, int count, outcome kind) {
  for (int i = 0; i < count; ++i)
    if (outcomes[i] == kind) return held[i];
  return kSms + 1;
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0); /* each line out before a failure's exit */
  int batches[kMaxBatches] = {9, 64, 128}, batch_count = 3;
  const char *form = "stream";
  int first = 1;
  if (argc > 1 && strcmp(argv[1], "--form") == 0) {
    if (argc < 3) {
      fprintf(stderr, "neighbour_gpu_test: --form needs a form\n");
      return 2;
    }
    form = argv[2];
    first = 3;
  }
  int spin_shared_bytes = -1, spin_many_registers = 0, spin_carveout = -1;
  if (strcmp(form, "spin") == 0) {
    spin_shared_bytes = 0;
  } else if (strcmp(form, "spinmax") == 0) {
    spin_shared_bytes = 0;
    spin_carveout = 100; /* cudaSharedmemCarveoutMaxShared */
  } else if (strcmp(form, "spinregsmax") == 0) {
    spin_shared_bytes = 0;
    spin_many_registers = 1;
    spin_carveout = 100;
  } else if (strcmp(form, "spin16k") == 0) {
    spin_shared_bytes = 16 * 1024;
  } else if (strcmp(form, "spinregs") == 0) {
    spin_shared_bytes = 0;
    spin_many_registers = 1;
  } else if (strcmp(form, "stream") != 0) {
    fprintf(stderr,
            "neighbour_gpu_test: --form %s is not stream, spin, spin16k, spinregs, spinmax or "
            "spinregsmax\n", form);
    return 2;
  }
  if (argc > first) {
    batch_count = argc - first;
    if (batch_count > kMaxBatches) {
      fprintf(stderr, "neighbour_gpu_test: at most %d batches\n", kMaxBatches);
      return 2;
    }
    for (int i = 0; i < batch_count; ++i) {
      batches[i] = atoi(argv[first + i]);
      if (batches[i] < 1 || batches[i] > 128) {
        fprintf(stderr, "neighbour_gpu_test: batch %s is not in 1..128\n", argv[first + i]);
        return 2;
      }
    }
  }
  shx_testbed_skip_without_gpu(1);
  alarm(kHangSeconds); /* a hang is a failure (SIGALRM ends the process) */
  int device_sms = 0;
  CHECK_CUDA(cudaDeviceGetAttribute(&device_sms, cudaDevAttrMultiProcessorCount, 0));
  if (device_sms != kSms) {
    printf("SKIPPED: the bounds were measured on 132-SM H200s; this GPU has %d SMs\n",
           device_sms);
    return SHX_SKIP_EXIT;
  }
  shx_testbed_neighbour neighbour;
  shx_testbed_neighbour_make(&neighbour);
  neighbour.spin_shared_bytes = spin_shared_bytes;
  neighbour.spin_many_registers = spin_many_registers;
  neighbour.spin_carveout = spin_carveout;

  static const int held[] = {8, 16, 24, 32, 36, 40, 44, 48, 56, 64, 80, 112, 132};
  enum { kHeld = sizeof held / sizeof *held };
  printf("neighbour (%s): each step beside k held SMs for %d ms (watchdog %d ms); ok = at "
         "once, wait = once the neighbour left, TO = SHX_DEVICE_TIMEOUT\n", form, kHoldMs,
         kWatchdogMs);
  for (int tp = 8; tp <= 16; tp *= 2) {
    shx_testbed bed;
    shx_testbed_make(&bed, tp, 7168, 6144, 128, SHX_ACT_SITU);
    bed.config.watchdog_ms = kWatchdogMs;
    for (int b = 0; b < batch_count; ++b) {
      const int batch = batches[b];
      outcome fused[kHeld], split[kHeld], baseline[kHeld];
      sweep(&bed, SHX_VARIANT_FUSED, batch, &neighbour, held, kHeld, fused);
      sweep(&bed, SHX_VARIANT_SPLIT, batch, &neighbour, held, kHeld, split);
      sweep(&bed, SHX_VARIANT_BASELINE, batch, &neighbour, held, kHeld, baseline);
      printf("  tp %2d B %3d: first TO at k = %d (fused), %d (split), %d (baseline); "
             "first wait at %d, %d, %d (%d = none)\n", tp, batch,
             first_with(held, fused, kHeld, kTimedOut),
             first_with(held, split, kHeld, kTimedOut),
             first_with(held, baseline, kHeld, kTimedOut),
             first_with(held, fused, kHeld, kWaited), first_with(held, split, kHeld, kWaited),
             first_with(held, baseline, kHeld, kWaited), kSms + 1);
      for (int i = 0; i < kHeld; ++i) {
        CHECK(fused[i] != kTimedOut && split[i] != kTimedOut && baseline[i] != kTimedOut);
        if (held[i] <= fused_safe_sms(batch)) CHECK(fused[i] == kAtOnce);
        /* The control: the stand-in holding every SM leaves no room for any variant's
         * kernels, so each waits; a stand-in that held nothing would fail here. */
        if (strcmp(form, "stream") == 0 && held[i] == kSms)
          CHECK(fused[i] == kWaited && split[i] == kWaited && baseline[i] == kWaited);
      }
    }
    shx_testbed_free(&bed);
  }
  shx_testbed_neighbour_free(&neighbour);
  printf("neighbour_gpu_test: every step completed, at once or once the neighbour left\n");
  return 0;
}
