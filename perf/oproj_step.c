/* oproj_step.c: the shared-expert step after an attention o-proj, and what programmatic
 * dependent launch (PDL) gains there (SPEC "Speed targets": decode step with PDL after the
 * o-proj, faster than without it).
 *
 *   oproj_step [check]  the test (exit 0 passed, 1 failed, 77 skipped without a Hopper GPU;
 *                       //perf:oproj_step_gpu_test)
 *   oproj_step check quick   TP8 B=16 only, 2 replays a form (for compute-sanitizer)
 *   oproj_step time [--dims deepseek] [--batches 9,16,64] [--sets N]
 *
 * The o-proj is a cuBLASLt GEMM, as engines run it: x [B, H] = a [B, A] W_o [H, A]^T,
 * BF16 in and out, FP32 compute, with A = 16384 / tp (DeepSeek-V3's 128 heads of 128
 * values; its all-reduce and norm are left out: x is the GEMM's output). Then rank 0's
 * fused step reads x (shx_record_step). cuBLASLt's kernels never execute
 * griddepcontrol.launch_dependents, so a programmatic edge out of their programmatic port
 * fires only when they end: PDL as the op launches it gains nothing there (SPEC's measured
 * facts). The edge can instead leave the GEMM's launch-completion port
 * (cudaGraphKernelNodePortLaunchCompletion: it fires once every block of the GEMM has
 * begun), set in the capture with cudaStreamUpdateCaptureDependencies before the step is
 * recorded. The fused kernel reads nothing the o-proj writes before its
 * griddepcontrol.wait, which waits for the whole GEMM and its memory (PTX ISA), so only
 * its prologue and first ring of weights move earlier.
 *
 * Edge forms, one graph each (edge_form):
 *   serial        programmatic_launch 0: a plain edge, the step starts after the GEMM;
 *   pdl           programmatic_launch 1: the capture's programmatic edge out of the
 *                 GEMM's programmatic port (the op's default);
 *   launch        programmatic_launch 0, the step's edge rewritten as programmatic out of
 *                 the GEMM's launch-completion port;
 *   launch+attr   the same with programmatic_launch 1: the capture then keeps the
 *                 attribute's edge (out of the programmatic port), not the rewrite
 *                 (perf/RESULTS.md run 82 call 2; the check asserts it);
 *   own serial    the project's o-proj (shx_record_oproj; ops/oproj.cu: TMA and wgmma, the
 *                 fused kernel's down loop alone) instead of cuBLASLt's, both it and the
 *                 step without PDL (the op's programmatic_launch 0);
 *   own pdl       both with PDL: the o-proj triggers its dependents at its start, so the
 *                 step's prologue and first ring overlap it (and the o-proj's first
 *                 weights overlap the previous layer's step, which triggers early too).
 * (Run 82 call 5 also timed "own pdl late", the o-proj's trigger after its K loop: slower
 * than "own pdl" in every cell, and gone since.)
 *
 * check: first the own o-proj's x against cuBLASLt's at every padded batch's kernel (B =
 * 1, 8, 9, 17, 25, 33, 41, 49, 57, 64 at TP8 and TP16; relative L2 under 2e-3, reruns
 * bitwise equal). Then at TP8 and TP16 (design dims), B = 9 and 64: each layer of a graph
 * runs an attention stand-in (perf/floor.h: it lets its dependents launch at once, spins
 * 20 us, then writes a new `a`, other values each layer, and poisons x with NaNs), then
 * the o-proj into x, then the step. The step's pushes (rank 0's y_0 columns in every
 * owner's mailbox) must be bitwise equal to the serial form's with the same o-proj, over
 * 20 replays each, and hold no NaN and no unwritten slot: a step that read x before the
 * o-proj had written it would push NaNs, and an o-proj launched with PDL that read `a`
 * before its dependency wait would read the previous layer's values. The serial forms
 * themselves are checked against the host: x against BF16(a W_o^T) from the last layer's
 * `a`, the pushes against shx_ref_rank's y_0 on that x (relative L2 within
 * SHX_REF_REL_L2_MAX, no element beyond SHX_REF_ELEMENT_MAX). A graph without the
 * o-proj shows that the poison reaches the pushes (the check can fail). The graphs' edges
 * into the step are read back and counted.
 *
 * time: per (tp, B) each o-proj alone, the step alone (PDL between steps, as bench), and
 * o-proj + step in each edge form (the own forms at B <= 64, SHX_MAX_OPROJ_BATCH); graphs
 * of `layers` layers (40 at the design dims; an even multiple of the sets, perf/timing.h),
 * each on its own weight set of the o-proj and of the step, rotated over `sets` sets (L2
 * cold).
 */
#include <cublasLt.h>
#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/status.h"
#include "graphs/testbed.h"
#include "ops/oproj.h"
#include "ops/reference.h"
#include "perf/floor.h"
#include "perf/timing.h"
#include "testdata/inputs.h"

enum { kAttentionTotal = 16384, kPoison = 0xFF };
/* The attention stand-in's spin before it writes: long enough that an o-proj launched
 * with PDL is placed and issues its first loads while the stand-in still runs. */
static const double kStandinMicroseconds = 20.0;

