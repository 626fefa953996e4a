/* op.c: the public entry points (include/shared_expert.h): create, bind, record, tail,
 * destroy, and the mailbox, variant and device-check calls. Every argument is validated
 * (engine/validate.c, and the geometry against the device) before any device allocation
 * or launch (shx_create's host allocation of the op and its plans' occupancy queries come
 * before its geometry refusals); a refused call leaves outputs and mailboxes untouched. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h> /* CUcontext: the caller's context, kept across shx_destroy */

#include "engine/op.h"
#include "engine/status.h"
#include "engine/validate.h"
#include "ops/baseline.h"
#include "ops/driver.h"
#include "ops/oproj.h"

/* Every H the config accepts gets a fused plan whose 16-bit K ranges hold it. */
_Static_assert(SHX_MAX_HIDDEN <= SHX_FUSED_MAX_HIDDEN, "SHX_MAX_HIDDEN over the fused plan's");

/* Errors on an op's device are reported with the op's device current. */
static shx_status check_current_device(const shx_op *op) {
  int device = -1;
  const cudaError_t error = cudaGetDevice(&device);
  if (error != cudaSuccess) {
    (void)cudaGetLastError();
    return shx_fail(SHX_CUDA_ERROR, "cannot query the current CUDA device: %s",
                    cudaGetErrorString(error));
  }
  if (device != op->device)
    return shx_fail(SHX_INVALID_ARGUMENT,
                    "current CUDA device %d is not the op's device %d", device,
                    op->device);
  return SHX_SUCCESS;
}

/* The calling thread's CUDA context, saved while the primary context of an op's device
 * is made current: a synchronization there also waits for the device's green contexts
 * (cuCtxSynchronize), where the op's kernels may have run. */
typedef struct caller_context {
  CUcontext context; /* NULL where none was current or the driver has no such query */
  int device;        /* the runtime's current device; -1 where it could not be read */
} caller_context;

/* Returns what making `device` current reported (the caller's context is saved either
 * way, so leave_primary_context always follows). */
static cudaError_t enter_primary_context(int device, caller_context *saved) {
  ShxCtxGetCurrent get_context = (ShxCtxGetCurrent)shx_driver_function("cuCtxGetCurrent");
  saved->context = NULL;
  if (get_context != NULL && get_context(&saved->context) != CUDA_SUCCESS)
    saved->context = NULL;
  saved->device = -1;
  if (cudaGetDevice(&saved->device) != cudaSuccess) saved->device = -1;
  const cudaError_t entered = cudaSetDevice(device);
  (void)cudaGetLastError();
  return entered;
}

/* Makes the saved context current again (a green one, or any device's), else the saved
 * device. */
static void leave_primary_context(const caller_context *saved) {
  ShxCtxSetCurrent set_context = (ShxCtxSetCurrent)shx_driver_function("cuCtxSetCurrent");
  const int restored = saved->context != NULL && set_context != NULL &&
                       set_context(saved->context) == CUDA_SUCCESS;
  if (!restored && saved->device >= 0) cudaSetDevice(saved->device);
  (void)cudaGetLastError();
}

static void release_op(shx_op *op, cudaError_t *synced);

/* check_reachable's `device` where any device's memory is taken (other ranks' mailboxes). */
enum { SHX_ANY_DEVICE = -1 };

/* Memory a kernel cannot dereference (pageable host memory, or an address no allocation
 * covers: CUDA reports both as unregistered) would fault inside the step and leave the
 * context unusable, so it is refused here, except on a device that reads pageable memory
 * itself (cudaDevAttrPageableMemoryAccess: HMM or ATS systems), where CUDA cannot tell
 * the two apart. Device, managed and pinned host memory, IPC and NCCL window mappings
 * pass; whether a peer's memory is mapped for this device is the caller's promise
 * (shx_bind_peers). Where `device` is not SHX_ANY_DEVICE, device memory must be that
 * device's: another GPU's would fault in the kernels without peer access and be read
 * over NVLink with it (a weight or x loaded while another device was current). A query
 * CUDA cannot answer refuses nothing: this check only catches what CUDA knows to be
 * wrong. Host-side queries: legal during capture. */
static shx_status check_reachable(const void *pointer, const char *name, int device) {
  struct cudaPointerAttributes attributes;
  memset(&attributes, 0, sizeof attributes);
  if (cudaPointerGetAttributes(&attributes, pointer) != cudaSuccess) {
    (void)cudaGetLastError();
    return SHX_SUCCESS;
  }
  if (attributes.type == cudaMemoryTypeDevice && device != SHX_ANY_DEVICE &&
      attributes.device != device)
    return shx_fail(SHX_INVALID_ARGUMENT,
                    "%s %p is memory of device %d; it must be on device %d", name,
                    pointer, attributes.device, device);
  if (attributes.type != cudaMemoryTypeUnregistered) return SHX_SUCCESS;
  /* The exemption belongs to the device that reads the memory: the one named, else
   * (other ranks' mailboxes) the current one. */
  int reader = device, pageable_access = 0;
  if ((reader != SHX_ANY_DEVICE || cudaGetDevice(&reader) == cudaSuccess) &&
      cudaDeviceGetAttribute(&pageable_access, cudaDevAttrPageableMemoryAccess, reader) ==
          cudaSuccess &&
      pageable_access)
    return SHX_SUCCESS;
  (void)cudaGetLastError();
  return shx_fail(SHX_INVALID_ARGUMENT,
                  "%s %p is not memory the GPU can reach (pageable host memory or no "
                  "allocation): pass device memory", name, pointer);
}

