/* cluster_probe_main.c: prints, for cluster sizes 4, 8, 12 and 16 and a few shared
 * memory sizes per CTA, how many clusters (and CTAs) of 160 threads can be co-resident
 * on the current device (perf/cluster_probe.cu). Without a GPU it says so and exits 77
 * (skipped).
 *
 *   cluster_probe
 */
#include <cuda_runtime_api.h>
#include <stdio.h>

#include "perf/cluster_probe.h"

int main(void) {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    printf("cluster_probe: no GPU, skipped\n");
    return 77;
  }
  static const int clusters[] = {4, 8, 12, 16};
  /* Per CTA: three, two or one per SM (the fused kernel's 112 KB and 208 KB budgets as of
   * run 36; 113 KB since run 37). */
  static const int kilobytes[] = {64, 72, 75, 100, 112, 208};
  printf("%8s %10s %10s %8s\n", "cluster", "smem KB", "clusters", "CTAs");
  for (size_t c = 0; c < sizeof clusters / sizeof clusters[0]; ++c)
    for (size_t k = 0; k < sizeof kilobytes / sizeof kilobytes[0]; ++k) {
      int resident = 0;
      if (shx_cluster_probe(clusters[c], kilobytes[k] * 1024, 160, &resident) != 0) {
        printf("%8d %10d %10s\n", clusters[c], kilobytes[k], "error");
        continue;
      }
      printf("%8d %10d %10d %8d\n", clusters[c], kilobytes[k], resident,
             resident * clusters[c]);
    }
  return 0;
}