typedef enum edge_form {
  kSerial, kPdl, kLaunch, kLaunchAttr, /* the cuBLASLt o-proj */
  kOwnSerial, kOwnPdl,                 /* the project's (ops/oproj.cu) */
  kEdgeForms
} edge_form;
static const char *const kEdgeNames[kEdgeForms] = {"serial",     "pdl",    "launch",
                                                   "launch+attr", "own serial", "own pdl"};
static int uses_own(edge_form form) { return form >= kOwnSerial; }

/* The o-proj: its cuBLASLt plan for one batch, its weight sets and its input. */
typedef struct oproj {
  cublasLtHandle_t lt;
  cublasLtMatmulDesc_t desc;
  cublasLtMatrixLayout_t layout_w, layout_a, layout_x;
  cublasLtMatmulAlgo_t algo;
  void *workspace;
  size_t workspace_bytes, weight_bytes;
  void *weights, *a; /* sets x [H, A]; [B, A] */
  int hidden, attention, batch, sets;
} oproj;

#define LT(call)                                                                      \
  do {                                                                                \
    cublasStatus_t lt_status_ = (call);                                               \
    if (lt_status_ != CUBLAS_STATUS_SUCCESS) {                                        \
      status = shx_fail(SHX_CUDA_ERROR, "%s: cuBLAS status %d", #call, (int)lt_status_); \
      goto cleanup;                                                                   \
    }                                                                                 \
  } while (0)

static void oproj_free(oproj *o) {
  if (o->layout_x) cublasLtMatrixLayoutDestroy(o->layout_x);
  if (o->layout_a) cublasLtMatrixLayoutDestroy(o->layout_a);
  if (o->layout_w) cublasLtMatrixLayoutDestroy(o->layout_w);
  if (o->desc) cublasLtMatmulDescDestroy(o->desc);
  if (o->lt) cublasLtDestroy(o->lt);
  cudaFree(o->workspace);
  cudaFree(o->weights);
  cudaFree(o->a);
  memset(o, 0, sizeof *o);
}

/* Column-major D [H, B] = op_T(W_o) [H, A] a [A, B]: row-major x = a W_o^T. */
static shx_status oproj_make(int hidden, int tp, int batch, int sets, oproj *o) {
  shx_status status = SHX_SUCCESS;
  cublasLtMatmulPreference_t preference = NULL;
  uint16_t *host = NULL;
  memset(o, 0, sizeof *o);
  o->hidden = hidden;
  o->attention = kAttentionTotal / tp;
  o->batch = batch;
  o->sets = sets;
  o->workspace_bytes = 32u << 20;
  o->weight_bytes = (size_t)hidden * o->attention * 2;
  const cublasOperation_t transpose = CUBLAS_OP_T, plain = CUBLAS_OP_N;
  LT(cublasLtCreate(&o->lt));
  LT(cublasLtMatmulDescCreate(&o->desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  LT(cublasLtMatmulDescSetAttribute(o->desc, CUBLASLT_MATMUL_DESC_TRANSA, &transpose,
                                    sizeof transpose));
  LT(cublasLtMatmulDescSetAttribute(o->desc, CUBLASLT_MATMUL_DESC_TRANSB, &plain,
                                    sizeof plain));
  LT(cublasLtMatrixLayoutCreate(&o->layout_w, CUDA_R_16BF, o->attention, hidden,
                                o->attention));
  LT(cublasLtMatrixLayoutCreate(&o->layout_a, CUDA_R_16BF, o->attention, batch,
                                o->attention));
  LT(cublasLtMatrixLayoutCreate(&o->layout_x, CUDA_R_16BF, hidden, batch, hidden));
  LT(cublasLtMatmulPreferenceCreate(&preference));
  LT(cublasLtMatmulPreferenceSetAttribute(preference,
                                          CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                          &o->workspace_bytes, sizeof o->workspace_bytes));
  cublasLtMatmulHeuristicResult_t result;
  int found = 0;
  LT(cublasLtMatmulAlgoGetHeuristic(o->lt, o->desc, o->layout_w, o->layout_a, o->layout_x,
                                    o->layout_x, preference, 1, &result, &found));
  if (found < 1) {
    status = shx_fail(SHX_UNSUPPORTED, "cuBLASLt has no o-proj algorithm");
    goto cleanup;
  }
  o->algo = result.algo;
  SHX_CUDA(cudaMalloc(&o->workspace, o->workspace_bytes));
  SHX_CUDA(cudaMalloc(&o->weights, o->weight_bytes * sets));
  SHX_CUDA(cudaMalloc(&o->a, (size_t)batch * o->attention * 2));
  host = malloc(o->weight_bytes);
  if (host == NULL) {
    status = shx_fail(SHX_OUT_OF_MEMORY, "no host memory for the o-proj weights");
    goto cleanup;
  }
  /* Seeded values of the right size: W_o as a down weight of I_total = 16384, a as
   * rows of A values (x's generator). */
  shx_fill_down(SHX_GOLDEN_SEED + 1, 0, hidden, o->attention, kAttentionTotal, host);
  for (int s = 0; s < sets; ++s)
    SHX_CUDA(cudaMemcpy((char *)o->weights + s * o->weight_bytes, host, o->weight_bytes,
                        cudaMemcpyHostToDevice));
  shx_fill_x(SHX_GOLDEN_SEED + 2, batch, o->attention, host);
  SHX_CUDA(cudaMemcpy(o->a, host, (size_t)batch * o->attention * 2, cudaMemcpyHostToDevice));
cleanup:
  free(host);
  if (preference) cublasLtMatmulPreferenceDestroy(preference);
  if (status != SHX_SUCCESS) oproj_free(o);
  return status;
}

/* The o-proj of `layer` into x: cuBLASLt's GEMM, or (own) ops/oproj.cu with or without
 * programmatic dependent launch: through the public shx_record_oproj where an op is given
 * (PDL as its config says), else through the launcher (the o-proj alone). */
static shx_status oproj_record(const oproj *o, int layer, void *x, int own, int pdl,
                               shx_op *op, cudaStream_t stream) {
  shx_status status = SHX_SUCCESS;
  const float alpha = 1.0f, beta = 0.0f;
  const void *weights = (const char *)o->weights + (size_t)(layer % o->sets) * o->weight_bytes;
  if (own && op != NULL)
    return shx_record_oproj(op, weights, o->a, o->attention, x, o->batch, stream);
  if (own) {
    const shx_oproj_args args = {weights, o->a, x, o->hidden, o->attention, o->batch};
    char message[SHX_MESSAGE_BYTES] = "";
    status = shx_oproj_launch(&args, stream, pdl, message);
    return status == SHX_SUCCESS ? status : shx_fail(status, "%s", message);
  }
  LT(cublasLtMatmul(o->lt, o->desc, &alpha, weights, o->layout_w, o->a, o->layout_a, &beta,
                    x, o->layout_x, x, o->layout_x, &o->algo, o->workspace,
                    o->workspace_bytes, stream));
cleanup:
  return status;
}

/* The capture's next node will depend on the last captured one (the GEMM's last kernel)
 * through a programmatic edge out of its launch-completion port. */
static shx_status edge_from_launch_completion(cudaStream_t stream) {
  shx_status status = SHX_SUCCESS;
  enum cudaStreamCaptureStatus capturing;
  const cudaGraphNode_t *dependencies = NULL;
  const cudaGraphEdgeData *data = NULL;
  size_t count = 0;
  SHX_CUDA(cudaStreamGetCaptureInfo(stream, &capturing, NULL, NULL, &dependencies, &data,
                                    &count));
  if (capturing != cudaStreamCaptureStatusActive || count != 1)
    return shx_fail(SHX_CUDA_ERROR, "the capture has %zu dependencies, not the GEMM's one",
                    count);
  cudaGraphNode_t gemm = dependencies[0];
  enum cudaGraphNodeType type;
  SHX_CUDA(cudaGraphNodeGetType(gemm, &type));
  if (type != cudaGraphNodeTypeKernel)
    return shx_fail(SHX_CUDA_ERROR, "the o-proj's last node is not a kernel (type %d)",
                    (int)type);
  cudaGraphEdgeData edge;
  memset(&edge, 0, sizeof edge);
  edge.from_port = cudaGraphKernelNodePortLaunchCompletion;
  edge.type = cudaGraphDependencyTypeProgrammatic;
  SHX_CUDA(cudaStreamUpdateCaptureDependencies(stream, &gemm, &edge, 1,
                                               cudaStreamSetCaptureDependencies));
cleanup:
  return status;
}

/* One layer: [the attention stand-in,] [the o-proj into x,] the step, its incoming edge
 * by `form`. */
typedef struct layer_context {
  const shx_timing_setup *setup;
  const oproj *o;
  shx_op *op;
  edge_form form;
  int batch, with_gemm, with_step, poison;
  cudaGraphNode_t *step_nodes; /* where set: each layer's step node, as captured */
} layer_context;

static shx_status record_layer(void *context, const shx_bench *b, int layer) {
  layer_context *c = context;
  cudaStream_t stream = (cudaStream_t)b->stream;
  shx_status status = SHX_SUCCESS;
  if (c->poison) { /* the attention stand-in: a new `a`, x poisoned */
    char message[256] = "";
    status = shx_attention_standin_launch(c->o->a, (size_t)c->batch * c->o->attention, b->x,
                                          (size_t)c->batch * c->setup->config.hidden,
                                          (uint32_t)layer + 1u, kStandinMicroseconds, stream,
                                          message);
    if (status != SHX_SUCCESS) return shx_fail(status, "%s", message);
  }
  if (c->with_gemm)
    SHX_TRY(oproj_record(c->o, layer, b->x, uses_own(c->form), c->form == kOwnPdl, c->op,
                         stream));
  if (!c->with_step) return SHX_SUCCESS;
  if (c->with_gemm && (c->form == kLaunch || c->form == kLaunchAttr))
    SHX_TRY(edge_from_launch_completion(stream));
  char *set = shx_bench_weights(c->setup, b, layer);
  SHX_TRY(shx_bind_weights(c->op, set, set + b->gate_up_bytes));
  SHX_TRY(shx_record_step(c->op, b->x, c->batch, layer % 2, stream));
  if (c->step_nodes != NULL) { /* the capture's last node is the step's kernel */
    enum cudaStreamCaptureStatus capturing;
    const cudaGraphNode_t *last = NULL;
    const cudaGraphEdgeData *data = NULL;
    size_t count = 0;
    SHX_CUDA(cudaStreamGetCaptureInfo(stream, &capturing, NULL, NULL, &last, &data, &count));
    if (count != 1) return shx_fail(SHX_CUDA_ERROR, "the step left %zu nodes, not 1", count);
    c->step_nodes[layer] = last[0];
  }
cleanup:
  return status;
}

static shx_status check_layer(void *context) {
  layer_context *c = context;
  return c->op != NULL ? shx_check_device(c->op) : SHX_SUCCESS;
}

/* Rank 0's fused op for `form`, its peers the bench's local mailboxes. */
static shx_status make_op(const shx_timing_setup *setup, const shx_bench *b, edge_form form,
                          shx_op **op) {
  shx_config config = setup->config;
  config.variant = SHX_VARIANT_FUSED;
  config.rank = 0;
  config.programmatic_launch = form == kPdl || form == kLaunchAttr || form >= kOwnPdl;
  shx_status status = shx_create(&config, op);
  if (status != SHX_SUCCESS) return status;
  void *peers[16];
  for (int p = 0; p < config.tp; ++p) peers[p] = (char *)b->mailboxes + p * b->mailbox_bytes;
  char *set = shx_bench_weights(setup, b, 0);
  status = shx_bind_weights(*op, set, set + b->gate_up_bytes);
  return status == SHX_SUCCESS ? shx_bind_peers(*op, peers, config.tp) : status;
}

static int fail_status(const char *what) {
  fprintf(stderr, "FAIL %s: %s\n", what, shx_last_error());
  return 1;
}

/* ---- check ---- */

typedef struct edge_reading {
  int into_step, programmatic, launch_port; /* edges into the step's kernel nodes */
} edge_reading;

/* The edges into the steps' nodes (`steps` of them, as captured). */
static int read_edges(cudaGraph_t graph, const cudaGraphNode_t *steps, int step_count,
                      edge_reading *reading) {
  memset(reading, 0, sizeof *reading);
  size_t count = 0;
  if (cudaGraphGetEdges(graph, NULL, NULL, NULL, &count) != cudaSuccess) return 0;
  cudaGraphNode_t *from = calloc(count + 1, sizeof *from), *to = calloc(count + 1, sizeof *to);
  cudaGraphEdgeData *data = calloc(count + 1, sizeof *data);
  int ok = from != NULL && to != NULL && data != NULL &&
           cudaGraphGetEdges(graph, from, to, data, &count) == cudaSuccess;
  for (size_t e = 0; ok && e < count; ++e) {
    int into_step = 0;
    for (int i = 0; i < step_count; ++i) into_step |= to[e] == steps[i];
    if (!into_step) continue;
    ++reading->into_step;
    reading->programmatic += data[e].type == cudaGraphDependencyTypeProgrammatic;
    reading->launch_port += data[e].from_port == cudaGraphKernelNodePortLaunchCompletion;
  }
  free(from);
  free(to);
  free(data);
  return ok;
}

/* Captures `layers` layers, replays the graph `replays` times (each after re-arming the
 * mailboxes) and leaves the last replay's mailboxes in `pushed`; reads the edges. */
static shx_status run_layers(const shx_timing_setup *setup, shx_bench *b, layer_context *c,
                             int replays, uint16_t *pushed, uint16_t *first,
                             edge_reading *edges, int *replays_equal) {
  shx_status status = SHX_SUCCESS;
  cudaStream_t stream = (cudaStream_t)b->stream;
  cudaGraph_t graph = NULL;
  cudaGraphExec_t exec = NULL;
  const size_t bytes = b->mailbox_bytes * setup->config.tp;
  cudaGraphNode_t steps[64];
  if (setup->layers > 64) return shx_fail(SHX_INVALID_ARGUMENT, "over 64 layers");
  c->step_nodes = steps;
  SHX_CUDA(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  shx_status recorded = SHX_SUCCESS;
  for (int l = 0; l < setup->layers && recorded == SHX_SUCCESS; ++l)
    recorded = record_layer(c, b, l);
  cudaError_t ended = cudaStreamEndCapture(stream, &graph);
  c->step_nodes = NULL;
  SHX_TRY(recorded);
  SHX_CUDA(ended);
  if (!read_edges(graph, steps, setup->layers, edges))
    return shx_fail(SHX_CUDA_ERROR, "cannot read the graph's edges");
  SHX_CUDA(cudaGraphInstantiate(&exec, graph, 0));
  *replays_equal = 1;
  for (int r = 0; r < replays; ++r) {
    SHX_TRY(shx_mailbox_arm(b->mailboxes, bytes, stream));
    SHX_CUDA(cudaGraphLaunch(exec, stream));
    SHX_CUDA(cudaStreamSynchronize(stream));
    SHX_TRY(check_layer(c));
    SHX_CUDA(cudaMemcpy(r == 0 ? first : pushed, b->mailboxes, bytes, cudaMemcpyDeviceToHost));
    if (r > 0 && memcmp(first, pushed, bytes) != 0) *replays_equal = 0;
  }
  if (replays == 1) memcpy(pushed, first, bytes);
cleanup:
  if (exec) cudaGraphExecDestroy(exec);
  if (graph) cudaGraphDestroy(graph);
  return status;
}

static int is_nan_bf16(uint16_t v) { return (v & 0x7F80) == 0x7F80 && (v & 0x007F) != 0; }

/* Rank 0's pushes of the last layer's parity: every owner's slots of source 0, rows
 * 0..batch-1. Counts NaNs and unwritten (0x8000) slots. */
static void count_pushes(const shx_config *c, const uint16_t *mailboxes, size_t mailbox_bytes,
                         int batch, int parity, int *nans, int *unwritten) {
  const int shard = c->hidden / c->tp;
  *nans = *unwritten = 0;
  for (int owner = 0; owner < c->tp; ++owner) {
    const uint16_t *box = mailboxes + owner * (mailbox_bytes / 2);
    /* [2 parities][tp sources][capacity][S]: source 0 of `parity`. */
    const uint16_t *slots = box + (size_t)parity * c->tp * c->capacity * shard;
    for (int i = 0; i < batch * shard; ++i) {
      *nans += is_nan_bf16(slots[i]);
      *unwritten += slots[i] == 0x8000;
    }
  }
}

/* A serial form (the others' reference) against the CPU, after its last replay: x (the
 * last layer's o-proj output, read back) against BF16(a W_o^T) summed on the host from
 * the last layer's `a` (the stand-in's, read back) and the seeded W_o (every set holds
 * the same values); then rank 0's pushes against shx_ref_rank's y_0 on that x and the
 * bench's seeded weights (owner p's slots of source 0 hold y_0's columns [p S, (p + 1)
 * S)). Each of x and the pushes: relative L2 within SHX_REF_REL_L2_MAX, no element beyond
 * SHX_REF_ELEMENT_MAX, no NaN. Returns 1 if it passed. */
static int serial_against_host(const shx_config *c, const oproj *o, const shx_bench *b,
                               const uint16_t *pushed, int batch, int parity,
                               const char *name) {
  const int inter = c->intermediate_total / c->tp, shard = c->hidden / c->tp;
  const size_t x_count = (size_t)batch * c->hidden;
  const size_t a_count = (size_t)batch * o->attention;
  uint16_t *x = malloc(x_count * 2), *x_want = malloc(x_count * 2), *y0 = malloc(x_count * 2);
  uint16_t *got = malloc(x_count * 2), *a = malloc(a_count * 2), *w_o = malloc(o->weight_bytes);
  uint16_t *gate_up = malloc(b->gate_up_bytes), *down = malloc(b->down_bytes);
  int ok = x && x_want && y0 && got && a && w_o && gate_up && down &&
           cudaMemcpy(x, b->x, x_count * 2, cudaMemcpyDeviceToHost) == cudaSuccess &&
           cudaMemcpy(a, o->a, a_count * 2, cudaMemcpyDeviceToHost) == cudaSuccess;
  if (ok) {
    shx_fill_down(SHX_GOLDEN_SEED + 1, 0, c->hidden, o->attention, kAttentionTotal, w_o);
    ok = shx_ref_linear(batch, o->attention, c->hidden, a, w_o, x_want) == 0;
  }
  int x_nans = 0, y_nans = 0;
  double x_error = INFINITY, x_worst = INFINITY, y_error = INFINITY, y_worst = INFINITY;
  if (ok) {
    x_error = shx_rel_l2(x, x_want, x_count, &x_nans);
    x_worst = shx_max_element_error(x, x_want, x_count, NULL);
    shx_fill_gate_up(SHX_GOLDEN_SEED, 0, inter, c->hidden, gate_up);
    shx_fill_down(SHX_GOLDEN_SEED, 0, c->hidden, inter, c->intermediate_total, down);
    const shx_ref_problem problem = {c->hidden, c->intermediate_total, c->tp, batch,
                                     c->activation, c->situ_beta, c->situ_lambda};
    ok = shx_ref_rank(&problem, 0, x, gate_up, down, y0) == 0;
    /* got [t][p S + c] = owner p's slot (source 0, row t, column c) of `parity`. */
    for (int owner = 0; ok && owner < c->tp; ++owner) {
      const uint16_t *slots = pushed + owner * (b->mailbox_bytes / 2) +
                              (size_t)parity * c->tp * c->capacity * shard;
      for (int t = 0; t < batch; ++t)
        memcpy(got + (size_t)t * c->hidden + (size_t)owner * shard,
               slots + (size_t)t * shard, (size_t)shard * 2);
    }
    if (ok) {
      y_error = shx_rel_l2(got, y0, x_count, &y_nans);
      y_worst = shx_max_element_error(got, y0, x_count, NULL);
    }
  }
  const int pass = ok && x_nans == 0 && x_error <= SHX_REF_REL_L2_MAX &&
                   x_worst <= SHX_REF_ELEMENT_MAX && y_nans == 0 &&
                   y_error <= SHX_REF_REL_L2_MAX && y_worst <= SHX_REF_ELEMENT_MAX;
  printf("%s tp %d B %d %-11s against the host: x rel L2 %.3e, worst element %.3e; "
         "pushes rel L2 %.3e, worst element %.3e; %d NaN\n",
         pass ? "ok  " : "FAIL", c->tp, batch, name, x_error, x_worst, y_error, y_worst,
         x_nans + y_nans);
  if (!ok)
    fprintf(stderr, "%s against the host: no host memory, a failed copy or a host reference "
                    "refused\n", name);
  free(x);
  free(x_want);
  free(y0);
  free(got);
  free(a);
  free(w_o);
  free(gate_up);
  free(down);
  return pass;
}

/* The own o-proj's x against cuBLASLt's for layer 0's weights: both FP32 sums rounded once
 * to BF16, in different orders, so a few elements may differ by one BF16 step; the
 * relative L2 difference must stay under 2e-3 (one K block of 32 missing would give about
 * 0.18). Both run twice: each bitwise equal to its first run. x: device, batch x H. */
static int compare_oproj(const oproj *o, void *x, cudaStream_t stream, int tp, int batch) {
  const size_t count = (size_t)batch * o->hidden;
  uint16_t *lt = malloc(count * 2), *own = malloc(count * 2), *again = malloc(count * 2);
  int ok = lt != NULL && own != NULL && again != NULL, repeatable = 1;
  for (int pass = 0; ok && pass < 4; ++pass) {
    const int use_own = pass % 2;
    ok = cudaMemsetAsync(x, kPoison, count * 2, stream) == cudaSuccess &&
         oproj_record(o, 0, x, use_own, 0, NULL, stream) == SHX_SUCCESS &&
         cudaStreamSynchronize(stream) == cudaSuccess &&
         cudaMemcpy(pass < 2 ? (use_own ? own : lt) : again, x, count * 2,
                    cudaMemcpyDeviceToHost) == cudaSuccess;
    if (ok && pass >= 2 && memcmp(again, use_own ? own : lt, count * 2) != 0) repeatable = 0;
  }
  double diff = 0, norm = 0;
  int nans = 0;
  for (size_t i = 0; ok && i < count; ++i) {
    const double want = shx_bf16_value(lt[i]), got = shx_bf16_value(own[i]);
    nans += got != got || want != want;
    diff += (got - want) * (got - want);
    norm += want * want;
  }
  const double rel = norm > 0 ? sqrt(diff / norm) : 1.0;
  const int pass = ok && repeatable && nans == 0 && rel <= 2e-3;
  printf("%s tp %d B %d own o-proj against cuBLASLt's: rel L2 %.3e, %d NaN, reruns %s\n",
         pass ? "ok  " : "FAIL", tp, batch, rel, nans, repeatable ? "bitwise equal" : "DIFFER");
  if (!ok) fprintf(stderr, "o-proj comparison: %s\n", shx_last_error());
  free(lt);
  free(own);
  free(again);
  return !pass;
}

/* compare_oproj at the design H for each tp of `tps` and batch of `batches`. */
static int check_oproj_batches(const int *tps, int tp_count, const int *batches, int count) {
  const shx_config design = SHX_CONFIG_INIT;
  int failures = 0;
  void *x = NULL;
  cudaStream_t stream = NULL;
  if (cudaMalloc(&x, (size_t)SHX_MAX_OPROJ_BATCH * design.hidden * 2) != cudaSuccess ||
      cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking) != cudaSuccess) {
    fprintf(stderr, "FAIL o-proj comparison: no device buffer or stream\n");
    cudaFree(x);
    return 1;
  }
  for (int t = 0; t < tp_count; ++t) {
    for (int i = 0; i < count; ++i) {
      oproj o;
      if (oproj_make(design.hidden, tps[t], batches[i], 1, &o) != SHX_SUCCESS) {
        failures += fail_status("o-proj");
        continue;
      }
      failures += compare_oproj(&o, x, stream, tps[t], batches[i]);
      oproj_free(&o);
    }
  }
  cudaStreamDestroy(stream);
  cudaFree(x);
  return failures;
}

static int check_cell(int tp, int batch, int replays) {
  int failures = 0;
  shx_config config = SHX_CONFIG_INIT;
  config.tp = tp;
  config.watchdog_ms = 2000;
  shx_timing_setup setup = shx_timing_standard(config);
  setup.sets = 2;
  setup.layers = 4;
  shx_bench b;
  oproj o;
  if (shx_bench_make(&setup, batch, &b) != SHX_SUCCESS) return fail_status("bench buffers");
  if (oproj_make(config.hidden, tp, batch, setup.sets, &o) != SHX_SUCCESS) {
    shx_bench_free(&b);
    return fail_status("o-proj");
  }
  const size_t bytes = b.mailbox_bytes * tp;
  /* want: the serial graph's pushes with the cuBLASLt o-proj; want_own: with the own. */
  uint16_t *want = malloc(bytes), *want_own = malloc(bytes), *got = malloc(bytes),
           *first = malloc(bytes);
  const int last_parity = (setup.layers - 1) % 2;
  if (want == NULL || want_own == NULL || got == NULL || first == NULL) {
    fprintf(stderr, "FAIL no host memory\n");
    failures = 1;
    goto done;
  }
  for (int form = 0; form < kEdgeForms; ++form) {
    shx_op *op = NULL;
    edge_reading edges;
    int replays_equal = 0, nans = 0, unwritten = 0;
    layer_context c = {&setup, &o, NULL, (edge_form)form, batch, 1, 1, 1, NULL};
    const int reference = form == kSerial || form == kOwnSerial;
    uint16_t *pushed = form == kSerial ? want : form == kOwnSerial ? want_own : got;
    if (make_op(&setup, &b, (edge_form)form, &op) != SHX_SUCCESS) {
      failures += fail_status(kEdgeNames[form]);
      shx_destroy(op);
      continue;
    }
    c.op = op;
    if (run_layers(&setup, &b, &c, replays, pushed, first, &edges, &replays_equal) !=
        SHX_SUCCESS) {
      failures += fail_status(kEdgeNames[form]);
      shx_destroy(op);
      continue;
    }
    count_pushes(&config, pushed, b.mailbox_bytes, batch, last_parity, &nans, &unwritten);
    const int equal = reference || memcmp(uses_own((edge_form)form) ? want_own : want, got,
                                          bytes) == 0;
    /* Edges into the step: one per layer; the forms' programmatic and launch-port counts. */
    const int want_programmatic = reference ? 0 : setup.layers;
    /* launch+attr: the launch's PDL attribute replaces the rewritten port with the
     * programmatic one (run 82 call 2), so only `launch` keeps the launch port. */
    const int want_launch = form == kLaunch ? setup.layers : 0;
    const int edges_ok = edges.into_step == setup.layers &&
                         edges.programmatic == want_programmatic &&
                         edges.launch_port == want_launch;
    /* The serial forms, which the others must equal, against the host's own step. */
    const int host_ok = !reference || serial_against_host(&config, &o, &b, pushed, batch,
                                                          last_parity, kEdgeNames[form]);
    const int ok = equal && replays_equal && nans == 0 && unwritten == 0 && edges_ok &&
                   host_ok;
    printf("%s tp %d B %d %-11s: pushes %s its serial form's, %d replays %s, %d NaN, "
           "%d unwritten; edges into the step %d, programmatic %d, launch port %d\n",
           ok ? "ok  " : "FAIL", tp, batch, kEdgeNames[form], equal ? "==" : "!=", replays,
           replays_equal ? "identical" : "DIFFER", nans, unwritten, edges.into_step,
           edges.programmatic, edges.launch_port);
    failures += !ok;
    shx_destroy(op);
  }
  { /* The control: the step on poisoned x without the GEMM pushes NaNs. */
    shx_op *op = NULL;
    edge_reading edges;
    int replays_equal = 0, nans = 0, unwritten = 0;
    layer_context c = {&setup, &o, NULL, kSerial, batch, 0, 1, 1, NULL};
    if (make_op(&setup, &b, kSerial, &op) != SHX_SUCCESS) {
      failures += fail_status("control");
    } else {
      c.op = op;
      if (run_layers(&setup, &b, &c, 1, got, first, &edges, &replays_equal) !=
          SHX_SUCCESS) {
        failures += fail_status("control");
      } else {
        count_pushes(&config, got, b.mailbox_bytes, batch, last_parity, &nans, &unwritten);
        const int ok = nans > 0;
        printf("%s tp %d B %d control (x poisoned, no GEMM): %d NaN pushed\n",
               ok ? "ok  " : "FAIL", tp, batch, nans);
        failures += !ok;
      }
    }
    shx_destroy(op);
  }
done:
  free(want);
  free(want_own);
  free(got);
  free(first);
  oproj_free(&o);
  shx_bench_free(&b);
  return failures;
}

/* ---- time ---- */

static shx_status time_form(const shx_timing_setup *setup, int batch, const oproj *o,
                            int with_gemm, int with_step, edge_form form,
                            shx_step_time *time) {
  shx_status status = SHX_SUCCESS;
  shx_bench b;
  shx_op *op = NULL;
  SHX_TRY(shx_bench_make(setup, batch, &b));
  if (with_step) SHX_TRY(make_op(setup, &b, form, &op));
  layer_context c = {setup, o, op, form, batch, with_gemm, with_step, 0, NULL};
  SHX_TRY(shx_time_layers(setup, &b, record_layer, check_layer, &c, time));
  if (op != NULL) SHX_TRY(shx_check_device(op));
cleanup:
  shx_destroy(op);
  shx_bench_free(&b);
  return status;
}

static int parse_batches(const char *list, int *batches, int most) {
  int count = 0;
  for (const char *p = list; *p != '\0' && count < most;) {
    char *end = NULL;
    long value = strtol(p, &end, 10);
    if (end == p || value < 1 || value > 128) return 0;
    batches[count++] = (int)value;
    p = *end == ',' ? end + 1 : end;
    if (*end != ',' && *end != '\0') return 0;
  }
  return count;
}

static int time_all(int argc, char **argv) {
  int deepseek = 0, sets = 0, batches[16] = {9, 16, 64}, batch_count = 3;
  for (int i = 2; i < argc; ++i) {
    if (strcmp(argv[i], "--dims") == 0 && i + 1 < argc) {
      deepseek = strcmp(argv[++i], "deepseek") == 0;
    } else if (strcmp(argv[i], "--batches") == 0 && i + 1 < argc) {
      batch_count = parse_batches(argv[++i], batches, 16);
      if (batch_count == 0) {
        fprintf(stderr, "bad --batches %s\n", argv[i]);
        return 2;
      }
    } else if (strcmp(argv[i], "--sets") == 0 && i + 1 < argc) {
      sets = atoi(argv[++i]);
    } else {
      fprintf(stderr, "usage: oproj_step time [--dims deepseek] [--batches LIST] [--sets N]\n");
      return 2;
    }
  }
  printf("o-proj (cuBLASLt, A = %d / tp) then rank 0's fused step, %s dims; us a layer\n",
         kAttentionTotal, deepseek ? "DeepSeek" : "design");
  printf("| tp | B | o-proj alone | step alone | serial | pdl | launch | launch+attr | "
         "own o-proj alone | own serial | own pdl |\n");
  printf("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  const int tps[2] = {8, 16};
  for (int t = 0; t < 2; ++t) {
    for (int i = 0; i < batch_count; ++i) {
      shx_config config = SHX_CONFIG_INIT;
      config.tp = tps[t];
      if (deepseek) shx_use_deepseek_dims(&config);
      shx_timing_setup setup = shx_timing_standard(config);
      if (sets > 0) { /* --sets: the steps fitted to it, as for the standard count */
        setup.sets = sets;
        setup.layers = shx_timing_fit_layers(SHX_TIMING_MIN_LAYERS, sets);
      }
      /* Both weight streams rotate over the same count of sets: twice L2 for the step
       * alone is more than enough with the o-proj's bytes beside it. */
      oproj o;
      if (oproj_make(config.hidden, config.tp, batches[i], setup.sets, &o) != SHX_SUCCESS)
        return fail_status("o-proj");
      const int own = batches[i] <= SHX_MAX_OPROJ_BATCH;
      shx_step_time gemm, own_gemm = {0, 0, 0}, step, forms[kEdgeForms];
      memset(forms, 0, sizeof forms);
      shx_status s = time_form(&setup, batches[i], &o, 1, 0, kSerial, &gemm);
      if (s == SHX_SUCCESS && own)
        s = time_form(&setup, batches[i], &o, 1, 0, kOwnPdl, &own_gemm);
      if (s == SHX_SUCCESS) s = time_form(&setup, batches[i], &o, 0, 1, kPdl, &step);
      for (int f = 0; f < kEdgeForms && s == SHX_SUCCESS; ++f)
        if (own || !uses_own((edge_form)f))
          s = time_form(&setup, batches[i], &o, 1, 1, (edge_form)f, &forms[f]);
      oproj_free(&o);
      if (s != SHX_SUCCESS) return fail_status("timing");
      printf("| %d | %d | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |\n",
             config.tp, batches[i], gemm.median_us, step.median_us, forms[kSerial].median_us,
             forms[kPdl].median_us, forms[kLaunch].median_us, forms[kLaunchAttr].median_us,
             own_gemm.median_us, forms[kOwnSerial].median_us, forms[kOwnPdl].median_us);
      fflush(stdout);
    }
  }
  return 0;
}

int main(int argc, char **argv) {
  const int timing = argc >= 2 && strcmp(argv[1], "time") == 0;
  const int quick = argc == 3 && strcmp(argv[1], "check") == 0 && strcmp(argv[2], "quick") == 0;
  if (argc >= 2 && !timing && !quick && (argc > 2 || strcmp(argv[1], "check") != 0)) {
    fprintf(stderr, "usage: oproj_step [check [quick]] | time [--dims deepseek] "
                    "[--batches LIST] [--sets N]\n");
    return 2;
  }
  shx_testbed_skip_without_gpu(1);
  char message[SHX_MESSAGE_BYTES] = "";
  if (shx_oproj_prepare(message) != SHX_SUCCESS ||
      shx_attention_standin_prepare(message) != SHX_SUCCESS) {
    fprintf(stderr, "FAIL %s\n", message);
    return 1;
  }
  if (timing) return time_all(argc, argv);
  /* quick (for compute-sanitizer): TP8 B=16 alone, 2 replays a form. */
  int failures = 0;
  const int tps[2] = {8, 16}, quick_batch[1] = {16};
  const int batches[] = {1, 8, 9, 17, 25, 33, 41, 49, 57, 64}; /* every padded size */
  const int cells[4][2] = {{8, 9}, {8, 64}, {16, 9}, {16, 64}};
  if (quick) {
    failures = check_oproj_batches(tps, 1, quick_batch, 1) + check_cell(8, 16, 2);
  } else {
    failures = check_oproj_batches(tps, 2, batches, (int)(sizeof batches / sizeof *batches));
    for (int i = 0; i < 4; ++i) failures += check_cell(cells[i][0], cells[i][1], 20);
  }
  printf("%s: %d failure(s)\n", failures ? "FAILED" : "PASSED", failures);
  return failures ? 1 : 0;
}
