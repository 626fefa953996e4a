/* leak_gpu_test.c: switching variants and re-recording step graphs leaks no device or
 * host memory (SPEC: "switching fused / split re-records or updates graphs without leaking memory";
 * the library never leaks).
 *
 * One cycle, TP8 at the design dims, all ranks on one GPU: for each variant (fused, split,
 * baseline) a group is created (every rank's op, weights, mailboxes, step graphs for
 * B=9), one step runs, its graphs are re-recorded for B = 16, 64 and 9 with a step
 * after each (shx_group_capture drops the old graphs), and the group is destroyed. A
 * first cycle loads what CUDA and cuBLASLt load once per process (modules, handles);
 * then the device's free memory (cudaMemGetInfo) is read, kCycles more cycles run, and it
 * is read again: it must not have fallen by more than kSlackBytes (4 MB). So it sees a
 * leak of more than about 0.35 MB a cycle: a leaked op (one TP8 rank's cuBLASLt
 * workspace alone is 32 MB; a fused op's h 192 KB and its scratch) or mailbox (3.7 MB at
 * capacity 128). What leaked graph executables would take on the device was not
 * measured, so a leak of those alone may lie under the floor. The host heap (glibc's
 * mallinfo2: bytes in use, small and mmapped chunks) is read at the same two points and
 * must not have grown by more than kHostSlackBytes (1 MB): a leaked op is over 12 KB of
 * host memory (its plans' messages), 24 of them a cycle, and a leaked group's arrays or
 * cuBLASLt handle show too. SHX_LEAK_TEST_INJECT=1 in the environment leaks 8 MB of device
 * memory a cycle on purpose, =2 256 KB of host memory, so that a run can show each check
 * fails on a leak (perf/RESULTS.md runs 54, 74).
 * Then shx_create where the device has too little memory left (failed_creates): with all
 * but a part of an op's device memory taken by a filler allocation, from none of it to
 * all and 16 MB more, each create either makes an op (destroyed) or fails with
 * SHX_OUT_OF_MEMORY or SHX_CUDA_ERROR, leaves *op NULL, and gives back what it had
 * allocated: the free memory after the filler is freed is what it was, within
 * kSlackBytes. At least one create must fail and one succeed, so that both paths ran.
 * Exits 77 (skipped) without a Hopper GPU.
 */
#include <cuda_runtime_api.h>
#include <malloc.h>
#include <stdlib.h>

#include "engine/check.h"
#include "graphs/group.h"
#include "graphs/testbed.h"

enum { kCycles = 12 };
static const size_t kSlackBytes = 4u << 20;
static const size_t kHostSlackBytes = 1u << 20;

/* inject: 0 nothing, 1 8 MB of device memory never freed, 2 256 KB of host memory. */
static void one_cycle(const shx_testbed *bed, int inject) {
  if (inject == 1) { /* the negative controls */
    void *leaked = NULL;
    CHECK_CUDA(cudaMalloc(&leaked, 8u << 20));
  } else if (inject == 2) {
    volatile char *leaked = malloc(256u << 10);
    CHECK(leaked != NULL);
    leaked[0] = 1;
  }
  const shx_variant variants[] = {SHX_VARIANT_FUSED, SHX_VARIANT_SPLIT, SHX_VARIANT_BASELINE};
  const int batches[] = {16, 64, 9};
  for (size_t v = 0; v < sizeof variants / sizeof variants[0]; ++v) {
    shx_group *group = shx_testbed_group(bed, variants[v], 1, 9, 1);
    SHX_CHECK_OK(shx_group_step(group, 0));
    SHX_CHECK_OK(shx_group_sync(group));
    for (size_t b = 0; b < sizeof batches / sizeof batches[0]; ++b) {
      SHX_CHECK_OK(shx_group_upload_x(group, bed->x, batches[b]));
      SHX_CHECK_OK(shx_group_capture(group, batches[b], 1));
      SHX_CHECK_OK(shx_group_step(group, (int)(b + 1) % 2));
      SHX_CHECK_OK(shx_group_sync(group));
    }
    shx_group_destroy(group);
  }
}

