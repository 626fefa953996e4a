/* process_gpu_test.c: a TP group whose ranks live in separate processes, their mailboxes
 * shared through CUDA IPC or an NCCL symmetric window (SPEC "Peers": ranks in separate
 * processes must work).
 *
 *   processes_<GPUS>gpu_test [GPUS]
 *
 * For each case below the parent forks one worker process per part of the group before
 * any CUDA call (a process that has used CUDA must not fork). Worker p hosts ranks
 * [p tp / P, (p + 1) tp / P) on GPU p * GPUS / P as a part of a group (graphs/group.h,
 * shx_group_create_part): for each, an op of the case's variant, its weights, mailbox
 * and output. Its mailboxes reach the other workers in one of two ways:
 * - CUDA IPC: each its own cudaMalloc, exported with cudaIpcGetMemHandle; the others map
 *   them with cudaIpcOpenMemHandle (flags cudaIpcMemLazyEnablePeerAccess, as CUDA requires);
 * - an NCCL symmetric window: one NCCL rank a worker, one worker a GPU (NCCL refuses two
 *   ranks on one GPU); the worker's mailboxes side by side in one ncclMemAlloc block,
 *   registered with ncclCommWindowRegister(NCCL_WIN_COLL_SYMMETRIC); every rank's
 *   address from ncclGetPeerPointer (graphs/nccl_window.cu), the worker's own ones
 *   checked to alias its block (written through one address, read through the other).
 *   Two GPUs at least: for a communicator without symmetric support (one local rank is
 *   one such; also no direct peer access, several nodes, no cuMem) NCCL 2.28's
 *   ncclCommWindowRegister succeeds but hands back a host-side local registration, not
 *   a device window (src/dev_runtime.cc; perf/RESULTS.md run 57 call 2), so on one GPU
 *   these cases are left out, and a worker that gets no device window says so.
 * It binds them (shx_group_bind_peers) and captures its step graphs, one per parity: its
 * ranks' shx_record_step, then their shx_tail, on one stream, as an engine process
 * would. Nothing else orders the workers' steps: a rank's push of step s + 2 follows its
 * own tail of step s + 1, which waited for every rank's push of s + 1, which followed
 * that rank's tail of s, so the SPEC's ordering holds by stream order alone. Workers
 * meet only at barriers on the host (in a shared mapping): after every mailbox is armed
 * and exported, after the last step, and before unmapping (and, for NCCL, where its
 * collective calls need every worker).
 *
 * Per batch: 10 replays with alternating parity, outputs poisoned (NaN) before each; the
 * first checked against the CPU reference (relative L2 <= SHX_REF_REL_L2_MAX over the
 * worker's shards, every element within SHX_REF_ELEMENT_MAX, no NaN, so every element was
 * written), every later one bitwise equal to the first.
 * After the last batch every slot of every mailbox is re-armed (0x8000). Then the parent,
 * once every worker has exited, runs the same cases as one process's TP group
 * (graphs/group.c) on the same GPUs and requires the workers' outputs bitwise equal to it.
 *
 * Where several workers share a GPU their kernels do not run at the same time (separate
 * CUDA contexts are time-sliced, without MPS), so a tail's wait for a peer's push lasts
 * until the peer's context gets the GPU: a step took about 17 ms with 8 workers on one
 * H200, 2.5-5 ms with 2 (host clock; perf/RESULTS.md run 57 call 4). Why the fused
 * kernel's grid barrier still completes (an explanation, not measured here): a context's
 * grid runs only in that context's slices, all of its CTAs together.
 *
 * Exits 77 (skipped) without GPUS Hopper GPUs, where a GPU's compute mode refuses a
 * second process (exclusive-process or prohibited), or where the GPUS GPUs have no peer
 * access to each other's memory. A worker that fails makes the others
 * leave their barriers (the parent raises a flag) and the test fail.
 */
