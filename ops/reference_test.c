/* reference_test.c: the CPU reference against hand-computed values and a naive loop.
 *
 *     bazel test //ops:reference_test
 */
#include "ops/reference.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"

#define CHECK_BITS(got, want)                                                          \
  do {                                                                                 \
    const unsigned got_ = (got), want_ = (want);                                       \
    if (got_ != want_) {                                                               \
      fprintf(stderr, "%s:%d: %s = 0x%04x, want 0x%04x\n", __FILE__, __LINE__, #got, \
              got_, want_);                                                            \
      exit(1);                                                                         \
    }                                                                                  \
  } while (0)

#define CHECK_NEAR(got, want, rel)                                                      \
  do {                                                                                  \
    const double got_ = (got), want_ = (want);                                          \
    if (!(fabs(got_ - want_) <= (rel) * fabs(want_))) {                                 \
      fprintf(stderr, "%s:%d: %s = %.17g, want %.17g\n", __FILE__, __LINE__, #got, got_, \
              want_);                                                                   \
      exit(1);                                                                          \
    }                                                                                   \
  } while (0)

/* A small generator of the test's own (independent of testdata/inputs). */
static uint64_t rng_state = 0x243F6A8885A308D3ull;
static uint64_t next_u64(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}
static double next_uniform(double a) { /* [-a, a) */
  return a * (2.0 * (double)(next_u64() >> 11) * 0x1.0p-53 - 1.0);
}

/* An independent double -> BF16: scale to an integer step with frexp/ldexp, rint. */
static uint16_t bf16_by_rint(double v) {
  int exponent;
  frexp(v, &exponent);                       /* |v| in [2^(e-1), 2^e) */
  int step = exponent - 8;                   /* 8 significant bits */
  if (step < -133) step = -133;              /* subnormal step */
  const double rounded = ldexp(rint(ldexp(v, -step)), step); /* exact, RNE */
  const float as_float = (float)rounded; /* exact (<= 8 bits), or Inf past 2^128 */
  uint32_t bits;
  memcpy(&bits, &as_float, 4);
  return (uint16_t)(bits >> 16);
}