/* A buffer that the call reads or writes `bytes` of from `pointer` (`needs_format` and
 * its arguments say why; formatted only for a refusal, so a call that passes pays no
 * formatting): reachable and, if device memory, on `device` (check_reachable), and,
 * where CUDA knows the allocation that holds it, that allocation reaches `bytes` past it;
 * a smaller one would let the kernels fault or write over the caller's other data. The
 * range is the one CUDA keeps for the allocation: a cudaMalloc's requested size
 * (perf/RESULTS.md run 84 call 1), a virtual-memory
 * reservation's whole extent even where several handles are mapped into it (as PyTorch's
 * expandable segments do; api_gpu_test's vmm_buffers), and it held the buffers of CUDA
 * IPC and NCCL window mappings and of cudaMallocAsync in the tests (run 84), so this
 * refuses only buffers that are too small for certain.
 * A query CUDA cannot answer (pageable memory on an HMM or ATS device) refuses nothing.
 * Host-side queries: legal during capture (run 84 call 3). */
static shx_status check_memory(const void *pointer, size_t bytes, int device,
                               const char *name, const char *needs_format, ...)
    __attribute__((format(printf, 5, 6)));
static shx_status check_memory(const void *pointer, size_t bytes, int device,
                               const char *name, const char *needs_format, ...) {
  const shx_status reachable = check_reachable(pointer, name, device);
  if (reachable != SHX_SUCCESS) return reachable;
  CUdeviceptr start = 0;
  size_t size = 0;
  const CUdeviceptr address = (CUdeviceptr)(uintptr_t)pointer;
  if (shx_pointer_range(pointer, &start, &size) != CUDA_SUCCESS || size == 0 ||
      address < start || address - start >= size)
    return SHX_SUCCESS; /* a driver call: no runtime error to clear */
  const size_t room = size - (size_t)(address - start);
  if (room >= bytes) return SHX_SUCCESS;
  char needs[96];
  va_list args;
  va_start(args, needs_format);
  vsnprintf(needs, sizeof needs, needs_format, args);
  va_end(args);
  return shx_fail(SHX_INVALID_ARGUMENT,
                  "%s %p has %zu bytes to the end of its allocation (%zu bytes from %p), "
                  "but %s needs %zu", name, pointer, room, size, (void *)(uintptr_t)start,
                  needs, bytes);
}

/* A step's or gate's x: [batch, H] BF16. */
static shx_status check_x(const shx_op *op, const void *x, int batch) {
  return check_memory(x, (size_t)batch * op->config.hidden * 2, op->device, "x",
                      "x [batch = %d, H = %d] BF16", batch, op->config.hidden);
}

/* A buffer that a call writes (a tail's out, the o-proj's x), or reads while the ranks'
 * pushes land (a step's or gate's x), must share no byte with a bound mailbox: the
 * pushes and the tails' re-arms would overwrite it, or it them, and no kernel could tell.
 * One the call writes must share none with the bound weights either, which every later
 * step reads. Host-side address arithmetic only (a review in stop 107). */
static shx_status check_apart_from_bound(const shx_op *op, const void *pointer, size_t bytes,
                                         const char *name, int written) {
  if (op->bound_peers) {
    const size_t mailbox_bytes = shx_mailbox_bytes_of(&op->config);
    for (int p = 0; p < op->config.tp; ++p) {
      if (!shx_ranges_share_byte(pointer, bytes, op->peers[p], mailbox_bytes)) continue;
      char other[40]; /* "peers[" + any int + "]'s mailbox": named only when refused */
      snprintf(other, sizeof other, "peers[%d]'s mailbox", p);
      return shx_check_apart(name, pointer, bytes, other, op->peers[p], mailbox_bytes);
    }
  }
  if (!written || !op->bound_weights) return SHX_SUCCESS;
  const size_t hidden = (size_t)op->config.hidden, inter = (size_t)op->inter;
  const shx_status status = shx_check_apart(name, pointer, bytes, "the bound gate_up",
                                            op->gate_up, 2 * inter * hidden * 2);
  return status != SHX_SUCCESS
             ? status
             : shx_check_apart(name, pointer, bytes, "the bound down", op->down,
                               hidden * inter * 2);
}

/* The current CUDA device, and its SM count, where it runs this build's sm_90a code
 * (shx_check_capability): SHX_NO_DEVICE where none is visible, SHX_CUDA_ERROR where it
 * cannot be queried. shx_create's op lives there; shx_mailbox_arm, which has no op,
 * launches its kernel there, whose own error would otherwise read as a CUDA failure, not
 * a refusal. (The stream's device is not asked: cudaStreamGetDevice on a capturing
 * stream invalidated the capture, perf/RESULTS.md run 84 call 4.) */
static shx_status current_hopper_device(int *device, int *sms) {
  int devices = 0, major = 0, minor = 0;
  const cudaError_t counted = cudaGetDeviceCount(&devices);
  if (counted != cudaSuccess || devices == 0) {
    (void)cudaGetLastError();
    return shx_fail(SHX_NO_DEVICE, "no CUDA device is visible (%s)",
                    counted != cudaSuccess ? cudaGetErrorString(counted) : "none counted");
  }
  if (cudaGetDevice(device) != cudaSuccess ||
      cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, *device) !=
          cudaSuccess ||
      cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, *device) !=
          cudaSuccess ||
      cudaDeviceGetAttribute(sms, cudaDevAttrMultiProcessorCount, *device) != cudaSuccess) {
    const cudaError_t error = cudaGetLastError();
    return shx_fail(SHX_CUDA_ERROR, "cannot query the current CUDA device (or its "
                    "attributes): %s", cudaGetErrorString(error));
  }
  return shx_check_capability(*device, major, minor);
}

