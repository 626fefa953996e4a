/* testbed.h: what GPU tests and the decode-step program share: the seeded inputs of
 * one TP group on the host, the CPU reference over all ranks (threads per rank), and
 * the skip rule. Tests and tools may exit; the library never does. */
#ifndef SHX_GRAPHS_TESTBED_H_
#define SHX_GRAPHS_TESTBED_H_

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "ops/reference.h"
#include "shared_expert.h"

#define SHX_SKIP_EXIT 77 /* "skipped", as automake and tools/test.sh read it */

typedef struct shx_testbed {
  shx_config config;          /* dims, tp, capacity, activation; rank 0 */
  uint16_t *x;                /* [capacity, H] */
  uint16_t *gate_up[16];      /* per rank [2 I, H] */
  uint16_t *down[16];         /* per rank [H, I] */
} shx_testbed;

#define SHX_CHECK_OK(call)                                                     \
  do {                                                                         \
    shx_status check_status_ = (call);                                         \
    if (check_status_ != SHX_SUCCESS) {                                        \
      fprintf(stderr, "%s:%d: %s -> %s: %s\n", __FILE__, __LINE__, #call,      \
              shx_status_string(check_status_), shx_last_error());             \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

/* Exits 77 with a "SKIPPED" line unless `gpus` Hopper (sm_90) GPUs are visible and,
 * where there are two or more, each can access the others' memory (the pushes are peer
 * stores: without it a group is SHX_UNSUPPORTED, a machine's limit, not a failure). */
void shx_testbed_skip_without_gpu(int gpus);
/* 1 if each of GPUs [0, gpus) can access every other's memory, else 0 with the first pair
 * that cannot in from, to. */
int shx_testbed_peer_access(int gpus, int *from, int *to);
/* Number of visible sm_90 GPUs (0 without a driver). */
int shx_testbed_hopper_count(void);
void shx_testbed_make(shx_testbed *bed, int tp, int hidden, int inter_total,
                      int capacity, shx_activation activation);
void shx_testbed_free(shx_testbed *bed);
/* A TP group of bed's config and `variant` on `gpus` GPUs, every rank's weights and x
 * uploaded, the step graphs captured for `batch` (with or without the tail). Exits on
 * failure (tests and tools only). */
struct shx_group *shx_testbed_group(const shx_testbed *bed, shx_variant variant, int gpus,
                                    int batch, int with_tail);

/* out [batch, H]: the reduced output of all ranks by the CPU reference. */
void shx_testbed_reference(const shx_testbed *bed, int batch, uint16_t *out);
/* Whether `want` (shx_testbed_reference at `batch`) is the reduced output stored in the
 * golden file of the same problem in `directory` (testdata/README.md's names; its path
 * written to `path`), bit for bit: 1 yes, 0 no (another problem, seed or output), -1 the
 * file is missing or unreadable (the reason on stderr). */
int shx_testbed_matches_golden(const shx_testbed *bed, int batch, const uint16_t *want,
                               const char *directory, char *path, size_t path_bytes);

/* Runs `group`'s captured step `replays` times with alternating parity (from 0), every
 * rank's output poisoned with NaN before each: the first read into `first` [batch, H] and
 * checked against `want` (relative L2 <= SHX_REF_REL_L2_MAX, no NaN: every element
 * written, and no element off by more than SHX_REF_ELEMENT_MAX: shx_max_element_error),
 * printed as "<label>: rel L2 ..., NaN ..., worst element ..."; every later one bitwise
 * equal to it. Exits naming `label` on a failure (tests only). */
void shx_testbed_check_replays(struct shx_group *group, int batch, int hidden, int replays,
                               const uint16_t *want, uint16_t *first, const char *label);

/* Exits naming the first slot that is not "empty" (0x8000) in the mailboxes of ranks
 * [first_rank, last_rank) of `group` (each `mailbox_bytes`): a tail re-arms every slot a
 * push wrote. `context` starts the message. */
void shx_testbed_expect_rearmed(struct shx_group *group, size_t mailbox_bytes,
                                int first_rank, int last_rank, const char *context);

/* Seconds on the host's monotonic clock. */
double shx_testbed_seconds(void);
/* "fused", "split", "baseline" or "auto". */
const char *shx_testbed_variant_name(shx_variant variant);

/* A busy neighbour for a group's steps, on GPU 0, on a stream of its own that nothing
 * orders against the group's: by default the routed experts' timed stand-in (perf/floor.h:
 * one CTA an SM with 128 KB of shared memory, so no fused CTA fits beside one); with
 * spin_shared_bytes >= 0, the spinner (perf/floor.h shx_spinner_launch: CTAs of 640
 * threads with that much shared memory, few registers or, with spin_many_registers,
 * most of an SM's register file), which records the SMs it ran on. */
typedef struct shx_testbed_neighbour {
  void *weights; /* what the stand-in streams: 64 MB */
  size_t bytes;
  void *stream;  /* a cudaStream_t, non-blocking */
  int spin_shared_bytes;   /* -1 (make's default): the stand-in */
  int spin_many_registers;
  int spin_carveout;       /* the spinner's preferred shared-memory carveout (-1 default) */
  int *sm_ids;   /* device: the spinner's CTAs' SMs (256 ints) */
} shx_testbed_neighbour;
void shx_testbed_neighbour_make(shx_testbed_neighbour *neighbour);
/* Waits for the neighbour's stream, then frees it. */
void shx_testbed_neighbour_free(shx_testbed_neighbour *neighbour);
/* Launches the neighbour on `sms` SMs of GPU 0 for `microseconds` (asynchronous; sms <=
 * 256). */
void shx_testbed_neighbour_hold(const shx_testbed_neighbour *neighbour, int sms,
                                double microseconds);
/* How many distinct SMs `count` (1..256) CTAs of perf/floor.h's spinner wrote to
 * `device_ids` (device memory; exits unless every CTA wrote one). Synchronize first. */
int shx_testbed_distinct_sms(const int *device_ids, int count);
/* After a spinner's hold of `sms` CTAs has ended (synchronize first): on how many
 * distinct SMs its CTAs ran; -1 for the stand-in, which does not record them. */
int shx_testbed_neighbour_sms_held(const shx_testbed_neighbour *neighbour, int sms);

#endif /* SHX_GRAPHS_TESTBED_H_ */