static void test_bf16_round(void) {
  CHECK_BITS(shx_bf16_round(1.0), 0x3F80);
  CHECK_BITS(shx_bf16_round(-2.0), 0xC000);
  CHECK_BITS(shx_bf16_round(0.0), 0x0000);
  CHECK_BITS(shx_bf16_round(-0.0), 0x8000);
  /* Ties go to even. BF16 spacing at 1 is 2^-7. */
  CHECK_BITS(shx_bf16_round(1.0 + 0x1p-8), 0x3F80);     /* 1.0 | 1 + 2^-7: even 1.0 */
  CHECK_BITS(shx_bf16_round(1.0 + 3 * 0x1p-8), 0x3F82); /* 1+2^-7 | 1+2^-6: even up */
  CHECK_BITS(shx_bf16_round(-(1.0 + 0x1p-8)), 0xBF80);
  /* Just above a tie rounds up; rounding via float first would lose the 2^-40 and
   * land on the tie (then 1.0): this is the double-rounding trap. */
  CHECK_BITS(shx_bf16_round(1.0 + 0x1p-8 + 0x1p-40), 0x3F81);
  CHECK_BITS(shx_bf16_round(1.0 + 0x1p-8 - 0x1p-40), 0x3F80);
  /* Carry into the exponent. */
  CHECK_BITS(shx_bf16_round(2.0 - 0x1p-9), 0x4000);
  /* Large values: the largest finite BF16 is 0x7F7F = (2 - 2^-7) 2^127. */
  CHECK_BITS(shx_bf16_round(ldexp(2.0 - 0x1p-7, 127)), 0x7F7F);
  CHECK_BITS(shx_bf16_round(ldexp(2.0 - 0x1p-8 - 0x1p-30, 127)), 0x7F7F);
  CHECK_BITS(shx_bf16_round(ldexp(2.0 - 0x1p-8, 127)), 0x7F80); /* tie: even = Inf */
  CHECK_BITS(shx_bf16_round(1e300), 0x7F80);
  CHECK_BITS(shx_bf16_round(-1e300), 0xFF80);
  CHECK_BITS(shx_bf16_round(65504.0), 0x4780);  /* 65504 -> 65536 (2^16) */
  CHECK_BITS(shx_bf16_round(3.0e38), 0x7F62);
  CHECK_BITS(shx_bf16_round(INFINITY), 0x7F80);
  CHECK_BITS(shx_bf16_round(-INFINITY), 0xFF80);
  /* NaN stays NaN (quiet). */
  const uint16_t nan_bits = shx_bf16_round(NAN);
  CHECK((nan_bits & 0x7F80) == 0x7F80 && (nan_bits & 0x7F) != 0);
  CHECK(isnan(shx_bf16_value(nan_bits)));
  CHECK(isnan(shx_bf16_value(shx_bf16_round(-NAN))));
  /* Subnormals: the step is 2^-133. */
  CHECK_BITS(shx_bf16_round(0x1p-133), 0x0001);
  CHECK_BITS(shx_bf16_round(0x1p-134), 0x0000);            /* tie: even 0 */
  CHECK_BITS(shx_bf16_round(-0x1p-134), 0x8000);
  CHECK_BITS(shx_bf16_round(0x1.8p-134), 0x0001);
  CHECK_BITS(shx_bf16_round(3 * 0x1p-134), 0x0002);        /* tie 1 | 2: even 2 */
  CHECK_BITS(shx_bf16_round(0x1p-126 - 0x1p-134), 0x0080); /* tie 127 | 128 */
  CHECK_BITS(shx_bf16_round(0x1p-126), 0x0080);
  CHECK_BITS(shx_bf16_round(0x1p-140), 0x0000);
  CHECK_BITS(shx_bf16_round(4.9e-324), 0x0000); /* FP64 subnormal */
  CHECK_BITS(shx_bf16_round(-4.9e-324), 0x8000);
  /* Every non-NaN BF16 value survives the round trip. */
  for (uint32_t bits = 0; bits < 0x10000; ++bits) {
    const double v = shx_bf16_value((uint16_t)bits);
    if (isnan(v)) continue;
    CHECK_BITS(shx_bf16_round(v), bits);
  }
  CHECK(shx_bf16_value(0x3F80) == 1.0);
  CHECK(shx_bf16_value(0x0001) == 0x1p-133);
  /* Random doubles over the whole finite BF16 range against the independent rint
   * path, plus values near ties (low bits zeroed, one random bit kept). */
  for (int i = 0; i < 2000000; ++i) {
    uint64_t bits = next_u64();
    const int exponent = (int)(next_u64() % 270) - 140 + 1023; /* 2^-140 .. 2^129 */
    bits = (bits & 0x800FFFFFFFFFFFFFull) | ((uint64_t)exponent << 52);
    if (i & 1) bits &= ~((1ull << 44) - 1) | (next_u64() & 1);
    double v;
    memcpy(&v, &bits, 8);
    CHECK_BITS(shx_bf16_round(v), bf16_by_rint(v)); /* overflow: float Inf in both */
  }
}

static double silu(double z) { return z / (1.0 + exp(-z)); }

