/* down_probe.h: the fused kernel's K loops alone (its down loop, and its gate/up stream
 * with x in h's place), weights as wgmma's A or B operand (perf/down_probe.cu says what
 * it models). */
#ifndef SHX_PERF_DOWN_PROBE_H_
#define SHX_PERF_DOWN_PROBE_H_

#ifdef __cplusplus
extern "C" {
#endif

#define SHX_DOWN_PROBE_WEIGHTS_AS_A 0 /* the fused kernel's form: 64-row tiles */
#define SHX_DOWN_PROBE_WEIGHTS_AS_B 1 /* the swap: 128-row tiles, h padded to 64 rows */
#define SHX_DOWN_PROBE_MAX_CTAS 256
#define SHX_DOWN_PROBE_MAX_LAUNCHES 64

typedef struct shx_down_probe_result {
  int ctas, fills, stages, n; /* CTAs, K blocks, ring stages, the MMA's n */
  double slowest_ns[SHX_DOWN_PROBE_MAX_LAUNCHES];      /* per launch: the slowest CTA */
  double mean_ns[SHX_DOWN_PROBE_MAX_LAUNCHES];         /* per launch: the CTAs' mean */
} shx_down_probe_result;

/* `launches` launches of the probe in `form` over device buffers weights (BF16
 * [hidden, inter], row-major), h (BF16 [batch, inter]) and y (FP32 [batch, hidden],
 * written): each CTA's time from its h request to its last MMA, in ns. batch 1..64;
 * inter a multiple of 64 up to 1024; hidden a multiple of the tile rows (64 or 128);
 * chains 2 in form A, 1 or 2 in form B. stages: 0 keeps every weight block of a tile in
 * shared memory before the timed part; S > 0 a ring of S stages, the first S blocks
 * resident and the rest loaded (with h) as the consumers release stages, as the fused
 * kernel's producer does. The stages must fit in shared memory. Returns 0, or -1 on a
 * bad argument or a CUDA error. */
int shx_down_probe(int form, int batch, int chains, int hidden, int inter, int stages,
                   int launches, const void *weights, const void *h, float *y,
                   shx_down_probe_result *result);

#ifdef __cplusplus
}
#endif

#endif /* SHX_PERF_DOWN_PROBE_H_ */
