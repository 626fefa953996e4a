/* api_gpu_test.c: the refusals that need a real op on a Hopper GPU (SPEC "Behaviour on
 * bad input"): each is SHX_INVALID_ARGUMENT with a message naming the bad value, and
 * nothing is launched, which the mailboxes show: armed (every slot 0x8000) before the
 * refused calls, still armed after them, while the valid calls that follow do write.
 * Covered: an op not yet bound; NULL, misaligned and unreachable (pageable host) pointers
 * at bind, record and tail; a peer count other than tp; batch 0 or over capacity; parity
 * 2; a split down or a tail whose batch is not the last push's; a tail at a parity this op
 * never pushed at; with two GPUs, a call made with another device current. Exits 77
 * (skipped) without a Hopper GPU, never 0. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "engine/check.h"
#include "graphs/testbed.h"
#include "shared_expert.h"

static void expect(shx_status got, shx_status want, const char *named) {
  if (got != want || strstr(shx_last_error(), named) == NULL) {
    fprintf(stderr, "expected %s naming \"%s\", got %s: \"%s\"\n", shx_status_string(want),
            named, shx_status_string(got), shx_last_error());
    exit(1);
  }
}

/* Every slot of the mailbox still 0x8000 (armed): nothing was pushed into it. */
static void expect_armed(const void *mailbox, size_t bytes, uint16_t *host,
                         const char *after) {
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(host, mailbox, bytes, cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < bytes / 2; ++i) {
    if (host[i] != 0x8000) {
      fprintf(stderr, "after %s: mailbox slot %zu is 0x%04x, not the armed 0x8000\n", after, i,
              host[i]);
      exit(1);
    }
  }
}

/* After rank 0's push of `batch` rows at parity 0 into an armed mailbox that every peer
 * entry names: exactly its rows [0, batch) of source 0 at parity 0 hold +0 (zero
 * weights), every other slot is still armed. */
static void expect_pushed(const void *mailbox, size_t bytes, uint16_t *host,
                          const shx_config *config, int batch) {
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(host, mailbox, bytes, cudaMemcpyDeviceToHost));
  const size_t shard = (size_t)config->hidden / config->tp;
  for (size_t i = 0; i < bytes / 2; ++i) {
    const size_t row = i / shard, token = row % config->capacity;
    const size_t source = row / config->capacity % config->tp;
    const size_t parity = row / ((size_t)config->capacity * config->tp);
    CHECK(host[i] == (parity == 0 && source == 0 && token < (size_t)batch ? 0 : 0x8000));
  }
}

/* With every slot made "arrived" (zeros), the valid tail at parity 0 re-arms exactly its
 * rows [0, batch) of every source and nothing else. */
static void expect_tail_rearms(shx_op *op, void *out, void *mailbox, size_t bytes,
                               uint16_t *host, const shx_config *config, int batch) {
  CHECK_CUDA(cudaMemset(mailbox, 0, bytes));
  SHX_CHECK_OK(shx_tail(op, out, batch, 0, NULL));
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(host, mailbox, bytes, cudaMemcpyDeviceToHost));
  const size_t shard = (size_t)config->hidden / config->tp;
  for (size_t i = 0; i < bytes / 2; ++i) {
    const size_t row = i / shard, token = row % config->capacity;
    const size_t parity = row / ((size_t)config->capacity * config->tp);
    CHECK(host[i] == (parity == 0 && token < (size_t)batch ? 0x8000 : 0));
  }
  SHX_CHECK_OK(shx_check_device(op)); /* the tail found every row: no timeout */
}

/* The bad pointers of each public entry point that takes one, on an op whose weights and
 * peers are bound: refused, and the armed mailbox untouched. */
