/* down_probe_main.c: a K loop with the weights as wgmma's A operand (the fused kernel's
 * form) against the weights as its B operand (the swap of docs/fused_performance.md,
 * "The next structural step"), at the design TP16 dims, in five shapes:
 *   down: the down loop, H 7168 rows, I 384 (six K blocks a tile, either form);
 *   gate/up: one gate/up CTA's stream, the same 112 KB of weights a CTA either way: the
 *     768 gate and up rows, 14 K blocks a 64-row tile (form A: the kernel's 14 fills at
 *     TP16) or 7 K blocks a 128-row tile (form B in clusters of 16); the activation
 *     operand plays x; every block resident;
 *   ring: the gate/up shape through the rings two CTAs an SM allow (the kernel's, and 4
 *     stages of 24 KB in form B), the refills from L2 as the consumers free stages;
 *   grid: the ring shape in 96 CTAs, as many as the kernel's gate/up phase, each over
 *     weights of its own; grid-res: the same with form B's fills all resident.
 *
 *   down_probe [LAUNCHES]      (default 32)
 *
 * Rows: shape, form, batch, chains, CTAs, K blocks, ring stages, the MMA's n; columns:
 * the median over launches of the slowest CTA's time from its activation request to its
 * last MMA, the median of the CTAs' mean (us), and y's relative L2 error against a CPU
 * reference (double). It fails (exit 1) where an error exceeds kMaxRelativeError: both
 * forms must compute y = h Wd^T (the test //perf:down_probe_gpu_test). Without a Hopper
 * GPU it says so and exits 77 (skipped).
 */
#include <cuda_runtime_api.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "ops/reference.h"
#include "perf/down_probe.h"
#include "testdata/inputs.h"

/* FP32 sums of 384 BF16 products: about 1e-7 here (perf/RESULTS.md run 36 call 6). */
static const double kMaxRelativeError = 1e-5;

static int compare_double(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *values, int count) {
  qsort(values, (size_t)count, sizeof *values, compare_double);
  return values[count / 2];
}

/* One shape and form at every batch: random weights [rows, inter] and activations
 * [64, inter], the CPU reference, then the probe. Returns 0, 1 where an error exceeds
 * kMaxRelativeError, -1 on a failure. */
static int run_shape(const char *shape, int rows, int inter, int form, int chains,
                     int launches, const int *ring_stages) {
  static const int batches[] = {1, 9, 16, 32, 64};
  const size_t weight_count = (size_t)rows * inter, h_count = (size_t)64 * inter;
  uint16_t *weights = malloc(weight_count * sizeof *weights);
  uint16_t *h = malloc(h_count * sizeof *h);
  float *y = malloc((size_t)64 * rows * sizeof *y);
  double *reference = malloc((size_t)64 * rows * sizeof *reference);
  void *device_weights = NULL, *device_h = NULL;
  float *device_y = NULL;
  int status = 0;
  if (weights == NULL || h == NULL || y == NULL || reference == NULL ||
      cudaMalloc(&device_weights, weight_count * 2) != cudaSuccess ||
      cudaMalloc(&device_h, h_count * 2) != cudaSuccess ||
      cudaMalloc((void **)&device_y, (size_t)64 * rows * sizeof *y) != cudaSuccess) {
    status = -1;
    goto done;
  }
  /* The project's seeded generator (testdata/inputs.h): weights in [-0.05, 0.05), the
   * activations in [-0.5, 0.5). */
  for (size_t i = 0; i < weight_count; ++i)
    weights[i] = shx_input_element(SHX_GOLDEN_SEED, SHX_TENSOR_DOWN, i, 0.05);
  for (size_t i = 0; i < h_count; ++i)
    h[i] = shx_input_element(SHX_GOLDEN_SEED, SHX_TENSOR_X, i, 0.5);
  for (int t = 0; t < 64; ++t)
    for (int r = 0; r < rows; ++r) {
      double sum = 0.0;
      for (int k = 0; k < inter; ++k)
        sum += shx_bf16_value(h[(size_t)t * inter + k]) *
               shx_bf16_value(weights[(size_t)r * inter + k]);
      reference[(size_t)t * rows + r] = sum;
    }
  if (cudaMemcpy(device_weights, weights, weight_count * 2, cudaMemcpyHostToDevice) !=
      cudaSuccess) {
    status = -1;
    goto done;
  }
  static shx_down_probe_result result;
  for (size_t b = 0; b < sizeof batches / sizeof batches[0]; ++b) {
    const int batch = batches[b];
    /* Only `batch` rows of h exist on the device: the rest of a box reads as zeros. */
    if (cudaMemcpy(device_h, h, (size_t)batch * inter * 2, cudaMemcpyHostToDevice) !=
            cudaSuccess ||
        cudaMemset(device_y, 0, (size_t)64 * rows * sizeof *y) != cudaSuccess ||
        shx_down_probe(form, batch, chains, rows, inter,
                       ring_stages == NULL ? 0 : ring_stages[b], launches, device_weights,
                       device_h, device_y, &result) != 0 ||
        cudaMemcpy(y, device_y, (size_t)batch * rows * sizeof *y, cudaMemcpyDeviceToHost) !=
            cudaSuccess) {
      fprintf(stderr, "down_probe: %s form %d batch %d failed\n", shape, form, batch);
      status = -1;
      goto done;
    }
    double error = 0.0, norm = 0.0;
    for (size_t i = 0; i < (size_t)batch * rows; ++i) {
      error += (y[i] - reference[i]) * (y[i] - reference[i]);
      norm += reference[i] * reference[i];
    }
    printf("%-8s %-12s %5d %6d %4d %4d %6d %4d %12.3f %12.3f %10.2e\n", shape,
           form == SHX_DOWN_PROBE_WEIGHTS_AS_B ? "weights-as-B" : "weights-as-A", batch,
           chains, result.ctas, result.fills, result.stages, result.n,
           median(result.slowest_ns, launches) * 1e-3,
           median(result.mean_ns, launches) * 1e-3, sqrt(error / norm));
    if (!(sqrt(error / norm) <= kMaxRelativeError)) status = 1;
  }
done:
  cudaFree(device_weights);
  cudaFree(device_h);
  cudaFree(device_y);
  free(weights);
  free(h);
  free(y);
  free(reference);
  return status;
}

