/* timing.c: see timing.h. */
#include "perf/timing.h"

#include <cuda_runtime_api.h>
#include <stdlib.h>
#include <string.h>

#include "engine/status.h"
#include "testdata/inputs.h"

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

shx_status shx_time_steps(const shx_timing_setup *setup, shx_variant variant, int batch,
                          shx_step_time *time) {
  shx_status status = SHX_SUCCESS;
  shx_config config = setup->config;
  config.variant = variant;
  config.rank = 0;
  int tp = config.tp, hidden = config.hidden, inter = config.intermediate_total / tp;
  size_t gate_up_bytes = (size_t)2 * inter * hidden * 2, down_bytes = (size_t)hidden * inter * 2;
  size_t mailbox_bytes = shx_mailbox_bytes(&config);
  shx_op *op = NULL;
  void *weights = NULL, *mailboxes = NULL, *x = NULL;
  uint16_t *host = NULL;
  cudaStream_t stream = NULL;
  cudaGraph_t graph = NULL;
  cudaGraphExec_t exec = NULL;
  cudaEvent_t start = NULL, stop = NULL;
  double *samples = calloc((size_t)setup->replays, sizeof *samples);
  host = malloc(gate_up_bytes > down_bytes ? gate_up_bytes : down_bytes);
  if (samples == NULL || host == NULL) {
    status = shx_fail(SHX_OUT_OF_MEMORY, "no host memory for timing");
    goto cleanup;
  }
  SHX_TRY(shx_create(&config, &op));
  size_t set_bytes = gate_up_bytes + down_bytes;
  SHX_CUDA(cudaMalloc(&weights, set_bytes * setup->sets));
  shx_fill_gate_up(20261130u, 0, inter, hidden, host);
  SHX_CUDA(cudaMemcpy(weights, host, gate_up_bytes, cudaMemcpyHostToDevice));
  shx_fill_down(20261130u, 0, hidden, inter, config.intermediate_total, host);
  SHX_CUDA(cudaMemcpy((char *)weights + gate_up_bytes, host, down_bytes,
                      cudaMemcpyHostToDevice));
  for (int s = 1; s < setup->sets; ++s)
    SHX_CUDA(cudaMemcpy((char *)weights + s * set_bytes, weights, set_bytes,
                        cudaMemcpyDeviceToDevice));
  SHX_CUDA(cudaMalloc(&x, (size_t)config.capacity * hidden * 2));
  shx_fill_x(20261130u, batch, hidden, host);
  SHX_CUDA(cudaMemcpy(x, host, (size_t)batch * hidden * 2, cudaMemcpyHostToDevice));
  SHX_CUDA(cudaMalloc(&mailboxes, mailbox_bytes * tp));
  SHX_TRY(shx_mailbox_arm(mailboxes, mailbox_bytes * tp, NULL));
  void *peers[16];
  for (int p = 0; p < tp; ++p) peers[p] = (char *)mailboxes + p * mailbox_bytes;
  SHX_TRY(shx_bind_peers(op, peers, tp));

  SHX_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  SHX_CUDA(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  for (int l = 0; l < setup->layers && status == SHX_SUCCESS; ++l) {
    char *set = (char *)weights + (size_t)(l % setup->sets) * set_bytes;
    status = shx_bind_weights(op, set, set + gate_up_bytes);
    if (status == SHX_SUCCESS) status = shx_record_step(op, x, batch, l % 2, stream);
  }
  cudaError_t ended = cudaStreamEndCapture(stream, &graph);
  if (status != SHX_SUCCESS) goto cleanup;
  SHX_CUDA(ended);
  SHX_CUDA(cudaGraphInstantiate(&exec, graph, 0));
  SHX_CUDA(cudaEventCreate(&start));
  SHX_CUDA(cudaEventCreate(&stop));
  for (int i = 0; i < 3; ++i) SHX_CUDA(cudaGraphLaunch(exec, stream));
  for (int i = 0; i < setup->replays; ++i) {
    float ms = 0;
    SHX_CUDA(cudaEventRecord(start, stream));
    SHX_CUDA(cudaGraphLaunch(exec, stream));
    SHX_CUDA(cudaEventRecord(stop, stream));
    SHX_CUDA(cudaEventSynchronize(stop));
    SHX_CUDA(cudaEventElapsedTime(&ms, start, stop));
    samples[i] = ms * 1000.0 / setup->layers;
  }
  SHX_TRY(shx_check_device(op));
  qsort(samples, (size_t)setup->replays, sizeof *samples, compare_doubles);
  time->median_us = samples[setup->replays / 2];
  time->min_us = samples[0];
  time->max_us = samples[setup->replays - 1];
cleanup:
  if (stream) cudaStreamSynchronize(stream);
  if (exec) cudaGraphExecDestroy(exec);
  if (graph) cudaGraphDestroy(graph);
  if (start) cudaEventDestroy(start);
  if (stop) cudaEventDestroy(stop);
  if (stream) cudaStreamDestroy(stream);
  cudaFree(weights);
  cudaFree(mailboxes);
  cudaFree(x);
  shx_destroy(op);
  free(host);
  free(samples);
  return status;
}
