/* baseline.c: the baseline variant. cuBLASLt gate/up GEMM (BF16 out), the activation
 * kernel, cuBLASLt down GEMM (BF16 out), the push kernel into the owners' mailboxes.
 *
 * Row-major C[m', n'] = A[m', k] B[n', k]^T is column-major C^T = op(B^T)... written as
 * cuBLASLt's column-major D[m, n] = op(A)[m, k] op(B)[k, n] with
 *   gate/up: m = 2 I, n = batch, k = H, A = W_gu (stored [H, 2 I] col-major, op T),
 *            B = x ([H, batch] col-major, op N), D = gu ([2 I, batch], = row-major
 *            [batch, 2 I]);
 *   down:    m = H, n = batch, k = I, A = W_d, B = h, D = y.
 * FP32 compute, BF16 output (cuBLASLt rounds to nearest even): SPEC's rounding points
 * for g, u and y. The algorithm is cuBLASLt's first heuristic, cached per batch
 * (perf/bench --baseline-algorithms times the others: shx_baseline_algorithms).
 */
#include <stdlib.h>
#include <string.h>

#include "engine/op.h"
#include "engine/status.h"
#include "ops/baseline.h"

#define SHX_LT_WORKSPACE_BYTES (32u << 20)

#define SHX_LT(call)                                                                  \
  do {                                                                                \
    cublasStatus_t lt_status_ = (call);                                               \
    if (lt_status_ != CUBLAS_STATUS_SUCCESS) {                                        \
      (void)cudaGetLastError(); /* reported here, not left for a later call */        \
      status = shx_fail(lt_status_ == CUBLAS_STATUS_ALLOC_FAILED ? SHX_OUT_OF_MEMORY  \
                                                                 : SHX_CUDA_ERROR,    \
                        "%s failed: cuBLAS status %d (%s:%d)", #call,                 \
                        (int)lt_status_, __FILE__, __LINE__);                         \
      goto cleanup;                                                                   \
    }                                                                                 \
  } while (0)

shx_status shx_baseline_init(shx_op *op) {
  shx_status status = SHX_SUCCESS;
  SHX_LT(cublasLtCreate(&op->lt));
  op->workspace_bytes = SHX_LT_WORKSPACE_BYTES;
  SHX_CUDA(cudaMalloc(&op->workspace, op->workspace_bytes));
  op->lt_batches = calloc((size_t)op->config.capacity + 1, sizeof *op->lt_batches);
  if (op->lt_batches == NULL)
    status = shx_fail(SHX_OUT_OF_MEMORY, "no host memory for %d cuBLASLt plans",
                      op->config.capacity);
cleanup:
  return status;
}

void shx_baseline_release(shx_op *op) {
  if (op->workspace) cudaFree(op->workspace);
  if (op->lt) cublasLtDestroy(op->lt);
  free(op->lt_batches);
  op->workspace = NULL;
  op->lt = NULL;
  op->lt_batches = NULL;
}

/* One GEMM D[m, n] = op_T(A)[m, k] B[k, n], BF16 in and out, FP32 compute. With
 * `choose` > 0, asks the heuristic for up to `choose` algorithms, best first, and stores
 * them in algo[0..*found) instead of running (found may be NULL where choose is 1). */
static shx_status matmul(shx_op *op, int m, int n, int k, const void *a, const void *b,
                         void *d, cublasLtMatmulAlgo_t *algo, int choose, int *found_out,
                         cudaStream_t stream) {
  shx_status status = SHX_SUCCESS;
  cublasLtMatmulDesc_t desc = NULL;
  cublasLtMatrixLayout_t layout_a = NULL, layout_b = NULL, layout_d = NULL;
  cublasLtMatmulPreference_t preference = NULL;
  const cublasOperation_t transpose = CUBLAS_OP_T, plain = CUBLAS_OP_N;
  const float alpha = 1.0f, beta = 0.0f;
  SHX_LT(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  SHX_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &transpose,
                                        sizeof transpose));
  SHX_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &plain,
                                        sizeof plain));
  SHX_LT(cublasLtMatrixLayoutCreate(&layout_a, CUDA_R_16BF, k, m, k));
  SHX_LT(cublasLtMatrixLayoutCreate(&layout_b, CUDA_R_16BF, k, n, k));
  SHX_LT(cublasLtMatrixLayoutCreate(&layout_d, CUDA_R_16BF, m, n, m));
  if (choose) {
    SHX_LT(cublasLtMatmulPreferenceCreate(&preference));
    SHX_LT(cublasLtMatmulPreferenceSetAttribute(
        preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &op->workspace_bytes,
        sizeof op->workspace_bytes));
    /* The API promises 16-byte alignment only (cuBLASLt assumes 256 by default). */
    const uint32_t alignment = 16;
    SHX_LT(cublasLtMatmulPreferenceSetAttribute(
        preference, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, &alignment, sizeof alignment));
    SHX_LT(cublasLtMatmulPreferenceSetAttribute(
        preference, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES, &alignment, sizeof alignment));
    SHX_LT(cublasLtMatmulPreferenceSetAttribute(
        preference, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES, &alignment, sizeof alignment));
    SHX_LT(cublasLtMatmulPreferenceSetAttribute(
        preference, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES, &alignment, sizeof alignment));
    /* SPEC numerics: FP32 accumulation, one rounding to BF16. A split-K algorithm may
     * only combine its parts in FP32 (not in place in the BF16 output). */
    const uint32_t reduction = CUBLASLT_REDUCTION_SCHEME_COMPUTE_TYPE;
    SHX_LT(cublasLtMatmulPreferenceSetAttribute(
        preference, CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK, &reduction,
        sizeof reduction));
    cublasLtMatmulHeuristicResult_t results[SHX_LT_MOST_ALGORITHMS];
    int found = 0;
    if (choose > SHX_LT_MOST_ALGORITHMS) choose = SHX_LT_MOST_ALGORITHMS;
    SHX_LT(cublasLtMatmulAlgoGetHeuristic(op->lt, desc, layout_a, layout_b, layout_d,
                                          layout_d, preference, choose, results, &found));
    if (found < 1) {
      status = shx_fail(SHX_UNSUPPORTED, "cuBLASLt has no algorithm for m %d n %d k %d",
                        m, n, k);
      goto cleanup;
    }
    for (int i = 0; i < found; ++i) algo[i] = results[i].algo;
    if (found_out != NULL) *found_out = found;
  } else {
    (void)cudaGetLastError(); /* a caller's stale error is not this launch's failure */
    SHX_LT(cublasLtMatmul(op->lt, desc, &alpha, a, layout_a, b, layout_b, &beta, d,
                          layout_d, d, layout_d, algo, op->workspace, op->workspace_bytes,
                          stream));
  }