int main(int argc, char **argv) {
  int devices = 0, major = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0 ||
      cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0) != cudaSuccess ||
      major != 9) {
    printf("down_probe: needs a Hopper (sm_90) GPU, skipped\n");
    return 77;
  }
  const int launches = argc > 1 ? atoi(argv[1]) : 32;
  /* shape, rows as A and as B, K blocks as A and as B (the same weight bytes a CTA), and
   * the ring stages at the batches {1, 9, 16, 32, 64} (NULL: every block resident). The
   * "ring" shape is the gate/up stream with the rings that two CTAs an SM allow in
   * 112 KB: the fused kernel's as of run 36 (Geometry<N>: 12, 10, 10, 8 and, at N = 64, 5
   * stages; run 37 made N = 64's 6 in 113 KB)
   * against 4 stages of 24 KB in form B. "grid" is that ring in as many CTAs as the
   * kernel's gate/up phase (96), each over weights of its own (11 MB in all, in L2 after
   * the first launch, as the refill prefetch leaves them); "grid-res" the same with form
   * B's 7 fills all resident (168 KB: one CTA an SM), which separates its refills from
   * the rest. */
  static const int kernel_rings[] = {12, 10, 10, 8, 5}, swapped_rings[] = {4, 4, 4, 4, 4};
  static const int swapped_resident[] = {7, 7, 7, 7, 7}; /* form B's 7 fills, no refill */
  static const struct {
    const char *shape;
    int rows_a, rows_b, blocks_a, blocks_b;
    const int *rings_a, *rings_b;
  } shapes[] = {{"down", 7168, 7168, 6, 6, NULL, NULL},
                {"gate/up", 768, 768, 14, 7, NULL, NULL},
                {"ring", 768, 768, 14, 7, kernel_rings, swapped_rings},
                {"grid", 96 * 64, 96 * 128, 14, 7, kernel_rings, swapped_rings},
                {"grid-res", 96 * 64, 96 * 128, 14, 7, kernel_rings, swapped_resident}};
  printf("K loops (TP16 design dims), activations and refills from L2\n");
  printf("%-8s %-12s %5s %6s %4s %4s %6s %4s %12s %12s %10s\n", "shape", "form", "batch",
         "chains", "ctas", "K", "stages", "n", "slowest us", "mean us", "rel L2");
  int wrong = 0;
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; ++i) {
    const int results[3] = {
        run_shape(shapes[i].shape, shapes[i].rows_a, 64 * shapes[i].blocks_a,
                  SHX_DOWN_PROBE_WEIGHTS_AS_A, 2, launches, shapes[i].rings_a),
        run_shape(shapes[i].shape, shapes[i].rows_b, 64 * shapes[i].blocks_b,
                  SHX_DOWN_PROBE_WEIGHTS_AS_B, 1, launches, shapes[i].rings_b),
        run_shape(shapes[i].shape, shapes[i].rows_b, 64 * shapes[i].blocks_b,
                  SHX_DOWN_PROBE_WEIGHTS_AS_B, 2, launches, shapes[i].rings_b)};
    for (int r = 0; r < 3; ++r) {
      if (results[r] < 0) return 1;
      if (results[r] > 0) wrong = 1;
    }
  }
  if (wrong) printf("down_probe: FAILED, an error above %.0e\n", kMaxRelativeError);
  return wrong;
}