#define _GNU_SOURCE
#include <cuda_runtime_api.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine/check.h"
#include "graphs/group.h"
#include "graphs/nccl_window.h"
#include "graphs/testbed.h"

enum {
  kMaxRanks = 16,
  kMaxBatches = 4,
  kReplays = 10,
  kCapacity = 128,
  kHidden = 7168,
  kBarrierSeconds = 100, /* far above a case's set-up (seconds); a lost worker fails */
  kCaseSeconds = 150,    /* the parent kills a case's workers that take longer */
  kGraceSeconds = 20,    /* and the rest of them this long after one failed */
  kComputeModeRefuses = 101, /* the probe's exit code for an exclusive GPU */
  kNoPeerAccess = 102        /* and for GPUs that cannot reach each other's memory */
};
/* Parity restarts at 0 with each batch's capture and alternates within its replays; an
 * odd count would give two consecutive steps (the last of one batch, the first of the
 * next) the same parity, against SPEC's protocol. */
_Static_assert(kReplays % 2 == 0, "kReplays must be even: parity alternates across batches");

typedef enum sharing { kIpc, kNcclWindow } sharing;

typedef struct test_case {
  sharing how;
  int tp;
  int processes; /* 0: one a GPU */
  shx_variant variant;
  int inter_total;
  shx_activation activation;
  int batches[kMaxBatches];
  int batch_count;
} test_case;

/* Design dims (H 7168, I_total 6144, SiTU) unless said. CUDA IPC: every variant with one
 * rank a process (as engines run), the fused variant also with eight ranks a process, and
 * the DeepSeek dims' fused TP16 plan (clusters of 16). NCCL windows: one process a GPU. */
static const test_case kCases[] = {
    {kIpc, 8, 8, SHX_VARIANT_FUSED, 6144, SHX_ACT_SITU, {9, 64, 128}, 3},
    {kIpc, 8, 8, SHX_VARIANT_SPLIT, 6144, SHX_ACT_SITU, {16}, 1},
    {kIpc, 8, 8, SHX_VARIANT_BASELINE, 6144, SHX_ACT_SITU, {16}, 1},
    {kIpc, 16, 2, SHX_VARIANT_FUSED, 6144, SHX_ACT_SITU, {16, 48}, 2},
    {kIpc, 16, 2, SHX_VARIANT_FUSED, 2048, SHX_ACT_SWIGLU, {9}, 1},
    {kNcclWindow, 8, 0, SHX_VARIANT_FUSED, 6144, SHX_ACT_SITU, {9, 64}, 2},
    {kNcclWindow, 8, 0, SHX_VARIANT_SPLIT, 6144, SHX_ACT_SITU, {16}, 1},
    {kNcclWindow, 16, 0, SHX_VARIANT_FUSED, 6144, SHX_ACT_SITU, {16}, 1},
};
enum { kCaseCount = sizeof kCases / sizeof *kCases };

/* What the workers of one case share: a host barrier, the exported mailbox handles and
 * every rank's output of each batch's first replay. */
typedef struct shared_state {
  int workers;
  int arrived;    /* at the current barrier */
  int generation; /* barriers completed */
  int failed;     /* set by the parent when a worker exits with an error */
  cudaIpcMemHandle_t mailbox[kMaxRanks];
  ncclUniqueId nccl_id;
  uint16_t outputs[kMaxBatches][kCapacity * kHidden]; /* [batch][H] */
} shared_state;