static size_t host_heap_bytes(void) {
  const struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

static size_t free_bytes(void) {
  size_t free_now = 0, total = 0;
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemGetInfo(&free_now, &total));
  return free_now;
}

/* See the header comment. An auto op (every buffer: h, scratch, the baseline's g|u and y,
 * its cuBLASLt handle and 32 MB workspace) at the design dims, TP8, capacity 128. */
static void failed_creates(void) {
  enum { kSteps = 16 };
  const size_t granule = (size_t)2 << 20;
  shx_config config = SHX_CONFIG_INIT;
  shx_op *op = NULL;
  const size_t base = free_bytes();
  SHX_CHECK_OK(shx_create(&config, &op));
  const size_t used = base - free_bytes();
  SHX_CHECK_OK(shx_destroy(op));
  CHECK(used >= granule);
  int failed = 0, made = 0;
  for (int step = 0; step <= kSteps; ++step) {
    /* Leave `leave` bytes free: from none to the whole op's and 8 granules more (room
     * for the allocations' alignment), so that the last steps make an op. */
    const size_t leave = (used + 8 * granule) * step / kSteps;
    const size_t free_now = free_bytes();
    void *filler = NULL;
    size_t filler_bytes = free_now > leave ? (free_now - leave) / granule * granule : 0;
    while (filler_bytes > 0 && cudaMalloc(&filler, filler_bytes) != cudaSuccess) {
      (void)cudaGetLastError();
      filler = NULL;
      filler_bytes -= granule; /* what a fragmented device can give in one piece */
    }
    op = (shx_op *)1; /* must be overwritten with NULL on failure */
    const shx_status status = shx_create(&config, &op);
    if (status == SHX_SUCCESS) {
      ++made;
      SHX_CHECK_OK(shx_destroy(op));
    } else {
      ++failed;
      CHECK(status == SHX_OUT_OF_MEMORY || status == SHX_CUDA_ERROR);
      CHECK(op == NULL);
      printf("  %.1f MB left free: %s: %s\n", (double)(free_now - filler_bytes) / 1048576.0,
             shx_status_string(status), shx_last_error());
    }
    if (filler != NULL) CHECK_CUDA(cudaFree(filler));
    (void)cudaGetLastError();
    const size_t after = free_bytes();
    CHECK(after + kSlackBytes >= base);
  }
  printf("  shx_create with too little device memory: %d of %d refused, %d made an op (an op "
         "takes %.1f MB); the free memory came back each time\n", failed, kSteps + 1, made,
         used / 1048576.0);
  CHECK(failed >= 1 && made >= 1);
}

int main(void) {
  shx_testbed_skip_without_gpu(1);
  shx_testbed bed;
  shx_testbed_make(&bed, 8, 7168, 6144, 128, SHX_ACT_SITU);
  CHECK_CUDA(cudaSetDevice(0));
  const char *inject = getenv("SHX_LEAK_TEST_INJECT");
  const int leak_on_purpose = inject != NULL ? atoi(inject) : 0;
  one_cycle(&bed, 0); /* what loads once per process */
  const size_t before = free_bytes(), heap_before = host_heap_bytes();
  for (int c = 0; c < kCycles; ++c) one_cycle(&bed, leak_on_purpose);
  const size_t after = free_bytes(), heap_after = host_heap_bytes();
  const double lost_mb = ((double)before - (double)after) / (1 << 20);
  printf("  device memory free: %.1f MB before %d cycles, %.1f MB after (%+.1f MB)\n",
         before / 1048576.0, kCycles, after / 1048576.0, -lost_mb);
  printf("  host heap in use: %.1f KB before, %.1f KB after (%+.1f KB)\n",
         heap_before / 1024.0, heap_after / 1024.0,
         ((double)heap_after - (double)heap_before) / 1024.0);
  CHECK(after + kSlackBytes >= before);
  CHECK(heap_after <= heap_before + kHostSlackBytes);
  shx_testbed_free(&bed);
  failed_creates();
  printf("leak: %d cycles of create, re-record and destroy (fused, split, baseline) kept the "
         "device's free memory and the host heap\n",
         kCycles);
  return 0;
}