static void test_activation(void) {
  /* SwiGLU(1, 2) = silu(1) * 2 = 2 / (1 + e^-1). */
  CHECK_NEAR(shx_ref_activation(SHX_ACT_SWIGLU, 1.0, 2.0, 4, 25), 1.4621171572600098,
             1e-15);
  CHECK_NEAR(shx_ref_activation(SHX_ACT_SWIGLU, 1.0, 2.0, 4, 25), 2.0 / (1.0 + exp(-1.0)),
             1e-15);
  CHECK(shx_ref_activation(SHX_ACT_SWIGLU, 0.0, 5.0, 4, 25) == 0.0);
  CHECK_NEAR(shx_ref_activation(SHX_ACT_SWIGLU, -2.0, 3.0, 4, 25),
             -2.0 / (1.0 + exp(2.0)) * 3.0, 1e-15);
  /* SwiGLU does not saturate: large u passes straight through. */
  CHECK_NEAR(shx_ref_activation(SHX_ACT_SWIGLU, 30.0, 1000.0, 4, 25), 1000.0 * 30.0, 1e-12);
  CHECK(!isnan(shx_ref_activation(SHX_ACT_SWIGLU, -1000.0, 2.0, 4, 25)));
  /* SiTU(1, 2; 4, 25) = silu(4 tanh(1/4)) * 25 tanh(2/25) (computed separately). */
  CHECK_NEAR(shx_ref_activation(SHX_ACT_SITU, 1.0, 2.0, 4, 25), 1.4215012329528165, 1e-14);
  CHECK_NEAR(shx_ref_activation(SHX_ACT_SITU, -3.0, 30.0, 4, 25), -3.868532434158883, 1e-14);
  /* Small arguments: SiTU ~ SwiGLU (tanh(z) ~ z). */
  CHECK_NEAR(shx_ref_activation(SHX_ACT_SITU, 1e-3, 2e-3, 4, 25),
             shx_ref_activation(SHX_ACT_SWIGLU, 1e-3, 2e-3, 4, 25), 1e-6);
  /* Huge g saturates the gate at silu(beta); huge u saturates at lambda. */
  CHECK_NEAR(shx_ref_activation(SHX_ACT_SITU, 1e6, 2.0, 4, 25),
             silu(4.0) * 25.0 * tanh(2.0 / 25.0), 1e-15);
  CHECK_NEAR(silu(4.0), 3.928055160151634, 1e-15);
  CHECK_NEAR(shx_ref_activation(SHX_ACT_SITU, -1e6, 2.0, 4, 25),
             -0.07194483984836623 * 25.0 * tanh(2.0 / 25.0), 1e-14);
  CHECK_NEAR(shx_ref_activation(SHX_ACT_SITU, 1e6, 1e6, 4, 25), silu(4.0) * 25.0, 1e-15);
  CHECK_NEAR(shx_ref_activation(SHX_ACT_SITU, 1e30, -1e30, 4, 25), -silu(4.0) * 25.0,
             1e-15);
  CHECK(fabs(shx_ref_activation(SHX_ACT_SITU, 1e30, 1e30, 4, 25)) <= 4.0 * 25.0);
  /* Other caps. */
  CHECK_NEAR(shx_ref_activation(SHX_ACT_SITU, 1000.0, 1000.0, 2, 10), silu(2.0) * 10.0, 1e-15);
  CHECK(isnan(shx_ref_activation((shx_activation)7, 1.0, 1.0, 4, 25)));
}

static void test_rel_l2(void) {
  uint16_t want[4], got[4];
  const double values[4] = {1.0, -2.0, 0.5, 4.0};
  for (int i = 0; i < 4; ++i) want[i] = got[i] = shx_bf16_round(values[i]);
  int nan_count = -1;
  CHECK(shx_rel_l2(got, want, 4, &nan_count) == 0.0 && nan_count == 0);
  memset(got, 0, sizeof got);
  CHECK(shx_rel_l2(got, want, 4, &nan_count) == 1.0); /* all zero: error 1 */
  for (int i = 0; i < 4; ++i) got[i] = shx_bf16_round(2.0 * values[i]);
  CHECK(shx_rel_l2(got, want, 4, NULL) == 1.0);       /* doubled: error 1 */
  for (int i = 0; i < 4; ++i) got[i] = want[i];
  got[0] = shx_bf16_round(1.5); /* diff 0.5, |want|^2 = 21.25 */
  CHECK_NEAR(shx_rel_l2(got, want, 4, NULL), sqrt(0.25 / 21.25), 1e-15);
  /* Symmetric in sign; scales out. */
  got[0] = shx_bf16_round(0.5);
  CHECK_NEAR(shx_rel_l2(got, want, 4, NULL), sqrt(0.25 / 21.25), 1e-15);
  /* NaN and Inf in got are counted and fail the comparison. */
  got[1] = 0x7FC0;
  got[2] = 0xFF80;
  CHECK(isinf(shx_rel_l2(got, want, 4, &nan_count)) && nan_count == 2);
  /* Zero reference. */
  memset(want, 0, sizeof want);
  memset(got, 0, sizeof got);
  CHECK(shx_rel_l2(got, want, 4, &nan_count) == 0.0 && nan_count == 0);
  got[3] = 0x3F80;
  CHECK(isinf(shx_rel_l2(got, want, 4, NULL)));
  got[3] = 0x8000; /* -0 equals +0 */
  CHECK(shx_rel_l2(got, want, 4, NULL) == 0.0);
}

