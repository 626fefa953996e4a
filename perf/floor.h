/* floor.h: weight-streaming kernels for the benchmarks: the floor that the operator is
 * measured against (SPEC "Speed targets": the same bytes, CTAs and PDL setting, no
 * arithmetic) and the routed experts' stand-in beside the shared expert. */
#ifndef SHX_PERF_FLOOR_H_
#define SHX_PERF_FLOOR_H_

#include <stddef.h>

#include "shared_expert.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Streams [weights, weights + bytes) (16-byte aligned, bytes a multiple of 16, at least
 * 16 KB a CTA) into shared memory with `grid` CTAs, ctas_per_sm (1 or 2) an SM: a ring
 * of 8 x 16 KB, or of 6 x 16 KB so that two fit an SM as the fused kernel's plans place
 * theirs. With pdl, launched with programmatic stream serialization: the first ring is
 * issued before griddepcontrol.wait and the dependents are triggered once it is out
 * (there is no grid barrier to protect; a CTA of at most one ring triggers by exiting). */
shx_status shx_floor_launch(const void *weights, size_t bytes, int grid, int pdl,
                            int ctas_per_sm, void *stream, char *message);

/* The routed experts' stand-in for the split variant's benchmarks (issue 4): `sms` CTAs,
 * one per SM (128 KB of shared memory each), stream slices of [weights, weights + bytes)
 * for `microseconds`: it holds those SMs for a fixed time, and traffic beside it costs it
 * nothing. A plain launch. */
shx_status shx_standin_launch(const void *weights, size_t bytes, int sms,
                              double microseconds, void *stream, char *message);

/* The stand-in that pays for traffic beside it: `sms` CTAs, one per SM (128 KB of shared
 * memory each), stream [weights, weights + bytes) once, each its slice, as routed experts
 * streaming their weights would. pdl_aware: launched with PDL, its first ring issued
 * before griddepcontrol.wait and its dependents triggered once that ring is out (a
 * PDL-aware engine kernel, the floor's form; a slice of at most 8 x 16 KB triggers only by
 * exiting); otherwise a plain launch that never triggers (a dependent launched with PDL
 * starts once all of its CTAs have exited). Slices of at least 16 KB. */
shx_status shx_standin_bytes_launch(const void *weights, size_t bytes, int sms,
                                    int pdl_aware, void *stream, char *message);

/* A persistent kernel's footprint without its traffic, for graphs/neighbour_gpu_test:
 * `sms` CTAs of 640 threads (NCCL's largest block) that spin for `microseconds`, each
 * with `shared_bytes` of dynamic shared memory; with many_registers each thread keeps 64
 * values live, so that a CTA holds most of an SM's register file (72 registers a thread,
 * bazel-bin/perf/floor.ptxas.txt), otherwise few (10). carveout: the kernel's preferred
 * shared-memory carveout (cudaFuncAttributePreferredSharedMemoryCarveout: -1 the default,
 * 0..100 percent of the most; the L1 / shared split is set per SM for what runs on it).
 * Where sm_ids is not null (device memory, sms ints), CTA c writes the SM it ran on to
 * sm_ids[c]. A plain launch. */
shx_status shx_spinner_launch(int sms, int shared_bytes, int many_registers, int carveout,
                              double microseconds, int *sm_ids, void *stream, char *message);

/* The attention before an o-proj, for perf/oproj_step's check: a plain launch of 132 CTAs
 * that first lets its dependents launch (a PDL-aware kernel's form), then spins for
 * `microseconds`, then writes a_count BF16 values into a (a hash of seed and the index,
 * uniform in [-1, 1): a new seed gives other values) and x_count 0xFFFF (NaN) into x. An
 * o-proj launched after it with PDL starts while it spins: one that read a before its
 * griddepcontrol.wait would read the previous values. That needs room on its SMs for the
 * o-proj's shared memory: call shx_attention_standin_prepare once (not while capturing)
 * to make its preferred carveout the most shared memory (at the default carveout a kernel
 * without shared memory keeps such CTAs off its SMs: perf/RESULTS.md runs 61 and 82). */
shx_status shx_attention_standin_prepare(char *message);
shx_status shx_attention_standin_launch(void *a, size_t a_count, void *x, size_t x_count,
                                        uint32_t seed, double microseconds, void *stream,
                                        char *message);

/* Experiment: the gate/up weights [2 I, hidden] streamed through 2D boxes in the fused
 * kernel's pattern (4 CTAs per 64-row tile, each a quarter of K), no PDL. */
shx_status shx_floor_tiles_launch(const void *gate_up, int hidden, int inter, void *stream,
                                  char *message);

#ifdef __cplusplus
}
#endif

#endif /* SHX_PERF_FLOOR_H_ */
