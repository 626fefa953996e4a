/* record_cost: the host time of one shx_record_step as an engine pays it, recorded into a
 * stream capture (no GPU work: the graph is never launched), and of the pointer queries
 * every record makes of its buffers (engine/op.c check_reachable and check_memory). A
 * fused op at the design dims, TP8, capacity 16, B = 9; 2000 records into one capture,
 * alternating parity, after 50 unmeasured ones.
 *
 *   bazel build //perf:record_cost && bazel-bin/perf/record_cost
 * Prints us per call; exit 0 on success, 1 on a failure, 77 without a Hopper GPU. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cuda.h>
#include <cuda_runtime_api.h>

#include "engine/check.h"
#include "graphs/testbed.h"
#include "ops/driver.h"
#include "shared_expert.h"

enum { kWarm = 50, kRecords = 2000, kQueries = 20000, kBatch = 9 };

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

int main(void) {
  shx_testbed_skip_without_gpu(1);
  shx_config config = SHX_CONFIG_INIT;
  config.variant = SHX_VARIANT_FUSED;
  config.capacity = 16;
  shx_op *op = NULL;
  SHX_CHECK_OK(shx_create(&config, &op));
  const size_t inter = (size_t)config.intermediate_total / config.tp;
  const size_t weight_bytes = 3 * inter * (size_t)config.hidden * 2;
  const size_t x_bytes = (size_t)config.capacity * config.hidden * 2;
  const size_t mailbox_bytes = shx_mailbox_bytes(&config);
  char *device = NULL; /* gate_up | down | x | the 8 ranks' mailboxes */
  CHECK_CUDA(cudaMalloc((void **)&device, weight_bytes + x_bytes + 8 * mailbox_bytes));
  char *const x = device + weight_bytes, *const mailboxes = x + x_bytes;
  void *peers[8];
  for (int p = 0; p < 8; ++p) peers[p] = mailboxes + p * mailbox_bytes;
  SHX_CHECK_OK(shx_bind_weights(op, device, device + 2 * inter * config.hidden * 2));
  SHX_CHECK_OK(shx_bind_peers(op, peers, 8));

  cudaStream_t stream = NULL;
  CHECK_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  CHECK_CUDA(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  for (int i = 0; i < kWarm; ++i) SHX_CHECK_OK(shx_record_step(op, x, kBatch, i % 2, stream));
  double start = now_us();
  for (int i = 0; i < kRecords; ++i)
    SHX_CHECK_OK(shx_record_step(op, x, kBatch, i % 2, stream));
  const double record_us = (now_us() - start) / kRecords;
  cudaGraph_t graph = NULL;
  CHECK_CUDA(cudaStreamEndCapture(stream, &graph));
  CHECK_CUDA(cudaGraphDestroy(graph));

  struct cudaPointerAttributes attributes;
  start = now_us();
  for (int i = 0; i < kQueries; ++i) CHECK_CUDA(cudaPointerGetAttributes(&attributes, x));
  const double runtime_query_us = (now_us() - start) / kQueries;
  CUdeviceptr range_start = 0;
  size_t range_size = 0;
  start = now_us();
  for (int i = 0; i < kQueries; ++i)
    CHECK(shx_pointer_range(x, &range_start, &range_size) == CUDA_SUCCESS);
  const double range_query_us = (now_us() - start) / kQueries;
  printf("record_cost: fused TP8 B=%d, shx_record_step into a capture: %.2f us a call "
         "(%d calls)\n", kBatch, record_us, kRecords);
  printf("record_cost: cudaPointerGetAttributes %.3f us, cuPointerGetAttributes (range) "
         "%.3f us a call (%d calls each)\n", runtime_query_us, range_query_us, kQueries);
  CHECK_CUDA(cudaStreamDestroy(stream));
  SHX_CHECK_OK(shx_destroy(op));
  CHECK_CUDA(cudaFree(device));
  return 0;
}