static void test_max_element_error(void) {
  enum { kCount = 400 };
  uint16_t want[kCount], got[kCount];
  double want2 = 0.0;
  for (int i = 0; i < kCount; ++i) {
    want[i] = got[i] = shx_bf16_round((i % 7) - 3.0);
    want2 += ((i % 7) - 3.0) * ((i % 7) - 3.0);
  }
  const double rms = sqrt(want2 / kCount); /* about 2 */
  size_t worst = 99;
  CHECK(shx_max_element_error(got, want, kCount, &worst) == 0.0 && worst == 0);
  /* 4 ulps off (ulp 2^-6 at 2 and 3): within; 5 ulps: one ulp beyond, over the RMS. */
  got[5] = shx_bf16_round(2.0 + 4 * 0x1p-6); /* want[5] = 2 */
  CHECK(shx_max_element_error(got, want, kCount, NULL) == 0.0);
  got[5] = shx_bf16_round(2.0 + 5 * 0x1p-6);
  CHECK_NEAR(shx_max_element_error(got, want, kCount, &worst), 0x1p-6 / rms, 1e-15);
  CHECK(worst == 5);
  /* One element doubled among 400: the L2 bound passes it, this bound does not. */
  got[5] = want[5];
  got[6] = shx_bf16_round(2.0 * 3.0); /* want[6] = 3 */
  CHECK(shx_rel_l2(got, want, kCount, NULL) <= 0.08);
  CHECK(shx_max_element_error(got, want, kCount, &worst) > SHX_REF_ELEMENT_MAX);
  CHECK(worst == 6);
  got[6] = 0; /* zeroed */
  CHECK(shx_max_element_error(got, want, kCount, &worst) > SHX_REF_ELEMENT_MAX);
  CHECK(worst == 6);
  got[6] = 0x7FC0; /* NaN */
  CHECK(isinf(shx_max_element_error(got, want, kCount, &worst)) && worst == 6);
  got[6] = want[6];
  want[7] = 0x7F80; /* +Inf in the reference: no bound can hold */
  CHECK(isinf(shx_max_element_error(got, want, kCount, &worst)) && worst == 7);
  /* A zero reference: within 4 ulps of 0 passes, anything else is infinitely wrong. */
  memset(want, 0, sizeof want);
  memset(got, 0, sizeof got);
  got[1] = 0x0004; /* 4 x 2^-133 */
  CHECK(shx_max_element_error(got, want, kCount, NULL) == 0.0);
  got[1] = 0x3F80;
  CHECK(isinf(shx_max_element_error(got, want, kCount, NULL)));
}

/* What naive_rank may do otherwise (test_tolerance_sees_roundings): 0 is SPEC's. */
enum {
  kUnroundedGateUp = 1, /* g and u not rounded to BF16 before the activation */
  kUnroundedH = 2,      /* h not rounded to BF16 */
  kFloatSums = 4        /* every dot product summed in FP32 (a same-precision reference) */
};

/* The problem computed with the plainest loops: one sequential FP64 sum per output (with
 * `variant` 0). */
static void naive_rank_variant(const shx_ref_problem *p, const uint16_t *x,
                               const uint16_t *gate_up, const uint16_t *down, uint16_t *y,
                               int variant) {
  const int hidden = p->hidden, inter = p->inter_total / p->tp;
  double *h = malloc(sizeof(double) * (size_t)p->batch * inter);
  CHECK(h != NULL);
  for (int t = 0; t < p->batch; ++t) {
    for (int j = 0; j < inter; ++j) {
      double g = 0.0, u = 0.0;
      float g32 = 0.0f, u32 = 0.0f;
      for (int k = 0; k < hidden; ++k) {
        const double xv = shx_bf16_value(x[t * hidden + k]);
        const double gv = xv * shx_bf16_value(gate_up[(size_t)j * hidden + k]);
        const double uv = xv * shx_bf16_value(gate_up[(size_t)(inter + j) * hidden + k]);
        g += gv;
        u += uv;
        g32 += (float)gv; /* a BF16 product is exact in FP32 */
        u32 += (float)uv;
      }
      if (variant & kFloatSums) {
        g = g32;
        u = u32;
      }
      if (!(variant & kUnroundedGateUp)) {
        g = shx_bf16_value(shx_bf16_round(g));
        u = shx_bf16_value(shx_bf16_round(u));
      }
      double act;
      if (p->activation == SHX_ACT_SITU) {
        const double gc = p->beta * tanh(g / p->beta);
        act = gc / (1.0 + exp(-gc)) * (p->lambda * tanh(u / p->lambda));
      } else {
        act = g / (1.0 + exp(-g)) * u;
      }
      h[t * inter + j] = variant & kUnroundedH ? act : shx_bf16_value(shx_bf16_round(act));
    }
  }
  for (int t = 0; t < p->batch; ++t) {
    for (int n = 0; n < hidden; ++n) {
      double sum = 0.0;
      float sum32 = 0.0f;
      for (int k = 0; k < inter; ++k) {
        const double product = h[t * inter + k] * shx_bf16_value(down[(size_t)n * inter + k]);
        sum += product;
        sum32 += (float)product;
      }
      uint16_t bits = shx_bf16_round(variant & kFloatSums ? (double)sum32 : sum);
      y[t * hidden + n] = bits == 0x8000 ? 0 : bits;
    }
  }
  free(h);
}

