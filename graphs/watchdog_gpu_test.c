/* watchdog_gpu_test.c: a step that cannot complete ends with SHX_DEVICE_TIMEOUT within
 * about watchdog_ms, never a hung GPU, and the op is usable again right after (issue 3's
 * watchdog; ops/fused.cu "Watchdog", ops/baseline.cu's tail).
 *
 * Design dims (SiTU), the fused variant, all ranks on one GPU, watchdog_ms = 100:
 * 1. A broken peer. A step without tails pushes every rank's y; then source 3's slots in
 *    rank 0's mailbox are emptied again (0x8000), as if rank 3 had never pushed, and
 *    rank 0's tail runs alone. It waits for source 3, gives up after watchdog_ms and
 *    writes NaN (0x7FC0) into every out element of the batch; shx_tail refuses a second
 *    tail of that push, and the tail kernel run again, the flag still set, ends at once
 *    (under half the watchdog) though every slot is empty, writing NaN again;
 *    shx_check_device reports SHX_DEVICE_TIMEOUT naming rank 0 (the first tail no earlier
 *    than the watchdog, within 3 watchdogs and 0.5 s); a second shx_check_device reports
 *    success (the flag is cleared). Checked at TP8 B=9.
 * 2. A grid barrier that cannot complete. Rank 0's grid-barrier counter is set to
 *    0xFFFFFFFF before a step, as a corrupted or half-finished counter would be: its
 *    CTAs' arrivals then end one short of the grid, so every producer that reads the
 *    counter after the first arrival (all gate/up CTAs: they reach the barrier after
 *    their gate/up loop) waits until the watchdog. The step ends; shx_group_sync reports
 *    SHX_DEVICE_TIMEOUT, and rank 0's tail, which found its flag set, wrote NaN (0x7FC0)
 *    into every element of rank 0's output shard. Checked at TP8 B=9 (the kFusedX
 *    instance, kFusedXOut where the plan picks it: an H100 SXM, an H200) and TP16 B=16.
 * 3. A flag set with the watchdog off (watchdog_ms = 0): a step without tails pushes
 *    every rank's y, source 3's rows in rank 0's mailbox are emptied, and rank 0's flag is
 *    set as a fused kernel that found its shared memory misaligned sets it (ops/fused.cu
 *    ALIGNMENT: it then pushes nothing). Rank 0's tail reads each slot once, writes NaN
 *    and ends (a 30 s alarm fails a tail that waits), and shx_check_device reports
 *    SHX_DEVICE_TIMEOUT. Checked at TP8 B=9.
 * 4. A timeout forgets the op's recorded pushes: after a push at parity 0 with no tail,
 *    the flag set and shx_check_device's SHX_DEVICE_TIMEOUT, shx_tail of that push and
 *    shx_record_down are refused (the recovery's re-armed mailboxes hold none of its
 *    rows). Checked at TP8 B=9.
 * 5. A flag set while a tail waits, the watchdog off: source 3's rows in rank 0's mailbox
 *    emptied, rank 0's tail launched and still waiting 20 ms later, then the flag set from
 *    the host on another stream (as a kernel on another stream would set it): the tail
 *    ends (a 30 s alarm fails one that waits), with NaN in every element, and
 *    shx_check_device reports SHX_DEVICE_TIMEOUT. Checked at TP8 B=9.
 * After each, the group's captured step runs again: its output matches the CPU reference
 * (relative L2 <= SHX_REF_REL_L2_MAX, every element within SHX_REF_ELEMENT_MAX, no NaN)
 * and is bitwise equal to the output of a step before the fault. A hang fails the test
 * after kHangSeconds (SIGALRM) instead of blocking the run.
 * SHX_WATCHDOG_MS in the environment replaces the 100 ms (under compute-sanitizer, whose
 * slowed kernels need about a second: tools/gpu_validate.sh).
 * Exits 77 (skipped) without a Hopper GPU.
 */
#define _POSIX_C_SOURCE 200809L

#include <cuda_runtime_api.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/check.h"
#include "engine/op.h"
#include "graphs/group.h"
#include "graphs/testbed.h"

