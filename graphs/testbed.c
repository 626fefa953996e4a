/* testbed.c: see testbed.h. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include "graphs/testbed.h"

#include <cuda_runtime_api.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "engine/check.h"
#include "graphs/group.h"
#include "perf/floor.h"
#include "testdata/golden.h"
#include "testdata/inputs.h"

int shx_testbed_hopper_count(void) {
  int count = 0, hopper = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  for (int d = 0; d < count; ++d) {
    int major = 0, minor = 0;
    cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, d);
    cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, d);
    hopper += major == 9 && minor == 0;
  }
  return hopper;
}

int shx_testbed_peer_access(int gpus, int *from, int *to) {
  for (int d = 0; d < gpus; ++d)
    for (int e = 0; e < gpus; ++e) {
      int can = 0;
      if (e != d && (cudaDeviceCanAccessPeer(&can, d, e) != cudaSuccess || !can)) {
        (void)cudaGetLastError();
        *from = d;
        *to = e;
        return 0;
      }
    }
  return 1;
}

void shx_testbed_skip_without_gpu(int gpus) {
  int have = shx_testbed_hopper_count();
  if (have < gpus) {
    printf("SKIPPED: needs %d Hopper (sm_90) GPU(s), %d visible\n", gpus, have);
    exit(SHX_SKIP_EXIT);
  }
  int from = 0, to = 0;
  if (!shx_testbed_peer_access(gpus, &from, &to)) {
    printf("SKIPPED: GPU %d cannot access GPU %d's memory (no peer access: the cross-GPU "
           "pushes need it)\n", from, to);
    exit(SHX_SKIP_EXIT);
  }
}

static void *checked_malloc(size_t bytes) {
  void *p = malloc(bytes);
  if (p == NULL) {
    fprintf(stderr, "out of host memory (%zu bytes)\n", bytes);
    exit(1);
  }
  return p;
}

void shx_testbed_make(shx_testbed *bed, int tp, int hidden, int inter_total, int capacity,
                      shx_activation activation) {
  memset(bed, 0, sizeof *bed);
  shx_config config = SHX_CONFIG_INIT;
  config.tp = tp;
  config.hidden = hidden;
  config.intermediate_total = inter_total;
  config.capacity = capacity;
  config.activation = activation;
  bed->config = config;
  int inter = inter_total / tp;
  bed->x = checked_malloc((size_t)capacity * hidden * 2);
  shx_fill_x(SHX_GOLDEN_SEED, capacity, hidden, bed->x);
  for (int r = 0; r < tp; ++r) {
    bed->gate_up[r] = checked_malloc((size_t)2 * inter * hidden * 2);
    bed->down[r] = checked_malloc((size_t)hidden * inter * 2);
    shx_fill_gate_up(SHX_GOLDEN_SEED, r, inter, hidden, bed->gate_up[r]);
    shx_fill_down(SHX_GOLDEN_SEED, r, hidden, inter, inter_total, bed->down[r]);
  }
}

void shx_testbed_free(shx_testbed *bed) {
  free(bed->x);
  for (int r = 0; r < bed->config.tp; ++r) {
    free(bed->gate_up[r]);
    free(bed->down[r]);
  }
  memset(bed, 0, sizeof *bed);
}

shx_group *shx_testbed_group(const shx_testbed *bed, shx_variant variant, int gpus,
                             int batch, int with_tail) {
  shx_config config = bed->config;
  config.variant = variant;
  shx_group *group = NULL;
  SHX_CHECK_OK(shx_group_create(&config, gpus, &group));
  for (int r = 0; r < config.tp; ++r)
    SHX_CHECK_OK(shx_group_upload_weights(group, r, bed->gate_up[r], bed->down[r]));
  SHX_CHECK_OK(shx_group_upload_x(group, bed->x, batch));
  SHX_CHECK_OK(shx_group_capture(group, batch, with_tail));
  return group;
}

typedef struct rank_job {
  const shx_testbed *bed;
  shx_ref_problem problem;
  int rank;
  uint16_t *y;
} rank_job;

static void *run_rank(void *argument) {
  rank_job *job = argument;
  if (shx_ref_rank(&job->problem, job->rank, job->bed->x, job->bed->gate_up[job->rank],
                   job->bed->down[job->rank], job->y) != 0) {
    fprintf(stderr, "shx_ref_rank refused rank %d's problem\n", job->rank);
    exit(1);
  }
  return NULL;
}

void shx_testbed_reference(const shx_testbed *bed, int batch, uint16_t *out) {
  const shx_config *c = &bed->config;
  shx_ref_problem problem = {c->hidden, c->intermediate_total, c->tp, batch,
                             c->activation, c->situ_beta, c->situ_lambda};
  rank_job jobs[16];
  pthread_t threads[16];
  const uint16_t *ys[16];
  for (int r = 0; r < c->tp; ++r) {
    jobs[r] = (rank_job){bed, problem, r, checked_malloc((size_t)batch * c->hidden * 2)};
    ys[r] = jobs[r].y;
    if (pthread_create(&threads[r], NULL, run_rank, &jobs[r]) != 0) {
      fprintf(stderr, "pthread_create failed\n");
      exit(1);
    }
  }
  for (int r = 0; r < c->tp; ++r) pthread_join(threads[r], NULL);
  shx_ref_reduce_all(&problem, ys, out);
  for (int r = 0; r < c->tp; ++r) free(jobs[r].y);
}

int shx_testbed_matches_golden(const shx_testbed *bed, int batch, const uint16_t *want,
                               const char *directory, char *path, size_t path_bytes) {
  const shx_config *c = &bed->config;
  const shx_ref_problem problem = {c->hidden, c->intermediate_total, c->tp, batch,
                                   c->activation, c->situ_beta, c->situ_lambda};
  shx_golden_path(path, path_bytes, directory, &problem);
  shx_golden golden;
  char message[256];
  if (shx_golden_read(path, &golden, message, sizeof message) != 0) {
    fprintf(stderr, "%s\n", message);
    return -1;
  }
  const shx_ref_problem *p = &golden.problem;
  const int same_problem =
      golden.seed == SHX_GOLDEN_SEED && p->hidden == c->hidden &&
      p->inter_total == c->intermediate_total && p->tp == c->tp && p->batch == batch &&
      p->activation == c->activation &&
      (c->activation != SHX_ACT_SITU ||
       (p->beta == c->situ_beta && p->lambda == c->situ_lambda));
  const int same = same_problem &&
                   memcmp(golden.reduced, want, (size_t)batch * c->hidden * 2) == 0;
  shx_golden_free(&golden);
  return same;
}

void shx_testbed_check_replays(shx_group *group, int batch, int hidden, int replays,
                               const uint16_t *want, uint16_t *first, const char *label) {
  const size_t count = (size_t)batch * hidden;
  uint16_t *again = checked_malloc(count * 2);
  for (int i = 0; i < replays; ++i) {
    SHX_CHECK_OK(shx_group_poison_outputs(group));
    SHX_CHECK_OK(shx_group_step(group, i % 2));
    SHX_CHECK_OK(shx_group_sync(group));
    SHX_CHECK_OK(shx_group_read_outputs(group, batch, i == 0 ? first : again));
    if (i == 0) {
      int nan_count = 0;
      size_t worst = 0;
      const double error = shx_rel_l2(first, want, count, &nan_count);
      const double element = shx_max_element_error(first, want, count, &worst);
      printf("%s: rel L2 %.3e, NaN %d, worst element %.2e\n", label, error, nan_count,
             element);
      if (nan_count != 0 || !(error <= SHX_REF_REL_L2_MAX)) {
        fprintf(stderr, "%s: %d NaN, relative L2 %.3e over %.1e\n", label, nan_count, error,
                SHX_REF_REL_L2_MAX);
        exit(1);
      }
      if (!(element <= SHX_REF_ELEMENT_MAX)) {
        fprintf(stderr, "%s: token %zu column %zu is 0x%04x, the reference 0x%04x: %.2e of "
                "the RMS beyond 4 ulps, over %.2f\n", label, worst / (size_t)hidden,
                worst % (size_t)hidden, first[worst], want[worst], element, SHX_REF_ELEMENT_MAX);
        exit(1);
      }
    } else if (memcmp(first, again, count * 2) != 0) {
      fprintf(stderr, "%s: replay %d differs from replay 0\n", label, i);
      exit(1);
    }
  }
  free(again);
}

void shx_testbed_expect_rearmed(shx_group *group, size_t mailbox_bytes, int first_rank,
                                int last_rank, const char *context) {
  const size_t slots = mailbox_bytes / 2;
  uint16_t *mailbox = checked_malloc(mailbox_bytes);
  for (int r = first_rank; r < last_rank; ++r) {
    SHX_CHECK_OK(shx_group_read_mailbox(group, r, mailbox));
    for (size_t i = 0; i < slots; ++i)
      if (mailbox[i] != 0x8000) {
        fprintf(stderr, "%s: rank %d mailbox slot %zu is 0x%04x, not re-armed\n", context, r,
                i, mailbox[i]);
        exit(1);
      }
  }
  free(mailbox);
}

double shx_testbed_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

const char *shx_testbed_variant_name(shx_variant variant) {
  return variant == SHX_VARIANT_FUSED      ? "fused"
         : variant == SHX_VARIANT_SPLIT    ? "split"
         : variant == SHX_VARIANT_BASELINE ? "baseline"
                                           : "auto";
}

enum { kNeighbourMaxCtas = 256 };

void shx_testbed_neighbour_make(shx_testbed_neighbour *neighbour) {
  neighbour->bytes = (size_t)64 << 20;
  neighbour->spin_shared_bytes = -1;
  neighbour->spin_many_registers = 0;
  neighbour->spin_carveout = -1;
  cudaStream_t stream;
  CHECK_CUDA(cudaSetDevice(0));
  CHECK_CUDA(cudaMalloc(&neighbour->weights, neighbour->bytes));
  CHECK_CUDA(cudaMemset(neighbour->weights, 0, neighbour->bytes));
  CHECK_CUDA(cudaMalloc((void **)&neighbour->sm_ids, kNeighbourMaxCtas * sizeof(int)));
  CHECK_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  neighbour->stream = stream;
}

void shx_testbed_neighbour_free(shx_testbed_neighbour *neighbour) {
  CHECK_CUDA(cudaSetDevice(0));
  CHECK_CUDA(cudaStreamSynchronize((cudaStream_t)neighbour->stream));
  CHECK_CUDA(cudaStreamDestroy((cudaStream_t)neighbour->stream));
  CHECK_CUDA(cudaFree(neighbour->weights));
  CHECK_CUDA(cudaFree(neighbour->sm_ids));
  memset(neighbour, 0, sizeof *neighbour);
}

void shx_testbed_neighbour_hold(const shx_testbed_neighbour *neighbour, int sms,
                                double microseconds) {
  char message[256];
  CHECK(sms >= 1 && sms <= kNeighbourMaxCtas);
  CHECK_CUDA(cudaSetDevice(0));
  shx_status status;
  if (neighbour->spin_shared_bytes < 0) {
    status = shx_standin_launch(neighbour->weights, neighbour->bytes, sms, microseconds,
                                neighbour->stream, message);
  } else {
    CHECK_CUDA(cudaMemsetAsync(neighbour->sm_ids, 0xFF, kNeighbourMaxCtas * sizeof(int),
                               (cudaStream_t)neighbour->stream));
    status = shx_spinner_launch(sms, neighbour->spin_shared_bytes,
                                neighbour->spin_many_registers, neighbour->spin_carveout,
                                microseconds, neighbour->sm_ids, neighbour->stream, message);
  }
  if (status != SHX_SUCCESS) {
    fprintf(stderr, "neighbour: %s\n", message);
    exit(1);
  }
}

int shx_testbed_distinct_sms(const int *device_ids, int count) {
  CHECK(count >= 1 && count <= kNeighbourMaxCtas);
  int ids[kNeighbourMaxCtas];
  CHECK_CUDA(cudaMemcpy(ids, device_ids, count * sizeof(int), cudaMemcpyDeviceToHost));
  char seen[1024] = {0};
  int distinct = 0;
  for (int c = 0; c < count; ++c) {
    CHECK(ids[c] >= 0 && ids[c] < 1024); /* every CTA ran and wrote its SM */
    distinct += !seen[ids[c]];
    seen[ids[c]] = 1;
  }
  return distinct;
}

int shx_testbed_neighbour_sms_held(const shx_testbed_neighbour *neighbour, int sms) {
  if (neighbour->spin_shared_bytes < 0) return -1;
  CHECK_CUDA(cudaSetDevice(0));
  return shx_testbed_distinct_sms(neighbour->sm_ids, sms);
}
