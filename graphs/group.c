/* group.c: see group.h. Host code; tools and tests drive it. */
#include "graphs/group.h"

#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/status.h"
#include "engine/validate.h"

#define SHX_GROUP_MAX_RANKS 16

/* Arrays by rank hold the hosted ranks [first, last) only; arrays by GPU are indexed
 * from first_gpu (GPU first_gpu + d is index d). */
struct shx_group {
  shx_config config; /* the base config; rank varies */
  int first, last;    /* the hosted ranks */
  int first_gpu, gpus;
  int owns_mailboxes; /* allocated here (freed at destroy), or the caller's */
  size_t mailbox_bytes;
  int shard;
  int batch;          /* of the captured graphs, 0 before any capture */
  shx_op *ops[SHX_GROUP_MAX_RANKS];
  int device_of[SHX_GROUP_MAX_RANKS]; /* index from first_gpu */
  void *gate_up[SHX_GROUP_MAX_RANKS], *down[SHX_GROUP_MAX_RANKS];
  void *mailbox[SHX_GROUP_MAX_RANKS], *out[SHX_GROUP_MAX_RANKS];
  void *x[SHX_GROUP_MAX_GPUS];
  cudaStream_t stream[SHX_GROUP_MAX_GPUS];
  cudaEvent_t done[SHX_GROUP_MAX_GPUS];
  cudaGraphExec_t step[SHX_GROUP_MAX_GPUS][2];
};

/* Makes GPU index d (from first_gpu) current. */
static cudaError_t set_gpu(const shx_group *g, int d) {
  return cudaSetDevice(g->first_gpu + d);
}

static void drop_graphs(shx_group *g) {
  for (int d = 0; d < g->gpus; ++d)
    for (int parity = 0; parity < 2; ++parity)
      if (g->step[d][parity]) {
        cudaGraphExecDestroy(g->step[d][parity]);
        g->step[d][parity] = NULL;
      }
  g->batch = 0;
}

void shx_group_destroy(shx_group *g) {
  if (g == NULL) return;
  for (int d = 0; d < g->gpus; ++d) {
    set_gpu(g, d);
    cudaDeviceSynchronize();
  }
  drop_graphs(g);
  for (int r = g->first; r < g->last; ++r) {
    set_gpu(g, g->device_of[r]);
    shx_destroy(g->ops[r]);
    cudaFree(g->gate_up[r]);
    cudaFree(g->down[r]);
    if (g->owns_mailboxes) cudaFree(g->mailbox[r]);
    cudaFree(g->out[r]);
  }
  for (int d = 0; d < g->gpus; ++d) {
    set_gpu(g, d);
    cudaFree(g->x[d]);
    if (g->stream[d]) cudaStreamDestroy(g->stream[d]);
    if (g->done[d]) cudaEventDestroy(g->done[d]);
  }
  (void)cudaGetLastError();
  free(g);
}

/* Destroys a group whose making failed with `status`, and returns it with its message:
 * the destroy's own failure (a sticky error's sync in shx_destroy) must not replace it. */
static shx_status destroy_after_failure(shx_group *g, shx_status status) {
  char message[SHX_LAST_ERROR_BYTES];
  snprintf(message, sizeof message, "%s", shx_last_error());
  shx_group_destroy(g);
  return shx_fail(status, "%s", message);
}

