/* down_probe_main.c: the down loop with the weights as wgmma's A operand (the fused
 * kernel's form) against the weights as its B operand (the swap of
 * docs/fused_performance.md, "The next structural step"), at the design TP16 dims
 * (H 7168, I 384: six K blocks a tile).
 *
 *   down_probe [LAUNCHES]      (default 32)
 *
 * Rows: form, batch, chains, CTAs, the MMA's n; columns: the median over launches of the
 * slowest CTA's time from its h request to its last MMA, the median of the CTAs' mean
 * (us), and y's relative L2 error against a CPU reference (double). It fails (exit 1)
 * where an error exceeds kMaxRelativeError: both forms must compute y = h Wd^T (the
 * test //perf:down_probe_gpu_test). Without a Hopper GPU it says so and exits 77
 * (skipped).
 */
#include <cuda_runtime_api.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perf/down_probe.h"

enum { kHidden = 7168, kInter = 384 };
/* FP32 sums of 384 BF16 products: about 1e-7 here (perf/RESULTS.md run 36 call 6). */
static const double kMaxRelativeError = 1e-5;

static uint16_t bf16_of(float value) { /* round to nearest even; no NaNs here */
  uint32_t bits;
  memcpy(&bits, &value, sizeof bits);
  bits += 0x7FFFu + ((bits >> 16) & 1u);
  return (uint16_t)(bits >> 16);
}

static float float_of(uint16_t value) {
  const uint32_t bits = (uint32_t)value << 16;
  float result;
  memcpy(&result, &bits, sizeof result);
  return result;
}

static int compare_double(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *values, int count) {
  qsort(values, (size_t)count, sizeof *values, compare_double);
  return values[count / 2];
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
  const size_t weight_count = (size_t)kHidden * kInter, h_count = (size_t)64 * kInter;
  uint16_t *weights = malloc(weight_count * sizeof *weights);
  uint16_t *h = malloc(h_count * sizeof *h);
  float *y = malloc((size_t)64 * kHidden * sizeof *y);
  double *reference = malloc((size_t)64 * kHidden * sizeof *reference);
  if (weights == NULL || h == NULL || y == NULL || reference == NULL) return 1;
  uint32_t state = 12345u;
  for (size_t i = 0; i < weight_count; ++i) {
    state = state * 1664525u + 1013904223u;
    weights[i] = bf16_of(((float)(state >> 8) / 16777216.0f - 0.5f) * 0.1f);
  }
  for (size_t i = 0; i < h_count; ++i) {
    state = state * 1664525u + 1013904223u;
    h[i] = bf16_of((float)(state >> 8) / 16777216.0f - 0.5f);
  }
  for (int t = 0; t < 64; ++t)
    for (int r = 0; r < kHidden; ++r) {
      double sum = 0.0;
      for (int k = 0; k < kInter; ++k)
        sum += (double)float_of(h[(size_t)t * kInter + k]) *
               float_of(weights[(size_t)r * kInter + k]);
      reference[(size_t)t * kHidden + r] = sum;
    }
  void *device_weights = NULL, *device_h = NULL;
  float *device_y = NULL;
  if (cudaMalloc(&device_weights, weight_count * 2) != cudaSuccess ||
      cudaMalloc(&device_h, h_count * 2) != cudaSuccess ||
      cudaMalloc((void **)&device_y, (size_t)64 * kHidden * sizeof *y) != cudaSuccess ||
      cudaMemcpy(device_weights, weights, weight_count * 2, cudaMemcpyHostToDevice) !=
          cudaSuccess) {
    fprintf(stderr, "down_probe: device buffers failed\n");
    return 1;
  }
  printf("down loop, H %d, I %d (%d K blocks a tile), weights resident, h from L2\n",
         kHidden, kInter, kInter / 64);
  printf("%-12s %5s %6s %4s %4s %12s %12s %10s\n", "form", "batch", "chains", "ctas", "n",
         "slowest us", "mean us", "rel L2");
  static const int batches[] = {1, 9, 16, 32, 64};
  static const struct { int form, chains; const char *name; } forms[] = {
      {SHX_DOWN_PROBE_WEIGHTS_AS_A, 2, "weights-as-A"},
      {SHX_DOWN_PROBE_WEIGHTS_AS_B, 1, "weights-as-B"},
      {SHX_DOWN_PROBE_WEIGHTS_AS_B, 2, "weights-as-B"}};
  static shx_down_probe_result result;
  int wrong = 0;
  for (size_t b = 0; b < sizeof batches / sizeof batches[0]; ++b) {
    const int batch = batches[b];
    /* Only `batch` rows of h exist on the device: the rest of a box reads as zeros. */
    if (cudaMemcpy(device_h, h, (size_t)batch * kInter * 2, cudaMemcpyHostToDevice) !=
        cudaSuccess)
      return 1;
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; ++f) {
      if (cudaMemset(device_y, 0, (size_t)64 * kHidden * sizeof *y) != cudaSuccess) return 1;
      if (shx_down_probe(forms[f].form, batch, forms[f].chains, kHidden, kInter, launches,
                         device_weights, device_h, device_y, &result) != 0) {
        fprintf(stderr, "down_probe: %s batch %d failed\n", forms[f].name, batch);
        return 1;
      }
      if (cudaMemcpy(y, device_y, (size_t)batch * kHidden * sizeof *y,
                     cudaMemcpyDeviceToHost) != cudaSuccess)
        return 1;
      double error = 0.0, norm = 0.0;
      for (size_t i = 0; i < (size_t)batch * kHidden; ++i) {
        error += (y[i] - reference[i]) * (y[i] - reference[i]);
        norm += reference[i] * reference[i];
      }
      printf("%-12s %5d %6d %4d %4d %12.3f %12.3f %10.2e\n", forms[f].name, batch,
             forms[f].chains, result.ctas, result.n, median(result.slowest_ns, launches) * 1e-3,
             median(result.mean_ns, launches) * 1e-3, sqrt(error / norm));
      if (!(sqrt(error / norm) <= kMaxRelativeError)) wrong = 1;
    }
  }
  cudaFree(device_weights);
  cudaFree(device_h);
  cudaFree(device_y);
  free(weights);
  free(h);
  free(y);
  free(reference);
  if (wrong) printf("down_probe: FAILED, an error above %.0e\n", kMaxRelativeError);
  return wrong;
}
