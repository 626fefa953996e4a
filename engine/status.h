/* status.h: the library's error regime. Every failing path sets a thread-local
 * message naming the bad value and returns a status; nothing exits or prints. */
#ifndef SHX_ENGINE_STATUS_H_
#define SHX_ENGINE_STATUS_H_

#include "shared_expert.h"

/* The thread's message buffer, in bytes (longer messages are cut). */
#define SHX_LAST_ERROR_BYTES 512

/* Records `status` with a printf-style message for shx_last_error(); returns it. */
shx_status shx_fail(shx_status status, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
/* Records `status` with a printf-style context, ": ", then the thread's message as it
 * stood (what a call below said); returns `status`. */
shx_status shx_fail_with_context(shx_status status, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
/* Clears the thread's message (called at the start of every public entry point). */
void shx_clear_error(void);

/* Propagate a failing status to the caller's single cleanup label. */
#define SHX_TRY(call)                \
  do {                               \
    status = (call);                 \
    if (status != SHX_SUCCESS) goto cleanup; \
  } while (0)

/* A CUDA runtime call in library code: on failure, fail with the call and error
 * names, clear CUDA's non-sticky error state, and jump to `cleanup`. */
#define SHX_CUDA(call)                                                       \
  do {                                                                       \
    cudaError_t cuda_status_ = (call);                                       \
    if (cuda_status_ != cudaSuccess) {                                       \
      (void)cudaGetLastError();                                              \
      status = shx_fail(cuda_status_ == cudaErrorMemoryAllocation            \
                            ? SHX_OUT_OF_MEMORY : SHX_CUDA_ERROR,            \
                        "%s failed: %s (%s:%d)", #call,                     \
                        cudaGetErrorString(cuda_status_), __FILE__, __LINE__); \
      goto cleanup;                                                          \
    }                                                                        \
  } while (0)

#endif /* SHX_ENGINE_STATUS_H_ */