shx_status shx_group_create_part(const shx_config *base, const shx_group_part *part,
                                 shx_group **out) {
  shx_status status = SHX_SUCCESS;
  shx_group *g = NULL;
  if (base == NULL || part == NULL || out == NULL)
    return shx_fail(SHX_INVALID_ARGUMENT, "%s is NULL",
                    base == NULL ? "base" : part == NULL ? "part" : "out");
  *out = NULL;
  if ((status = shx_check_config(base)) != SHX_SUCCESS) return status;
  /* The ranks need no device; both checks compare before they subtract, so that no
   * caller's value overflows. */
  if (part->first_rank < 0 || part->last_rank <= part->first_rank ||
      part->last_rank > base->tp)
    return shx_fail(SHX_INVALID_ARGUMENT, "ranks [%d, %d) of tp %d", part->first_rank,
                    part->last_rank, base->tp);
  const int ranks = part->last_rank - part->first_rank;
  /* The caller's mailboxes too, by shx_mailbox_arm's own host checks, before any GPU is
   * touched (peer access enabled, streams and ops made); their reach is the arm's. */
  const size_t mailbox_bytes = shx_mailbox_bytes(base); /* the config is valid: not 0 */
  for (int r = 0; part->mailboxes != NULL && r < ranks; ++r)
    if ((status = shx_check_mailbox(part->mailboxes[r], mailbox_bytes)) != SHX_SUCCESS)
      return shx_fail_with_context(status, "mailboxes[%d] (rank %d's)", r,
                                   part->first_rank + r);
  int visible = 0;
  if (cudaGetDeviceCount(&visible) != cudaSuccess || visible == 0) {
    (void)cudaGetLastError();
    return shx_fail(SHX_NO_DEVICE, "no CUDA device is visible");
  }
  if (part->first_gpu < 0 || part->first_gpu >= visible || part->gpus < 1 ||
      part->gpus > visible - part->first_gpu || part->gpus > SHX_GROUP_MAX_GPUS ||
      part->gpus > ranks)
    return shx_fail(SHX_INVALID_ARGUMENT, "GPUs from %d, %d of them: %d visible, %d ranks",
                    part->first_gpu, part->gpus, visible, ranks);
  /* Every pair first, so that a refusal has enabled no peer access (a review, stop 107). */
  for (int d = 0; d < part->gpus; ++d)
    for (int e = 0; e < part->gpus; ++e) {
      int can = 0;
      const cudaError_t asked =
          e == d ? cudaSuccess
                 : cudaDeviceCanAccessPeer(&can, part->first_gpu + d, part->first_gpu + e);
      if (asked != cudaSuccess) {
        (void)cudaGetLastError();
        return shx_fail(SHX_CUDA_ERROR, "cudaDeviceCanAccessPeer(%d, %d) failed: %s",
                        part->first_gpu + d, part->first_gpu + e, cudaGetErrorString(asked));
      }
      if (e != d && !can)
        return shx_fail(SHX_UNSUPPORTED, "GPU %d cannot access GPU %d's memory",
                        part->first_gpu + d, part->first_gpu + e);
    }
  g = calloc(1, sizeof *g);
  if (g == NULL) return shx_fail(SHX_OUT_OF_MEMORY, "no host memory for the group");
  g->config = *base;
  g->first = part->first_rank;
  g->last = part->last_rank;
  g->first_gpu = part->first_gpu;
  g->gpus = part->gpus;
  g->owns_mailboxes = part->mailboxes == NULL;
  g->shard = base->hidden / base->tp;
  g->mailbox_bytes = mailbox_bytes;
  int inter = base->intermediate_total / base->tp;
  size_t capacity = (size_t)base->capacity;
  for (int d = 0; d < g->gpus; ++d) {
    SHX_CUDA(set_gpu(g, d));
    for (int e = 0; e < g->gpus; ++e) {
      if (e == d) continue;
      cudaError_t enabled = cudaDeviceEnablePeerAccess(g->first_gpu + e, 0);
      if (enabled == cudaErrorPeerAccessAlreadyEnabled) (void)cudaGetLastError();
      else SHX_CUDA(enabled);
    }
    SHX_CUDA(cudaStreamCreateWithFlags(&g->stream[d], cudaStreamNonBlocking));
    SHX_CUDA(cudaEventCreateWithFlags(&g->done[d], cudaEventDisableTiming));
    SHX_CUDA(cudaMalloc(&g->x[d], capacity * base->hidden * 2));
    SHX_CUDA(cudaMemset(g->x[d], 0, capacity * base->hidden * 2));
  }
  for (int r = g->first; r < g->last; ++r) {
    int d = (r - g->first) * g->gpus / ranks;
    g->device_of[r] = d;
    SHX_CUDA(set_gpu(g, d));
    shx_config config = *base;
    config.rank = r;
    SHX_TRY(shx_create(&config, &g->ops[r]));
    SHX_CUDA(cudaMalloc(&g->gate_up[r], (size_t)2 * inter * base->hidden * 2));
    SHX_CUDA(cudaMalloc(&g->down[r], (size_t)base->hidden * inter * 2));
    if (g->owns_mailboxes) SHX_CUDA(cudaMalloc(&g->mailbox[r], g->mailbox_bytes));
    else g->mailbox[r] = part->mailboxes[r - g->first];
    SHX_CUDA(cudaMalloc(&g->out[r], capacity * g->shard * 2));
    SHX_TRY(shx_mailbox_arm(g->mailbox[r], g->mailbox_bytes, NULL));
    SHX_TRY(shx_bind_weights(g->ops[r], g->gate_up[r], g->down[r]));
  }
  for (int d = 0; d < g->gpus; ++d) {
    SHX_CUDA(set_gpu(g, d));
    SHX_CUDA(cudaDeviceSynchronize()); /* every mailbox armed before anyone maps it */
  }
  *out = g;
  return SHX_SUCCESS;
cleanup:
  return destroy_after_failure(g, status);
}

