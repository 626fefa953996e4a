/* nccl_compare.c: see nccl_compare.h. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include "perf/nccl_compare.h"

#include <cuda_runtime_api.h>
#include <nccl.h>
#include <stdlib.h>
#include <string.h>

#include "engine/op.h"
#include "engine/status.h"
#include "graphs/group.h"
#include "graphs/testbed.h"

#define MAX_GPUS 8

#define SHX_NCCL(call)                                                              \
  do {                                                                              \
    ncclResult_t nccl_status_ = (call);                                             \
    if (nccl_status_ != ncclSuccess) {                                              \
      status = shx_fail(SHX_CUDA_ERROR, "%s failed: %s", #call,                     \
                        ncclGetErrorString(nccl_status_));                          \
      goto cleanup;                                                                 \
    }                                                                               \
  } while (0)

/* (a): per GPU an op (its baseline chain writes op->y), a reduce-scatter output, a
 * stream, and one step graph: the chain, then the reduce-scatter of y. */
static shx_status time_nccl(const shx_testbed *bed, int gpus, int batch, int steps,
                            double *us_per_step) {
  shx_status status = SHX_SUCCESS;
  const shx_config *base = &bed->config;
  size_t inter = (size_t)base->intermediate_total / base->tp;
  shx_op *ops[MAX_GPUS] = {0};
  void *gate_up[MAX_GPUS] = {0}, *down[MAX_GPUS] = {0}, *x[MAX_GPUS] = {0};
  void *scattered[MAX_GPUS] = {0};
  cudaStream_t streams[MAX_GPUS] = {0};
  cudaGraphExec_t steps_exec[MAX_GPUS] = {0};
  ncclComm_t comms[MAX_GPUS] = {0};
  int devices[MAX_GPUS];
  cudaGraph_t graphs[MAX_GPUS] = {0};
  cudaEvent_t start = NULL, stop = NULL;
  int capturing[MAX_GPUS] = {0};
  size_t count = (size_t)batch * base->hidden / gpus; /* elements each rank receives */
  for (int g = 0; g < gpus; ++g) {
    devices[g] = g;
    SHX_CUDA(cudaSetDevice(g));
    shx_config config = *base;
    config.rank = g;
    config.variant = SHX_VARIANT_BASELINE;
    SHX_TRY(shx_create(&config, &ops[g]));
    SHX_CUDA(cudaMalloc(&gate_up[g], 2 * inter * base->hidden * 2));
    SHX_CUDA(cudaMalloc(&down[g], inter * base->hidden * 2));
    SHX_CUDA(cudaMemcpy(gate_up[g], bed->gate_up[g], 2 * inter * base->hidden * 2,
                        cudaMemcpyHostToDevice));
    SHX_CUDA(cudaMemcpy(down[g], bed->down[g], inter * base->hidden * 2,
                        cudaMemcpyHostToDevice));
    SHX_CUDA(cudaMalloc(&x[g], (size_t)base->capacity * base->hidden * 2));
    SHX_CUDA(cudaMemcpy(x[g], bed->x, (size_t)batch * base->hidden * 2,
                        cudaMemcpyHostToDevice));
    SHX_CUDA(cudaMalloc(&scattered[g], count * 2));
    SHX_CUDA(cudaStreamCreateWithFlags(&streams[g], cudaStreamNonBlocking));
    SHX_TRY(shx_bind_weights(ops[g], gate_up[g], down[g]));
  }
  SHX_NCCL(ncclCommInitAll(comms, gpus, devices));
  /* One step, captured on every GPU's stream at once (NCCL's multi-GPU capture). */
  for (int g = 0; g < gpus; ++g) {
    SHX_CUDA(cudaSetDevice(g));
    SHX_CUDA(cudaStreamBeginCapture(streams[g], cudaStreamCaptureModeThreadLocal));
    capturing[g] = 1;
  }
  for (int g = 0; g < gpus; ++g) {
    SHX_CUDA(cudaSetDevice(g));
    SHX_TRY(shx_baseline_chain(ops[g], x[g], batch, streams[g]));
  }
  SHX_NCCL(ncclGroupStart());
  for (int g = 0; g < gpus; ++g)
    SHX_NCCL(ncclReduceScatter(ops[g]->y, scattered[g], count, ncclBfloat16, ncclSum,
                               comms[g], streams[g]));
  SHX_NCCL(ncclGroupEnd());
  /* Every capture ends before any graph is instantiated: instantiation is refused while
   * this thread still captures another stream (thread-local capture mode). */
  for (int g = 0; g < gpus; ++g) {
    SHX_CUDA(cudaSetDevice(g));
    capturing[g] = 0;
    SHX_CUDA(cudaStreamEndCapture(streams[g], &graphs[g]));
  }
  for (int g = 0; g < gpus; ++g) {
    SHX_CUDA(cudaSetDevice(g));
    SHX_CUDA(cudaGraphInstantiate(&steps_exec[g], graphs[g], 0));
    /* Forgotten before its status is read, so that cleanup does not free it again. */
    const cudaError_t destroyed = cudaGraphDestroy(graphs[g]);
    graphs[g] = NULL;
    SHX_CUDA(destroyed);
  }
  for (int i = 0; i < 5 + steps; ++i) {
    if (i == 5) {
      SHX_CUDA(cudaSetDevice(0));
      SHX_CUDA(cudaEventCreate(&start));
      SHX_CUDA(cudaEventCreate(&stop));
      SHX_CUDA(cudaEventRecord(start, streams[0]));
    }
    for (int g = 0; g < gpus; ++g) {
      SHX_CUDA(cudaSetDevice(g));
      SHX_CUDA(cudaGraphLaunch(steps_exec[g], streams[g]));
    }
  }
  SHX_CUDA(cudaSetDevice(0));
  SHX_CUDA(cudaEventRecord(stop, streams[0])); /* the reduce-scatter joins the GPUs */
  for (int g = 0; g < gpus; ++g) {
    SHX_CUDA(cudaSetDevice(g));
    SHX_CUDA(cudaStreamSynchronize(streams[g]));
  }
  float ms = 0;
  SHX_CUDA(cudaEventElapsedTime(&ms, start, stop));
  *us_per_step = ms * 1000.0 / steps;
cleanup:
  /* Every capture ends before anything is freed: shx_destroy synchronizes its device,
   * which a stream of another GPU still capturing would make fail. */
  for (int g = 0; g < gpus; ++g) {
    cudaSetDevice(g);
    if (capturing[g]) {
      cudaGraph_t abandoned = NULL;
      cudaStreamEndCapture(streams[g], &abandoned);
      if (abandoned) cudaGraphDestroy(abandoned);
    }
  }
  for (int g = 0; g < gpus; ++g) {
    cudaSetDevice(g);
    if (graphs[g]) cudaGraphDestroy(graphs[g]);
    if (steps_exec[g]) cudaGraphExecDestroy(steps_exec[g]);
    if (streams[g]) cudaStreamSynchronize(streams[g]);
    if (comms[g]) ncclCommDestroy(comms[g]);
    if (streams[g]) cudaStreamDestroy(streams[g]);
    shx_destroy(ops[g]);
    cudaFree(gate_up[g]);
    cudaFree(down[g]);
    cudaFree(x[g]);
    cudaFree(scattered[g]);
  }
  cudaSetDevice(0);
  if (start) cudaEventDestroy(start);
  if (stop) cudaEventDestroy(stop);
  (void)cudaGetLastError();
  return status;
}

shx_status shx_compare_nccl(int gpus, int batch, int steps, shx_nccl_comparison *result) {
  shx_status status = SHX_SUCCESS;
  if (gpus < 2 || gpus > MAX_GPUS)
    return shx_fail(SHX_INVALID_ARGUMENT, "gpus %d is outside [2, %d]", gpus, MAX_GPUS);
  setenv("NCCL_NVLS_ENABLE", "0", 0); /* never NVLink multicast on shared hosts */
  shx_testbed bed;
  shx_testbed_make(&bed, gpus, 7168, 6144, 128, SHX_ACT_SITU);
  SHX_TRY(time_nccl(&bed, gpus, batch, steps, &result->nccl_us));
  shx_group *group = shx_testbed_group(&bed, SHX_VARIANT_BASELINE, gpus, batch, 1);
  status = shx_group_time_steps(group, steps, &result->push_us);
  shx_group_destroy(group);
cleanup:
  shx_testbed_free(&bed);
  return status;
}