enum { kHangSeconds = 600, kMissingSource = 3 };
static unsigned watchdog_ms = 100;

/* A watchdog that fired waited at least watchdog_ms, and not much longer: a wait on
 * other CTAs gives up after watchdog_ms (an mbarrier wait after twice that), and once one
 * has, every later wait returns at once. So 3 watchdogs and half a second for the launch
 * and the synchronization bound it (measured: 1.00-1.01 watchdogs, at 100 ms and, under
 * compute-sanitizer, 1000 ms, in every output saved under perf/runs/). */
static void check_elapsed(const char *what, double seconds) {
  printf("  %s: SHX_DEVICE_TIMEOUT after %.3f s (watchdog %u ms)\n", what, seconds,
         watchdog_ms);
  CHECK(seconds >= 0.9e-3 * watchdog_ms);
  CHECK(seconds <= 0.5 + 3e-3 * watchdog_ms);
}

/* One captured step of `parity` with outputs poisoned before it; its status. */
static shx_status step(shx_group *group, int parity) {
  SHX_CHECK_OK(shx_group_poison_outputs(group));
  SHX_CHECK_OK(shx_group_step(group, parity));
  return shx_group_sync(group);
}

/* The output of a step that ran as usual: against the reference and, where `before` is
 * given, bitwise equal to it. */
static void check_output(shx_group *group, int batch, size_t count, const uint16_t *want,
                         const uint16_t *before, uint16_t *got) {
  SHX_CHECK_OK(shx_group_read_outputs(group, batch, got));
  int nan_count = 0;
  const double error = shx_rel_l2(got, want, count, &nan_count);
  CHECK(nan_count == 0);
  CHECK(error <= SHX_REF_REL_L2_MAX);
  CHECK(shx_max_element_error(got, want, count, NULL) <= SHX_REF_ELEMENT_MAX);
  if (before != NULL) CHECK(memcmp(got, before, count * 2) == 0);
}

/* Every element of rows [0, batch) of columns [first, first + columns) of a row-major
 * [rows, stride] BF16 array is the tail's NaN, 0x7FC0 (the arrays start poisoned with
 * another value), and every element of rows [batch, rows) is `untouched`. */
static void expect_tail_nan(const uint16_t *values, int batch, int rows, size_t stride,
                            size_t first, size_t columns, uint16_t untouched,
                            const char *what) {
  size_t other = 0, touched = 0;
  for (int t = 0; t < rows; ++t)
    for (size_t c = first; c < first + columns; ++c) {
      const uint16_t value = values[(size_t)t * stride + c];
      if (t < batch) other += value != 0x7FC0;
      else touched += value != untouched;
    }
  printf("  %s: %zu of %zu elements not NaN (0x7FC0), %zu past the batch touched\n", what,
         other, (size_t)batch * columns, touched);
  CHECK(other == 0 && touched == 0);
}

/* A group of `bed` whose ranks all pushed a step of parity 0 (no tails), after which rank
 * kMissingSource's rows in rank 0's mailbox are empty again, as if that rank had never
 * pushed; with rank 0's op, an out buffer for its tail and a stream. */
typedef struct {
  const shx_config *config;
  shx_group *group;
  shx_op *op;
  void *out;          /* rank 0's shard of capacity rows, on the device */
  uint16_t *host_out; /* and on the host */
  cudaStream_t stream;
  int shard;
} missing_source;

static missing_source missing_source_begin(const shx_testbed *bed, int batch) {
  missing_source m = {&bed->config, shx_testbed_group(bed, SHX_VARIANT_FUSED, 1, batch, 0)};
  const shx_config *config = m.config;
  m.op = shx_group_op(m.group, 0);
  m.shard = config->hidden / config->tp;
  CHECK_CUDA(cudaMalloc(&m.out, (size_t)config->capacity * m.shard * 2));
  m.host_out = malloc((size_t)config->capacity * m.shard * 2);
  CHECK(m.host_out != NULL);
  CHECK_CUDA(cudaStreamCreate(&m.stream));
  SHX_CHECK_OK(shx_group_step(m.group, 0));
  SHX_CHECK_OK(shx_group_sync(m.group));
  const size_t row = (size_t)kMissingSource * config->capacity;
  SHX_CHECK_OK(shx_mailbox_arm(shx_group_mailbox(m.group, 0) + row * m.shard,
                               (size_t)config->capacity * m.shard * 2, m.stream));
  CHECK_CUDA(cudaStreamSynchronize(m.stream));
  return m;
}