shx_status shx_group_bind_peers(shx_group *g, void *const *peers) {
  shx_status status = SHX_SUCCESS;
  if (g == NULL) return shx_fail(SHX_INVALID_ARGUMENT, "group is NULL");
  for (int r = g->first; r < g->last; ++r) {
    SHX_CUDA(set_gpu(g, g->device_of[r]));
    SHX_TRY(shx_bind_peers(g->ops[r], peers, g->config.tp));
  }
cleanup:
  return status;
}

shx_status shx_group_create(const shx_config *base, int gpus, shx_group **out) {
  if (base == NULL || out == NULL)
    return shx_fail(SHX_INVALID_ARGUMENT, "%s is NULL", base == NULL ? "base" : "out");
  const shx_group_part whole = {0, base->tp, 0, gpus, NULL};
  shx_status status = shx_group_create_part(base, &whole, out);
  if (status != SHX_SUCCESS) return status;
  status = shx_group_bind_peers(*out, (*out)->mailbox);
  if (status != SHX_SUCCESS) {
    status = destroy_after_failure(*out, status);
    *out = NULL;
  }
  return status;
}

static int hosts(const shx_group *g, int rank) {
  return g != NULL && rank >= g->first && rank < g->last;
}

#define SHX_GROUP_NOT_NULL(g, who)                                                     \
  do {                                                                                 \
    if ((g) == NULL) return shx_fail(SHX_INVALID_ARGUMENT, "%s: group is NULL", who); \
  } while (0)

shx_status shx_group_upload_weights(shx_group *g, int rank, const uint16_t *gate_up,
                                    const uint16_t *down) {
  shx_status status = SHX_SUCCESS;
  SHX_GROUP_NOT_NULL(g, "shx_group_upload_weights");
  if (!hosts(g, rank)) return shx_fail(SHX_INVALID_ARGUMENT, "rank %d is not hosted", rank);
  if (gate_up == NULL || down == NULL)
    return shx_fail(SHX_INVALID_ARGUMENT, "shx_group_upload_weights: %s is NULL",
                    gate_up == NULL ? "gate_up" : "down");
  size_t inter = (size_t)g->config.intermediate_total / g->config.tp;
  SHX_TRY(shx_group_wait(g)); /* no step in flight reads the weights */
  SHX_CUDA(set_gpu(g, g->device_of[rank]));
  SHX_CUDA(cudaMemcpy(g->gate_up[rank], gate_up, 2 * inter * g->config.hidden * 2,
                      cudaMemcpyHostToDevice));
  SHX_CUDA(cudaMemcpy(g->down[rank], down, (size_t)g->config.hidden * inter * 2,
                      cudaMemcpyHostToDevice));
  /* A copy from pageable memory may return before its DMA lands, and the steps run on
   * non-blocking streams: finish it here. */
  SHX_CUDA(cudaDeviceSynchronize());
cleanup:
  return status;
}

/* A batch that the group's buffers hold (x and each output: capacity rows). */
static shx_status check_batch(const shx_group *g, int batch, const char *who) {
  if (g == NULL) return shx_fail(SHX_INVALID_ARGUMENT, "%s: group is NULL", who);
  if (batch < 1 || batch > g->config.capacity)
    return shx_fail(SHX_INVALID_ARGUMENT, "%s: batch %d is not in [1, capacity %d]", who,
                    batch, g->config.capacity);
  return SHX_SUCCESS;
}

