/* green.c: see green.h. */
#include "graphs/green.h"

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <string.h>

#include "ops/driver.h"

/* The driver's functions, in the form of the CUDA 13.0 headers (green contexts' streams
 * came in 12.5); those other files call too are in ops/driver.h. */
typedef CUresult (*DeviceGetDevResource)(CUdevice, CUdevResource *, CUdevResourceType);
typedef CUresult (*SmResourceSplitByCount)(CUdevResource *, unsigned int *,
                                           const CUdevResource *, CUdevResource *,
                                           unsigned int, unsigned int);
typedef CUresult (*ResourceGenerateDesc)(CUdevResourceDesc *, CUdevResource *, unsigned int);
typedef CUresult (*GreenCtxCreate)(CUgreenCtx *, CUdevResourceDesc, CUdevice, unsigned int);
typedef CUresult (*GreenCtxDestroy)(CUgreenCtx);
typedef CUresult (*CtxFromGreenCtx)(CUcontext *, CUgreenCtx);
typedef CUresult (*GreenCtxStreamCreate)(CUstream *, CUgreenCtx, unsigned int, int);
typedef CUresult (*GreenCtxGetDevResource)(CUgreenCtx, CUdevResource *, CUdevResourceType);
typedef CUresult (*StreamDestroy)(CUstream);

int shx_green_rules(int device, int *sms, int *min_partition, int *alignment,
                    char *message, size_t size) {
  if (message == NULL) size = 0; /* snprintf(NULL, 0, ...) writes nothing */
  if (sms == NULL || min_partition == NULL || alignment == NULL) {
    snprintf(message, size, "an output (sms, min_partition, alignment) is NULL");
    return -1;
  }
  DeviceGetDevResource get =
      (DeviceGetDevResource)shx_driver_function("cuDeviceGetDevResource");
  if (get == NULL) {
    snprintf(message, size, "the driver has no cuDeviceGetDevResource (green contexts)");
    return -1;
  }
  CUdevResource all;
  memset(&all, 0, sizeof all);
  CUresult result = get((CUdevice)device, &all, CU_DEV_RESOURCE_TYPE_SM);
  if (result != CUDA_SUCCESS) {
    snprintf(message, size, "cuDeviceGetDevResource: CUresult %d", (int)result);
    return -1;
  }
  *sms = (int)all.sm.smCount;
  *min_partition = (int)all.sm.minSmPartitionSize;
  *alignment = (int)all.sm.smCoscheduledAlignment;
  return 0;
}