/* Rank 0's tail at parity 0 into m->out, first filled with the byte `fill`, through
 * shx_tail or (`kernel_only`) the tail kernel itself past the op's checks
 * (shx_op_launch_tail); its output read back into m->host_out. Returns its seconds. */
static double missing_source_tail(missing_source *m, int batch, int kernel_only, int fill) {
  const size_t bytes = (size_t)m->config->capacity * m->shard * 2;
  CHECK_CUDA(cudaMemset(m->out, fill, bytes));
  const double start = shx_testbed_seconds();
  if (kernel_only)
    SHX_CHECK_OK(shx_op_launch_tail(m->op, m->out, batch, 0, m->stream));
  else
    SHX_CHECK_OK(shx_tail(m->op, m->out, batch, 0, m->stream));
  CHECK_CUDA(cudaStreamSynchronize(m->stream));
  const double elapsed = shx_testbed_seconds() - start;
  CHECK_CUDA(cudaMemcpy(m->host_out, m->out, bytes, cudaMemcpyDeviceToHost));
  return elapsed;
}

/* After shx_check_device cleared the fault: the mailboxes re-armed, the group's step with
 * its tails captured and run at parity 1, its output as the reference; then freed. */
static void missing_source_recovers(missing_source *m, int batch, const uint16_t *want) {
  SHX_CHECK_OK(shx_group_rearm(m->group));
  SHX_CHECK_OK(shx_group_capture(m->group, batch, 1));
  const size_t count = (size_t)batch * m->config->hidden;
  uint16_t *got = malloc(count * 2);
  CHECK(got != NULL);
  SHX_CHECK_OK(step(m->group, 1));
  check_output(m->group, batch, count, want, NULL, got);
  free(got);
  CHECK_CUDA(cudaStreamDestroy(m->stream));
  CHECK_CUDA(cudaFree(m->out));
  free(m->host_out);
  shx_group_destroy(m->group);
}

static void broken_peer(const shx_testbed *bed, int batch, const uint16_t *want) {
  missing_source m = missing_source_begin(bed, batch);
  const int capacity = m.config->capacity, shard = m.shard;
  const double elapsed = missing_source_tail(&m, batch, 0, 0xFF); /* 0xFFFF: not NaN */
  check_elapsed("rank 0's tail, source 3 missing", elapsed);
  expect_tail_nan(m.host_out, batch, capacity, shard, 0, shard, 0xFFFF, "the tail that gave up");
  /* That tail consumed the push: shx_tail refuses another. */
  CHECK(shx_tail(m.op, m.out, batch, 0, m.stream) == SHX_INVALID_ARGUMENT);
  CHECK(strstr(shx_last_error(), "since its last tail") != NULL);
  /* It re-armed every source's slots. The tail kernel run again finds them all empty, but
   * with the flag still set it reads each once and ends at once (ops/baseline.cu). */
  const double again_elapsed = missing_source_tail(&m, batch, 1, 0);
  printf("  a tail with the flag set: ended after %.3f s\n", again_elapsed);
  CHECK(again_elapsed < 0.5e-3 * watchdog_ms);
  expect_tail_nan(m.host_out, batch, capacity, shard, 0, shard, 0,
                  "the tail with the flag set");
  const shx_status status = shx_check_device(m.op);
  CHECK(status == SHX_DEVICE_TIMEOUT);
  CHECK(strstr(shx_last_error(), "rank 0") != NULL);
  SHX_CHECK_OK(shx_check_device(m.op)); /* the flag was cleared */

  /* The op again, now with its tails: as the reference. */
  missing_source_recovers(&m, batch, want);
}

