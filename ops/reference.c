/* reference.c: the CPU reference of the shared-expert operator. See reference.h.
 *
 * The two products (x Wgu^T and h Wd^T) share one blocked FP64 kernel, gemm_nt():
 * C[m][n] = sum over k of A[m][k] * W[n][k], A in FP64 (rows padded to a multiple of 4
 * with zeros), W in BF16. The K axis is cut into blocks of kBlockK; a block of 4 W rows
 * is converted to FP64 once (interleaved, 4 values per k) and reused by every 4-row
 * tile of A, whose 16 sums live in registers. Partial sums are stored in C between K
 * blocks in FP64, so each C element is still the sequential sum in k order.
 *
 * Build with -ffp-contract=off (ops/BUILD does): a fused multiply-add would change
 * the bits.
 */
#include "ops/reference.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
  kBlockK = 256, /* K block: 4 rows x 256 x 8 B of W (8 KB) stay in L1 */
  kTileM = 4,    /* rows of A per register tile */
  kTileN = 4     /* rows of W per register tile */
};

uint16_t shx_bf16_round(double value) {
  uint64_t bits;
  memcpy(&bits, &value, sizeof bits);
  const uint16_t sign = (uint16_t)((bits >> 48) & 0x8000u);
  const uint64_t magnitude = bits & 0x7FFFFFFFFFFFFFFFull;
  if (magnitude > 0x7FF0000000000000ull) return (uint16_t)(sign | 0x7FC0u); /* NaN */
  if (magnitude == 0x7FF0000000000000ull) return (uint16_t)(sign | 0x7F80u); /* Inf */
  const int biased = (int)(magnitude >> 52);
  /* FP64 zeros and subnormals (< 2^-1022) are far below half the smallest BF16
   * subnormal (2^-134): they round to a signed zero. */
  if (biased == 0) return sign;
  const int exponent = biased - 1023;                      /* value in [2^e, 2^e+1) */
  const uint64_t significand = (magnitude & 0x000FFFFFFFFFFFFFull) | (1ull << 52);
  /* A BF16 normal keeps 8 significant bits (drop 45 of 53); below 2^-126 the BF16
   * step is fixed at 2^-133, so more bits go. */
  const int shift = exponent >= -126 ? 45 : -81 - exponent;
  if (shift > 54) return sign; /* below 2^-135: under half a step */
  uint64_t kept = significand >> shift;
  const uint64_t rest = significand & ((1ull << shift) - 1);
  const uint64_t half = 1ull << (shift - 1);
  if (rest > half || (rest == half && (kept & 1))) kept += 1;
  if (exponent < -126) {
    /* Subnormal: kept counts steps of 2^-133; 128 steps is the smallest normal,
     * whose encoding 0x0080 is exactly 128. */
    return (uint16_t)(sign | kept);
  }
  int bf16_exponent = exponent + 127;
  if (kept == 256) { /* rounding carried into the next binade */
    kept = 128;
    bf16_exponent += 1;
  }
  if (bf16_exponent >= 255) return (uint16_t)(sign | 0x7F80u); /* overflow to Inf */
  return (uint16_t)(sign | (uint16_t)(bf16_exponent << 7) | (uint16_t)(kept & 0x7F));
}

double shx_bf16_value(uint16_t bits) {
  const uint32_t widened = (uint32_t)bits << 16;
  float value;
  memcpy(&value, &widened, sizeof value);
  return (double)value;
}

static double silu(double z) { return z / (1.0 + exp(-z)); }

double shx_ref_activation(shx_activation act, double g, double u, double beta,
                          double lambda) {
  switch (act) {
    case SHX_ACT_SITU:
      return silu(beta * tanh(g / beta)) * (lambda * tanh(u / lambda));
    case SHX_ACT_SWIGLU:
      return silu(g) * u;
  }
  return NAN;
}

int shx_ref_problem_check(const shx_ref_problem *problem) {
  if (problem == NULL) return -1;
  if (problem->tp < 1 || problem->hidden < 1 || problem->inter_total < 1 ||
      problem->batch < 1)
    return -1;
  if (problem->hidden % problem->tp != 0 || problem->inter_total % problem->tp != 0)
    return -1;
  if (problem->activation != SHX_ACT_SITU && problem->activation != SHX_ACT_SWIGLU)
    return -1;
  if (problem->activation == SHX_ACT_SITU && !(problem->beta > 0 && problem->lambda > 0))
    return -1;
  return 0;
}

/* c [m_pad][n] = a [m_pad][k] . w [n][k]^T, with m_pad a multiple of kTileM.
 * w_block is scratch of kBlockK * kTileN doubles. */