size_t shx_mailbox_bytes(const shx_config *config) {
  shx_clear_error();
  if (shx_check_config(config) != SHX_SUCCESS) return 0;
  return shx_mailbox_bytes_of(config);
}

shx_status shx_create(const shx_config *config, shx_op **op_out) {
  shx_clear_error();
  shx_status status = SHX_SUCCESS;
  shx_op *op = NULL;
  if (op_out == NULL) return shx_fail(SHX_INVALID_ARGUMENT, "op (the output) is NULL");
  *op_out = NULL;
  if ((status = shx_check_config(config)) != SHX_SUCCESS) return status;
  /* The policy table is read only where it is used: the auto variant. */
  shx_policy policy;
  if (config->variant == SHX_VARIANT_AUTO && config->policy_path != NULL) {
    if ((status = shx_policy_load(config->policy_path, &policy)) != SHX_SUCCESS)
      return status;
  } else {
    shx_policy_default(&policy);
  }
  int device = 0, sms = 0;
  if ((status = current_hopper_device(&device, &sms)) != SHX_SUCCESS) return status;
  if (config->split_down_sms > sms)
    return shx_fail(SHX_INVALID_ARGUMENT, "split_down_sms %d is over device %d's %d SMs",
                    config->split_down_sms, device, sms);

  op = calloc(1, sizeof *op);
  if (op == NULL) return shx_fail(SHX_OUT_OF_MEMORY, "no host memory for the op");
  /* The caller's struct may be only as long as the fields this version reads
   * (shx_check_config): copy no more than it holds (the rest stays zero: padding). */
  memcpy(&op->config, config,
         config->size < sizeof op->config ? config->size : sizeof op->config);
  op->config.size = sizeof op->config;
  op->config.policy_path = NULL;
  op->policy = policy;
  op->device = device;
  op->inter = config->intermediate_total / config->tp;
  op->shard = config->hidden / config->tp;
  /* The fused geometry of each bucket of batches this capacity reaches (the first
   * bucket's batches may take the n = 16 plan: shx_fused_bucket_plan_make), and
   * SharedDown's at the same padded batch: device queries (occupancy), no allocation. */
  for (int i = 0; i < SHX_FUSED_BUCKETS; ++i) {
    op->fused_status[i] = shx_fused_bucket_plan_make(config->hidden, op->inter, config->tp,
                                                     i, &op->fused_plans[i],
                                                     op->fused_messages[i]);
    const int n = op->fused_status[i] == SHX_SUCCESS ? op->fused_plans[i].n
                                                      : shx_fused_bucket_n(i);
    op->down_status[i] = shx_down_plan_make(config->hidden, op->inter, config->tp, n,
                                            config->split_down_sms, &op->down_plans[i],
                                            op->down_messages[i]);
    (void)cudaGetLastError();
  }
  /* shx_record_oproj's kernels need their shared-memory limit set, which must not happen
   * during a capture: here. A failure refuses only shx_record_oproj. */
  op->oproj_status = shx_oproj_prepare(op->oproj_message);
  (void)cudaGetLastError();
  /* An explicit fused or split op must serve every batch up to its capacity. */
  for (int i = 0; (config->variant == SHX_VARIANT_FUSED ||
                   config->variant == SHX_VARIANT_SPLIT) && i < SHX_FUSED_BUCKETS; ++i) {
    int reached = i == 0 || shx_fused_bucket_n(i - 1) < config->capacity;
    int fused_ok = op->fused_status[i] == SHX_SUCCESS;
    if (reached && (!fused_ok || (config->variant == SHX_VARIANT_SPLIT &&
                                  op->down_status[i] != SHX_SUCCESS))) {
      /* A failed device query is a CUDA error, anything else a geometry that cannot run. */
      const shx_status cause = fused_ok ? op->down_status[i] : op->fused_status[i];
      status = shx_fail(cause == SHX_CUDA_ERROR ? SHX_CUDA_ERROR : SHX_UNSUPPORTED,
                        "the %s variant cannot run batches up to %d here: %s",
                        config->variant == SHX_VARIANT_FUSED ? "fused" : "split",
                        shx_fused_bucket_n(i),
                        fused_ok ? op->down_messages[i] : op->fused_messages[i]);
      free(op); /* nothing on the device yet: no synchronization to wait for */
      return status;
    }
  }
  /* Only now, with every refusal behind us, the device memory. */
  size_t capacity = (size_t)config->capacity;
  SHX_CUDA(cudaMalloc(&op->h, capacity * op->inter * 2));
  /* h starts defined (zeros), although shx_record_down refuses to push it before a gate
   * has written it. */
  SHX_CUDA(cudaMemset(op->h, 0, capacity * op->inter * 2));
  SHX_CUDA(cudaMalloc((void **)&op->scratch, SHX_SCRATCH_WORDS * sizeof(uint32_t)));
  SHX_CUDA(cudaMemset(op->scratch, 0, SHX_SCRATCH_WORDS * sizeof(uint32_t)));
  /* The baseline's buffers (g|u, y), cuBLASLt handle and workspace (32 MB) only where
   * the op may run the baseline: an explicit fused or split op never does. */
  if (config->variant == SHX_VARIANT_BASELINE || config->variant == SHX_VARIANT_AUTO) {
    SHX_CUDA(cudaMalloc(&op->gu, capacity * 2 * op->inter * 2));
    SHX_CUDA(cudaMalloc(&op->y, capacity * config->hidden * 2));
    SHX_TRY(shx_baseline_init(op));
  }

  SHX_CUDA(cudaDeviceSynchronize()); /* the scratch memset is done before any use */
  *op_out = op;
  return SHX_SUCCESS;
cleanup:
  release_op(op, NULL); /* keeps the message of the failure above */
  return status;
}