shx_status shx_group_upload_x(shx_group *g, const uint16_t *x, int batch) {
  shx_status status = check_batch(g, batch, "shx_group_upload_x");
  if (status != SHX_SUCCESS) return status;
  if (x == NULL) return shx_fail(SHX_INVALID_ARGUMENT, "shx_group_upload_x: x is NULL");
  /* The copies run on the legacy stream, which the group's non-blocking streams do not
   * order: no step in flight may read x as it is overwritten. */
  SHX_TRY(shx_group_wait(g));
  for (int d = 0; d < g->gpus; ++d) {
    SHX_CUDA(set_gpu(g, d));
    SHX_CUDA(cudaMemcpy(g->x[d], x, (size_t)batch * g->config.hidden * 2,
                        cudaMemcpyHostToDevice));
    SHX_CUDA(cudaDeviceSynchronize()); /* as in shx_group_upload_weights */
  }
cleanup:
  return status;
}

shx_status shx_group_capture(shx_group *g, int batch, int with_tail) {
  /* Checked before the old graphs are dropped: a refused capture keeps them. */
  shx_status status = check_batch(g, batch, "shx_group_capture");
  if (status != SHX_SUCCESS) return status;
  cudaGraph_t graph = NULL;
  drop_graphs(g);
  for (int d = 0; d < g->gpus; ++d) {
    SHX_CUDA(set_gpu(g, d));
    for (int parity = 0; parity < 2; ++parity) {
      SHX_CUDA(cudaStreamBeginCapture(g->stream[d], cudaStreamCaptureModeThreadLocal));
      for (int r = g->first; r < g->last && status == SHX_SUCCESS; ++r)
        if (g->device_of[r] == d)
          status = shx_record_step(g->ops[r], g->x[d], batch, parity, g->stream[d]);
      for (int r = g->first; r < g->last && status == SHX_SUCCESS && with_tail; ++r)
        if (g->device_of[r] == d)
          status = shx_tail(g->ops[r], g->out[r], batch, parity, g->stream[d]);
      cudaError_t ended = cudaStreamEndCapture(g->stream[d], &graph);
      if (status != SHX_SUCCESS) {
        (void)cudaGetLastError(); /* the invalidated capture's error: the status says why */
        goto cleanup;
      }
      SHX_CUDA(ended);
      SHX_CUDA(cudaGraphInstantiate(&g->step[d][parity], graph, 0));
      /* Forgotten before its status is read: a destroy that reports an error (a sticky
       * one of an earlier fault) has still freed it, and cleanup must not free it again. */
      const cudaError_t destroyed = cudaGraphDestroy(graph);
      graph = NULL;
      SHX_CUDA(destroyed);
    }
  }
  g->batch = batch;
  return SHX_SUCCESS;
cleanup:
  if (graph) cudaGraphDestroy(graph);
  drop_graphs(g);
  return status;
}

shx_status shx_group_step(shx_group *g, int parity) {
  shx_status status = SHX_SUCCESS;
  SHX_GROUP_NOT_NULL(g, "shx_group_step");
  if (g->batch == 0) return shx_fail(SHX_INVALID_ARGUMENT, "no step graph is captured");
  if (parity != 0 && parity != 1)
    return shx_fail(SHX_INVALID_ARGUMENT, "parity %d is not 0 or 1", parity);
  /* First every GPU waits for the others' previous step, then all launch: a GPU
   * that waited for another's *current* step would block its tails' peers. */
  for (int d = 0; d < g->gpus; ++d) {
    SHX_CUDA(set_gpu(g, d));
    for (int e = 0; e < g->gpus; ++e)
      if (e != d) SHX_CUDA(cudaStreamWaitEvent(g->stream[d], g->done[e], 0));
  }
  for (int d = 0; d < g->gpus; ++d) {
    SHX_CUDA(set_gpu(g, d));
    SHX_CUDA(cudaGraphLaunch(g->step[d][parity], g->stream[d]));
    SHX_CUDA(cudaEventRecord(g->done[d], g->stream[d]));
  }
cleanup:
  return status;
}

