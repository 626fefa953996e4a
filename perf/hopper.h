/* hopper.h: the probes' device check (perf/*_probe.cu, perf/tma_rate.cu). */
#ifndef SHX_PERF_HOPPER_H_
#define SHX_PERF_HOPPER_H_

#include <cuda_runtime.h>

/* The SMs of device 0 if it is a Hopper (sm_90) GPU, else 0: the probe then reports
 * itself skipped (exit 77). */
static inline int shx_hopper_sms(void) {
  int devices = 0;
  struct cudaDeviceProp prop;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0 ||
      cudaGetDeviceProperties(&prop, 0) != cudaSuccess || prop.major != 9)
    return 0;
  return prop.multiProcessorCount;
}

#endif /* SHX_PERF_HOPPER_H_ */