/* Waits for the op's device, frees everything the op holds, and puts the caller's
 * context back; *synced (if not NULL) is what the device reported. */
static void release_op(shx_op *op, cudaError_t *synced) {
  caller_context saved;
  const cudaError_t entered = enter_primary_context(op->device, &saved);
  /* Without the op's device current, a synchronization would wait for another device:
   * its failure is what the caller hears. Freed whatever either says. */
  const cudaError_t result = entered != cudaSuccess ? entered : cudaDeviceSynchronize();
  if (synced != NULL) *synced = result;
  shx_baseline_release(op);
  cudaFree(op->h);
  cudaFree(op->gu);
  cudaFree(op->y);
  cudaFree(op->scratch);
  (void)cudaGetLastError();
  leave_primary_context(&saved);
  free(op);
}

shx_status shx_destroy(shx_op *op) {
  /* The last error is left as it is: callers destroy ops on their own failure paths. */
  if (op == NULL) return SHX_SUCCESS;
  cudaError_t synced = cudaSuccess;
  release_op(op, &synced);
  if (synced != cudaSuccess)
    return shx_fail(SHX_CUDA_ERROR, "shx_destroy: the device reported %s; the op's "
                    "memory was freed", cudaGetErrorString(synced));
  return SHX_SUCCESS;
}

shx_status shx_bind_weights(shx_op *op, const void *gate_up, const void *down) {
  shx_clear_error();
  shx_status status;
  if (op == NULL) return shx_fail(SHX_INVALID_ARGUMENT, "op is NULL");
  const size_t hidden = (size_t)op->config.hidden, inter = (size_t)op->inter;
  if ((status = shx_check_weights(gate_up, down)) != SHX_SUCCESS ||
      (status = check_memory(gate_up, 2 * inter * hidden * 2, op->device, "gate_up",
                             "gate_up [2 I = %zu, H = %zu] BF16", 2 * inter, hidden)) !=
          SHX_SUCCESS ||
      (status = check_memory(down, hidden * inter * 2, op->device, "down",
                             "down [H = %zu, I = %zu] BF16", hidden, inter)) != SHX_SUCCESS)
    return status;
  op->gate_up = gate_up;
  op->down = down;
  op->bound_weights = 1;
  return SHX_SUCCESS;
}

shx_status shx_bind_peers(shx_op *op, void *const *peers, int count) {
  shx_clear_error();
  shx_status status;
  if (op == NULL) return shx_fail(SHX_INVALID_ARGUMENT, "op is NULL");
  if ((status = shx_check_peers(&op->config, peers, count)) != SHX_SUCCESS) return status;
  const size_t mailbox_bytes = shx_mailbox_bytes_of(&op->config);
  for (int p = 0; p < count; ++p) {
    char name[24]; /* "peers[" + any int + "]" */
    snprintf(name, sizeof name, "peers[%d]", p);
    /* This rank's own mailbox is its tail's, read and re-armed every step: the op's
     * device's memory. Another rank's may be anywhere this device reaches. */
    const int device = p == op->config.rank ? op->device : SHX_ANY_DEVICE;
    if ((status = check_memory(peers[p], mailbox_bytes, device, name,
                               "a mailbox (shx_mailbox_bytes)")) != SHX_SUCCESS)
      return status;
  }
  memset(op->peers, 0, sizeof op->peers);
  memcpy(op->peers, peers, (size_t)count * sizeof *peers);
  op->bound_peers = 1;
  return SHX_SUCCESS;
}

shx_status shx_mailbox_arm(void *mailbox, size_t bytes, shx_stream stream) {
  shx_clear_error();
  shx_status status;
  int device = 0, sms = 0; /* the arm's kernel runs on the current device, its memory */
  if ((status = shx_check_mailbox(mailbox, bytes)) != SHX_SUCCESS ||
      (status = current_hopper_device(&device, &sms)) != SHX_SUCCESS ||
      (status = check_memory(mailbox, bytes, device, "mailbox", "the arm of `bytes`")) !=
          SHX_SUCCESS)
    return status;
  char message[SHX_MESSAGE_BYTES] = "";
  status = shx_launch_arm(mailbox, bytes, stream, message);
  return status == SHX_SUCCESS ? status : shx_fail(status, "%s", message);
}

shx_status shx_variant_for(const shx_op *op, int batch, shx_variant *variant) {
  shx_clear_error();
  if (op == NULL) return shx_fail(SHX_INVALID_ARGUMENT, "op is NULL");
  if (variant == NULL) return shx_fail(SHX_INVALID_ARGUMENT, "variant (the output) is NULL");
  if (batch < 1 || batch > op->config.capacity)
    return shx_fail(SHX_INVALID_ARGUMENT, "batch %d is outside [1, capacity = %d]", batch,
                    op->config.capacity);
  shx_variant chosen = op->config.variant;
  if (chosen == SHX_VARIANT_AUTO) {
    chosen = shx_policy_choose(&op->policy, op->config.tp, batch);
    /* The table is advice: a variant this op cannot run for `batch` falls back. */
    int bucket = shx_fused_bucket_of(batch);
    if (chosen == SHX_VARIANT_FUSED &&
        (bucket < 0 || op->fused_status[bucket] != SHX_SUCCESS))
      chosen = SHX_VARIANT_BASELINE;
    if (chosen == SHX_VARIANT_SPLIT &&
        (bucket < 0 || op->fused_status[bucket] != SHX_SUCCESS ||
         op->down_status[bucket] != SHX_SUCCESS))
      chosen = SHX_VARIANT_BASELINE;
  }
  *variant = chosen;
  return SHX_SUCCESS;
}

