/* hopper.h: the probes' device check and their cold buffer (perf/*_probe.cu,
 * perf/tma_rate.cu). */
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

/* The probes' source of cold reads: SHX_PROBE_COLD_BYTES of device memory set to 1,
 * allocated on the first call of the process and kept until it exits (a probe, not library
 * code). A launch that reads bytes no recent launch read gets them from HBM, the buffer
 * being far larger than the 60 MB L2. */
#define SHX_PROBE_COLD_BYTES ((size_t)1 << 30)
static inline cudaError_t shx_probe_cold_buffer(unsigned char **buffer) {
  static unsigned char *cold = NULL;
  if (cold == NULL) {
    void *bytes = NULL;
    cudaError_t error = cudaMalloc(&bytes, SHX_PROBE_COLD_BYTES);
    if (error == cudaSuccess) error = cudaMemset(bytes, 1, SHX_PROBE_COLD_BYTES);
    if (error != cudaSuccess) {
      cudaFree(bytes);
      return error;
    }
    cold = (unsigned char *)bytes;
  }
  *buffer = cold;
  return cudaSuccess;
}

#endif /* SHX_PERF_HOPPER_H_ */
