/* reference.h: the CPU reference of the shared-expert operator (FP64, SPEC's roundings).
 *
 * For rank r of a TP group, with BF16 inputs:
 *     g, u = FP64 dot products over H, each rounded to BF16 (round to nearest even)
 *     h    = BF16(act(g, u))                                  [B, I], I = I_total / tp
 *     y_r  = BF16(FP64 dot product over I), -0 written as +0   [B, H]
 * and the reduce-scatter: rank p owns columns [p S, (p + 1) S), S = H / tp, of
 *     out  = BF16(FP64 sum over r = 0 .. tp-1, in order, of y_r).
 *
 * Every FP64 dot product is the plain sequential sum over k = 0, 1, ... starting from
 * +0.0 (products of two BF16 values are exact in FP64), compiled with
 * -ffp-contract=off, so any loop that sums in k order gives bit-identical results.
 * The activation calls libm's exp and tanh; a different libm could differ in the last
 * FP64 bit, which changes h only when act(g, u) sits within that bit of a BF16
 * rounding boundary (about 2^-44 per element).
 *
 * Host code only; no CUDA. Run the tests: bazel test //ops:reference_test
 */
#ifndef SHX_OPS_REFERENCE_H_
#define SHX_OPS_REFERENCE_H_

#include <stddef.h>
#include <stdint.h>

#include "shared_expert.h"

