/* group.h: a whole TP group in one process, for tests and the decode-step program.
 *
 * tp ranks spread over `gpus` visible GPUs (rank r on GPU r * gpus / tp, so several
 * ranks share a GPU), each rank an shx_op with its own weights, mailbox and output;
 * peers are device pointers, with peer access enabled across GPUs. A step is one CUDA
 * graph per GPU and parity: every local rank's shx_record_step, then (optionally)
 * every local rank's shx_tail. Steps are ordered across GPUs as the SPEC's protocol
 * needs: a GPU's step s+1 starts after every GPU finished step s, so no push of step
 * s+2 can overtake a tail of step s.
 */
#ifndef SHX_GRAPHS_GROUP_H_
#define SHX_GRAPHS_GROUP_H_

#include <stddef.h>
#include <stdint.h>

#include "shared_expert.h"

#define SHX_GROUP_MAX_GPUS 8

typedef struct shx_group shx_group;

/* `base` gives dims, capacity, variant and activation; tp ranks are made from it. */
shx_status shx_group_create(const shx_config *base, int gpus, shx_group **group);
void shx_group_destroy(shx_group *group);

/* The ranks of a group that one process hosts, where the others live in other processes
 * (graphs/process_gpu_test): ranks [first_rank, last_rank) spread over the GPUs
 * [first_gpu, first_gpu + gpus) as a whole group spreads its ranks. `mailboxes` NULL:
 * the group allocates each hosted rank's mailbox (cudaMalloc; shx_group_mailbox reads
 * them back, e.g. to export them); else mailboxes[r - first_rank] is rank r's, owned by
 * the caller (e.g. carved from an NCCL window), shx_mailbox_bytes(base) bytes on the
 * rank's GPU and 16-byte aligned (a NULL or misaligned one is refused before any GPU is
 * touched). Either way the group arms them before it returns. */
typedef struct shx_group_part {
  int first_rank, last_rank;
  int first_gpu, gpus;
  void *const *mailboxes;
} shx_group_part;
/* A part's ops have no peers until shx_group_bind_peers; every other call then works on
 * the hosted ranks alone (read_outputs fills their columns only). Its waits cover its own
 * streams only: after steps without tails (with_tail = 0), other processes' pushes into a
 * hosted mailbox may still be in flight, so read_mailbox and rearm need the caller's
 * barrier with every process first (graphs/process_gpu_test captures with tails). */
shx_status shx_group_create_part(const shx_config *base, const shx_group_part *part,
                                 shx_group **group);
/* Every rank's mailbox as this process sees it (peers[0..tp)), bound to every hosted op,
 * in rank order (shx_bind_peers). Not all or nothing: where one op refuses (say a hosted
 * rank's own mailbox on another GPU than the rank's), the ops before it keep the new
 * peers and the rest the old ones, so capture nothing until a bind has succeeded. */
shx_status shx_group_bind_peers(shx_group *group, void *const *peers);

/* Uploads rank r's weights from host BF16 arrays ([2 I, H] and [H, I]). */
shx_status shx_group_upload_weights(shx_group *group, int rank, const uint16_t *gate_up,
                                    const uint16_t *down);
/* Uploads x [batch, H] to every GPU. Here and below, a batch outside [1, capacity] is
 * refused (SHX_INVALID_ARGUMENT) before any copy or capture. */
shx_status shx_group_upload_x(shx_group *group, const uint16_t *x, int batch);

/* Captures the step graphs (both parities) for `batch`; with_tail = 0 leaves the
 * pushed mailboxes for inspection (shx_group_read_mailbox). Replaces older graphs: a batch
 * outside [1, capacity] is refused first and keeps them; a capture that fails later (a
 * record that fails, e.g. SHX_CUDA_ERROR) leaves none. */
shx_status shx_group_capture(shx_group *group, int batch, int with_tail);
/* Launches the captured step of `parity` on every GPU (asynchronous). A launch that fails
 * on one GPU leaves the others' steps running, their tails waiting for its pushes until
 * the watchdog: after such a failure, recover as after SHX_DEVICE_TIMEOUT (shx_group_sync,
 * then shx_group_rearm). */
shx_status shx_group_step(shx_group *group, int parity);
/* Waits for the group's streams, then checks every op's watchdog flag in rank order
 * (shx_check_device, which synchronizes each op's whole device and clears a set flag):
 * the first failure (SHX_DEVICE_TIMEOUT naming its rank), every flag read. Re-arming the
 * mailboxes after a timeout is the caller's (shx_group_rearm). */
shx_status shx_group_sync(shx_group *group);
/* Waits for the group's streams only: unlike shx_group_sync, not for other work on the
 * devices (another stream's kernels), and no watchdog flag is read. Every GPU's stream is
 * waited for; the first failure is returned. (shx_group_sync reads the flags even after
 * its wait failed.) */
shx_status shx_group_wait(shx_group *group);

/* Per-step time of the captured step over `steps` steps (after 6 warm-up steps),
 * measured with events on the first GPU's stream, which waits for every GPU's last step. */
shx_status shx_group_time_steps(shx_group *group, int steps, double *us_per_step);

/* Fills every rank's output with 0xFFFF (a BF16 NaN) so unwritten elements show. */
shx_status shx_group_poison_outputs(shx_group *group);
/* Copies every hosted rank's output shard into out [batch, H] (rank p's columns p S..). */
shx_status shx_group_read_outputs(shx_group *group, int batch, uint16_t *out);
/* Copies rank p's whole mailbox (shx_mailbox_bytes) to host, once the group's steps are
 * done (a part: see shx_group_create_part). */
shx_status shx_group_read_mailbox(shx_group *group, int rank, uint16_t *mailbox);
/* Re-arms every mailbox with 0x8000 (after a with_tail = 0 step), once the group's
 * streams are done (shx_group_wait; a part's: its own, so other processes' pushes are
 * the caller's to wait for, as for read_mailbox), and returns once the arms have run: a
 * part's caller then needs only its barrier with every process before any of them steps
 * again. */
shx_status shx_group_rearm(shx_group *group);
/* 1 if every one of the group's streams has finished all its work (cudaStreamQuery),
 * else 0 (also for NULL): a test of what the waits above promise. */
int shx_group_idle(shx_group *group);

/* Hosted rank r's op and its mailbox (a device pointer on the rank's GPU,
 * shx_mailbox_bytes), for tests that drive one rank outside the captured graphs or export
 * the mailbox. The group keeps both. */
shx_op *shx_group_op(shx_group *group, int rank);
void *shx_group_mailbox(shx_group *group, int rank);

#endif /* SHX_GRAPHS_GROUP_H_ */
