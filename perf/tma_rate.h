/* tma_rate.h: the TMA issue-rate probe (perf/tma_rate.cu). */
#ifndef SHX_PERF_TMA_RATE_H_
#define SHX_PERF_TMA_RATE_H_

#ifdef __cplusplus
extern "C" {
#endif

/* One CTA per SM (132), one warp each, makes `fills` fills of a ring of 8 slots: per fill
 * one mbarrier arrive.expect_tx and `copies` (1..3) 2D tensor-map copies of a [rows x 64]
 * BF16 box (rows 16, 32 or 64; 128-byte swizzle) from an L2-resident matrix, issued by
 * lane 0 one after another (form 0) or by lanes 0..copies-1 in one instruction
 * (form 1); form 2 only arms the barriers (no copies), 3 and 4 arm every barrier
 * before the timing and then issue the copies as 0 and 1 do, 5 is 0 with plain bulk
 * copies (cp.async.bulk, no tensor map) of the same bytes, 6 arms every barrier before
 * and lets lane 0 alone run the whole loop (the fused kernel's producer), 7 is 6 with the
 * copies' operands computed in ordinary registers (not the uniform datapath), 8 the
 * fused producer's refill (arm, two copies with an L2 hint, one plain copy of a second
 * map) on lane 0 alone, 9 that refill from lanes 0-2 in one converged loop (copies 3).
 * Reports, for the slowest CTA, the cycles per fill from its first issue to its last
 * (issue) and to every fill landed (landed). Returns 0, or -1 on a bad
 * argument or a CUDA error; 77 without a Hopper GPU. */
int shx_tma_rate(int copies, int rows, int form, int fills, double *issue_cycles_per_fill,
                 double *landed_cycles_per_fill);

#ifdef __cplusplus
}
#endif

#endif /* SHX_PERF_TMA_RATE_H_ */