/* Sense by generation: the last to arrive resets the count, then opens the barrier. */
static void barrier_wait(shared_state *s, int worker, const char *where) {
  const int generation = __atomic_load_n(&s->generation, __ATOMIC_ACQUIRE);
  if (__atomic_add_fetch(&s->arrived, 1, __ATOMIC_ACQ_REL) == s->workers) {
    __atomic_store_n(&s->arrived, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&s->generation, generation + 1, __ATOMIC_RELEASE);
    return;
  }
  const double deadline = shx_testbed_seconds() + kBarrierSeconds;
  while (__atomic_load_n(&s->generation, __ATOMIC_ACQUIRE) == generation) {
    if (__atomic_load_n(&s->failed, __ATOMIC_ACQUIRE)) {
      fprintf(stderr, "worker %d: another worker failed (at %s)\n", worker, where);
      exit(1);
    }
    if (shx_testbed_seconds() > deadline) {
      fprintf(stderr, "worker %d: barrier %s not reached by every worker in %d s\n", worker,
              where, kBarrierSeconds);
      exit(1);
    }
    usleep(200);
  }
}

static int compare_doubles(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The columns [first S, last S) of rows [0, batch) of two [batch, H] arrays: their
 * relative L2 error, and their worst element's (shx_max_element_error) into *element. */
static double shard_rel_l2(const uint16_t *got, const uint16_t *want, int batch, int hidden,
                           int first_column, int columns, int *nan_count, double *element) {
  size_t count = (size_t)batch * columns;
  uint16_t *a = malloc(count * 2), *b = malloc(count * 2);
  CHECK(a && b);
  for (int t = 0; t < batch; ++t) {
    memcpy(a + (size_t)t * columns, got + (size_t)t * hidden + first_column, columns * 2);
    memcpy(b + (size_t)t * columns, want + (size_t)t * hidden + first_column, columns * 2);
  }
  double error = shx_rel_l2(a, b, count, nan_count);
  *element = shx_max_element_error(a, b, count, NULL);
  free(a);
  free(b);
  return error;
}

#define CHECK_NCCL(call) CHECK((call) == ncclSuccess)

static int processes_of(const test_case *c, int gpus) {
  return c->processes ? c->processes : gpus;
}

/* NCCL windows need two GPUs (a worker each); every case needs a worker a GPU at least,
 * and the same number of ranks in every worker and of workers on every GPU (the owner
 * and offset arithmetic, and a symmetric window's equal sizes, rely on it). */
static int case_runs(const test_case *c, int gpus) {
  const int processes = processes_of(c, gpus);
  return processes <= c->tp && processes >= gpus && c->tp % processes == 0 &&
         processes % gpus == 0 && (c->how == kIpc || gpus >= 2);
}

static void run_worker(int worker, const test_case *c, const shx_testbed *bed,
                       uint16_t *const *want, int gpus, shared_state *s) {
  const int tp = c->tp, hidden = bed->config.hidden, processes = processes_of(c, gpus);
  const int first = worker * tp / processes, last = (worker + 1) * tp / processes;
  const int device = worker * gpus / processes;
  const int shard = hidden / tp;
  shx_config config = bed->config;
  config.variant = c->variant;
  const size_t mailbox_bytes = shx_mailbox_bytes(&config);
  CHECK(mailbox_bytes > 0);
  CHECK_CUDA(cudaSetDevice(device));
  void *peers[kMaxRanks] = {0};

  /* NCCL: one communicator rank a worker; the local mailboxes side by side in one
   * symmetric window, each at a multiple of the window's alignment. */
  ncclComm_t comm = NULL;
  ncclWindow_t window = NULL;
  void *block = NULL;
  void *window_mailboxes[kMaxRanks] = {0}; /* the hosted ranks', from rank `first` on */
  const size_t stride = (mailbox_bytes + NCCL_WIN_REQUIRED_ALIGNMENT - 1) /
                        NCCL_WIN_REQUIRED_ALIGNMENT * NCCL_WIN_REQUIRED_ALIGNMENT;
  if (c->how == kNcclWindow) {
    setenv("NCCL_NVLS_ENABLE", "0", 0); /* never NVLink multicast on shared hosts */
    if (worker == 0) CHECK_NCCL(ncclGetUniqueId(&s->nccl_id));
    barrier_wait(s, worker, "nccl id");
    CHECK_NCCL(ncclCommInitRank(&comm, processes, s->nccl_id, worker));
    CHECK_NCCL(ncclMemAlloc(&block, stride * (last - first)));
    CHECK_NCCL(ncclCommWindowRegister(comm, block, stride * (last - first), &window,
                                      NCCL_WIN_COLL_SYMMETRIC));
    if (!shx_nccl_window_is_symmetric(window)) {
      fprintf(stderr, "worker %d: NCCL made no symmetric window (it needs one node, every "
              "rank on its own GPU with direct peer access, cuMem and NCCL_WIN_ENABLE)\n",
              worker);
      exit(1);
    }
    for (int r = first; r < last; ++r)
      window_mailboxes[r - first] = (char *)block + stride * (r - first);
  }
  /* The worker's ranks as a part of the group (graphs/group.c): ops, weights, outputs,
   * one stream; the mailboxes its own (CUDA IPC) or the window's, armed either way. */
  const shx_group_part part = {first, last, device, 1,
                               c->how == kNcclWindow ? window_mailboxes : NULL};
  shx_group *group = NULL;
  SHX_CHECK_OK(shx_group_create_part(&config, &part, &group));
  for (int r = first; r < last; ++r) {
    SHX_CHECK_OK(shx_group_upload_weights(group, r, bed->gate_up[r], bed->down[r]));
    peers[r] = shx_group_mailbox(group, r);
    if (c->how == kIpc) CHECK_CUDA(cudaIpcGetMemHandle(&s->mailbox[r], peers[r]));
  }
  SHX_CHECK_OK(shx_group_upload_x(group, bed->x, kCapacity));
  if (c->how == kNcclWindow) {
    /* Every rank's mailbox through the window, this worker's own ones included: NCCL
     * may map those at other addresses, but they must alias its own block (a word
     * written through one is read through the other, then the slot is armed again).
     * Before the barrier: once past it, peers push into these mailboxes. */
    int owners[kMaxRanks];
    size_t offsets[kMaxRanks];
    void *addresses[kMaxRanks] = {0};
    for (int r = 0; r < tp; ++r) {
      owners[r] = r * processes / tp;
      offsets[r] = stride * (r - owners[r] * tp / processes);
    }
    cudaStream_t stream;
    CHECK_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    CHECK_CUDA(shx_nccl_window_addresses(window, owners, offsets, tp, addresses, stream));
    CHECK_CUDA(cudaStreamDestroy(stream));
    for (int r = 0; r < tp; ++r) {
      if (r < first || r >= last) {
        peers[r] = addresses[r];
        continue;
      }
      const uint16_t marker = (uint16_t)(0x1000 + r), armed = 0x8000;
      uint16_t seen = 0;
      CHECK_CUDA(cudaMemcpy(peers[r], &marker, 2, cudaMemcpyHostToDevice));
      CHECK_CUDA(cudaMemcpy(&seen, addresses[r], 2, cudaMemcpyDeviceToHost));
      CHECK(seen == marker);
      CHECK_CUDA(cudaMemcpy(addresses[r], &armed, 2, cudaMemcpyHostToDevice));
      CHECK_CUDA(cudaMemcpy(&seen, peers[r], 2, cudaMemcpyDeviceToHost));
      CHECK(seen == armed);
    }
    printf("  worker %d: NCCL window, rank %d's mailbox at %p (own block %p)\n", worker, first,
           addresses[first], peers[first]);
  }
  CHECK_CUDA(cudaDeviceSynchronize()); /* every local mailbox armed before it is exported */
  barrier_wait(s, worker, "exported");

  if (c->how == kIpc) {
    for (int r = 0; r < tp; ++r)
      if (r < first || r >= last)
        CHECK_CUDA(cudaIpcOpenMemHandle(&peers[r], s->mailbox[r],
                                        cudaIpcMemLazyEnablePeerAccess));
  }
  SHX_CHECK_OK(shx_group_bind_peers(group, peers));

  uint16_t *got = malloc((size_t)kCapacity * hidden * 2);
  uint16_t *again = malloc((size_t)kCapacity * hidden * 2);
  CHECK(got && again);
  for (int b = 0; b < c->batch_count; ++b) {
    const int batch = c->batches[b];
    /* Its ranks' shx_record_step, then their shx_tail, one graph a parity. */
    SHX_CHECK_OK(shx_group_capture(group, batch, 1));
    double step_ms[kReplays]; /* host time from launch to the step's end, informational */
    for (int i = 0; i < kReplays; ++i) {
      SHX_CHECK_OK(shx_group_poison_outputs(group));
      SHX_CHECK_OK(shx_group_sync(group));
      const double launched = shx_testbed_seconds();
      SHX_CHECK_OK(shx_group_step(group, i % 2));
      SHX_CHECK_OK(shx_group_sync(group)); /* and the watchdog flags */
      step_ms[i] = 1e3 * (shx_testbed_seconds() - launched);
      uint16_t *read = i == 0 ? got : again;
      SHX_CHECK_OK(shx_group_read_outputs(group, batch, read)); /* the hosted columns */
      for (int r = first; r < last && i > 0; ++r)
        for (int t = 0; t < batch; ++t)
          if (memcmp(got + (size_t)t * hidden + (size_t)r * shard,
                     again + (size_t)t * hidden + (size_t)r * shard, (size_t)shard * 2)) {
            fprintf(stderr, "worker %d: replay %d of B %d differs from replay 0 (rank %d)\n",
                    worker, i, batch, r);
            exit(1);
          }
    }
    int nan_count = 0;
    double element = 0.0;
    double error = shard_rel_l2(got, want[b], batch, hidden, first * shard,
                                (last - first) * shard, &nan_count, &element);
    qsort(step_ms + 1, kReplays - 1, sizeof *step_ms, compare_doubles); /* replay 0: warm-up */
    printf("  worker %d (ranks %d..%d, GPU %d) B %3d: rel L2 %.3e, NaN %d, worst element "
           "%.2e; step %.3f ms (median of replays 1..%d, host clock)\n", worker, first,
           last - 1, device, batch, error, nan_count, element, step_ms[kReplays / 2],
           kReplays - 1);
    fflush(stdout);
    CHECK(nan_count == 0);
    CHECK(error <= SHX_REF_REL_L2_MAX);
    CHECK(element <= SHX_REF_ELEMENT_MAX);
    for (int t = 0; t < batch; ++t)
      memcpy(s->outputs[b] + (size_t)t * hidden + (size_t)first * shard,
             got + (size_t)t * hidden + (size_t)first * shard,
             (size_t)(last - first) * shard * 2);
  }
  barrier_wait(s, worker, "last step"); /* no push into a local mailbox after this */

  char context[32];
  snprintf(context, sizeof context, "worker %d", worker);
  shx_testbed_expect_rearmed(group, mailbox_bytes, first, last, context);
  if (c->how == kIpc) {
    for (int r = 0; r < tp; ++r)
      if (r < first || r >= last) CHECK_CUDA(cudaIpcCloseMemHandle(peers[r]));
  } else {
    CHECK_NCCL(ncclCommWindowDeregister(comm, window)); /* the barrier below orders frees */
  }
  barrier_wait(s, worker, "unmapped"); /* every mapping of a local mailbox is gone */
  shx_group_destroy(group); /* frees its own mailboxes (CUDA IPC), not the window's */
  if (c->how == kNcclWindow) {
    CHECK_NCCL(ncclMemFree(block));
    CHECK_NCCL(ncclCommDestroy(comm));
  }
  free(got);
  free(again);
}

/* Forks the workers of one case and waits for them; 1 if every one exited with 0. A
 * worker's failure raises `failed`, so that the others leave their barriers. */
static int run_workers(const test_case *c, const shx_testbed *bed, uint16_t *const *want,
                       int gpus, shared_state *s) {
  const int processes = processes_of(c, gpus);
  memset(s, 0, sizeof *s);
  s->workers = processes;
  pid_t pids[kMaxRanks];
  const pid_t parent = getpid();
  fflush(stdout);
  fflush(stderr);
  for (int p = 0; p < processes; ++p) {
    pids[p] = fork();
    CHECK(pids[p] >= 0);
    if (pids[p] == 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL); /* no worker outlives the test */
      if (getppid() != parent) _exit(1);  /* the parent died before the prctl */
      run_worker(p, c, bed, want, gpus, s);
      fflush(stdout);
      _exit(0);
    }
  }
  int ok = 1;
  double deadline = shx_testbed_seconds() + kCaseSeconds;
  for (int left = processes; left > 0;) {
    int status = 0;
    pid_t pid = waitpid(-1, &status, WNOHANG);
    CHECK(pid >= 0);
    if (pid == 0) {
      if (shx_testbed_seconds() > deadline) { /* workers stuck beyond every bound: end them */
        fprintf(stderr, "%d worker(s) still running at the deadline: killed\n", left);
        for (int p = 0; p < processes; ++p)
          if (pids[p] > 0) kill(pids[p], SIGKILL);
        while (waitpid(-1, NULL, 0) > 0) {
        }
        return 0;
      }
      usleep(10000);
      continue;
    }
    --left;
    for (int p = 0; p < processes; ++p)
      if (pids[p] == pid) pids[p] = 0; /* reaped: never signalled again */
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      fprintf(stderr, "a worker (pid %d) failed: %s %d\n", (int)pid,
              WIFEXITED(status) ? "exit" : "signal",
              WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
      ok = 0;
      __atomic_store_n(&s->failed, 1, __ATOMIC_RELEASE);
      /* The others leave their barriers now, but one inside an NCCL call may not. */
      const double grace = shx_testbed_seconds() + kGraceSeconds;
      if (deadline > grace) deadline = grace;
    }
  }
  return ok;
}