/* A push recorded at `parity`: the rows and the own mailbox that shx_tail may consume
 * (once: the tail clears it). */
static void note_push(shx_op *op, int batch, int parity) {
  op->pushed_batch[parity] = batch;
  op->pushed_mailbox[parity] = op->peers[op->config.rank];
}

/* A record call or tail that failed (SHX_CUDA_ERROR, SHX_OUT_OF_MEMORY,
 * SHX_INTERNAL_ERROR: past its checks, or in a device query) may have put part of its
 * kernels on the stream, and the caller then discards that stream's work or capture,
 * with whatever else it recorded there: neither h's rows nor either parity's push can
 * be counted on. So shx_record_down is refused until a gate or step succeeds, and
 * shx_tail until a push at its parity does. The mailboxes may keep pushes no tail will
 * consume, so the header asks for the timeout's recovery (re-armed mailboxes) before the
 * next step. A refusal launched nothing and changes nothing. */
static void forget_recorded(shx_op *op) {
  op->gate_batch = 0;
  op->pushed_batch[0] = op->pushed_batch[1] = 0;
}
static shx_status forget_on_failure(shx_op *op, shx_status status) {
  if (status == SHX_CUDA_ERROR || status == SHX_OUT_OF_MEMORY ||
      status == SHX_INTERNAL_ERROR)
    forget_recorded(op);
  return status;
}

/* The launch arguments of this op's kernels for one step. */
static void kernel_args(const shx_op *op, const void *x, int batch, int parity,
                        shx_fused_args *args) {
  memset(args, 0, sizeof *args);
  args->x = x;
  args->gate_up = op->gate_up;
  args->down = op->down;
  args->h = op->h;
  args->counters = op->scratch;
  args->error_flag = op->scratch + SHX_SCRATCH_ERROR_FLAG;
  args->trace = op->fused_trace;
  memcpy(args->peers, op->peers, sizeof op->peers);
  args->batch = batch;
  args->capacity = op->config.capacity;
  args->parity = parity;
  args->rank = op->config.rank;
  args->activation = op->config.activation;
  args->beta = op->config.situ_beta;
  args->lambda = op->config.situ_lambda;
  args->watchdog_ns = (unsigned long long)op->config.watchdog_ms * 1000000ull;
}

/* The fused kernel, or (gate_only) the split variant's gate kernel. */
static shx_status record_fused_kernel(shx_op *op, const void *x, int batch, int parity,
                                      int gate_only, void *stream) {
  int bucket = shx_fused_bucket_of(batch);
  if (bucket < 0)
    return shx_fail(SHX_UNSUPPORTED, "batch %d is over the fused kernels' %d", batch,
                    SHX_FUSED_MAX_N);
  /* A refusal, nothing launched: SHX_UNSUPPORTED even where the plan failed on a device
   * query at create (SHX_CUDA_ERROR would tell the caller to discard its stream's work),
   * as the down half's refusal does. */
  if (op->fused_status[bucket] != SHX_SUCCESS)
    return shx_fail(SHX_UNSUPPORTED, "no fused plan for batch %d: %s", batch,
                    op->fused_messages[bucket]);
  shx_fused_args args;
  kernel_args(op, x, batch, parity, &args);
  char message[SHX_MESSAGE_BYTES] = "";
  shx_status status =
      gate_only ? shx_gate_launch(&op->fused_plans[bucket], &args, stream,
                                  op->config.programmatic_launch, message)
                : shx_fused_launch(&op->fused_plans[bucket], &args, stream,
                                   op->config.programmatic_launch, message);
  if (status != SHX_SUCCESS) return shx_fail(status, "%s", message);
  /* h holds this batch's rows once the kernel has run (shx_record_down's check); a later
   * failure in the step forgets them (forget_on_failure). */
  op->gate_batch = batch;
  return SHX_SUCCESS;
}

static shx_status record_down_kernel(shx_op *op, int batch, int parity, void *stream) {
  int bucket = shx_fused_bucket_of(batch);
  if (bucket < 0 || op->down_status[bucket] != SHX_SUCCESS)
    return shx_fail(SHX_UNSUPPORTED, "no SharedDown plan for batch %d: %s", batch,
                    bucket < 0 ? "over the largest bucket" : op->down_messages[bucket]);
  shx_fused_args args;
  kernel_args(op, NULL, batch, parity, &args);
  char message[SHX_MESSAGE_BYTES] = "";
  shx_status status = shx_down_launch(&op->down_plans[bucket], &args, stream, message);
  return status == SHX_SUCCESS ? status : shx_fail(status, "%s", message);
}

