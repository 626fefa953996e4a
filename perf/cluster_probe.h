/* cluster_probe.h: how many thread-block clusters of a given size and shared memory can
 * be co-resident on the current device (perf/cluster_probe.cu). */
#ifndef SHX_PERF_CLUSTER_PROBE_H_
#define SHX_PERF_CLUSTER_PROBE_H_

#ifdef __cplusplus
extern "C" {
#endif

/* cudaOccupancyMaxActiveClusters for a kernel of `threads` threads and `smem_bytes` of
 * dynamic shared memory in clusters of `cluster` CTAs (sizes above 8 with the
 * non-portable attribute). Returns 0 and sets *clusters, or -1 on a CUDA error. */
int shx_cluster_probe(int cluster, int smem_bytes, int threads, int *clusters);

#ifdef __cplusplus
}
#endif

#endif  // SHX_PERF_CLUSTER_PROBE_H_