static void naive_rank(const shx_ref_problem *p, const uint16_t *x, const uint16_t *gate_up,
                       const uint16_t *down, uint16_t *y) {
  naive_rank_variant(p, x, gate_up, down, y, 0);
}

static void fill(uint16_t *values, size_t count, double scale) {
  for (size_t i = 0; i < count; ++i) values[i] = shx_bf16_round(next_uniform(scale));
}

/* Reference == naive loops bit for bit on every rank; reduce == naive rank-order sum. */
static void test_against_naive(shx_ref_problem p) {
  const int hidden = p.hidden, inter = p.inter_total / p.tp, tp = p.tp;
  const size_t elements = (size_t)p.batch * hidden;
  uint16_t *x = malloc(2 * elements);
  uint16_t *gate_up = malloc(2 * (size_t)2 * inter * hidden);
  uint16_t *down = malloc(2 * (size_t)hidden * inter);
  uint16_t *y = malloc(2 * elements * tp), *y_naive = malloc(2 * elements);
  uint16_t *shard = malloc(2 * elements), *all = malloc(2 * elements);
  const uint16_t **ranks = malloc(sizeof(uint16_t *) * tp);
  CHECK(x && gate_up && down && y && y_naive && shard && all && ranks);
  fill(x, elements, 1.0);
  int nonzero = 0;
  for (int r = 0; r < tp; ++r) {
    fill(gate_up, (size_t)2 * inter * hidden, 6.0 / sqrt(hidden));
    fill(down, (size_t)hidden * inter, sqrt(3.0 / p.inter_total));
    uint16_t *y_r = y + (size_t)r * elements;
    for (size_t i = 0; i < elements; ++i) y_r[i] = 0x8000; /* poison */
    CHECK(shx_ref_rank(&p, r, x, gate_up, down, y_r) == 0);
    naive_rank(&p, x, gate_up, down, y_naive);
    for (size_t i = 0; i < elements; ++i) {
      CHECK_BITS(y_r[i], y_naive[i]);
      CHECK(y_r[i] != 0x8000);
      nonzero += y_r[i] != 0;
    }
    ranks[r] = y_r;
  }
  CHECK(nonzero > (int)(elements * tp / 2)); /* the test is not vacuous */
  shx_ref_reduce_all(&p, ranks, all);
  const int shard_cols = hidden / tp;
  for (int owner = 0; owner < tp; ++owner) {
    shx_ref_reduce(&p, ranks, owner, shard);
    for (int t = 0; t < p.batch; ++t) {
      for (int c = 0; c < shard_cols; ++c) {
        const size_t at = (size_t)t * hidden + owner * shard_cols + c;
        double sum = 0.0;
        for (int r = 0; r < tp; ++r) sum += shx_bf16_value(ranks[r][at]);
        CHECK_BITS(shard[t * shard_cols + c], shx_bf16_round(sum));
        CHECK_BITS(all[at], shard[t * shard_cols + c]);
      }
    }
  }
  free(x);
  free(gate_up);
  free(down);
  free(y);
  free(y_naive);
  free(shard);
  free(all);
  free(ranks);
}

/* shx_ref_linear == the naive sequential FP64 sum from +0.0 rounded once, bit for bit, at
 * sizes past the kernel's 4-row tiles and K blocks; bad arguments refused with nothing
 * written. */
