/* timing.c: see timing.h. */
#include "perf/timing.h"

#include <cuda_runtime_api.h>
#include <stdlib.h>
#include <string.h>

#include "engine/op.h"
#include "engine/status.h"
#include "perf/floor.h"
#include "testdata/inputs.h"

void shx_bench_free(shx_bench *b) {
  if (b->stream) {
    cudaStreamSynchronize((cudaStream_t)b->stream);
    cudaStreamDestroy((cudaStream_t)b->stream);
  }
  cudaFree(b->weights);
  cudaFree(b->x);
  cudaFree(b->mailboxes);
  memset(b, 0, sizeof *b);
}

shx_status shx_bench_make(const shx_timing_setup *setup, int batch, shx_bench *b) {
  shx_status status = SHX_SUCCESS;
  const shx_config *c = &setup->config;
  int inter = c->intermediate_total / c->tp;
  memset(b, 0, sizeof *b);
  b->gate_up_bytes = (size_t)2 * inter * c->hidden * 2;
  b->down_bytes = (size_t)c->hidden * inter * 2;
  b->set_bytes = b->gate_up_bytes + b->down_bytes;
  b->mailbox_bytes = shx_mailbox_bytes(c);
  size_t x_bytes = (size_t)c->capacity * c->hidden * 2;
  uint16_t *host = malloc(b->gate_up_bytes > x_bytes ? b->gate_up_bytes : x_bytes);
  if (host == NULL) return shx_fail(SHX_OUT_OF_MEMORY, "no host memory for timing");
  SHX_CUDA(cudaMalloc(&b->weights, b->set_bytes * setup->sets));
  shx_fill_gate_up(SHX_GOLDEN_SEED, 0, inter, c->hidden, host);
  SHX_CUDA(cudaMemcpy(b->weights, host, b->gate_up_bytes, cudaMemcpyHostToDevice));
  shx_fill_down(SHX_GOLDEN_SEED, 0, c->hidden, inter, c->intermediate_total, host);
  SHX_CUDA(cudaMemcpy((char *)b->weights + b->gate_up_bytes, host, b->down_bytes,
                      cudaMemcpyHostToDevice));
  for (int s = 1; s < setup->sets; ++s)
    SHX_CUDA(cudaMemcpy((char *)b->weights + s * b->set_bytes, b->weights, b->set_bytes,
                        cudaMemcpyDeviceToDevice));
  SHX_CUDA(cudaMalloc(&b->x, x_bytes));
  shx_fill_x(SHX_GOLDEN_SEED, batch, c->hidden, host);
  SHX_CUDA(cudaMemcpy(b->x, host, (size_t)batch * c->hidden * 2, cudaMemcpyHostToDevice));
  SHX_CUDA(cudaMalloc(&b->mailboxes, b->mailbox_bytes * c->tp));
  SHX_TRY(shx_mailbox_arm(b->mailboxes, b->mailbox_bytes * c->tp, NULL));
  SHX_CUDA(cudaStreamCreateWithFlags((cudaStream_t *)&b->stream, cudaStreamNonBlocking));
  SHX_CUDA(cudaDeviceSynchronize());
cleanup:
  free(host);
  if (status != SHX_SUCCESS) shx_bench_free(b);
  return status;
}

