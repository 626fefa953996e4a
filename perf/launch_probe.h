/* launch_probe.h: how long a programmatic dependent launch takes to start the next grid,
 * and how long the previous grid's completion takes to release its wait
 * (perf/launch_probe.cu). */
#ifndef SHX_PERF_LAUNCH_PROBE_H_
#define SHX_PERF_LAUNCH_PROBE_H_

#ifdef __cplusplus
extern "C" {
#endif

/* One configuration: a chain of launches of one kernel on one stream, each launched with
 * programmatic stream serialization after the one before (as the fused steps of the
 * benchmark). Every CTA: thread 0 stamps its entry; the producer thread (warp 4, lane 0)
 * of every `copy_every`-th CTA issues `ring_kb` KB of bulk copies from a cold 1 GB
 * buffer before the dependency wait (the fused kernel's first ring) and stamps when they
 * landed; thread 0 waits for the dependency, stamps, busy-waits `trigger_ns`, triggers
 * the dependents, stamps, busy-waits until `work_ns` after its wait and stamps its
 * exit. */
struct shx_launch_probe_config {
  int ctas;        /* grid size (a multiple of cluster) */
  int cluster;     /* CTAs per cluster, 1 = no cluster attribute */
  int smem_kb;     /* dynamic shared memory a CTA (sets how many share an SM) */
  int ring_kb;     /* bulk copies before the wait, KB a CTA (16-KB copies), 0: none */
  int trigger_ns;  /* from the wait to the trigger */
  int work_ns;     /* from the wait to the copies' wait and the exit */
  int copy_every;  /* CTAs whose index is a multiple of it copy (1: all, 2: even ones) */
  int prefetch;    /* 1: the copies are L2 prefetches (cp.async.bulk.prefetch), not loads
                      into shared memory; nothing then waits for them to land */
  int param_bytes; /* 0: the probe's own parameters (about 60 bytes); else 1536 bytes
                      more, unused (the fused kernel's are about 1.3 KB) */
};

/* Means over the launch pairs (i, i + 1) of the chain and over CTAs, in ns (means, not
 * medians: a host's %globaltimer may tick in 256 ns):
 *   launch_ns      the next grid's first CTA entry after this grid's last trigger;
 *   launch_all_ns  its last CTA entry after that trigger;
 *   release_ns     the next grid's copying CTAs' wait return after this grid's last exit;
 *   release_idle_ns  the same for its CTAs that copy nothing (copy_every > 1; else 0);
 *   step_ns        wait return to wait return (mean CTA each);
 *   ring_ns        (ring_kb > 0, loads) entry to the copies landed, copying CTAs.
 * Returns 0, -1 on a bad argument or a CUDA error (the message in `error`, if not
 * NULL, 160 bytes), 77 without a Hopper GPU. */
int shx_launch_probe(const struct shx_launch_probe_config *config, double *launch_ns,
                     double *launch_all_ns, double *release_ns, double *release_idle_ns,
                     double *step_ns, double *ring_ns, char *error);

#ifdef __cplusplus
}
#endif

#endif /* SHX_PERF_LAUNCH_PROBE_H_ */
