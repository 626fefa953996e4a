/* capture_probe: what a device-wide call of the library does to a stream capture that
 * another thread has open on the same device (the rule in include/shared_expert.h,
 * "Threads and lifetimes", and docs/integration.md).
 *
 * For each capture mode (global, thread-local, relaxed) and capture stream (non-blocking,
 * blocking), thread A begins a capture and records a memset into it; thread B then makes
 * one call (cudaDeviceSynchronize, a legacy-stream cudaMemset, shx_check_device,
 * shx_create with shx_destroy, shx_mailbox_arm on the legacy stream, the two pointer
 * queries the record and tail calls make: cudaPointerGetAttributes and the driver's
 * cuPointerGetAttributes of the allocation's range) and ends; A records
 * a second memset and ends the capture. One line per case: B's result and the capture's.
 * A first line makes the calls with no capture open, as the control.
 *
 *   bazel build //perf:capture_probe && bazel-bin/perf/capture_probe
 * Exit 0 once every case ran (whatever CUDA answered), 1 if the set-up failed, 2 with
 * no GPU. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include <cuda_runtime.h>

#include "ops/driver.h"
#include "shared_expert.h"

enum call {
  kDeviceSync, kLegacyMemset, kCheckDevice, kCreateDestroy, kMailboxArm, kPointerQuery,
  kRangeQuery, kCalls
};
static const char *const kCallNames[kCalls] = {
    "cudaDeviceSynchronize", "cudaMemset (legacy stream)", "shx_check_device",
    "shx_create + shx_destroy", "shx_mailbox_arm (NULL stream)",
    "cudaPointerGetAttributes", "cuPointerGetAttributes (range)"};

typedef struct probe {
  shx_op *op;           /* a fused op for shx_check_device */
  shx_config config;    /* its config, for shx_create */
  void *buffer;         /* a mailbox-sized device buffer */
  size_t buffer_bytes;
  enum call call;
  const char *result;   /* what B's call returned, in words */
  char result_text[48]; /* where result is formatted */
} probe;

static void *make_call(void *argument) {
  probe *p = argument;
  cudaSetDevice(0);
  switch (p->call) {
    case kDeviceSync:
      p->result = cudaGetErrorName(cudaDeviceSynchronize());
      break;
    case kLegacyMemset:
      p->result = cudaGetErrorName(cudaMemset(p->buffer, 0, 64));
      break;
    case kCheckDevice:
      p->result = shx_status_string(shx_check_device(p->op));
      break;
    case kCreateDestroy: {
      shx_op *op = NULL;
      shx_status status = shx_create(&p->config, &op);
      if (status == SHX_SUCCESS) status = shx_destroy(op);
      p->result = shx_status_string(status);
      break;
    }
    case kMailboxArm:
      p->result = shx_status_string(shx_mailbox_arm(p->buffer, p->buffer_bytes, NULL));
      break;
    case kPointerQuery: { /* the first query every record and tail makes of its buffers */
      struct cudaPointerAttributes attributes;
      p->result = cudaGetErrorName(cudaPointerGetAttributes(&attributes, p->buffer));
      break;
    }
    default: { /* the second: the allocation's range (engine/op.c check_memory) */
      CUdeviceptr start = 0;
      size_t size = 0;
      const CUresult got = shx_pointer_range(p->buffer, &start, &size);
      snprintf(p->result_text, sizeof p->result_text, "CUresult %d, %zu bytes", (int)got,
               size);
      p->result = p->result_text;
      break;
    }
  }
  (void)cudaGetLastError();
  return NULL;
}

int main(void) {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    printf("capture_probe: no CUDA device\n");
    return 2;
  }
  cudaSetDevice(0);
  probe p;
  memset(&p, 0, sizeof p);
  p.config = (shx_config)SHX_CONFIG_INIT;
  p.config.variant = SHX_VARIANT_FUSED;
  p.config.capacity = 16;
  p.buffer_bytes = shx_mailbox_bytes(&p.config);
  if (shx_create(&p.config, &p.op) != SHX_SUCCESS ||
      cudaMalloc(&p.buffer, p.buffer_bytes) != cudaSuccess) {
    printf("capture_probe: set-up failed: %s\n", shx_last_error());
    return 1;
  }
  printf("%-12s %-12s %-30s %-34s %s\n", "mode", "stream", "other thread's call", "its result",
         "capture");
  for (enum call call = 0; call < kCalls; ++call) { /* the control: no capture open */
    p.call = call;
    pthread_t thread;
    pthread_create(&thread, NULL, make_call, &p);
    pthread_join(thread, NULL);
    printf("%-12s %-12s %-30s %-34s %s\n", "(none)", "-", kCallNames[call], p.result, "-");
  }
  const enum cudaStreamCaptureMode modes[] = {cudaStreamCaptureModeGlobal,
                                              cudaStreamCaptureModeThreadLocal,
                                              cudaStreamCaptureModeRelaxed};
  const char *const mode_names[] = {"global", "thread-local", "relaxed"};
  for (int m = 0; m < 3; ++m) {
    for (int blocking = 0; blocking < 2; ++blocking) {
      for (enum call call = 0; call < kCalls; ++call) {
        cudaStream_t stream = NULL;
        if (cudaStreamCreateWithFlags(&stream, blocking ? cudaStreamDefault
                                                        : cudaStreamNonBlocking) !=
            cudaSuccess) {
          printf("capture_probe: cudaStreamCreateWithFlags failed\n");
          return 1;
        }
        cudaStreamBeginCapture(stream, modes[m]);
        cudaMemsetAsync(p.buffer, 1, 64, stream);
        p.call = call;
        pthread_t thread;
        pthread_create(&thread, NULL, make_call, &p);
        pthread_join(thread, NULL);
        cudaMemsetAsync(p.buffer, 2, 64, stream);
        cudaGraph_t graph = NULL;
        const cudaError_t ended = cudaStreamEndCapture(stream, &graph);
        printf("%-12s %-12s %-30s %-34s %s\n", mode_names[m],
               blocking ? "blocking" : "non-blocking", kCallNames[call], p.result,
               ended == cudaSuccess && graph != NULL ? "captured" : cudaGetErrorName(ended));
        if (graph != NULL) cudaGraphDestroy(graph);
        (void)cudaGetLastError();
        cudaDeviceSynchronize();
        (void)cudaGetLastError();
        cudaStreamDestroy(stream);
      }
    }
  }
  shx_destroy(p.op);
  cudaFree(p.buffer);
  return 0;
}
