/* timing.c: see timing.h. */
#include "perf/timing.h"

#include <cuda_runtime_api.h>
#include <stdlib.h>
#include <string.h>

#include "engine/op.h"
#include "engine/status.h"
#include "perf/floor.h"
#include "testdata/inputs.h"

/* The device buffers one timing needs: `sets` copies of rank 0's weights, each set
 * contiguous (gate_up, then down), x, and tp mailboxes standing in for the peers. */
typedef struct bench {
  size_t gate_up_bytes, down_bytes, set_bytes, mailbox_bytes;
  void *weights, *x, *mailboxes;
  cudaStream_t stream;
} bench;

static void bench_free(bench *b) {
  if (b->stream) {
    cudaStreamSynchronize(b->stream);
    cudaStreamDestroy(b->stream);
  }
  cudaFree(b->weights);
  cudaFree(b->x);
  cudaFree(b->mailboxes);
  memset(b, 0, sizeof *b);
}

static shx_status bench_make(const shx_timing_setup *setup, int batch, bench *b) {
  shx_status status = SHX_SUCCESS;
  const shx_config *c = &setup->config;
  int inter = c->intermediate_total / c->tp;
  memset(b, 0, sizeof *b);
  b->gate_up_bytes = (size_t)2 * inter * c->hidden * 2;
  b->down_bytes = (size_t)c->hidden * inter * 2;
  b->set_bytes = b->gate_up_bytes + b->down_bytes;
  b->mailbox_bytes = shx_mailbox_bytes(c);
  uint16_t *host = malloc(b->gate_up_bytes);
  if (host == NULL) return shx_fail(SHX_OUT_OF_MEMORY, "no host memory for timing");
  SHX_CUDA(cudaMalloc(&b->weights, b->set_bytes * setup->sets));
  shx_fill_gate_up(20261130u, 0, inter, c->hidden, host);
  SHX_CUDA(cudaMemcpy(b->weights, host, b->gate_up_bytes, cudaMemcpyHostToDevice));
  shx_fill_down(20261130u, 0, c->hidden, inter, c->intermediate_total, host);
  SHX_CUDA(cudaMemcpy((char *)b->weights + b->gate_up_bytes, host, b->down_bytes,
                      cudaMemcpyHostToDevice));
  for (int s = 1; s < setup->sets; ++s)
    SHX_CUDA(cudaMemcpy((char *)b->weights + s * b->set_bytes, b->weights, b->set_bytes,
                        cudaMemcpyDeviceToDevice));
  SHX_CUDA(cudaMalloc(&b->x, (size_t)c->capacity * c->hidden * 2));
  shx_fill_x(20261130u, batch, c->hidden, host);
  SHX_CUDA(cudaMemcpy(b->x, host, (size_t)batch * c->hidden * 2, cudaMemcpyHostToDevice));
  SHX_CUDA(cudaMalloc(&b->mailboxes, b->mailbox_bytes * c->tp));
  SHX_TRY(shx_mailbox_arm(b->mailboxes, b->mailbox_bytes * c->tp, NULL));
  SHX_CUDA(cudaStreamCreateWithFlags(&b->stream, cudaStreamNonBlocking));
  SHX_CUDA(cudaDeviceSynchronize());
cleanup:
  free(host);
  if (status != SHX_SUCCESS) bench_free(b);
  return status;
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Ends the capture begun on b->stream, then times `replays` replays after warm-up. */
static shx_status replay_timed(const shx_timing_setup *setup, bench *b,
                               shx_status recorded, shx_step_time *time) {
  shx_status status = SHX_SUCCESS;
  cudaGraph_t graph = NULL;
  cudaGraphExec_t exec = NULL;
  cudaEvent_t start = NULL, stop = NULL;
  double *samples = calloc((size_t)setup->replays, sizeof *samples);
  cudaError_t ended = cudaStreamEndCapture(b->stream, &graph);
  if ((status = recorded) != SHX_SUCCESS) goto cleanup;
  SHX_CUDA(ended);
  if (samples == NULL) {
    status = shx_fail(SHX_OUT_OF_MEMORY, "no host memory for samples");
    goto cleanup;
  }
  SHX_CUDA(cudaGraphInstantiate(&exec, graph, 0));
  SHX_CUDA(cudaEventCreate(&start));
  SHX_CUDA(cudaEventCreate(&stop));
  for (int i = 0; i < 3; ++i) SHX_CUDA(cudaGraphLaunch(exec, b->stream));
  for (int i = 0; i < setup->replays; ++i) {
    float ms = 0;
    SHX_CUDA(cudaEventRecord(start, b->stream));
    SHX_CUDA(cudaGraphLaunch(exec, b->stream));
    SHX_CUDA(cudaEventRecord(stop, b->stream));
    SHX_CUDA(cudaEventSynchronize(stop));
    SHX_CUDA(cudaEventElapsedTime(&ms, start, stop));
    samples[i] = ms * 1000.0 / setup->layers;
  }
  qsort(samples, (size_t)setup->replays, sizeof *samples, compare_doubles);
  time->median_us = samples[setup->replays / 2];
  time->min_us = samples[0];
  time->max_us = samples[setup->replays - 1];
cleanup:
  cudaStreamSynchronize(b->stream);
  if (exec) cudaGraphExecDestroy(exec);
  if (graph) cudaGraphDestroy(graph);
  if (start) cudaEventDestroy(start);
  if (stop) cudaEventDestroy(stop);
  free(samples);
  return status;
}

shx_status shx_time_steps(const shx_timing_setup *setup, shx_variant variant, int batch,
                          shx_step_time *time) {
  shx_status status = SHX_SUCCESS;
  shx_config config = setup->config;
  config.variant = variant;
  config.rank = 0;
  shx_op *op = NULL;
  bench b;
  SHX_TRY(bench_make(setup, batch, &b));
  SHX_TRY(shx_create(&config, &op));
  shx_op_set_fused_trace(op, setup->fused_trace);
  void *peers[16];
  for (int p = 0; p < config.tp; ++p) peers[p] = (char *)b.mailboxes + p * b.mailbox_bytes;
  SHX_TRY(shx_bind_peers(op, peers, config.tp));
  SHX_CUDA(cudaStreamBeginCapture(b.stream, cudaStreamCaptureModeThreadLocal));
  shx_status recorded = SHX_SUCCESS;
  for (int l = 0; l < setup->layers && recorded == SHX_SUCCESS; ++l) {
    char *set = (char *)b.weights + (size_t)(l % setup->sets) * b.set_bytes;
    recorded = shx_bind_weights(op, set, set + b.gate_up_bytes);
    if (recorded == SHX_SUCCESS) recorded = shx_record_step(op, b.x, batch, l % 2, b.stream);
  }
  SHX_TRY(replay_timed(setup, &b, recorded, time));
  SHX_TRY(shx_check_device(op));
cleanup:
  shx_destroy(op);
  bench_free(&b);
  return status;
}

shx_status shx_time_floor(const shx_timing_setup *setup, int grid, int pdl,
                          shx_step_time *time) {
  shx_status status = SHX_SUCCESS;
  bench b;
  SHX_TRY(bench_make(setup, 1, &b));
  SHX_CUDA(cudaStreamBeginCapture(b.stream, cudaStreamCaptureModeThreadLocal));
  shx_status recorded = SHX_SUCCESS;
  char message[256] = "";
  for (int l = 0; l < setup->layers && recorded == SHX_SUCCESS; ++l) {
    char *set = (char *)b.weights + (size_t)(l % setup->sets) * b.set_bytes;
    if (grid > 0)
      recorded = shx_floor_launch(set, b.set_bytes, grid, pdl, b.stream, message);
    else if (grid == 0) /* the gate/up bytes alone, flat */
      recorded = shx_floor_launch(set, b.gate_up_bytes, 96, pdl, b.stream, message);
    else /* grid < 0: the gate/up bytes in the fused kernel's 2D-box pattern */
      recorded = shx_floor_tiles_launch(set, setup->config.hidden,
                                        setup->config.intermediate_total / setup->config.tp,
                                        b.stream, message);
  }
  if (recorded != SHX_SUCCESS) recorded = shx_fail(recorded, "%s", message);
  SHX_TRY(replay_timed(setup, &b, recorded, time));
cleanup:
  bench_free(&b);
  return status;
}
