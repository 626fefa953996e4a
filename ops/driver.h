/* driver.h: a CUDA driver function, reached through the runtime's entry point
 * (cudaGetDriverEntryPointByVersion) so that nothing links libcuda. Shared by the fused
 * launcher (a stream's green context), the engine (the caller's context across
 * shx_destroy) and the tests' green contexts. */
#ifndef SHX_OPS_DRIVER_H_
#define SHX_OPS_DRIVER_H_

#include <cuda.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The driver function `name` in the form of the CUDA 13.0 headers (cuda.h), or NULL
 * where the driver has none (or there is no driver); no CUDA error is left pending. */
void *shx_driver_function(const char *name);

/* The range CUDA keeps for the allocation that holds `pointer` (cuPointerGetAttributes:
 * RANGE_START_ADDR and RANGE_SIZE; the engine's buffer-size check, perf/capture_probe,
 * perf/record_cost): what that call returned, or CUDA_ERROR_NOT_FOUND where the driver
 * has no such function. The entry point is looked up once. */
CUresult shx_pointer_range(const void *pointer, CUdeviceptr *start, size_t *size);

/* The forms of the driver functions more than one file calls (cast the result of
 * shx_driver_function to them); a file's other driver functions keep their own. */
typedef CUresult (*ShxCtxGetCurrent)(CUcontext *);            /* cuCtxGetCurrent */
typedef CUresult (*ShxCtxSetCurrent)(CUcontext);              /* cuCtxSetCurrent */
/* "cuStreamGetCtx" at version 13000 is the CUDA 12.5 form that the headers name
 * cuStreamGetCtx_v2 (PFN_cuStreamGetCtx_v12050): entry points are looked up by their base
 * name, and "cuStreamGetCtx_v2" is found by none (perf/RESULTS.md run 68 call 1). */
typedef CUresult (*ShxStreamGetCtx2)(CUstream, CUcontext *, CUgreenCtx *);

#ifdef __cplusplus
}
#endif

#endif /* SHX_OPS_DRIVER_H_ */
