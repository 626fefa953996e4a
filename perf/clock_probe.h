/* clock_probe.h: what an interval between two %globaltimer stamps holds, against the SM
 * cycles (clock64) between them (perf/clock_probe.cu). */
#ifndef SHX_PERF_CLOCK_PROBE_H_
#define SHX_PERF_CLOCK_PROBE_H_

#ifdef __cplusplus
extern "C" {
#endif

/* One CTA per SM of one warp (stream: two, the second streaming HBM with bulk copies
 * meanwhile, 8 of 16 KB in flight a CTA); the first warp's lane 0 measures, medians over
 * the CTAs:
 *   spin_cycles   SM cycles of a busy wait (clock64) of `spin` cycles ...
 *   spin_ns       ... and the %globaltimer nanoseconds around it: their ratio is the
 *                 SM clock as the fused kernel's stamps would see it;
 *   step_ns       the smallest non-zero step between two successive %globaltimer reads
 *                 (the timer's resolution);
 *   read_cycles   SM cycles of one %globaltimer read (32 back to back, averaged).
 * Returns 0, -1 on a bad argument or a CUDA error, 77 without a Hopper GPU. */
int shx_clock_probe(long long spin, int stream, double *spin_cycles, double *spin_ns,
                    double *step_ns, double *read_cycles);

#ifdef __cplusplus
}
#endif

#endif /* SHX_PERF_CLOCK_PROBE_H_ */
