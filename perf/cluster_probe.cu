/* cluster_probe.cu: co-resident clusters by cluster size and shared memory, for geometry
 * candidates of the fused kernel (docs/experiments/README.md: clusters of 16 at TP16
 * need 12 of them beside the next grid's 12). The probe kernel never runs: only the
 * occupancy calculator sees it, with the fused kernel's 160 threads. */
#include <cuda_runtime.h>

#include "perf/cluster_probe.h"

namespace {

__global__ void __launch_bounds__(160) probe_kernel(int *sink) {
  extern __shared__ int smem[];
  if (sink != nullptr) sink[threadIdx.x] = smem[threadIdx.x];
}

}  // namespace

extern "C" int shx_cluster_probe(int cluster, int smem_bytes, int threads, int *clusters) {
  if (cluster < 1 || cluster > 16 || smem_bytes < 0 || threads < 1 || clusters == nullptr)
    return -1;
  cudaError_t error = cudaFuncSetAttribute(probe_kernel,
                                           cudaFuncAttributeMaxDynamicSharedMemorySize,
                                           smem_bytes);
  if (error == cudaSuccess && cluster > 8)
    error = cudaFuncSetAttribute(probe_kernel,
                                 cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  if (error != cudaSuccess) {
    cudaGetLastError();
    return -1;
  }
  cudaLaunchAttribute attribute;
  attribute.id = cudaLaunchAttributeClusterDimension;
  attribute.val.clusterDim.x = cluster;
  attribute.val.clusterDim.y = 1;
  attribute.val.clusterDim.z = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(cluster * 16, 1, 1);
  config.blockDim = dim3(threads, 1, 1);
  config.dynamicSmemBytes = smem_bytes;
  config.attrs = &attribute;
  config.numAttrs = 1;
  error = cudaOccupancyMaxActiveClusters(clusters, probe_kernel, &config);
  if (error != cudaSuccess) {
    cudaGetLastError();
    return -1;
  }
  return 0;
}