int shx_timing_l2_bytes(void) {
  int device = 0, l2_bytes = 0;
  if (cudaGetDevice(&device) != cudaSuccess ||
      cudaDeviceGetAttribute(&l2_bytes, cudaDevAttrL2CacheSize, device) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  return l2_bytes;
}

shx_timing_setup shx_timing_standard(shx_config config) {
  return shx_timing_streaming(config, shx_weight_bytes(&config));
}

shx_timing_setup shx_timing_streaming(shx_config config, double step_bytes) {
  shx_timing_setup setup = {config, 10, 0, 20, NULL, 0}; /* layers: fitted below */
  int l2_bytes = shx_timing_l2_bytes();
  if (l2_bytes == 0) l2_bytes = SHX_TIMING_DEFAULT_L2_BYTES;
  /* step_bytes is 0 only for a config shx_create refuses (I_total < tp): no loop then. */
  while (step_bytes > 0 && setup.sets * step_bytes < 2.0 * l2_bytes) ++setup.sets;
  setup.layers = shx_timing_fit_layers(SHX_TIMING_MIN_LAYERS, setup.sets);
  return setup;
}

int shx_timing_fit_layers(int layers, int sets) {
  if (sets < 1) return layers;
  /* Step l streams set l % sets: with more sets than steps the sets a graph streams would
   * not fill twice the L2 (weights under about 3 MB a rank), so every set gets a step. */
  if (layers < sets) layers = sets;
  /* Replays run back to back, so the steps at a graph's end and the next replay's first
   * steps follow each other too: with steps a multiple of sets, every two reads of one
   * set have the other sets - 1 between them there as well (12 sets at 40 steps, the
   * DeepSeek TP8 on an H200, read sets 0-3 at both sides of the boundary with 33 MB
   * between: in L2). Even too, so that the parity alternates across replays. At the
   * design dims (10 sets) this is 40. */
  const int unit = sets % 2 ? 2 * sets : sets;
  return (layers + unit - 1) / unit * unit;
}

void *shx_bench_weights(const shx_timing_setup *setup, const shx_bench *b, int layer) {
  return (char *)b->weights + (size_t)(layer % setup->sets) * b->set_bytes;
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double shx_median(double *values, int count) {
  qsort(values, (size_t)count, sizeof *values, compare_doubles);
  return count % 2 == 1 ? values[count / 2]
                        : 0.5 * (values[count / 2 - 1] + values[count / 2]);
}

shx_status shx_time_layers(const shx_timing_setup *setup, shx_bench *b,
                           shx_layer_recorder record, shx_layer_check check, void *context,
                           shx_step_time *time) {
  shx_status status = SHX_SUCCESS;
  cudaStream_t stream = (cudaStream_t)b->stream;
  cudaGraph_t graph = NULL;
  cudaGraphExec_t exec = NULL;
  const int replays = setup->replays;
  cudaEvent_t *events = calloc((size_t)replays + 1, sizeof *events);
  double *samples = calloc((size_t)replays, sizeof *samples);
  if (samples == NULL || events == NULL) {
    free(events);
    free(samples);
    return shx_fail(SHX_OUT_OF_MEMORY, "no host memory for samples");
  }
  SHX_CUDA(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  shx_status recorded = SHX_SUCCESS;
  for (int l = 0; l < setup->layers && recorded == SHX_SUCCESS; ++l)
    recorded = record(context, b, l);
  cudaError_t ended = cudaStreamEndCapture(stream, &graph);
  if ((status = recorded) != SHX_SUCCESS) goto cleanup;
  SHX_CUDA(ended);
  SHX_CUDA(cudaGraphInstantiate(&exec, graph, 0));
  for (int i = 0; i <= replays; ++i) SHX_CUDA(cudaEventCreate(&events[i]));
  SHX_CUDA(cudaGraphLaunch(exec, stream));
  if (check != NULL) {
    SHX_CUDA(cudaStreamSynchronize(stream));
    SHX_TRY(check(context));
  }
  /* The last warm-up replays and every timed one are enqueued without a wait: the first
   * event is stamped as the warm-up ends, each next one as a replay ends. */
  for (int i = 1; i < 3; ++i) SHX_CUDA(cudaGraphLaunch(exec, stream));
  SHX_CUDA(cudaEventRecord(events[0], stream));
  for (int i = 0; i < replays; ++i) {
    SHX_CUDA(cudaGraphLaunch(exec, stream));
    SHX_CUDA(cudaEventRecord(events[i + 1], stream));
  }
  SHX_CUDA(cudaEventSynchronize(events[replays]));
  for (int i = 0; i < replays; ++i) {
    float ms = 0;
    SHX_CUDA(cudaEventElapsedTime(&ms, events[i], events[i + 1]));
    samples[i] = ms * 1000.0 / setup->layers;
  }
  time->median_us = shx_median(samples, replays); /* sorted now */
  time->min_us = samples[0];
  time->max_us = samples[replays - 1];
cleanup:
  cudaStreamSynchronize(stream);
  if (exec) cudaGraphExecDestroy(exec);
  if (graph) cudaGraphDestroy(graph);
  for (int i = 0; i <= replays; ++i)
    if (events[i]) cudaEventDestroy(events[i]);
  free(events);
  free(samples);
  return status;
}

typedef struct step_context {
  const shx_timing_setup *setup;
  shx_op *op;
  int batch;
} step_context;

static shx_status record_step(void *context, const shx_bench *b, int layer) {
  step_context *c = context;
  char *set = shx_bench_weights(c->setup, b, layer);
  shx_status status = shx_bind_weights(c->op, set, set + b->gate_up_bytes);
  if (status != SHX_SUCCESS) return status;
  /* The trace buffer, if any, takes the last traced_steps steps, each its own stamps:
   * the step from one dependency wait to the next, and the gap between a grid's last
   * push and the next grid's wait, are then measured within the graph. */
  unsigned long long *trace = c->setup->fused_trace;
  const int traced = layer - (c->setup->layers - c->setup->traced_steps);
  shx_op_set_fused_trace(c->op, trace != NULL && traced >= 0
                                    ? trace + (size_t)traced * SHX_FUSED_TRACE_STEP_STAMPS
                                    : NULL);
  return shx_record_step(c->op, b->x, c->batch, layer % 2, b->stream);
}

static shx_status check_step(void *context) {
  return shx_check_device(((step_context *)context)->op);
}

shx_status shx_time_steps(const shx_timing_setup *setup, shx_variant variant, int batch,
                          shx_step_time *time) {
  return shx_time_steps_prepared(setup, variant, batch, NULL, NULL, time);
}

shx_status shx_time_steps_prepared(const shx_timing_setup *setup, shx_variant variant,
                                   int batch, shx_op_preparer prepare, void *prepare_context,
                                   shx_step_time *time) {
  shx_status status = SHX_SUCCESS;
  shx_config config = setup->config;
  config.variant = variant;
  config.rank = 0;
  shx_op *op = NULL;
  shx_bench b;
  SHX_TRY(shx_bench_make(setup, batch, &b));
  SHX_TRY(shx_create(&config, &op));
  if (prepare != NULL) SHX_TRY(prepare(prepare_context, op, batch));
  void *peers[16];
  for (int p = 0; p < config.tp; ++p) peers[p] = (char *)b.mailboxes + p * b.mailbox_bytes;
  SHX_TRY(shx_bind_peers(op, peers, config.tp));
  step_context context = {setup, op, batch};
  SHX_TRY(shx_time_layers(setup, &b, record_step, check_step, &context, time));
  SHX_TRY(shx_check_device(op));
cleanup:
  shx_destroy(op);
  shx_bench_free(&b);
  return status;
}

typedef struct floor_context {
  const shx_timing_setup *setup;
  int grid, pdl, ctas_per_sm;
} floor_context;

static shx_status record_floor(void *context, const shx_bench *b, int layer) {
  floor_context *c = context;
  char *set = shx_bench_weights(c->setup, b, layer);
  char message[256] = "";
  shx_status status;
  if (c->grid > 0)
    status = shx_floor_launch(set, b->set_bytes, c->grid, c->pdl, c->ctas_per_sm, b->stream,
                              message);
  else if (c->grid == 0) /* the gate/up bytes alone, flat */
    status = shx_floor_launch(set, b->gate_up_bytes, 96, c->pdl, c->ctas_per_sm, b->stream,
                              message);
  else /* the gate/up bytes in the fused kernel's 2D-box pattern */
    status = shx_floor_tiles_launch(set, c->setup->config.hidden,
                                    c->setup->config.intermediate_total / c->setup->config.tp,
                                    b->stream, message);
  return status == SHX_SUCCESS ? status : shx_fail(status, "%s", message);
}

shx_status shx_time_floor(const shx_timing_setup *setup, int grid, int pdl, int ctas_per_sm,
                          shx_step_time *time) {
  shx_status status = SHX_SUCCESS;
  shx_bench b;
  SHX_TRY(shx_bench_make(setup, 1, &b));
  floor_context context = {setup, grid, pdl, ctas_per_sm};
  SHX_TRY(shx_time_layers(setup, &b, record_floor, NULL, &context, time));
cleanup:
  shx_bench_free(&b);
  return status;
}

shx_status shx_enter_engine_state(void) {
  shx_status status = SHX_SUCCESS;
  enum { kBytes = 4096 };
  void *buffers = NULL;
  cudaStream_t stream = NULL;
  SHX_CUDA(cudaMalloc(&buffers, 2 * kBytes));
  SHX_CUDA(cudaMemset(buffers, 0, 2 * kBytes));
  SHX_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  for (int k = 0; k < SHX_ENGINE_STATE_COPIES; ++k)
    SHX_CUDA(cudaMemcpyAsync((char *)buffers + kBytes, buffers, kBytes,
                             cudaMemcpyDeviceToDevice, stream));
  SHX_CUDA(cudaStreamSynchronize(stream));
cleanup:
  if (stream != NULL) cudaStreamDestroy(stream);
  if (buffers != NULL) cudaFree(buffers);
  return status;
}