static void flag_without_watchdog(const shx_testbed *bed, int batch, const uint16_t *want) {
  shx_testbed unwatched = *bed; /* the same weights, the watchdog off */
  unwatched.config.watchdog_ms = 0;
  missing_source m = missing_source_begin(&unwatched, batch);
  const uint32_t set = 1; /* as ALIGNMENT's refusal sets it (ops/fused.cu) */
  CHECK_CUDA(cudaMemcpy(m.op->scratch + SHX_SCRATCH_ERROR_FLAG, &set, sizeof set,
                        cudaMemcpyHostToDevice));

  alarm(30); /* the tail that waits for source 3 never ends: fail soon */
  const double elapsed = missing_source_tail(&m, batch, 0, 0xFF);
  alarm(kHangSeconds);
  printf("  watchdog off, flag set: rank 0's tail ended after %.3f s\n", elapsed);
  expect_tail_nan(m.host_out, batch, m.config->capacity, m.shard, 0, m.shard, 0xFFFF,
                  "the tail with the flag set, watchdog off");
  CHECK(shx_check_device(m.op) == SHX_DEVICE_TIMEOUT);
  CHECK(strstr(shx_last_error(), "alignment") != NULL);
  SHX_CHECK_OK(shx_check_device(m.op)); /* the flag was cleared */

  missing_source_recovers(&m, batch, want);
}

static void flag_while_waiting(const shx_testbed *bed, int batch, const uint16_t *want) {
  shx_testbed unwatched = *bed; /* the same weights, the watchdog off */
  unwatched.config.watchdog_ms = 0;
  missing_source m = missing_source_begin(&unwatched, batch);
  const size_t bytes = (size_t)m.config->capacity * m.shard * 2;
  CHECK_CUDA(cudaMemset(m.out, 0xFF, bytes));
  CHECK_CUDA(cudaDeviceSynchronize());
  alarm(30); /* a tail that never sees the flag waits for ever: fail soon */
  SHX_CHECK_OK(shx_tail(m.op, m.out, batch, 0, m.stream));
  const struct timespec pause = {0, 20 * 1000 * 1000};
  nanosleep(&pause, NULL);
  CHECK(cudaStreamQuery(m.stream) == cudaErrorNotReady); /* it waits for source 3 */
  (void)cudaGetLastError();
  cudaStream_t side;
  CHECK_CUDA(cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking));
  const uint32_t set = 1;
  CHECK_CUDA(cudaMemcpyAsync(m.op->scratch + SHX_SCRATCH_ERROR_FLAG, &set, sizeof set,
                             cudaMemcpyHostToDevice, side));
  CHECK_CUDA(cudaStreamSynchronize(side));
  const double start = shx_testbed_seconds();
  CHECK_CUDA(cudaStreamSynchronize(m.stream));
  alarm(kHangSeconds);
  printf("  watchdog off, flag set while the tail waits: it ended %.3f s after\n",
         shx_testbed_seconds() - start);
  CHECK_CUDA(cudaStreamDestroy(side));
  CHECK_CUDA(cudaMemcpy(m.host_out, m.out, bytes, cudaMemcpyDeviceToHost));
  expect_tail_nan(m.host_out, batch, m.config->capacity, m.shard, 0, m.shard, 0xFFFF,
                  "the tail whose flag was set while it waited");
  CHECK(shx_check_device(m.op) == SHX_DEVICE_TIMEOUT);
  SHX_CHECK_OK(shx_check_device(m.op)); /* the flag was cleared */
  missing_source_recovers(&m, batch, want);
}

/* A timeout forgets what the op had recorded: rank 0 pushed at parity 0 (no tail yet), its
 * flag is then set (as any timeout sets it) and shx_check_device reports it; the recovery
 * re-arms the mailboxes, so that push's rows are gone, and shx_tail of it is refused
 * rather than waiting for them until the watchdog; a new step's tail then runs. */
