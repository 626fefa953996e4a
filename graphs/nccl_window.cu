/* nccl_window.cu: see nccl_window.h. One warp, one address a lane. */
#include "graphs/nccl_window.h"

#include <nccl_device.h>

namespace {

struct Request {
  int count;
  int ranks[SHX_NCCL_WINDOW_MAX_POINTERS];
  size_t offsets[SHX_NCCL_WINDOW_MAX_POINTERS];
};

__global__ void window_addresses(ncclWindow_t window, const __grid_constant__ Request request,
                                 void **addresses) {
  const int i = threadIdx.x;
  if (i < request.count)
    addresses[i] = ncclGetPeerPointer(window, request.offsets[i], request.ranks[i]);
}

}  // namespace

extern "C" int shx_nccl_window_is_symmetric(ncclWindow_t window) {
  if (window == nullptr) return 0;
  cudaPointerAttributes attributes = {};
  if (cudaPointerGetAttributes(&attributes, window) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  return attributes.type == cudaMemoryTypeDevice;
}

extern "C" cudaError_t shx_nccl_window_addresses(ncclWindow_t window, const int *ranks,
                                                 const size_t *offsets, int count,
                                                 void **addresses, cudaStream_t stream) {
  if (ranks == nullptr || offsets == nullptr || addresses == nullptr ||
      !shx_nccl_window_is_symmetric(window) || count < 1 ||
      count > SHX_NCCL_WINDOW_MAX_POINTERS)
    return cudaErrorInvalidValue; /* before any allocation or launch */
  Request request = {};
  request.count = count;
  for (int i = 0; i < count; ++i) {
    request.ranks[i] = ranks[i];
    request.offsets[i] = offsets[i];
  }
  void **device_addresses = nullptr;
  cudaError_t error = cudaMalloc(&device_addresses, sizeof(void *) * count);
  if (error != cudaSuccess) return error;
  (void)cudaGetLastError(); /* an earlier call's error is not this launch's */
  window_addresses<<<1, 32, 0, stream>>>(window, request, device_addresses);
  error = cudaGetLastError();
  if (error == cudaSuccess)
    error = cudaMemcpyAsync(addresses, device_addresses, sizeof(void *) * count,
                            cudaMemcpyDeviceToHost, stream);
  if (error == cudaSuccess) error = cudaStreamSynchronize(stream);
  cudaError_t freed = cudaFree(device_addresses);
  return error != cudaSuccess ? error : freed;
}
