/* release_probe.h: the cost of the h release beside TMA loads in flight
 * (perf/release_probe.cu). */
#ifndef SHX_PERF_RELEASE_PROBE_H_
#define SHX_PERF_RELEASE_PROBE_H_

#ifdef __cplusplus
extern "C" {
#endif

/* 132 CTAs of two warps. Warp 1's lane 0 issues `loads` 8 KB bulk copies (0..16) from
 * memory not in L2 into its shared memory; then thread 0 makes 8 global stores and the
 * fused kernel's release (red.release.gpu on a counter), timed with clock64. mode 0: the
 * copies are still in flight at the release; mode 1: warp 1 waited for them first; mode
 * 2: L2 prefetches of the same bytes instead of copies (nothing waits for them).
 * Reports the median over CTAs of the release's cycles. Returns 0, -1 on a bad argument
 * or a CUDA error, 77 without a Hopper GPU. */
int shx_release_probe(int loads, int mode, double *release_cycles);

/* The same across CTAs: two CTAs per SM; the first on each SM issues `loads` copies
 * (0..12; wait_landed: and waits for them), the second then makes the stores and the
 * release (timed_load 1: one ld.relaxed.gpu of an L2-resident line instead; 2: 24 such
 * loads of 16 bytes in each of 64 threads, until every thread has its data; 3: one 2 KB
 * bulk copy from L2). where 0: as said; 1: copies only on odd SMs, the timed CTAs of
 * even SMs counted; 2: copies only on odd SMs, those of odd SMs counted. Reports the
 * median over the counted CTAs and how many there were. */
int shx_release_probe_cross(int loads, int wait_landed, int timed_load, int where,
                            double *release_cycles, int *releasers);

#ifdef __cplusplus
}
#endif

#endif /* SHX_PERF_RELEASE_PROBE_H_ */