shx_status shx_group_wait(shx_group *g) {
  SHX_GROUP_NOT_NULL(g, "shx_group_wait");
  /* Every GPU's stream is waited for, even after one failed (a review in stop 87: the
   * first failure used to end the wait, leaving later GPUs' steps running); the first
   * failure is returned. */
  shx_status status = SHX_SUCCESS;
  for (int d = 0; d < g->gpus; ++d) {
    cudaError_t error = set_gpu(g, d);
    if (error == cudaSuccess) error = cudaStreamSynchronize(g->stream[d]);
    if (error != cudaSuccess) {
      (void)cudaGetLastError();
      if (status == SHX_SUCCESS)
        status = shx_fail(SHX_CUDA_ERROR, "shx_group_wait: GPU %d: %s", g->first_gpu + d,
                          cudaGetErrorString(error));
    }
  }
  return status;
}

shx_status shx_group_sync(shx_group *g) {
  SHX_GROUP_NOT_NULL(g, "shx_group_sync");
  /* The wait's failure does not skip the flags: every op's flag is read (and a set one
   * cleared), as the header's recovery asks, even where one GPU's stream reported an
   * error (a review in stop 87); a timeout on one rank often sets another's too
   * (perf/RESULTS.md run 60). The first failure is returned, its message restored. */
  shx_status status = shx_group_wait(g);
  char first_message[SHX_LAST_ERROR_BYTES] = "";
  if (status != SHX_SUCCESS)
    snprintf(first_message, sizeof first_message, "%s", shx_last_error());
  for (int r = g->first; r < g->last; ++r) {
    /* A GPU that cannot be made current fails its ranks; the others are still read. */
    const cudaError_t current = set_gpu(g, g->device_of[r]);
    shx_status checked;
    if (current == cudaSuccess) {
      checked = shx_check_device(g->ops[r]);
    } else {
      (void)cudaGetLastError();
      checked = shx_fail(SHX_CUDA_ERROR, "rank %d: cannot make GPU %d current: %s", r,
                         g->first_gpu + g->device_of[r], cudaGetErrorString(current));
    }
    if (checked != SHX_SUCCESS && status == SHX_SUCCESS) {
      status = checked;
      snprintf(first_message, sizeof first_message, "%s", shx_last_error());
    }
  }
  if (status != SHX_SUCCESS) return shx_fail(status, "%s", first_message);
  return status;
}

shx_status shx_group_poison_outputs(shx_group *g) {
  shx_status status = SHX_SUCCESS;
  SHX_GROUP_NOT_NULL(g, "shx_group_poison_outputs");
  for (int r = g->first; r < g->last; ++r) {
    SHX_CUDA(set_gpu(g, g->device_of[r]));
    SHX_CUDA(cudaMemsetAsync(g->out[r], 0xFF,
                             (size_t)g->config.capacity * g->shard * 2,
                             g->stream[g->device_of[r]]));
  }
cleanup:
  return status;
}

shx_status shx_group_read_outputs(shx_group *g, int batch, uint16_t *out) {
  shx_status status = check_batch(g, batch, "shx_group_read_outputs");
  if (status != SHX_SUCCESS) return status;
  if (out == NULL) return shx_fail(SHX_INVALID_ARGUMENT, "shx_group_read_outputs: out is NULL");
  SHX_TRY(shx_group_wait(g)); /* the steps' outputs are whole (as in upload_x) */
  size_t row_bytes = (size_t)g->shard * 2;
  for (int r = g->first; r < g->last; ++r) {
    SHX_CUDA(set_gpu(g, g->device_of[r]));
    SHX_CUDA(cudaMemcpy2D(out + (size_t)r * g->shard, (size_t)g->config.hidden * 2,
                          g->out[r], row_bytes, row_bytes, (size_t)batch,
                          cudaMemcpyDeviceToHost));
  }
cleanup:
  return status;
}