static void test_linear(int rows, int in, int out) {
  uint16_t *x = malloc(2 * (size_t)rows * in), *w = malloc(2 * (size_t)out * in);
  uint16_t *y = malloc(2 * (size_t)rows * out);
  CHECK(x && w && y);
  fill(x, (size_t)rows * in, 1.0);
  fill(w, (size_t)out * in, 1.0 / sqrt(in));
  for (int k = 0; k < in; ++k) x[k] = 0x8000; /* row 0 all -0: its sums stay +0.0 */
  for (size_t i = 0; i < (size_t)rows * out; ++i) y[i] = 0x7FC1; /* poison */
  CHECK(shx_ref_linear(rows, in, out, x, w, y) == 0);
  int nonzero = 0;
  for (int t = 0; t < rows; ++t) {
    for (int o = 0; o < out; ++o) {
      double sum = 0.0;
      for (int k = 0; k < in; ++k)
        sum += shx_bf16_value(x[(size_t)t * in + k]) * shx_bf16_value(w[(size_t)o * in + k]);
      CHECK_BITS(y[(size_t)t * out + o], shx_bf16_round(sum));
      nonzero += y[(size_t)t * out + o] != 0;
    }
  }
  CHECK(nonzero > (rows - 1) * out / 2); /* the test is not vacuous */
  for (size_t i = 0; i < (size_t)rows * out; ++i) y[i] = 0x7FC1;
  CHECK(shx_ref_linear(0, in, out, x, w, y) == -1);
  CHECK(shx_ref_linear(rows, in, out, x, NULL, y) == -1);
  CHECK(shx_ref_linear(rows, -1, out, x, w, y) == -1);
  CHECK_BITS(y[0], 0x7FC1);
  free(x);
  free(w);
  free(y);
}

/* The tests' tolerance (SHX_REF_REL_L2_MAX) against what it must tell apart, at the
 * design dims (H 7168, I_total 6144, TP8, SiTU; SwiGLU at I_total 2048), rank 0, B = 9,
 * with testdata's scales: a reference that sums in FP32, as the kernels do (in another
 * order), must lie well inside it; one that skips SPEC's rounding of g and u, or of h,
 * must lie outside it. */
static void test_tolerance_sees_roundings(shx_activation activation, int inter_total) {
  const shx_ref_problem p = {7168, inter_total, 8, 9, activation, 4.0, 25.0};
  const int hidden = p.hidden, inter = p.inter_total / p.tp;
  const size_t elements = (size_t)p.batch * hidden;
  uint16_t *x = malloc(2 * elements), *gate_up = malloc(2 * (size_t)2 * inter * hidden);
  uint16_t *down = malloc(2 * (size_t)hidden * inter);
  uint16_t *want = malloc(2 * elements), *got = malloc(2 * elements);
  CHECK(x && gate_up && down && want && got);
  fill(x, elements, 1.0);
  fill(gate_up, (size_t)2 * inter * hidden, 6.0 / sqrt(hidden));
  fill(down, (size_t)hidden * inter, sqrt(3.0 / p.inter_total));
  CHECK(shx_ref_rank(&p, 0, x, gate_up, down, want) == 0);
  const struct {
    int variant;
    const char *name;
  } variants[] = {{kFloatSums, "FP32 sums"},
                  {kUnroundedGateUp, "g, u unrounded"},
                  {kUnroundedH, "h unrounded"},
                  {kUnroundedGateUp | kUnroundedH, "g, u, h unrounded"}};
  for (size_t v = 0; v < sizeof variants / sizeof variants[0]; ++v) {
    naive_rank_variant(&p, x, gate_up, down, got, variants[v].variant);
    int nan_count = 0;
    const double error = shx_rel_l2(got, want, elements, &nan_count);
    const double element = shx_max_element_error(got, want, elements, NULL);
    printf("  %s I_total %d: %-18s rel L2 %.2e (tolerance %.0e), worst element %.2e (%.2f)\n",
           activation == SHX_ACT_SITU ? "SiTU" : "SwiGLU", inter_total, variants[v].name,
           error, SHX_REF_REL_L2_MAX, element, SHX_REF_ELEMENT_MAX);
    CHECK(nan_count == 0);
    if (variants[v].variant == kFloatSums) {
      CHECK(error <= SHX_REF_REL_L2_MAX / 3);
      CHECK(element <= SHX_REF_ELEMENT_MAX / 3);
    } else {
      CHECK(error > SHX_REF_REL_L2_MAX);
    }
  }
  free(x);
  free(gate_up);
  free(down);
  free(want);
  free(got);
}