cleanup:
  if (preference) cublasLtMatmulPreferenceDestroy(preference);
  if (layout_d) cublasLtMatrixLayoutDestroy(layout_d);
  if (layout_b) cublasLtMatrixLayoutDestroy(layout_b);
  if (layout_a) cublasLtMatrixLayoutDestroy(layout_a);
  if (desc) cublasLtMatmulDescDestroy(desc);
  return status;
}

shx_status shx_baseline_chain(shx_op *op, const void *x, int batch, cudaStream_t stream) {
  if (op->lt == NULL) /* an explicit fused or split op has no baseline resources */
    return shx_fail(SHX_UNSUPPORTED, "this op was created for the %s variant: it cannot "
                    "run the baseline", op->config.variant == SHX_VARIANT_FUSED ? "fused"
                                                                               : "split");
  /* Its callers (the record calls; perf's tools) pass a checked batch: the plan array
   * has capacity + 1 entries. */
  if (batch < 1 || batch > op->config.capacity)
    return shx_fail(SHX_INVALID_ARGUMENT, "batch %d is outside [1, capacity = %d]", batch,
                    op->config.capacity);
  shx_status status = SHX_SUCCESS;
  const shx_config *c = &op->config;
  int hidden = c->hidden, inter = op->inter;
  shx_lt_batch *plan = &op->lt_batches[batch];
  char message[SHX_MESSAGE_BYTES] = "";
  if (!plan->ready) { /* host-only heuristic queries: safe inside stream capture */
    SHX_TRY(matmul(op, 2 * inter, batch, hidden, NULL, NULL, NULL, &plan->gate_up_algo,
                   1, NULL, stream));
    SHX_TRY(matmul(op, hidden, batch, inter, NULL, NULL, NULL, &plan->down_algo, 1, NULL,
                   stream));
    plan->ready = 1;
  }
  SHX_TRY(matmul(op, 2 * inter, batch, hidden, op->gate_up, x, op->gu,
                 &plan->gate_up_algo, 0, NULL, stream));
  status = shx_launch_activation(op->gu, op->h, batch, inter, c->activation, c->situ_beta,
                                 c->situ_lambda, stream, message);
  /* Its refusals (I not a multiple of 8, batch 0) are ruled out by the config's checks;
   * one here would follow a recorded GEMM, so it is not reported as a refusal. */
  if (status != SHX_SUCCESS)
    return shx_fail(status == SHX_CUDA_ERROR ? status : SHX_INTERNAL_ERROR,
                    "after the gate/up GEMM: %s", message);
  op->gate_batch = batch; /* h holds this batch's rows (shx_record_down's check) */
  SHX_TRY(matmul(op, hidden, batch, inter, op->down, op->h, op->y, &plan->down_algo, 0,
                 NULL, stream));
cleanup:
  return status;
}

shx_status shx_baseline_algorithms(shx_op *op, int batch, int down,
                                   cublasLtMatmulAlgo_t *algorithms, int most, int *count) {
  if (op->lt == NULL) return shx_fail(SHX_UNSUPPORTED, "this op has no baseline");
  if (most < 1) return shx_fail(SHX_INVALID_ARGUMENT, "most %d is below 1", most);
  if (algorithms == NULL || count == NULL)
    return shx_fail(SHX_INVALID_ARGUMENT, "algorithms or count is NULL");
  if (batch < 1 || batch > op->config.capacity)
    return shx_fail(SHX_INVALID_ARGUMENT, "batch %d is outside [1, capacity = %d]", batch,
                    op->config.capacity);
  shx_status status = SHX_SUCCESS;
  const int hidden = op->config.hidden, inter = op->inter;
  *count = 0;
  /* The down GEMM is [H, batch] over K = I, the gate/up GEMM [2 I, batch] over K = H. */
  SHX_TRY(matmul(op, down ? hidden : 2 * inter, batch, down ? inter : hidden, NULL, NULL,
                 NULL, algorithms, most, count, NULL));
cleanup:
  return status;
}

shx_status shx_baseline_record(shx_op *op, const void *x, int batch, int parity,
                               cudaStream_t stream) {
  shx_status status = shx_baseline_chain(op, x, batch, stream);
  if (status != SHX_SUCCESS) return status;
  const shx_mailbox_route route = shx_op_mailbox_route(op, parity);
  char message[SHX_MESSAGE_BYTES] = "";
  status = shx_launch_push(op->y, &route, batch, stream, message);
  /* As for the activation: the GEMMs are recorded by now, so no refusal. */
  return status == SHX_SUCCESS
             ? status
             : shx_fail(status == SHX_CUDA_ERROR ? status : SHX_INTERNAL_ERROR,
                        "after the baseline's GEMMs: %s", message);
}