#ifdef __cplusplus
extern "C" {
#endif

/* double -> BF16 bits, round to nearest even straight from FP64 (one rounding, not via
 * float). Keeps the sign of zero; +-Inf stays +-Inf; overflow rounds to +-Inf; any NaN
 * becomes a quiet NaN (0x7FC0 with the input's sign); BF16 subnormals are produced. */
uint16_t shx_bf16_round(double value);

/* BF16 bits -> the exact double value (NaN stays NaN). */
double shx_bf16_value(uint16_t bits);

/* act(g, u) in FP64. SHX_ACT_SITU: silu(beta tanh(g / beta)) * (lambda tanh(u / lambda));
 * SHX_ACT_SWIGLU: silu(g) * u (beta, lambda unused); silu(z) = z / (1 + exp(-z)).
 * An unknown activation returns NaN. */
double shx_ref_activation(shx_activation act, double g, double u, double beta,
                          double lambda);

/* One problem: model dims, TP degree, batch, activation. */
typedef struct shx_ref_problem {
  int hidden;      /* H, > 0 and a multiple of tp */
  int inter_total; /* I_total, > 0 and a multiple of tp; each rank has I = I_total / tp */
  int tp;          /* ranks, >= 1 */
  int batch;       /* B, tokens, >= 1 */
  shx_activation activation;
  double beta;     /* SiTU gate cap (4 by default); unused by SwiGLU */
  double lambda;   /* SiTU linear cap (25 by default); unused by SwiGLU */
} shx_ref_problem;

/* 0 if the problem is well formed (see the field comments), else -1. */
int shx_ref_problem_check(const shx_ref_problem *problem);

/* Rank `rank`'s partial output, all BF16 bits, row-major:
 *   x [B, H], gate_up [2 I, H] (rows [0, I) gate, [I, 2 I) up), down [H, I], y [B, H].
 * Returns 0, or -1 (nothing written) if the problem or rank is invalid or a host
 * allocation fails. Single-threaded; TP8 B = 64 takes well under a second. */
int shx_ref_rank(const shx_ref_problem *problem, int rank, const uint16_t *x,
                 const uint16_t *gate_up, const uint16_t *down, uint16_t *y);

/* One BF16 linear layer, as the attention o-proj that feeds x (perf/oproj_step,
 * graphs/dims_gpu_test): y [rows, out] = BF16(x [rows, in] . w [out, in]^T), each element
 * the FP64 sequential sum over k (as shx_ref_rank's products) rounded once to nearest
 * even, -0 kept. All BF16 bits, row-major. Returns 0, or -1 (nothing written) if a size
 * is not positive, an array is NULL or a host allocation fails. */
int shx_ref_linear(int rows, int in, int out, const uint16_t *x, const uint16_t *w,
                   uint16_t *y);

/* The tail of rank `rank_p`: out [B, S] (row stride S = H / tp),
 *   out[t][c] = BF16(sum over r = 0 .. tp-1 in order of y_ranks[r][t][rank_p S + c]),
 * the sum in FP64 of the BF16 values, rounded once (plain rounding, no -0 flush: a
 * sum of BF16 values is 0 exactly or at least the smallest BF16 subnormal in
 * magnitude, so it never rounds to -0). FP64 on purpose, as every sum of this reference
 * (SPEC Numerics 5: an FP64 reference rounding at the same points), where the device
 * tail sums in FP32 (SPEC's mailbox protocol): the two can differ by one BF16 ulp where
 * the FP32 sum lands on a rounding tie the FP64 one misses (tp >= 3, sources 2^16 or
 * more apart; graphs/mailbox_gpu_test checks the device tail against the FP32 rule bit
 * for bit). y_ranks[r] is rank r's y [B, H]. Unchecked
 * (the caller's): a problem that passes shx_ref_problem_check, 0 <= rank_p < tp, and
 * non-NULL arrays of those sizes; likewise for shx_ref_reduce_all. */
void shx_ref_reduce(const shx_ref_problem *problem, const uint16_t *const *y_ranks,
                    int rank_p, uint16_t *out);

/* Every shard at once: out [B, H] = the tp outputs of shx_ref_reduce side by side. */
void shx_ref_reduce_all(const shx_ref_problem *problem, const uint16_t *const *y_ranks,
                        uint16_t *out);

/* The tests' bound on a GPU result's relative L2 error against this reference, tighter
 * than SPEC's 5e-3 ceiling so that it tells SPEC's rounding points from others: a
 * reference summing in FP32 lies well inside it, one that skips the rounding of g and u
 * or of h outside it (ops/reference_test prints both); the GPU tests measured at most
 * about 1.0e-3 (perf/RESULTS.md run 68 call 1). */
#define SHX_REF_REL_L2_MAX 2e-3

/* Relative L2 error sqrt(sum (got - want)^2 / sum want^2) of two BF16 arrays.
 * Elements where `got` is NaN or +-Inf are counted into *nan_count (if not NULL) and
 * make the result +Inf. If `want` is all zero: 0 when got is too, else +Inf. */
double shx_rel_l2(const uint16_t *got, const uint16_t *want, size_t count,
                  int *nan_count);

/* The tests' bound on any one element, beside the L2 bound (which a few grossly wrong
 * elements among many pass): shx_max_element_error must be at most this. A same-precision
 * reference (FP32 sums) lies well inside it, an element zeroed or doubled outside it
 * (ops/reference_test); the GPU tests print their worst element (at most 1.1e-2 in
 * perf/RESULTS.md run 85). References that skip one of SPEC's roundings reach only about
 * 1e-2 here too: telling those apart is the L2 bound's job, gross errors this one's. */
#define SHX_REF_ELEMENT_MAX 0.05

/* The largest error of one element beyond 4 BF16 units in the last place of its wanted
 * value, as a fraction of want's RMS over all `count` elements:
 *     max over i of max(0, |got_i - want_i| - 4 ulp(want_i)) / rms(want),
 * ulp(w) the spacing of BF16 values at |w| (2^-133, the smallest, at 0 and below the
 * normal range). The index of the worst element into *worst (if not NULL). NaN or +-Inf
 * in `got` or in `want` gives +Inf (*worst the first such). A want that is all zero gives
 * 0 when every got is within 4 ulp of 0, else +Inf. */
double shx_max_element_error(const uint16_t *got, const uint16_t *want, size_t count,
                             size_t *worst);

#ifdef __cplusplus
}
#endif

#endif /* SHX_OPS_REFERENCE_H_ */