static void timeout_forgets_pushes(const shx_testbed *bed, int batch, const uint16_t *want) {
  missing_source m = missing_source_begin(bed, batch);
  const uint32_t set = 1;
  CHECK_CUDA(cudaMemcpy(m.op->scratch + SHX_SCRATCH_ERROR_FLAG, &set, sizeof set,
                        cudaMemcpyHostToDevice));
  CHECK(shx_check_device(m.op) == SHX_DEVICE_TIMEOUT);
  CHECK(shx_tail(m.op, m.out, batch, 0, m.stream) == SHX_INVALID_ARGUMENT);
  CHECK(strstr(shx_last_error(), "timeout was reported") != NULL);
  CHECK(shx_record_down(m.op, batch, 1, m.stream) == SHX_INVALID_ARGUMENT);
  CHECK(strstr(shx_last_error(), "timeout was reported") != NULL);
  printf("  after SHX_DEVICE_TIMEOUT: the earlier push's tail and a down refused\n");
  missing_source_recovers(&m, batch, want);
}

static void stuck_grid_barrier(const shx_testbed *bed, int batch, const uint16_t *want) {
  const shx_config *config = &bed->config;
  shx_group *group = shx_testbed_group(bed, SHX_VARIANT_FUSED, 1, batch, 1);
  const size_t count = (size_t)batch * config->hidden;
  uint16_t *before = malloc(count * 2), *got = malloc(count * 2);
  CHECK(before != NULL && got != NULL);
  SHX_CHECK_OK(step(group, 0));
  check_output(group, batch, count, want, NULL, before);

  /* counters[0] (ops/fused.cu grid_barrier_wait): the arrivals wrap to grid - 1. */
  const uint32_t corrupt = 0xFFFFFFFFu;
  CHECK_CUDA(cudaMemcpy(shx_group_op(group, 0)->scratch, &corrupt, sizeof corrupt,
                        cudaMemcpyHostToDevice));
  const double start = shx_testbed_seconds();
  const shx_status status = step(group, 1);
  const double elapsed = shx_testbed_seconds() - start;
  CHECK(status == SHX_DEVICE_TIMEOUT);
  CHECK(strstr(shx_last_error(), "rank 0") != NULL);
  char what[64];
  snprintf(what, sizeof what, "tp %d B %d, rank 0's grid barrier", config->tp, batch);
  check_elapsed(what, elapsed);
  SHX_CHECK_OK(shx_group_read_outputs(group, batch, got));
  snprintf(what, sizeof what, "tp %d B %d, rank 0's shard", config->tp, batch);
  expect_tail_nan(got, batch, batch, config->hidden, 0, config->hidden / config->tp, 0,
                  what);

  /* shx_check_device re-armed the counters: the next steps run as before the fault. */
  for (int parity = 0; parity < 2; ++parity) {
    CHECK(step(group, parity) == SHX_SUCCESS);
    check_output(group, batch, count, want, before, got);
  }
  printf("  tp %d B %d: the steps after the timeout bitwise equal to the one before\n",
         config->tp, batch);
  free(before);
  free(got);
  shx_group_destroy(group);
}

int main(void) {
  shx_testbed_skip_without_gpu(1);
  alarm(kHangSeconds); /* a hang is a failure (SIGALRM ends the process) */
  const char *from_environment = getenv("SHX_WATCHDOG_MS");
  if (from_environment != NULL) watchdog_ms = (unsigned)strtoul(from_environment, NULL, 10);
  CHECK(watchdog_ms > 0);
  const struct { int tp, batch; int broken_peer; } cases[] = {{8, 9, 1}, {16, 16, 0}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    shx_testbed bed;
    shx_testbed_make(&bed, cases[i].tp, 7168, 6144, 128, SHX_ACT_SITU);
    bed.config.watchdog_ms = watchdog_ms;
    const size_t count = (size_t)cases[i].batch * bed.config.hidden;
    uint16_t *want = malloc(count * 2);
    CHECK(want != NULL);
    shx_testbed_reference(&bed, cases[i].batch, want);
    if (cases[i].broken_peer) {
      broken_peer(&bed, cases[i].batch, want);
      flag_without_watchdog(&bed, cases[i].batch, want);
      timeout_forgets_pushes(&bed, cases[i].batch, want);
      flag_while_waiting(&bed, cases[i].batch, want);
    }
    stuck_grid_barrier(&bed, cases[i].batch, want);
    free(want);
    shx_testbed_free(&bed);
  }
  printf("watchdog: every fault ended in SHX_DEVICE_TIMEOUT and the op recovered\n");
  return 0;
}