static shx_status record_oproj(shx_op *op, const void *w_o, const void *a, int attention,
                               void *x, int batch, shx_stream stream) {
  shx_status status;
  if ((status = shx_check_oproj(&op->config, w_o, a, attention, x, batch)) != SHX_SUCCESS ||
      (status = check_current_device(op)) != SHX_SUCCESS)
    return status;
  const size_t hidden = (size_t)op->config.hidden;
  if ((status = check_memory(w_o, hidden * attention * 2, op->device, "w_o",
                             "w_o [H = %zu, attention = %d] BF16", hidden, attention)) !=
          SHX_SUCCESS ||
      (status = check_memory(a, (size_t)batch * attention * 2, op->device, "a",
                             "a [batch = %d, attention = %d] BF16", batch, attention)) !=
          SHX_SUCCESS ||
      (status = check_x(op, x, batch)) != SHX_SUCCESS)
    return status;
  /* x is written while a and w_o are read: sharing a byte, the GEMM would read its own
   * output. */
  const size_t x_bytes = (size_t)batch * hidden * 2;
  if ((status = shx_check_apart("x", x, x_bytes, "a", a, (size_t)batch * attention * 2)) !=
          SHX_SUCCESS ||
      (status = shx_check_apart("x", x, x_bytes, "w_o", w_o, hidden * attention * 2)) !=
          SHX_SUCCESS ||
      (status = check_apart_from_bound(op, x, x_bytes, "x", 1)) != SHX_SUCCESS)
    return status;
  if (op->oproj_status != SHX_SUCCESS)
    return shx_fail(SHX_UNSUPPORTED, "the o-proj cannot run on this op's device: %s",
                    op->oproj_message);
  const shx_oproj_args args = {w_o, a, x, op->config.hidden, attention, batch};
  char message[SHX_MESSAGE_BYTES] = "";
  status = shx_oproj_launch(&args, stream, op->config.programmatic_launch, message);
  return status == SHX_SUCCESS ? status : shx_fail(status, "%s", message);
}

static shx_status record_gate(shx_op *op, const void *x, int batch, shx_stream stream) {
  shx_status status;
  if ((status = shx_check_step(&op->config, x, batch, 0, op->bound_weights, 1)) !=
          SHX_SUCCESS ||
      (status = check_current_device(op)) != SHX_SUCCESS ||
      (status = check_x(op, x, batch)) != SHX_SUCCESS ||
      (status = check_apart_from_bound(op, x, (size_t)batch * op->config.hidden * 2, "x",
                                       0)) != SHX_SUCCESS)
    return status;
  return record_fused_kernel(op, x, batch, 0, 1, stream);
}

static shx_status record_down(shx_op *op, int batch, int parity, shx_stream stream) {
  shx_status status;
  /* x is not read by SharedDown: validate the rest of a step with a stand-in. */
  if ((status = shx_check_step(&op->config, op->h, batch, parity, op->bound_weights,
                               op->bound_peers)) != SHX_SUCCESS)
    return status;
  /* Before any gate h holds no rows: its push would be read by the peers' tails as this
   * rank's real contribution. */
  if (op->gate_batch == 0)
    return shx_fail(SHX_INVALID_ARGUMENT,
                    "batch %d: this op has recorded no gate or step (since it was created, "
                    "a call failed or a timeout was reported), so h holds no rows to push; "
                    "record shx_record_gate first", batch);
  /* h holds the rows of the last gate: pushing more would send stale rows as valid. */
  if (batch != op->gate_batch)
    return shx_fail(SHX_INVALID_ARGUMENT,
                    "batch %d is not the last recorded gate's or step's batch %d (h holds "
                    "its rows)",
                    batch, op->gate_batch);
  /* Last: the state checks above need no device (api_test runs them without one), and
   * this call takes no buffer that a wrong current device could make look wrong. */
  if ((status = check_current_device(op)) != SHX_SUCCESS) return status;
  status = record_down_kernel(op, batch, parity, stream);
  if (status == SHX_SUCCESS) note_push(op, batch, parity);
  return status;
}

/* The auto variant's fused or split choice on a stream of a green context whose SMs
 * cannot hold it (shx_fused_stream_room): for fused, the split variant instead, which
 * runs the same plan without a grid barrier and gives the same bits, where one cluster of
 * its gate kernel fits and SharedDown has a plan; else the baseline. A failed query is
 * the step's error. */
static shx_status auto_on_green_context(const shx_op *op, int batch, void *stream,
                                        shx_variant *variant) {
  const int bucket = shx_fused_bucket_of(batch); /* shx_variant_for chose these: a plan */
  int room = SHX_ROOM_NONE;
  char message[SHX_MESSAGE_BYTES] = "";
  /* A query that fails (cudaStreamPerThread under a green context: perf/RESULTS.md run
   * 68) is the step's error, as for an explicit variant: the runtime cannot use that
   * stream there, so no variant's launch would run on it. */
  const shx_status asked = shx_fused_stream_room(&op->fused_plans[bucket], stream, &room,
                                                 message);
  if (asked != SHX_SUCCESS) return shx_fail(asked, "%s", message);
  if (*variant == SHX_VARIANT_FUSED && room == SHX_ROOM_GATE &&
      op->down_status[bucket] == SHX_SUCCESS)
    *variant = SHX_VARIANT_SPLIT;
  else if (room < (*variant == SHX_VARIANT_FUSED ? SHX_ROOM_FUSED : SHX_ROOM_GATE))
    *variant = SHX_VARIANT_BASELINE;
  return SHX_SUCCESS;
}