static void gemm_nt(const double *a, int m_pad, int k, const uint16_t *w, int n,
                    double *c, double *w_block) {
  memset(c, 0, sizeof(double) * (size_t)m_pad * (size_t)n);
  for (int k0 = 0; k0 < k; k0 += kBlockK) {
    const int k_len = k - k0 < kBlockK ? k - k0 : kBlockK;
    for (int n0 = 0; n0 < n; n0 += kTileN) {
      const int n_len = n - n0 < kTileN ? n - n0 : kTileN;
      /* W rows n0..n0+3, columns k0..k0+k_len, as FP64, interleaved by k. */
      for (int j = 0; j < kTileN; ++j) {
        if (j >= n_len) { /* past W's last row: zeros (no pointer formed past the array) */
          for (int kk = 0; kk < k_len; ++kk) w_block[kk * kTileN + j] = 0.0;
          continue;
        }
        const uint16_t *row = w + (size_t)(n0 + j) * (size_t)k + k0;
        for (int kk = 0; kk < k_len; ++kk) w_block[kk * kTileN + j] = shx_bf16_value(row[kk]);
      }
      for (int m0 = 0; m0 < m_pad; m0 += kTileM) {
        const double *a0 = a + (size_t)(m0 + 0) * (size_t)k + k0;
        const double *a1 = a + (size_t)(m0 + 1) * (size_t)k + k0;
        const double *a2 = a + (size_t)(m0 + 2) * (size_t)k + k0;
        const double *a3 = a + (size_t)(m0 + 3) * (size_t)k + k0;
        double acc[kTileM][kTileN];
        for (int i = 0; i < kTileM; ++i)
          for (int j = 0; j < kTileN; ++j)
            acc[i][j] = j < n_len ? c[(size_t)(m0 + i) * (size_t)n + n0 + j] : 0.0;
        for (int kk = 0; kk < k_len; ++kk) {
          const double *wk = w_block + kk * kTileN;
          const double x0 = a0[kk], x1 = a1[kk], x2 = a2[kk], x3 = a3[kk];
          for (int j = 0; j < kTileN; ++j) {
            acc[0][j] += x0 * wk[j];
            acc[1][j] += x1 * wk[j];
            acc[2][j] += x2 * wk[j];
            acc[3][j] += x3 * wk[j];
          }
        }
        for (int i = 0; i < kTileM; ++i)
          for (int j = 0; j < n_len; ++j)
            c[(size_t)(m0 + i) * (size_t)n + n0 + j] = acc[i][j];
      }
    }
  }
}

int shx_ref_rank(const shx_ref_problem *problem, int rank, const uint16_t *x,
                 const uint16_t *gate_up, const uint16_t *down, uint16_t *y) {
  if (shx_ref_problem_check(problem) != 0 || rank < 0 || rank >= problem->tp ||
      x == NULL || gate_up == NULL || down == NULL || y == NULL)
    return -1;
  const int hidden = problem->hidden;
  const int inter = problem->inter_total / problem->tp;
  const int batch = problem->batch;
  const int m_pad = (batch + kTileM - 1) / kTileM * kTileM;

  double *x64 = calloc((size_t)m_pad * (size_t)hidden, sizeof(double));
  double *gu64 = malloc(sizeof(double) * (size_t)m_pad * 2 * (size_t)inter);
  double *h64 = calloc((size_t)m_pad * (size_t)inter, sizeof(double));
  double *y64 = malloc(sizeof(double) * (size_t)m_pad * (size_t)hidden);
  double *w_block = malloc(sizeof(double) * kBlockK * kTileN);
  int result = -1;
  if (!x64 || !gu64 || !h64 || !y64 || !w_block) goto cleanup;

  for (size_t i = 0; i < (size_t)batch * (size_t)hidden; ++i)
    x64[i] = shx_bf16_value(x[i]);
  gemm_nt(x64, m_pad, hidden, gate_up, 2 * inter, gu64, w_block);
  for (int t = 0; t < batch; ++t) {
    const double *row = gu64 + (size_t)t * 2 * (size_t)inter;
    for (int j = 0; j < inter; ++j) {
      const double g = shx_bf16_value(shx_bf16_round(row[j]));
      const double u = shx_bf16_value(shx_bf16_round(row[inter + j]));
      const double act =
          shx_ref_activation(problem->activation, g, u, problem->beta, problem->lambda);
      h64[(size_t)t * (size_t)inter + j] = shx_bf16_value(shx_bf16_round(act));
    }
  }
  gemm_nt(h64, m_pad, inter, down, hidden, y64, w_block);
  for (size_t i = 0; i < (size_t)batch * (size_t)hidden; ++i) {
    const uint16_t bits = shx_bf16_round(y64[i]);
    y[i] = bits == 0x8000u ? 0 : bits; /* -0 is the mailbox's "empty" mark */
  }
  result = 0;

cleanup:
  free(x64);
  free(gu64);
  free(h64);
  free(y64);
  free(w_block);
  return result;
}