/* The probe runs in a child, so that the parent stays free of CUDA until its workers
 * are done: its exit code is the number of Hopper GPUs, or kComputeModeRefuses where
 * one of the first `gpus` only admits one process, or kNoPeerAccess where two of them
 * cannot access each other's memory. */
static int probe_gpus(int gpus) {
  fflush(stdout);
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    int count = shx_testbed_hopper_count();
    for (int d = 0; d < gpus && d < count; ++d) {
      int mode = cudaComputeModeDefault;
      if (cudaDeviceGetAttribute(&mode, cudaDevAttrComputeMode, d) == cudaSuccess &&
          mode != cudaComputeModeDefault)
        _exit(kComputeModeRefuses);
    }
    int from = 0, to = 0;
    if (count >= gpus && !shx_testbed_peer_access(gpus, &from, &to)) _exit(kNoPeerAccess);
    _exit(count > 100 ? 100 : count);
  }
  int status = 0;
  CHECK(waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status));
  return WEXITSTATUS(status);
}

int main(int argc, char **argv) {
  const int gpus = argc > 1 ? atoi(argv[1]) : SHX_TEST_GPUS;
  CHECK(gpus >= 1 && gpus <= SHX_GROUP_MAX_GPUS);
  const int found = probe_gpus(gpus);
  if (found == kComputeModeRefuses) {
    printf("SKIPPED: a GPU's compute mode admits one process only (not Default)\n");
    return SHX_SKIP_EXIT;
  }
  if (found == kNoPeerAccess) {
    printf("SKIPPED: the GPUs cannot access each other's memory (no peer access)\n");
    return SHX_SKIP_EXIT;
  }
  if (found < gpus) {
    printf("SKIPPED: needs %d Hopper (sm_90) GPU(s), %d visible\n", gpus, found);
    return SHX_SKIP_EXIT;
  }
  shared_state *s = mmap(NULL, sizeof *s, PROT_READ | PROT_WRITE,
                         MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  CHECK(s != MAP_FAILED);
  uint16_t *outputs[kCaseCount][kMaxBatches] = {{0}};

  if (gpus < 2)
    printf(" NCCL window cases left out: NCCL makes no symmetric window on one GPU\n");
  /* Every case in worker processes first; the parent has not used CUDA yet. */
  for (int i = 0; i < kCaseCount; ++i) {
    const test_case *c = &kCases[i];
    if (!case_runs(c, gpus)) continue;
    shx_testbed bed;
    shx_testbed_make(&bed, c->tp, kHidden, c->inter_total, kCapacity, c->activation);
    uint16_t *want[kMaxBatches] = {0};
    for (int b = 0; b < c->batch_count; ++b) {
      want[b] = malloc((size_t)c->batches[b] * kHidden * 2);
      CHECK(want[b]);
      shx_testbed_reference(&bed, c->batches[b], want[b]);
    }
    printf(" %s TP%d, I_total %d, %d processes on %d GPU(s), %s\n",
           shx_testbed_variant_name(c->variant), c->tp, c->inter_total,
           processes_of(c, gpus), gpus, c->how == kIpc ? "CUDA IPC" : "NCCL window");
    CHECK(run_workers(c, &bed, want, gpus, s));
    for (int b = 0; b < c->batch_count; ++b) {
      size_t bytes = (size_t)c->batches[b] * kHidden * 2;
      outputs[i][b] = malloc(bytes);
      CHECK(outputs[i][b]);
      memcpy(outputs[i][b], s->outputs[b], bytes);
      free(want[b]);
    }
    shx_testbed_free(&bed);
  }

  /* The same cases as one process's group: bitwise the same outputs. */
  for (int i = 0; i < kCaseCount; ++i) {
    const test_case *c = &kCases[i];
    if (!case_runs(c, gpus)) continue;
    shx_testbed bed;
    shx_testbed_make(&bed, c->tp, kHidden, c->inter_total, kCapacity, c->activation);
    for (int b = 0; b < c->batch_count; ++b) {
      const int batch = c->batches[b];
      size_t count = (size_t)batch * kHidden;
      uint16_t *one = malloc(count * 2);
      CHECK(one);
      struct shx_group *group = shx_testbed_group(&bed, c->variant, gpus, batch, 1);
      SHX_CHECK_OK(shx_group_poison_outputs(group));
      SHX_CHECK_OK(shx_group_step(group, 0));
      SHX_CHECK_OK(shx_group_sync(group));
      SHX_CHECK_OK(shx_group_read_outputs(group, batch, one));
      const double launched = shx_testbed_seconds(); /* one more step, timed as the workers' */
      SHX_CHECK_OK(shx_group_step(group, 1));
      for (int d = 0; d < gpus; ++d) {
        CHECK_CUDA(cudaSetDevice(d));
        CHECK_CUDA(cudaDeviceSynchronize());
      }
      const double one_process_ms = 1e3 * (shx_testbed_seconds() - launched);
      SHX_CHECK_OK(shx_group_sync(group)); /* and the watchdog flags */
      shx_group_destroy(group);
      if (memcmp(one, outputs[i][b], count * 2) != 0) {
        fprintf(stderr, "%s TP%d B %d: separate processes differ from one process\n",
                shx_testbed_variant_name(c->variant), c->tp, batch);
        return 1;
      }
      printf(" %s TP%d B %3d, %s: %d processes bitwise equal to one process (its step "
             "%.3f ms, host clock)\n", shx_testbed_variant_name(c->variant), c->tp, batch,
             c->how == kIpc ? "CUDA IPC" : "NCCL window", processes_of(c, gpus),
             one_process_ms);
      free(one);
      free(outputs[i][b]);
    }
    shx_testbed_free(&bed);
  }
  munmap(s, sizeof *s);
  printf("process_gpu_test on %d GPU(s): all cases passed\n", gpus);
  return 0;
}