static shx_status record_step(shx_op *op, const void *x, int batch, int parity,
                              shx_stream stream) {
  shx_status status;
  if ((status = shx_check_step(&op->config, x, batch, parity, op->bound_weights,
                               op->bound_peers)) != SHX_SUCCESS ||
      (status = check_current_device(op)) != SHX_SUCCESS ||
      (status = check_x(op, x, batch)) != SHX_SUCCESS ||
      (status = check_apart_from_bound(op, x, (size_t)batch * op->config.hidden * 2, "x",
                                       0)) != SHX_SUCCESS)
    return status;
  shx_variant variant;
  if ((status = shx_variant_for(op, batch, &variant)) != SHX_SUCCESS) return status;
  if (op->config.variant == SHX_VARIANT_AUTO &&
      (variant == SHX_VARIANT_FUSED || variant == SHX_VARIANT_SPLIT) &&
      (status = auto_on_green_context(op, batch, stream, &variant)) != SHX_SUCCESS)
    return status;
  switch (variant) {
    case SHX_VARIANT_BASELINE:
      status = shx_baseline_record(op, x, batch, parity, (cudaStream_t)stream);
      break;
    case SHX_VARIANT_FUSED:
      status = record_fused_kernel(op, x, batch, parity, 0, stream);
      break;
    case SHX_VARIANT_SPLIT: {
      /* Both halves' plans are checked before the first launch: nothing is launched
       * when either cannot run. */
      int bucket = shx_fused_bucket_of(batch);
      if (bucket < 0 || op->down_status[bucket] != SHX_SUCCESS)
        return shx_fail(SHX_UNSUPPORTED, "no SharedDown plan for batch %d: %s", batch,
                        bucket < 0 ? "over the largest bucket" : op->down_messages[bucket]);
      status = record_fused_kernel(op, x, batch, parity, 1, stream);
      if (status != SHX_SUCCESS) break;
      status = record_down_kernel(op, batch, parity, stream);
      /* The gate is on the stream by now: a refusal of the down half here would be a bug,
       * not a refusal (which launches nothing). */
      if (status != SHX_SUCCESS && status != SHX_CUDA_ERROR)
        status = shx_fail_with_context(SHX_INTERNAL_ERROR, "after the gate kernel");
      break;
    }
    default: /* SHX_VARIANT_AUTO: shx_variant_for resolves it */
      return shx_fail(SHX_INTERNAL_ERROR, "variant %d was not resolved", (int)variant);
  }
  if (status == SHX_SUCCESS) note_push(op, batch, parity);
  return status;
}

shx_mailbox_route shx_op_mailbox_route(const shx_op *op, int parity) {
  shx_mailbox_route route;
  memset(&route, 0, sizeof route);
  memcpy(route.peers, op->peers, sizeof op->peers);
  route.tp = op->config.tp;
  route.rank = op->config.rank;
  route.shard = op->shard;
  route.capacity = op->config.capacity;
  route.parity = parity;
  return route;
}

static shx_status record_tail(shx_op *op, void *out, int batch, int parity,
                              shx_stream stream) {
  shx_status status;
  if ((status = shx_check_tail(&op->config, out, batch, parity, op->bound_peers)) !=
          SHX_SUCCESS ||
      (status = check_current_device(op)) != SHX_SUCCESS ||
      (status = check_memory(out, (size_t)batch * op->shard * 2, op->device, "out",
                             "out [batch = %d, S = %d] BF16", batch, op->shard)) !=
          SHX_SUCCESS ||
      (status = check_apart_from_bound(op, out, (size_t)batch * op->shard * 2, "out", 1)) !=
          SHX_SUCCESS)
    return status;
  /* Without a push of this op at that parity since its last tail there (or ever), its
   * own source's rows never arrive, or arrived and were consumed: the tail would wait
   * until the watchdog (or, with it off, for ever), or read a half-filled mailbox. */
  if (op->pushed_batch[parity] == 0)
    return shx_fail(SHX_INVALID_ARGUMENT,
                    "parity %d: this op has recorded no push (step or down) at that parity "
                    "since its last tail there (or since a call failed or a timeout was "
                    "reported), to wait for",
                    parity);
  /* A tail over fewer rows than the push would leave the rest holding this step's
   * values, which a later, larger tail at this parity would take as arrived; over more,
   * it would wait on rows nobody pushes. */
  if (batch != op->pushed_batch[parity])
    return shx_fail(SHX_INVALID_ARGUMENT,
                    "batch %d is not the last recorded push's (step or down) batch %d at "
                    "parity %d", batch, op->pushed_batch[parity], parity);
  /* Peers rebound since that push: the tail would wait on a mailbox whose own rows this
   * op never wrote. */
  if (op->peers[op->config.rank] != op->pushed_mailbox[parity])
    return shx_fail(SHX_INVALID_ARGUMENT,
                    "parity %d: this op's last push there went to mailbox %p, but "
                    "peers[%d] is now %p (rebound since); record a step first",
                    parity, op->pushed_mailbox[parity], op->config.rank,
                    op->peers[op->config.rank]);
  status = shx_op_launch_tail(op, out, batch, parity, stream);
  /* The tail consumes the push and re-arms its slots: a second tail would wait for rows
   * nobody pushes. A refusal launched nothing and leaves the push to a later tail; a
   * failure forgets it (forget_on_failure). */
  if (status == SHX_SUCCESS) op->pushed_batch[parity] = 0;
  return status;
}

/* The record calls and the tail: each failure (SHX_CUDA_ERROR, SHX_OUT_OF_MEMORY,
 * SHX_INTERNAL_ERROR) goes through forget_on_failure; refusals leave the op as it was. */
