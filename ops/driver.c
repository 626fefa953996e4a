/* driver.c: see driver.h. */
#include "ops/driver.h"

#include <cuda_runtime_api.h>
#include <stddef.h>

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