int shx_ref_linear(int rows, int in, int out, const uint16_t *x, const uint16_t *w,
                   uint16_t *y) {
  if (rows <= 0 || in <= 0 || out <= 0 || x == NULL || w == NULL || y == NULL) return -1;
  const int m_pad = (rows + kTileM - 1) / kTileM * kTileM;
  double *x64 = calloc((size_t)m_pad * (size_t)in, sizeof(double));
  double *y64 = malloc(sizeof(double) * (size_t)m_pad * (size_t)out);
  double *w_block = malloc(sizeof(double) * kBlockK * kTileN);
  int result = -1;
  if (x64 && y64 && w_block) {
    for (size_t i = 0; i < (size_t)rows * (size_t)in; ++i) x64[i] = shx_bf16_value(x[i]);
    gemm_nt(x64, m_pad, in, w, out, y64, w_block);
    for (size_t i = 0; i < (size_t)rows * (size_t)out; ++i) y[i] = shx_bf16_round(y64[i]);
    result = 0;
  }
  free(x64);
  free(y64);
  free(w_block);
  return result;
}

void shx_ref_reduce(const shx_ref_problem *problem, const uint16_t *const *y_ranks,
                    int rank_p, uint16_t *out) {
  const int hidden = problem->hidden;
  const int shard = hidden / problem->tp;
  for (int t = 0; t < problem->batch; ++t) {
    for (int c = 0; c < shard; ++c) {
      const size_t at = (size_t)t * (size_t)hidden + (size_t)rank_p * shard + c;
      double sum = 0.0;
      for (int r = 0; r < problem->tp; ++r) sum += shx_bf16_value(y_ranks[r][at]);
      out[(size_t)t * shard + c] = shx_bf16_round(sum);
    }
  }
}

void shx_ref_reduce_all(const shx_ref_problem *problem, const uint16_t *const *y_ranks,
                        uint16_t *out) {
  const int hidden = problem->hidden;
  for (int t = 0; t < problem->batch; ++t) {
    for (int c = 0; c < hidden; ++c) {
      const size_t at = (size_t)t * (size_t)hidden + c;
      double sum = 0.0;
      for (int r = 0; r < problem->tp; ++r) sum += shx_bf16_value(y_ranks[r][at]);
      out[at] = shx_bf16_round(sum);
    }
  }
}

double shx_rel_l2(const uint16_t *got, const uint16_t *want, size_t count,
                  int *nan_count) {
  double diff2 = 0.0, want2 = 0.0;
  int non_finite = 0;
  for (size_t i = 0; i < count; ++i) {
    const double g = shx_bf16_value(got[i]);
    const double w = shx_bf16_value(want[i]);
    if (!isfinite(g)) {
      ++non_finite;
      continue;
    }
    diff2 += (g - w) * (g - w);
    want2 += w * w;
  }
  if (nan_count) *nan_count = non_finite;
  if (non_finite > 0) return INFINITY;
  if (want2 == 0.0) return diff2 == 0.0 ? 0.0 : INFINITY;
  return sqrt(diff2 / want2);
}

double shx_max_element_error(const uint16_t *got, const uint16_t *want, size_t count,
                             size_t *worst) {
  double want2 = 0.0;
  for (size_t i = 0; i < count; ++i) {
    const double w = shx_bf16_value(want[i]);
    if (!isfinite(w)) { /* no reference to measure against: as wrong as can be */
      if (worst) *worst = i;
      return INFINITY;
    }
    want2 += w * w;
  }
  const double rms = count > 0 ? sqrt(want2 / (double)count) : 0.0;
  double largest = 0.0;
  size_t at = 0;
  for (size_t i = 0; i < count; ++i) {
    const double g = shx_bf16_value(got[i]), w = shx_bf16_value(want[i]);
    if (!isfinite(g)) {
      largest = INFINITY;
      at = i;
      break;
    }
    int exponent = 0;
    (void)frexp(w, &exponent); /* |w| = f 2^exponent, 0.5 <= f < 1 (0 for w = 0) */
    double ulp = w == 0.0 ? 0x1p-133 : ldexp(1.0, exponent - 8);
    if (ulp < 0x1p-133) ulp = 0x1p-133;
    const double excess = fabs(g - w) - 4.0 * ulp;
    if (excess <= 0.0) continue;
    const double error = rms > 0.0 ? excess / rms : INFINITY;
    if (error > largest) {
      largest = error;
      at = i;
    }
  }
  if (worst) *worst = at;
  return largest;
}