/* A y that is a tiny negative number rounds to BF16 -0 and must be written as +0. */
static void test_negative_zero_flush(void) {
  const shx_ref_problem p = {64, 64, 1, 1, SHX_ACT_SWIGLU, 4.0, 25.0};
  uint16_t x[64], gate_up[128 * 64], down[64 * 64], y[64];
  memset(x, 0, sizeof x);
  memset(gate_up, 0, sizeof gate_up);
  x[0] = shx_bf16_round(1.0);
  for (int j = 0; j < 64; ++j) {
    gate_up[j * 64] = shx_bf16_round(1.0);              /* g = 1 */
    gate_up[(64 + j) * 64] = shx_bf16_round(0x1p-10);   /* u = 2^-10 */
  }
  for (int i = 0; i < 64 * 64; ++i) down[i] = 0x8001;   /* -2^-133 */
  /* y = 64 * BF16(silu(1) 2^-10) * -2^-133, about -0.73 * 2^-137: BF16 -0. */
  const double h = shx_bf16_value(shx_bf16_round(silu(1.0) * 0x1p-10));
  CHECK_BITS(shx_bf16_round(64.0 * h * -0x1p-133), 0x8000);
  for (int i = 0; i < 64; ++i) y[i] = 0x1234;
  CHECK(shx_ref_rank(&p, 0, x, gate_up, down, y) == 0);
  for (int i = 0; i < 64; ++i) CHECK_BITS(y[i], 0x0000);
  /* And a plainly negative y keeps its sign. */
  for (int i = 0; i < 64 * 64; ++i) down[i] = shx_bf16_round(-1.0);
  CHECK(shx_ref_rank(&p, 0, x, gate_up, down, y) == 0);
  for (int i = 0; i < 64; ++i) CHECK_BITS(y[i], shx_bf16_round(-64.0 * h));
}

static void test_invalid(void) {
  uint16_t buffer[64];
  shx_ref_problem p = {64, 128, 2, 1, SHX_ACT_SITU, 4.0, 25.0};
  CHECK(shx_ref_problem_check(&p) == 0);
  CHECK(shx_ref_rank(&p, 2, buffer, buffer, buffer, buffer) == -1);
  CHECK(shx_ref_rank(&p, -1, buffer, buffer, buffer, buffer) == -1);
  CHECK(shx_ref_rank(&p, 0, NULL, buffer, buffer, buffer) == -1);
  CHECK(shx_ref_rank(NULL, 0, buffer, buffer, buffer, buffer) == -1);
  p.hidden = 63;
  CHECK(shx_ref_problem_check(&p) == -1);
  p.hidden = 64;
  p.inter_total = 129; /* not split evenly over tp 2 */
  CHECK(shx_ref_problem_check(&p) == -1);
  p.inter_total = 128;
  p.batch = 0;
  CHECK(shx_ref_problem_check(&p) == -1);
  p.batch = 1;
  p.beta = 0.0;
  CHECK(shx_ref_problem_check(&p) == -1);
  p.activation = SHX_ACT_SWIGLU; /* caps unused */
  CHECK(shx_ref_problem_check(&p) == 0);
  p.activation = (shx_activation)9;
  CHECK(shx_ref_problem_check(&p) == -1);
}

int main(void) {
  test_bf16_round();
  test_activation();
  test_rel_l2();
  test_max_element_error();
  test_negative_zero_flush();
  test_invalid();
  /* The brief's tiny problem, then shapes that hit the kernel's edges: batch not a
   * multiple of 4, I not a multiple of 4, H across several K blocks. */
  test_against_naive((shx_ref_problem){64, 128, 2, 3, SHX_ACT_SITU, 4.0, 25.0});
  test_against_naive((shx_ref_problem){64, 128, 2, 3, SHX_ACT_SWIGLU, 4.0, 25.0});
  test_against_naive((shx_ref_problem){20, 12, 2, 5, SHX_ACT_SITU, 4.0, 25.0});
  test_against_naive((shx_ref_problem){640, 384, 4, 9, SHX_ACT_SITU, 4.0, 25.0});
  test_against_naive((shx_ref_problem){576, 256, 1, 13, SHX_ACT_SWIGLU, 4.0, 25.0});
  test_linear(7, 600, 9);
  test_linear(4, 256, 4);
  test_tolerance_sees_roundings(SHX_ACT_SITU, 6144);
  test_tolerance_sees_roundings(SHX_ACT_SWIGLU, 2048);
  printf("reference_test: OK\n");
  return 0;
}