shx_status shx_group_read_mailbox(shx_group *g, int rank, uint16_t *mailbox) {
  shx_status status = SHX_SUCCESS;
  SHX_GROUP_NOT_NULL(g, "shx_group_read_mailbox");
  if (!hosts(g, rank)) return shx_fail(SHX_INVALID_ARGUMENT, "rank %d is not hosted", rank);
  if (mailbox == NULL)
    return shx_fail(SHX_INVALID_ARGUMENT, "shx_group_read_mailbox: mailbox is NULL");
  /* The steps' pushes have landed (as in upload_x): this process's; a part's peers in
   * other processes are the caller's to wait for (group.h). */
  SHX_TRY(shx_group_wait(g));
  SHX_CUDA(set_gpu(g, g->device_of[rank]));
  SHX_CUDA(cudaMemcpy(mailbox, g->mailbox[rank], g->mailbox_bytes,
                      cudaMemcpyDeviceToHost));
cleanup:
  return status;
}

shx_status shx_group_rearm(shx_group *g) {
  shx_status status = SHX_SUCCESS;
  SHX_GROUP_NOT_NULL(g, "shx_group_rearm");
  /* Every GPU's steps have ended first (as in read_mailbox): an arm queued behind its own
   * GPU's stream alone could land before another GPU's push into that mailbox. */
  SHX_TRY(shx_group_wait(g));
  for (int r = g->first; r < g->last; ++r) {
    SHX_CUDA(set_gpu(g, g->device_of[r]));
    SHX_TRY(shx_mailbox_arm(g->mailbox[r], g->mailbox_bytes, g->stream[g->device_of[r]]));
  }
  /* The arms are complete when this returns, so no later push can overtake one and be
   * overwritten: this process's next step is launched after it, and other processes'
   * ranks (a part) push once the caller's barrier lets them step (a review in stop 98: an
   * arm left queued could overwrite a peer's push that overtook it; the done events that
   * ordered the arms before this process's other GPUs' steps are not needed past this
   * wait). */
  SHX_TRY(shx_group_wait(g));
cleanup:
  return status;
}

int shx_group_idle(shx_group *g) {
  if (g == NULL) return 0;
  for (int d = 0; d < g->gpus; ++d) {
    if (set_gpu(g, d) != cudaSuccess || cudaStreamQuery(g->stream[d]) != cudaSuccess) {
      (void)cudaGetLastError(); /* cudaErrorNotReady is not an error to keep */
      return 0;
    }
  }
  return 1;
}

shx_op *shx_group_op(shx_group *g, int rank) { return hosts(g, rank) ? g->ops[rank] : NULL; }

void *shx_group_mailbox(shx_group *g, int rank) {
  return hosts(g, rank) ? g->mailbox[rank] : NULL;
}

shx_status shx_group_time_steps(shx_group *g, int steps, double *us_per_step) {
  shx_status status = SHX_SUCCESS;
  if (g == NULL || us_per_step == NULL)
    return shx_fail(SHX_INVALID_ARGUMENT, "shx_group_time_steps: %s is NULL",
                    g == NULL ? "group" : "us_per_step");
  if (steps < 1)
    return shx_fail(SHX_INVALID_ARGUMENT, "shx_group_time_steps: steps %d is under 1", steps);
  cudaEvent_t start = NULL, stop = NULL;
  float ms = 0;
  /* An even count of warm-up steps: the timed steps' parities continue alternating. The
   * start is recorded behind them, still queued, as perf/nccl_compare.c's NCCL arm does:
   * after a sync it would also time the host's launch of the first timed step. */
  for (int i = 0; i < 6; ++i) SHX_TRY(shx_group_step(g, i % 2));
  SHX_CUDA(set_gpu(g, 0));
  SHX_CUDA(cudaEventCreate(&start));
  SHX_CUDA(cudaEventCreate(&stop));
  SHX_CUDA(cudaEventRecord(start, g->stream[0]));
  for (int i = 0; i < steps; ++i) SHX_TRY(shx_group_step(g, i % 2));
  SHX_CUDA(set_gpu(g, 0));
  for (int e = 1; e < g->gpus; ++e) SHX_CUDA(cudaStreamWaitEvent(g->stream[0], g->done[e], 0));
  SHX_CUDA(cudaEventRecord(stop, g->stream[0]));
  SHX_TRY(shx_group_sync(g));
  SHX_CUDA(cudaEventElapsedTime(&ms, start, stop));
  *us_per_step = ms * 1000.0 / steps;
cleanup:
  set_gpu(g, 0);
  if (start) cudaEventDestroy(start);
  if (stop) cudaEventDestroy(stop);
  return status;
}