int shx_green_make(int device, int sms, shx_green *green, char *message, size_t size) {
  if (message == NULL) size = 0; /* snprintf(NULL, 0, ...) writes nothing */
  if (green == NULL) {
    snprintf(message, size, "green (the output) is NULL");
    return -1;
  }
  memset(green, 0, sizeof *green);
  DeviceGetDevResource get =
      (DeviceGetDevResource)shx_driver_function("cuDeviceGetDevResource");
  SmResourceSplitByCount split =
      (SmResourceSplitByCount)shx_driver_function("cuDevSmResourceSplitByCount");
  ResourceGenerateDesc describe =
      (ResourceGenerateDesc)shx_driver_function("cuDevResourceGenerateDesc");
  GreenCtxCreate create = (GreenCtxCreate)shx_driver_function("cuGreenCtxCreate");
  CtxFromGreenCtx context_of = (CtxFromGreenCtx)shx_driver_function("cuCtxFromGreenCtx");
  GreenCtxStreamCreate stream_create =
      (GreenCtxStreamCreate)shx_driver_function("cuGreenCtxStreamCreate");
  GreenCtxGetDevResource resource_of =
      (GreenCtxGetDevResource)shx_driver_function("cuGreenCtxGetDevResource");
  const char *missing = get == NULL            ? "cuDeviceGetDevResource"
                        : split == NULL        ? "cuDevSmResourceSplitByCount"
                        : describe == NULL     ? "cuDevResourceGenerateDesc"
                        : create == NULL       ? "cuGreenCtxCreate"
                        : context_of == NULL   ? "cuCtxFromGreenCtx"
                        : stream_create == NULL ? "cuGreenCtxStreamCreate"
                        : resource_of == NULL  ? "cuGreenCtxGetDevResource"
                                               : NULL;
  if (missing != NULL) {
    snprintf(message, size, "the driver has no %s (green contexts)", missing);
    return SHX_GREEN_NO_DRIVER;
  }
  if (sms < 1) {
    snprintf(message, size, "a green context of %d SMs", sms);
    return -1;
  }
  /* The primary context first, as cuGreenCtxCreate advises. */
  if (cudaSetDevice(device) != cudaSuccess || cudaFree(NULL) != cudaSuccess) {
    (void)cudaGetLastError();
    snprintf(message, size, "cannot initialize device %d", device);
    return -1;
  }
  CUdevResource all, part;
  memset(&all, 0, sizeof all);
  memset(&part, 0, sizeof part);
  unsigned int groups = 1;
  CUdevResourceDesc desc = NULL;
  CUgreenCtx context = NULL;
  CUresult result = get((CUdevice)device, &all, CU_DEV_RESOURCE_TYPE_SM);
  const char *step = "cuDeviceGetDevResource";
  if (result == CUDA_SUCCESS) {
    step = "cuDevSmResourceSplitByCount";
    result = split(&part, &groups, &all, NULL, 0, (unsigned int)sms);
  }
  if (result == CUDA_SUCCESS && groups != 1) result = CUDA_ERROR_INVALID_VALUE;
  if (result == CUDA_SUCCESS) {
    step = "cuDevResourceGenerateDesc";
    result = describe(&desc, &part, 1);
  }
  if (result == CUDA_SUCCESS) {
    step = "cuGreenCtxCreate";
    result = create(&context, desc, (CUdevice)device, CU_GREEN_CTX_DEFAULT_STREAM);
  }
  if (result != CUDA_SUCCESS) {
    snprintf(message, size, "green context of %d SMs: %s: CUresult %d", sms, step,
             (int)result);
    return -1;
  }
  green->green = context;
  CUcontext plain = NULL;
  CUstream stream = NULL;
  CUdevResource got;
  memset(&got, 0, sizeof got);
  step = "cuCtxFromGreenCtx";
  result = context_of(&plain, context);
  if (result == CUDA_SUCCESS) {
    step = "cuGreenCtxStreamCreate";
    result = stream_create(&stream, context, CU_STREAM_NON_BLOCKING, 0);
  }
  if (result == CUDA_SUCCESS) {
    step = "cuGreenCtxGetDevResource";
    result = resource_of(context, &got, CU_DEV_RESOURCE_TYPE_SM);
  }
  if (result != CUDA_SUCCESS) {
    snprintf(message, size, "green context of %d SMs: %s: CUresult %d", sms, step,
             (int)result);
    green->stream = stream;
    shx_green_free(green);
    return -1;
  }
  green->context = plain;
  green->stream = stream;
  green->sms = (int)got.sm.smCount;
  return 0;
}

void shx_green_free(shx_green *green) {
  if (green == NULL) return;
  StreamDestroy destroy_stream = (StreamDestroy)shx_driver_function("cuStreamDestroy");
  GreenCtxDestroy destroy = (GreenCtxDestroy)shx_driver_function("cuGreenCtxDestroy");
  /* Current on this thread: unbind it, so that the thread's next runtime call binds the
   * device's primary context again instead of meeting a destroyed one. */
  if (shx_green_is_current(green)) {
    ShxCtxSetCurrent set = (ShxCtxSetCurrent)shx_driver_function("cuCtxSetCurrent");
    if (set != NULL) set(NULL);
  }
  if (green->stream != NULL && destroy_stream != NULL) destroy_stream((CUstream)green->stream);
  if (green->green != NULL && destroy != NULL) destroy((CUgreenCtx)green->green);
  memset(green, 0, sizeof *green);
}

int shx_green_make_current(const shx_green *green) {
  if (green == NULL || green->context == NULL) return -1;
  ShxCtxSetCurrent set = (ShxCtxSetCurrent)shx_driver_function("cuCtxSetCurrent");
  return set != NULL && set((CUcontext)green->context) == CUDA_SUCCESS ? 0 : -1;
}

int shx_green_is_current(const shx_green *green) {
  if (green == NULL) return 0;
  ShxCtxGetCurrent get = (ShxCtxGetCurrent)shx_driver_function("cuCtxGetCurrent");
  CUcontext current = NULL;
  return get != NULL && get(&current) == CUDA_SUCCESS && current != NULL &&
         current == (CUcontext)green->context;
}

int shx_green_stream_sms(void *stream) {
  ShxStreamGetCtx2 contexts_of = (ShxStreamGetCtx2)shx_driver_function("cuStreamGetCtx");
  GreenCtxGetDevResource resource_of =
      (GreenCtxGetDevResource)shx_driver_function("cuGreenCtxGetDevResource");
  CUcontext plain = NULL;
  CUgreenCtx context = NULL;
  if (contexts_of == NULL || resource_of == NULL ||
      contexts_of((CUstream)stream, &plain, &context) != CUDA_SUCCESS || context == NULL)
    return 0;
  CUdevResource got;
  memset(&got, 0, sizeof got);
  return resource_of(context, &got, CU_DEV_RESOURCE_TYPE_SM) == CUDA_SUCCESS
             ? (int)got.sm.smCount
             : 0;
}