static void bad_pointers(shx_op *op, const shx_config *config, char *x, void *out,
                         void *const *peers, char *mailbox, size_t mailbox_bytes,
                         uint16_t *host) {
  /* 16-byte aligned pageable host memory: passes the NULL and alignment checks, and only
   * the memory query refuses it. */
  char *pageable = aligned_alloc(64, 4096);
  CHECK(pageable != NULL);
  expect(shx_bind_weights(op, pageable, x), SHX_INVALID_ARGUMENT, "gate_up");
  expect(shx_bind_weights(op, pageable, x), SHX_INVALID_ARGUMENT, "pageable host memory");
  expect(shx_bind_weights(op, x, pageable), SHX_INVALID_ARGUMENT, "down");
  void *with_host_peer[16];
  memcpy(with_host_peer, peers, (size_t)config->tp * sizeof *peers);
  with_host_peer[3] = pageable;
  expect(shx_bind_peers(op, with_host_peer, config->tp), SHX_INVALID_ARGUMENT, "peers[3]");
  expect(shx_bind_peers(op, (void *const *)peers, config->tp / 2), SHX_INVALID_ARGUMENT,
         "peer count 4");
  expect(shx_mailbox_arm(pageable, 4096, NULL), SHX_INVALID_ARGUMENT, "mailbox");

  expect(shx_record_step(op, NULL, 9, 0, NULL), SHX_INVALID_ARGUMENT, "x is NULL");
  expect(shx_record_step(op, x + 8, 9, 0, NULL), SHX_INVALID_ARGUMENT, "not 16-byte aligned");
  expect(shx_record_step(op, pageable, 9, 0, NULL), SHX_INVALID_ARGUMENT, "x");
  expect(shx_record_step(op, x, 0, 0, NULL), SHX_INVALID_ARGUMENT, "batch 0");
  expect(shx_record_step(op, x, config->capacity + 1, 0, NULL), SHX_INVALID_ARGUMENT,
         "batch 17");
  expect(shx_record_step(op, x, 9, 2, NULL), SHX_INVALID_ARGUMENT, "parity 2");
  expect(shx_record_step(op, x, 9, -1, NULL), SHX_INVALID_ARGUMENT, "parity -1");
  expect(shx_tail(op, (char *)out + 8, 9, 0, NULL), SHX_INVALID_ARGUMENT,
         "not 16-byte aligned");
  expect(shx_tail(op, pageable, 9, 0, NULL), SHX_INVALID_ARGUMENT, "out");
  expect(shx_tail(op, out, 9, 2, NULL), SHX_INVALID_ARGUMENT, "parity 2");
  free(pageable);
  expect_armed(mailbox, mailbox_bytes, host, "the refused bind, step and tail calls");
  /* The refused binds kept the earlier ones: a valid step still runs, and pushes. */
}