shx_status shx_record_oproj(shx_op *op, const void *w_o, const void *a, int attention,
                            void *x, int batch, shx_stream stream) {
  shx_clear_error();
  if (op == NULL) return shx_fail(SHX_INVALID_ARGUMENT, "op is NULL");
  return forget_on_failure(op, record_oproj(op, w_o, a, attention, x, batch, stream));
}

shx_status shx_record_gate(shx_op *op, const void *x, int batch, shx_stream stream) {
  shx_clear_error();
  if (op == NULL) return shx_fail(SHX_INVALID_ARGUMENT, "op is NULL");
  return forget_on_failure(op, record_gate(op, x, batch, stream));
}

shx_status shx_record_down(shx_op *op, int batch, int parity, shx_stream stream) {
  shx_clear_error();
  if (op == NULL) return shx_fail(SHX_INVALID_ARGUMENT, "op is NULL");
  return forget_on_failure(op, record_down(op, batch, parity, stream));
}

shx_status shx_record_step(shx_op *op, const void *x, int batch, int parity,
                           shx_stream stream) {
  shx_clear_error();
  if (op == NULL) return shx_fail(SHX_INVALID_ARGUMENT, "op is NULL");
  return forget_on_failure(op, record_step(op, x, batch, parity, stream));
}

shx_status shx_tail(shx_op *op, void *out, int batch, int parity, shx_stream stream) {
  shx_clear_error();
  if (op == NULL) return shx_fail(SHX_INVALID_ARGUMENT, "op is NULL");
  return forget_on_failure(op, record_tail(op, out, batch, parity, stream));
}

shx_status shx_op_launch_tail(shx_op *op, void *out, int batch, int parity, void *stream) {
  const shx_mailbox_route route = shx_op_mailbox_route(op, parity);
  char message[SHX_MESSAGE_BYTES] = "";
  const shx_status status =
      shx_launch_tail(&route, out, batch, op->scratch + SHX_SCRATCH_ERROR_FLAG,
                      (uint64_t)op->config.watchdog_ms * 1000000u, stream, message);
  return status == SHX_SUCCESS ? status : shx_fail(status, "%s", message);
}

shx_status shx_check_device(shx_op *op) {
  shx_clear_error();
  shx_status status = SHX_SUCCESS;
  if (op == NULL) return shx_fail(SHX_INVALID_ARGUMENT, "op is NULL");
  if ((status = check_current_device(op)) != SHX_SUCCESS) return status;
  /* In the primary context the synchronization waits for the op's kernels on green
   * contexts too, so the flag is final and the re-arm cannot land under a kernel. */
  caller_context saved;
  const cudaError_t entered = enter_primary_context(op->device, &saved);
  uint32_t flag = 0;
  if (entered != cudaSuccess) {
    status = shx_fail(SHX_CUDA_ERROR, "cannot make the op's device %d current: %s",
                      op->device, cudaGetErrorString(entered));
    goto cleanup;
  }
  SHX_CUDA(cudaDeviceSynchronize());
  SHX_CUDA(cudaMemcpy(&flag, op->scratch + SHX_SCRATCH_ERROR_FLAG, sizeof flag,
                      cudaMemcpyDeviceToHost));
  if (flag != 0) {
    /* The recovery re-arms every mailbox, which erases the pushes recorded before it, and
     * a kernel that gave up may have left h half-written: as after a failed call
     * (forget_on_failure), a tail of such a push would wait for rows that never come, and
     * shx_record_down would push stale h. So both are refused until a new push or gate,
     * even where the re-arm below fails (a review in stop 107). */
    forget_recorded(op);
    /* The barrier counters may be mid-phase: re-arm them with the flag. */
    SHX_CUDA(cudaMemset(op->scratch, 0, SHX_SCRATCH_WORDS * sizeof(uint32_t)));
    SHX_CUDA(cudaDeviceSynchronize());
    /* The flag's two causes (shared_expert.h, SHX_DEVICE_TIMEOUT); with the watchdog off
     * only the second can set it. */
    status = shx_fail(SHX_DEVICE_TIMEOUT,
                      "rank %d (watchdog_ms = %u): %s; this step's outputs are invalid",
                      op->config.rank, op->config.watchdog_ms,
                      op->config.watchdog_ms != 0
                          ? "a kernel waited over watchdog_ms for a peer or the grid barrier "
                            "and gave up, or a fused kernel found its shared memory off the "
                            "1024-byte alignment"
                          : "a fused kernel found its shared memory off the 1024-byte "
                            "alignment and ended");
  }
cleanup:
  /* A re-arm that failed after the flag was read set: the timeout is said too. */
  if (flag != 0 && status != SHX_DEVICE_TIMEOUT)
    status = shx_fail_with_context(
        status, "rank %d's watchdog flag was set, and its re-arm failed", op->config.rank);
  leave_primary_context(&saved);
  return status;
}

void shx_op_set_fused_trace(shx_op *op, unsigned long long *device_buffer) {
  op->fused_trace = device_buffer;
}

int shx_op_set_out_at_wait(shx_op *op, int batch, int value) {
  const int bucket_of_batch = batch >= 1 ? shx_fused_bucket_of(batch) : -1;
  if (bucket_of_batch < 0 || (value != 0 && value != 1)) return -1;
  const int had = op->fused_plans[bucket_of_batch].out_at_wait;
  for (int bucket = 0; bucket < SHX_FUSED_BUCKETS; ++bucket)
    op->fused_plans[bucket].out_at_wait = value;
  return had;
}
