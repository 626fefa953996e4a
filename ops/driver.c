/* driver.c: see driver.h. */
#include "ops/driver.h"

#include <cuda_runtime_api.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

void *shx_driver_function(const char *name) {
  void *function = NULL;
  enum cudaDriverEntryPointQueryResult found = cudaDriverEntryPointSymbolNotFound;
  if (cudaGetDriverEntryPointByVersion(name, &function, 13000, cudaEnableDefault, &found) !=
          cudaSuccess ||
      found != cudaDriverEntryPointSuccess) {
    (void)cudaGetLastError();
    return NULL;
  }
  return function;
}

/* cuPointerGetAttributes in the CUDA 13.0 headers' form. */
typedef CUresult (*PointerGetAttributes)(unsigned int, CUpointer_attribute *, void **,
                                         CUdeviceptr);

CUresult shx_pointer_range(const void *pointer, CUdeviceptr *start, size_t *size) {
  /* Looked up once (a string search in the runtime); threads that race here store the
   * same pointer, and a failed lookup is tried again next time. */
  static _Atomic(PointerGetAttributes) looked_up; /* NULL: a static starts at zero (no
                                                  * initializer: clang refuses one) */
  PointerGetAttributes get_attributes = atomic_load(&looked_up);
  if (get_attributes == NULL) {
    get_attributes = (PointerGetAttributes)shx_driver_function("cuPointerGetAttributes");
    if (get_attributes == NULL) return CUDA_ERROR_NOT_FOUND;
    atomic_store(&looked_up, get_attributes);
  }
  CUpointer_attribute which[2] = {CU_POINTER_ATTRIBUTE_RANGE_START_ADDR,
                                  CU_POINTER_ATTRIBUTE_RANGE_SIZE};
  void *values[2] = {start, size};
  return get_attributes(2, which, values, (CUdeviceptr)(uintptr_t)pointer);
}
