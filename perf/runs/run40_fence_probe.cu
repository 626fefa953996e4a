/* Run 40 call 2: how red.release.gpu and fence.{release,acq_rel}.gpu + red.relaxed.gpu
 * compile for sm_90a (nvcc -gencode=arch=compute_90a,code=sm_90a -cubin; SASS read with
 * cuobjdump on the GPU host). A probe, never launched. */
#include <stdint.h>
__global__ void k1(uint32_t *c, uint16_t *h, int v) {
  h[threadIdx.x * 777] = v;
  __syncthreads();
  if (threadIdx.x == 0) asm volatile("red.release.gpu.global.add.u32 [%0], %1;" ::"l"(c), "r"(1) : "memory");
}
__global__ void k2(uint32_t *c, uint16_t *h, int v) {
  h[threadIdx.x * 777] = v;
  __syncthreads();
  if (threadIdx.x == 0) asm volatile("fence.release.gpu;\n\tred.relaxed.gpu.global.add.u32 [%0], %1;" ::"l"(c), "r"(1) : "memory");
}
__global__ void k3(uint32_t *c, uint16_t *h, int v) {
  h[threadIdx.x * 777] = v;
  __syncthreads();
  if (threadIdx.x == 0) asm volatile("fence.acq_rel.gpu;\n\tred.relaxed.gpu.global.add.u32 [%0], %1;" ::"l"(c), "r"(1) : "memory");
}
