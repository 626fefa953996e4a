/* green.h: an SM partition of a GPU (a CUDA green context) for tests and tools.
 * message may be NULL (no reason written); a NULL green or output is refused (-1), and
 * shx_green_free(NULL) does nothing.
 *
 * Engines give a kernel part of a GPU by creating a green context of some SMs and a
 * stream in it (cuDevSmResourceSplitByCount, cuGreenCtxCreate, cuGreenCtxStreamCreate);
 * what they launch on that stream runs on those SMs only. The driver's functions are
 * reached through cudaGetDriverEntryPointByVersion, so nothing here links libcuda. */
#ifndef SHX_GRAPHS_GREEN_H_
#define SHX_GRAPHS_GREEN_H_

#include <stddef.h>

typedef struct shx_green {
  void *green;   /* CUgreenCtx */
  void *context; /* its CUcontext (cuCtxFromGreenCtx), for cuCtxSetCurrent */
  void *stream;  /* a non-blocking stream in it (cudaStream_t / CUstream) */
  int sms;       /* its SMs: the request rounded up by the driver's granularity */
} shx_green;

/* The device's SM partition rules: its SMs, the smallest partition and the step of a
 * partition's SM count (cuDeviceGetDevResource). 0, or -1 with the reason in message. */
int shx_green_rules(int device, int *sms, int *min_partition, int *alignment,
                    char *message, size_t size);
/* A green context of at least `sms` SMs of `device` (the driver rounds up) and a
 * non-blocking stream in it. Makes `device` the thread's current device (its primary
 * context initialized first, as cuGreenCtxCreate advises); the green context is not made
 * current. 0, or with the reason in message SHX_GREEN_NO_DRIVER (the
 * driver has no green contexts; checked first, so also for sms < 1 there) or -1 (sms <
 * 1, or a step refused). */
#define SHX_GREEN_NO_DRIVER (-2)
int shx_green_make(int device, int sms, shx_green *green, char *message, size_t size);
/* Destroys the stream and the green context (synchronize first). If it is current on this
 * thread, it is unbound first: the thread's next runtime call uses the device's primary
 * context. */
void shx_green_free(shx_green *green);
/* Makes the green context current on this thread (runtime calls then use it). 0 or -1. */
int shx_green_make_current(const shx_green *green);
/* 1 if the green context is the one current on this thread, else 0. */
int shx_green_is_current(const shx_green *green);
/* The SMs of the green context `stream` belongs to, or 0 where it belongs to none (a
 * special handle, NULL, cudaStreamLegacy or cudaStreamPerThread: the context current on
 * this thread). */
int shx_green_stream_sms(void *stream);

#endif /* SHX_GRAPHS_GREEN_H_ */