int main(void) {
  shx_testbed_skip_without_gpu(1);
  uint16_t *host = NULL;
  shx_op *op = NULL;
  shx_config config = SHX_CONFIG_INIT;

  /* Unbound: a step is refused until both binds. */
  config.variant = SHX_VARIANT_FUSED;
  config.capacity = 16;
  SHX_CHECK_OK(shx_create(&config, &op));
  char small[64];
  expect(shx_record_step(op, small, 9, 0, NULL), SHX_INVALID_ARGUMENT, "not bound");
  expect(shx_bind_weights(op, NULL, small), SHX_INVALID_ARGUMENT, "gate_up is NULL");
  expect(shx_variant_for(op, 0, &config.variant), SHX_INVALID_ARGUMENT, "batch 0");

  /* Zero weights and x on the device, one mailbox that every peer entry names. */
  const size_t inter = (size_t)config.intermediate_total / config.tp;
  const size_t weight_bytes = 3 * inter * (size_t)config.hidden * 2;
  const size_t x_bytes = (size_t)config.capacity * config.hidden * 2;
  const size_t mailbox_bytes = shx_mailbox_bytes(&config);
  const size_t shard = (size_t)config.hidden / config.tp;
  char *device = NULL; /* gate_up | down | x | mailbox */
  CHECK_CUDA(cudaMalloc((void **)&device, weight_bytes + x_bytes + mailbox_bytes));
  CHECK_CUDA(cudaMemset(device, 0, weight_bytes + x_bytes));
  char *const x = device + weight_bytes, *const mailbox = x + x_bytes;
  char *const down = device + 2 * inter * (size_t)config.hidden * 2;
  void *out = NULL;
  CHECK_CUDA(cudaMalloc(&out, config.capacity * shard * 2));
  void *peers[8];
  for (int p = 0; p < 8; ++p) peers[p] = mailbox;
  host = malloc(mailbox_bytes);
  CHECK(host != NULL);
  SHX_CHECK_OK(shx_bind_weights(op, device, down));
  expect(shx_record_step(op, x, 9, 0, NULL), SHX_INVALID_ARGUMENT, "peers are not bound");
  SHX_CHECK_OK(shx_bind_peers(op, peers, 8));
  SHX_CHECK_OK(shx_mailbox_arm(mailbox, mailbox_bytes, NULL));
  /* Nothing pushed at either parity yet: a tail would wait for this op's own rows. */
  expect(shx_tail(op, out, 9, 0, NULL), SHX_INVALID_ARGUMENT, "parity 0");
  expect(shx_tail(op, out, 9, 1, NULL), SHX_INVALID_ARGUMENT, "recorded no push");
  bad_pointers(op, &config, x, out, peers, mailbox, mailbox_bytes, host);

  /* With a second GPU current, the op's calls are refused naming both devices. */
  int devices = 0;
  CHECK_CUDA(cudaGetDeviceCount(&devices));
  if (devices >= 2) {
    CHECK_CUDA(cudaSetDevice(1));
    expect(shx_record_step(op, x, 9, 0, NULL), SHX_INVALID_ARGUMENT,
           "current CUDA device 1 is not the op's device 0");
    expect(shx_check_device(op), SHX_INVALID_ARGUMENT, "current CUDA device 1");
    CHECK_CUDA(cudaSetDevice(0));
    expect_armed(mailbox, mailbox_bytes, host, "the calls from another device");
  } else {
    printf("api_gpu_test: one GPU: the other-device refusal not exercised\n");
  }

  /* The valid step writes +0 (zero weights) into its batch's slots at parity 0: a push
   * the checks above would have seen. The tail at parity 1 is still refused. */
  SHX_CHECK_OK(shx_record_step(op, x, 9, 0, NULL));
  expect_pushed(mailbox, mailbox_bytes, host, &config, 9);
  expect(shx_tail(op, out, 9, 1, NULL), SHX_INVALID_ARGUMENT, "parity 1");
  expect(shx_tail(op, out, 16, 0, NULL), SHX_INVALID_ARGUMENT, "batch 9");
  expect_tail_rearms(op, out, mailbox, mailbox_bytes, host, &config, 9);
  SHX_CHECK_OK(shx_destroy(op));
  op = NULL;

  /* The split variant's down refuses a batch other than its gate's: h holds only the
   * gate's rows. The refused down launches nothing. */
  config.variant = SHX_VARIANT_SPLIT;
  SHX_CHECK_OK(shx_create(&config, &op));
  SHX_CHECK_OK(shx_bind_weights(op, device, down));
  /* The gate pushes nothing, so it runs before any peers are bound; the down does not. */
  SHX_CHECK_OK(shx_record_gate(op, x, 9, NULL));
  expect(shx_record_down(op, 9, 0, NULL), SHX_INVALID_ARGUMENT, "not bound");
  SHX_CHECK_OK(shx_bind_peers(op, peers, 8));
  expect(shx_record_gate(op, x, 0, NULL), SHX_INVALID_ARGUMENT, "batch 0");
  expect(shx_record_gate(op, x + 8, 9, NULL), SHX_INVALID_ARGUMENT, "not 16-byte aligned");
  SHX_CHECK_OK(shx_record_gate(op, x, 9, NULL));
  SHX_CHECK_OK(shx_mailbox_arm(mailbox, mailbox_bytes, NULL));
  expect(shx_record_down(op, 16, 0, NULL), SHX_INVALID_ARGUMENT, "batch 9");
  expect(shx_record_down(op, 9, 2, NULL), SHX_INVALID_ARGUMENT, "parity 2");
  expect_armed(mailbox, mailbox_bytes, host, "the refused downs");
  SHX_CHECK_OK(shx_record_down(op, 9, 0, NULL)); /* the gate's batch runs */
  expect_pushed(mailbox, mailbox_bytes, host, &config, 9);
  /* The tail consumes the rows the last push at its parity wrote: another batch is
   * refused before any launch. */
  expect(shx_tail(op, out, 16, 0, NULL), SHX_INVALID_ARGUMENT, "batch 9");
  expect_tail_rearms(op, out, mailbox, mailbox_bytes, host, &config, 9);
  SHX_CHECK_OK(shx_destroy(op));
  CHECK_CUDA(cudaFree(out));
  CHECK_CUDA(cudaFree(device));
  free(host);
  printf("api_gpu_test: ok\n");
  return 0;
}
