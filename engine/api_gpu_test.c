/* api_gpu_test.c: the refusals that need a real op on a Hopper GPU (SPEC "Behaviour on
 * bad input"): each is SHX_INVALID_ARGUMENT with a message naming the bad value, and
 * nothing is launched, which the mailbox shows. A step or down would push into it, so
 * their refusals run with it armed (every slot 0x8000) and must leave it armed; a tail
 * would re-arm rows and write out, so its refusals run with every slot "arrived" (0) and
 * out poisoned (0xFFFF) and must leave both as they were. The valid calls that follow do
 * write (their exact rows are checked: the valid tail's out rows [0, batch) only).
 * Covered: an op not yet bound; NULL, misaligned and unreachable (pageable host memory, an
 * address no allocation covers) pointers at bind (weights and peers: NULL and misaligned,
 * weights and peers[3] unreachable), record and tail, an unreachable mailbox at arm (its
 * NULL and misaligned cases are api_test's, CPU only); a peer count other than tp; two
 * peers' mailboxes that share bytes (the test binds the 8 ranks' mailboxes back to back in
 * one allocation, and every push check reads all 8); batch 0 or over capacity; parity 2
 * and -1; a split down whose batch is not its gate's; a tail at a parity this op never
 * pushed at, or of another batch than the push (after a push; a launched one would time
 * out, which the valid tail's watchdog check would report), or after peers[rank] was
 * rebound to another mailbox; with two GPUs, a step, gate, down, tail, o-proj or
 * shx_check_device made with another device current, and weights, x, out, the o-proj's
 * w_o, a and x, this rank's own mailbox and an armed mailbox on the other device (another
 * rank's mailbox there is taken); a second tail after the one that consumed its parity's
 * push;
 * shx_record_oproj's refusals (NULL, misaligned and unreachable pointers: x, w_o, a;
 * attention not a multiple of 64, batch 0 or over capacity) leave its x untouched, and
 * its valid call writes exactly the batch's rows; buffers whose allocation ends before
 * what the call touches (x of a step and a gate, out, a peer's mailbox, gate_up, down,
 * the arm's bytes, the o-proj's w_o, a and x) are refused
 * naming the room left and the bytes needed, and a step's x that ends exactly there is
 * taken, a stream-ordered allocation of exactly x's size too (too_small_buffers); an x across
 * two handles mapped into one virtual-memory reservation is taken, and one that runs past
 * the reservation's end refused (vmm_buffers);
 * a step's or gate's x in a bound mailbox, a tail's out in one or in the bound gate_up or
 * down, and an o-proj x over its a, its w_o or the bound down are refused naming what they
 * share bytes with (added in stop 107, not yet run on a GPU);
 * every variant's pushes of a y_r that rounds to BF16 -0 are +0 (negative_zero_pushes);
 * a refused arm (too small, another device's memory) leaves that memory as it was; on an
 * op whose capacity allows a batch over 128, a gate of one and a down after a baseline
 * step of one are SHX_UNSUPPORTED, nothing launched (over_128_batches). On
 * a device that reads pageable memory itself (HMM, ATS) the unreachable cases are
 * skipped: the library accepts such pointers there. Exits 77 (skipped) without a Hopper
 * GPU. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include <cuda.h>

#include "engine/check.h"
#include "engine/expect.h"
#include "engine/op.h" /* the binds' state, read after refused binds */
#include "graphs/testbed.h"
#include "ops/driver.h"
#include "shared_expert.h"

/* Refused by the memory query, naming the argument: "<name> 0x... is not memory the GPU
 * can reach" (glibc's %p). */
static void expect_unreachable(shx_status got, const char *name) {
  char named[64];
  snprintf(named, sizeof named, "%s 0x", name);
  expect(got, SHX_INVALID_ARGUMENT, "is not memory the GPU can reach");
  expect(got, SHX_INVALID_ARGUMENT, named);
}

/* Refused for alignment, naming the argument: "<name> 0x... is not 16-byte aligned". */
static void expect_misaligned(shx_status got, const char *name) {
  char named[64];
  snprintf(named, sizeof named, "%s 0x", name);
  expect(got, SHX_INVALID_ARGUMENT, "is not 16-byte aligned");
  expect(got, SHX_INVALID_ARGUMENT, named);
}

/* The mailbox into `host`, once everything launched has finished. */
static void read_mailbox(const void *mailbox, size_t bytes, uint16_t *host) {
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(host, mailbox, bytes, cudaMemcpyDeviceToHost));
}

/* Where slot i lies in the tp mailboxes, back to back as the tests lay them out (peer p's
 * at p shx_mailbox_bytes), each [2 parities][tp sources][capacity tokens][S columns]. */
typedef struct slot {
  size_t peer, parity, source, token;
} slot;
static slot slot_of(size_t i, const shx_config *config) {
  const size_t row = i / ((size_t)config->hidden / config->tp);
  const size_t rows_per_parity = (size_t)config->capacity * config->tp;
  const slot where = {row / (2 * rows_per_parity), row / rows_per_parity % 2,
                      row / config->capacity % config->tp, row % config->capacity};
  return where;
}

/* Every slot of the mailboxes still `value` (0x8000 armed, 0 arrived): nothing wrote
 * them. */
static void expect_every_slot(const void *mailbox, size_t bytes, uint16_t *host,
                              uint16_t value, const char *after) {
  read_mailbox(mailbox, bytes, host);
  for (size_t i = 0; i < bytes / 2; ++i) {
    if (host[i] != value) {
      fprintf(stderr, "after %s: mailbox slot %zu is 0x%04x, not 0x%04x\n", after, i, host[i],
              value);
      exit(1);
    }
  }
}

/* After rank 0's push of `batch` rows at parity 0 into the tp armed mailboxes, back to
 * back: in every peer's, exactly its rows [0, batch) of source 0 at parity 0 hold +0
 * (zero weights, or y that rounds to -0), every other slot is still armed. */
static void expect_pushed(const void *mailbox, size_t bytes, uint16_t *host,
                          const shx_config *config, int batch) {
  read_mailbox(mailbox, bytes, host);
  for (size_t i = 0; i < bytes / 2; ++i) {
    const slot at = slot_of(i, config);
    CHECK(host[i] == (at.parity == 0 && at.source == 0 && at.token < (size_t)batch ? 0
                                                                                   : 0x8000));
  }
}

/* out [capacity, S] filled with 0xFFFF (BF16 NaN), which no tail writes. */
static void poison_out(void *out, const shx_config *config) {
  CHECK_CUDA(cudaMemset(out, 0xFF, (size_t)config->capacity * (config->hidden / config->tp) *
                                       2));
}

/* out [capacity, S] holds +0 in its first `rows` rows (a tail's sum of "arrived" zeros)
 * and still 0xFFFF in every row past them (poison_out before). */
static void expect_out_rows(const void *out, const shx_config *config, int rows,
                            const char *after) {
  const size_t shard = (size_t)config->hidden / config->tp;
  const size_t count = (size_t)config->capacity * shard;
  uint16_t *host = malloc(count * 2);
  CHECK(host != NULL);
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(host, out, count * 2, cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < count; ++i) {
    const uint16_t want = i < (size_t)rows * shard ? 0 : 0xFFFF;
    if (host[i] != want) {
      fprintf(stderr, "after %s: out row %zu column %zu is 0x%04x, not 0x%04x\n", after,
              i / shard, i % shard, host[i], want);
      exit(1);
    }
  }
  free(host);
}

/* With every slot of the tp mailboxes made "arrived" (zeros), the valid tail at parity 0
 * re-arms exactly rows [0, batch) of every source in its own mailbox (peer `rank`) and
 * nothing else, and writes +0 into exactly out's rows [0, batch). It consumed the push: a
 * second tail at parity 0 is refused and touches neither the mailboxes nor out. */
static void expect_tail_rearms(shx_op *op, void *out, void *mailboxes,
                               size_t mailboxes_bytes, uint16_t *host,
                               const shx_config *config, int batch) {
  CHECK_CUDA(cudaMemset(mailboxes, 0, mailboxes_bytes));
  poison_out(out, config);
  SHX_CHECK_OK(shx_tail(op, out, batch, 0, NULL));
  read_mailbox(mailboxes, mailboxes_bytes, host);
  for (size_t i = 0; i < mailboxes_bytes / 2; ++i) {
    const slot at = slot_of(i, config);
    CHECK(host[i] == (at.peer == (size_t)config->rank && at.parity == 0 &&
                              at.token < (size_t)batch
                          ? 0x8000
                          : 0));
  }
  expect_out_rows(out, config, batch, "the valid tail");
  SHX_CHECK_OK(shx_check_device(op)); /* the tail found every row: no timeout */
  CHECK_CUDA(cudaMemset(mailboxes, 0, mailboxes_bytes));
  poison_out(out, config);
  expect(shx_tail(op, out, batch, 0, NULL), SHX_INVALID_ARGUMENT, "since its last tail");
  expect_every_slot(mailboxes, mailboxes_bytes, host, 0, "the second tail");
  expect_out_rows(out, config, 0, "the second tail");
}

/* 16-byte aligned pointers that pass the NULL and alignment checks and only the memory
 * query refuses: pageable host memory, and an address no allocation covers. */
static char *g_pageable = NULL;
static char *const kUnallocated = (char *)(uintptr_t)0x10000;

/* The refused binds, arms and steps of an op whose weights (gate_up, down) and peers are
 * bound: the armed mailbox untouched. The refused binds keep the earlier ones (the valid
 * step after this still pushes). */
static void refused_steps(shx_op *op, const shx_config *config, const char *gate_up,
                          const char *down, char *x, void *const *peers, char *mailboxes,
                          size_t mailboxes_bytes, uint16_t *host, int pageable_access) {
  expect(shx_bind_weights(op, gate_up, NULL), SHX_INVALID_ARGUMENT, "down is NULL");
  expect_misaligned(shx_bind_weights(op, gate_up + 8, down), "gate_up");
  expect_misaligned(shx_bind_weights(op, gate_up, down + 8), "down");
  void *with_bad_peer[16];
  memcpy(with_bad_peer, peers, (size_t)config->tp * sizeof *peers);
  with_bad_peer[5] = NULL;
  expect(shx_bind_peers(op, with_bad_peer, config->tp), SHX_INVALID_ARGUMENT,
         "peers[5] is NULL");
  with_bad_peer[5] = mailboxes + 8;
  expect_misaligned(shx_bind_peers(op, with_bad_peer, config->tp), "peers[5]");
  /* Two ranks' mailboxes that share bytes (one named twice; one reaching 16 bytes into
   * the next): refused naming both. */
  with_bad_peer[5] = peers[2];
  expect(shx_bind_peers(op, with_bad_peer, config->tp), SHX_INVALID_ARGUMENT,
         "and peers[5]");
  expect(shx_bind_peers(op, with_bad_peer, config->tp), SHX_INVALID_ARGUMENT, "overlap");
  with_bad_peer[5] = (char *)peers[6] - 16;
  expect(shx_bind_peers(op, with_bad_peer, config->tp), SHX_INVALID_ARGUMENT,
         "and peers[6]");
  CHECK(op->peers[5] == peers[5] && op->peers[2] == peers[2]); /* the bind kept */
  if (!pageable_access) {
    expect_unreachable(shx_bind_weights(op, g_pageable, down), "gate_up");
    expect_unreachable(shx_bind_weights(op, gate_up, g_pageable), "down");
    expect_unreachable(shx_bind_weights(op, kUnallocated, down), "gate_up");
    expect_unreachable(shx_bind_weights(op, gate_up, kUnallocated), "down");
    void *with_host_peer[16];
    memcpy(with_host_peer, peers, (size_t)config->tp * sizeof *peers);
    with_host_peer[3] = g_pageable;
    expect_unreachable(shx_bind_peers(op, with_host_peer, config->tp), "peers[3]");
    expect_unreachable(shx_mailbox_arm(g_pageable, 4096, NULL), "mailbox");
    expect_unreachable(shx_record_step(op, g_pageable, 9, 0, NULL), "x");
    expect_unreachable(shx_record_step(op, kUnallocated, 9, 0, NULL), "x");
  }
  expect(shx_bind_peers(op, (void *const *)peers, config->tp / 2), SHX_INVALID_ARGUMENT,
         "peer count 4");
  expect(shx_record_step(op, NULL, 9, 0, NULL), SHX_INVALID_ARGUMENT, "x is NULL");
  expect(shx_record_step(op, x + 8, 9, 0, NULL), SHX_INVALID_ARGUMENT, "not 16-byte aligned");
  expect(shx_record_step(op, x, 0, 0, NULL), SHX_INVALID_ARGUMENT, "batch 0");
  expect(shx_record_step(op, x, config->capacity + 1, 0, NULL), SHX_INVALID_ARGUMENT,
         "batch 17");
  expect(shx_record_step(op, x, 9, 2, NULL), SHX_INVALID_ARGUMENT, "parity 2");
  expect(shx_record_step(op, x, 9, -1, NULL), SHX_INVALID_ARGUMENT, "parity -1");
  /* An x in a bound mailbox (the pushes would land in it while it is read). */
  expect(shx_record_step(op, peers[3], 9, 0, NULL), SHX_INVALID_ARGUMENT,
         "shares bytes with peers[3]'s mailbox");
  expect(shx_record_gate(op, (char *)peers[4] - 16, 9, NULL), SHX_INVALID_ARGUMENT,
         "shares bytes with peers[3]'s mailbox");
  expect_every_slot(mailboxes, mailboxes_bytes, host, 0x8000,
                    "the refused binds and steps");
}

/* The refused tails of an op that has pushed nothing yet, with every slot "arrived" (0)
 * and out poisoned: a launched tail would re-arm rows to 0x8000 and write out. Leaves the
 * mailbox armed again. */
static void refused_tails(shx_op *op, const shx_config *config, void *out, char *mailboxes,
                          size_t mailboxes_bytes, uint16_t *host, int pageable_access) {
  CHECK_CUDA(cudaMemset(mailboxes, 0, mailboxes_bytes));
  poison_out(out, config);
  /* Nothing pushed at either parity yet: a tail would wait for this op's own rows. */
  expect(shx_tail(op, out, 9, 0, NULL), SHX_INVALID_ARGUMENT, "parity 0");
  expect(shx_tail(op, out, 9, 1, NULL), SHX_INVALID_ARGUMENT, "recorded no push");
  expect(shx_tail(op, NULL, 9, 0, NULL), SHX_INVALID_ARGUMENT, "out is NULL");
  expect_misaligned(shx_tail(op, (char *)out + 8, 9, 0, NULL), "out");
  if (!pageable_access) {
    expect_unreachable(shx_tail(op, g_pageable, 9, 0, NULL), "out");
    expect_unreachable(shx_tail(op, kUnallocated, 9, 0, NULL), "out");
  }
  expect(shx_tail(op, out, 9, 2, NULL), SHX_INVALID_ARGUMENT, "parity 2");
  /* An out in a bound mailbox or in the bound weights: refused before the push check. */
  expect(shx_tail(op, mailboxes + 2 * shx_mailbox_bytes(config), 9, 0, NULL),
         SHX_INVALID_ARGUMENT, "shares bytes with peers[2]'s mailbox");
  expect(shx_tail(op, (void *)op->gate_up, 9, 0, NULL), SHX_INVALID_ARGUMENT,
         "shares bytes with the bound gate_up");
  expect(shx_tail(op, (void *)op->down, 9, 0, NULL), SHX_INVALID_ARGUMENT,
         "shares bytes with the bound down");
  expect_every_slot(mailboxes, mailboxes_bytes, host, 0, "the refused tails");
  expect_out_rows(out, config, 0, "the refused tails");
  SHX_CHECK_OK(shx_mailbox_arm(mailboxes, mailboxes_bytes, NULL));
}

/* Each call's buffer placed in an allocation of `size` bytes (a multiple of 2 MiB, a size
 * no allocator rounds) so that `room` bytes are left from it to the allocation's end. */
static char *with_room(char *allocation, size_t size, size_t room) {
  CHECK(room <= size && room % 16 == 0);
  return allocation + size - room;
}

/* Refused for its size, naming the argument, the room left and the bytes needed. */
static void expect_too_small(shx_status got, const char *name, size_t room, size_t needed) {
  char named[64], room_text[64], needs_text[64];
  snprintf(named, sizeof named, "%s 0x", name);
  snprintf(room_text, sizeof room_text, "has %zu bytes to the end of its allocation", room);
  snprintf(needs_text, sizeof needs_text, "needs %zu", needed);
  expect(got, SHX_INVALID_ARGUMENT, named);
  expect(got, SHX_INVALID_ARGUMENT, room_text);
  expect(got, SHX_INVALID_ARGUMENT, needs_text);
}

/* Buffers 16 bytes too small for the call, placed at the ends of two allocations of the
 * test's (`small`, 2 MiB, and `weights`, 32 MiB of BF16 NaN), on an op whose weights and
 * peers are bound and whose mailbox is armed: every refusal leaves the mailbox armed
 * (and, for the tail, every "arrived" slot as it was) and the binds as they were (read
 * from the op). Then x with exactly the room a step needs is taken and pushes. */
static void too_small_buffers(shx_op *op, const shx_config *config, const char *gate_up,
                              const char *down, void *const *peers, char *mailboxes,
                              size_t mailboxes_bytes, uint16_t *host) {
  enum { kBatch = 9 };
  const size_t hidden = (size_t)config->hidden, inter = (size_t)config->intermediate_total /
                                                       config->tp;
  const size_t shard = hidden / config->tp;
  const size_t small_size = (size_t)2 << 20, weight_size = (size_t)32 << 20;
  char *small = NULL, *weights = NULL;
  CHECK_CUDA(cudaMalloc((void **)&small, small_size));
  CHECK_CUDA(cudaMalloc((void **)&weights, weight_size));
  CHECK_CUDA(cudaMemset(small, 0, small_size));
  CHECK_CUDA(cudaMemset(weights, 0xFF, weight_size)); /* a bind kept by mistake: NaN */
  const size_t x_needs = kBatch * hidden * 2, out_needs = kBatch * shard * 2;
  const size_t gate_up_needs = 2 * inter * hidden * 2, down_needs = hidden * inter * 2;
  const size_t mailbox_bytes = shx_mailbox_bytes(config); /* one rank's */
  CHECK(mailbox_bytes <= small_size && gate_up_needs <= weight_size);

  char *x = with_room(small, small_size, x_needs - 16);
  expect_too_small(shx_record_step(op, x, kBatch, 0, NULL), "x", x_needs - 16, x_needs);
  expect_too_small(shx_record_gate(op, x, kBatch, NULL), "x", x_needs - 16, x_needs);
  void *short_peers[16];
  memcpy(short_peers, peers, (size_t)config->tp * sizeof *peers);
  short_peers[5] = with_room(small, small_size, mailbox_bytes - 16);
  expect_too_small(shx_bind_peers(op, short_peers, config->tp), "peers[5]",
                   mailbox_bytes - 16, mailbox_bytes);
  char *short_gate_up = with_room(weights, weight_size, gate_up_needs - 16);
  expect_too_small(shx_bind_weights(op, short_gate_up, down), "gate_up", gate_up_needs - 16,
                   gate_up_needs);
  char *short_down = with_room(weights, weight_size, down_needs - 16);
  expect_too_small(shx_bind_weights(op, gate_up, short_down), "down", down_needs - 16,
                   down_needs);
  CHECK(op->gate_up == gate_up && op->down == down && op->peers[5] == peers[5]);
  char *arm = with_room(small, small_size, 4096);
  expect_too_small(shx_mailbox_arm(arm, 4096 + 16, NULL), "mailbox", 4096, 4096 + 16);
  read_mailbox(arm, 4096, host); /* the refused arm wrote nothing: still zeros */
  for (size_t i = 0; i < 4096 / 2; ++i) CHECK(host[i] == 0);
  enum { kAttention = 64 };
  const size_t a_needs = kBatch * kAttention * 2;
  char *a = with_room(small, small_size, a_needs - 16);
  expect_too_small(shx_record_oproj(op, weights, a, kAttention, mailboxes, kBatch, NULL),
                   "a", a_needs - 16, a_needs);
  const size_t w_o_needs = hidden * kAttention * 2;
  char *w_o = with_room(small, small_size, w_o_needs - 16);
  expect_too_small(shx_record_oproj(op, w_o, mailboxes, kAttention, mailboxes, kBatch,
                                    NULL),
                   "w_o", w_o_needs - 16, w_o_needs);
  char *oproj_x = with_room(small, small_size, x_needs - 16);
  expect_too_small(shx_record_oproj(op, weights, mailboxes, kAttention, oproj_x, kBatch,
                                    NULL),
                   "x", x_needs - 16, x_needs);
  expect_every_slot(mailboxes, mailboxes_bytes, host, 0x8000, "the refused small buffers");

  CHECK_CUDA(cudaMemset(mailboxes, 0, mailboxes_bytes));
  char *out = with_room(small, small_size, out_needs - 16);
  expect_too_small(shx_tail(op, out, kBatch, 0, NULL), "out", out_needs - 16, out_needs);
  expect_every_slot(mailboxes, mailboxes_bytes, host, 0, "the refused small out");
  SHX_CHECK_OK(shx_mailbox_arm(mailboxes, mailboxes_bytes, NULL));

  /* Exactly the room it needs: taken (zeros, so the zero weights push +0); so is an x of
   * exactly its size from the stream-ordered allocator. */
  SHX_CHECK_OK(shx_record_step(op, with_room(small, small_size, x_needs), kBatch, 0, NULL));
  expect_pushed(mailboxes, mailboxes_bytes, host, config, kBatch);
  SHX_CHECK_OK(shx_check_device(op));
  SHX_CHECK_OK(shx_mailbox_arm(mailboxes, mailboxes_bytes, NULL));
  void *pooled = NULL;
  CHECK_CUDA(cudaMallocAsync(&pooled, x_needs, NULL));
  CHECK_CUDA(cudaMemsetAsync(pooled, 0, x_needs, NULL));
  SHX_CHECK_OK(shx_record_step(op, pooled, kBatch, 0, NULL));
  expect_pushed(mailboxes, mailboxes_bytes, host, config, kBatch);
  CHECK_CUDA(cudaFreeAsync(pooled, NULL));
  SHX_CHECK_OK(shx_mailbox_arm(mailboxes, mailboxes_bytes, NULL));
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaFree(small));
  CHECK_CUDA(cudaFree(weights));
}

/* The driver's virtual-memory functions (CUDA 13.0 forms), through the runtime's entry
 * point as the library reaches the driver. */
typedef CUresult (*Granularity)(size_t *, const CUmemAllocationProp *,
                                CUmemAllocationGranularity_flags);
typedef CUresult (*Reserve)(CUdeviceptr *, size_t, size_t, CUdeviceptr, unsigned long long);
typedef CUresult (*Create)(CUmemGenericAllocationHandle *, size_t, const CUmemAllocationProp *,
                           unsigned long long);
typedef CUresult (*Map)(CUdeviceptr, size_t, size_t, CUmemGenericAllocationHandle,
                        unsigned long long);
typedef CUresult (*SetAccess)(CUdeviceptr, size_t, const CUmemAccessDesc *, size_t);
typedef CUresult (*Unmap)(CUdeviceptr, size_t);
typedef CUresult (*Release)(CUmemGenericAllocationHandle);
typedef CUresult (*AddressFree)(CUdeviceptr, size_t);
#define CHECK_CU(call) CHECK((call) == CUDA_SUCCESS)

/* x in virtual memory as PyTorch's expandable segments lay it out: one reservation of two
 * granules, each mapped from a handle of its own. An x that straddles the two handles is
 * taken and pushes (the range CUDA reports for it is the whole reservation, not one
 * handle's piece, which would refuse it); one 16 bytes short of the reservation's end is
 * refused. The op's mailbox is armed and left armed. */
static void vmm_buffers(shx_op *op, const shx_config *config, char *mailboxes,
                        size_t mailboxes_bytes, uint16_t *host) {
  enum { kBatch = 9 };
  const Granularity granularity = (Granularity)shx_driver_function(
      "cuMemGetAllocationGranularity");
  const Reserve reserve = (Reserve)shx_driver_function("cuMemAddressReserve");
  const Create create = (Create)shx_driver_function("cuMemCreate");
  const Map map = (Map)shx_driver_function("cuMemMap");
  const SetAccess set_access = (SetAccess)shx_driver_function("cuMemSetAccess");
  const Unmap unmap = (Unmap)shx_driver_function("cuMemUnmap");
  const Release release = (Release)shx_driver_function("cuMemRelease");
  const AddressFree address_free = (AddressFree)shx_driver_function("cuMemAddressFree");
  CHECK(granularity && reserve && create && map && set_access && unmap && release &&
        address_free);
  CUmemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = 0;
  size_t granule = 0;
  CHECK_CU(granularity(&granule, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM));
  const size_t x_needs = kBatch * (size_t)config->hidden * 2;
  CHECK(granule >= x_needs && granule % 16 == 0);
  CUdeviceptr base = 0;
  CUmemGenericAllocationHandle handles[2];
  CHECK_CU(reserve(&base, 2 * granule, 0, 0, 0));
  for (int i = 0; i < 2; ++i) {
    CHECK_CU(create(&handles[i], granule, &prop, 0));
    CHECK_CU(map(base + i * granule, granule, 0, handles[i], 0));
  }
  CUmemAccessDesc access;
  memset(&access, 0, sizeof access);
  access.location = prop.location;
  access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
  CHECK_CU(set_access(base, 2 * granule, &access, 1));
  char *const reserved = (char *)(uintptr_t)base;
  CHECK_CUDA(cudaMemset(reserved, 0, 2 * granule));
  /* 4 KB of it in the first handle, the rest in the second */
  char *const straddling = reserved + granule - 4096;
  SHX_CHECK_OK(shx_record_step(op, straddling, kBatch, 0, NULL));
  expect_pushed(mailboxes, mailboxes_bytes, host, config, kBatch);
  SHX_CHECK_OK(shx_check_device(op));
  SHX_CHECK_OK(shx_mailbox_arm(mailboxes, mailboxes_bytes, NULL));
  char *const short_x = reserved + 2 * granule - (x_needs - 16);
  expect_too_small(shx_record_step(op, short_x, kBatch, 0, NULL), "x", x_needs - 16, x_needs);
  expect_every_slot(mailboxes, mailboxes_bytes, host, 0x8000,
                    "the refused x in virtual memory");
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CU(unmap(base, 2 * granule));
  for (int i = 0; i < 2; ++i) CHECK_CU(release(handles[i]));
  CHECK_CU(address_free(base, 2 * granule));
  printf("api_gpu_test: x across two virtual-memory handles taken; 16 bytes short of the "
         "reservation refused (granule %zu bytes)\n", granule);
}

/* SPEC "Numerics" 3: a producer never writes -0, the empty slot's mark. Weights for which
 * every y_r element rounds to BF16 -0 (ops/reference_test.c's construction at these dims):
 * x = e_0 for every token, g = 1 and u = 2^-11 for every h column, down = -2^-133
 * (0x8001) everywhere, so that h = BF16(SiTU(1, 2^-11)), about 3.5e-4, and y = I h
 * (-2^-133), about -0.27 2^-133 at I = 768: under half of BF16's smallest step. The
 * pushes of `variant`'s step must be +0 (0x0000) in every slot of the batch, as
 * expect_pushed checks: a -0 left there would read as "not arrived" and its tail would
 * wait for the watchdog (perf/RESULTS.md run 82 call 10: without either producer's flush
 * this fails). */
static void negative_zero_pushes(shx_variant variant) {
  enum { kBatch = 9 };
  shx_config config = SHX_CONFIG_INIT;
  config.variant = variant;
  config.capacity = 16;
  shx_op *op = NULL;
  SHX_CHECK_OK(shx_create(&config, &op));
  const size_t hidden = (size_t)config.hidden, inter = (size_t)config.intermediate_total / 8;
  const size_t gate_up_count = 2 * inter * hidden, down_count = hidden * inter;
  const size_t x_count = (size_t)config.capacity * hidden;
  const size_t mailbox_bytes = shx_mailbox_bytes(&config);
  const size_t mailboxes_bytes = 8 * mailbox_bytes;
  uint16_t *host = calloc(gate_up_count + down_count + x_count, 2);
  uint16_t *slots = malloc(mailboxes_bytes);
  CHECK(host != NULL && slots != NULL);
  uint16_t *gate_up = host, *down = host + gate_up_count, *x = down + down_count;
  for (size_t j = 0; j < inter; ++j) {
    gate_up[j * hidden] = 0x3F80;           /* g row j: 1 at column 0 */
    gate_up[(inter + j) * hidden] = 0x3A00; /* u row j: 2^-11 at column 0 */
  }
  for (size_t i = 0; i < down_count; ++i) down[i] = 0x8001; /* -2^-133 */
  for (int t = 0; t < kBatch; ++t) x[(size_t)t * hidden] = 0x3F80;
  char *device = NULL;
  const size_t weight_bytes = (gate_up_count + down_count + x_count) * 2;
  CHECK_CUDA(cudaMalloc((void **)&device, weight_bytes + mailboxes_bytes));
  CHECK_CUDA(cudaMemcpy(device, host, weight_bytes, cudaMemcpyHostToDevice));
  char *const mailboxes = device + weight_bytes;
  SHX_CHECK_OK(shx_mailbox_arm(mailboxes, mailboxes_bytes, NULL));
  void *peers[8];
  for (int p = 0; p < 8; ++p) peers[p] = mailboxes + p * mailbox_bytes;
  SHX_CHECK_OK(shx_bind_weights(op, device, device + gate_up_count * 2));
  SHX_CHECK_OK(shx_bind_peers(op, peers, 8));
  SHX_CHECK_OK(shx_record_step(op, device + (gate_up_count + down_count) * 2, kBatch, 0,
                               NULL));
  expect_pushed(mailboxes, mailboxes_bytes, slots, &config, kBatch);
  SHX_CHECK_OK(shx_check_device(op));
  SHX_CHECK_OK(shx_destroy(op));
  CHECK_CUDA(cudaFree(device));
  free(slots);
  free(host);
}

/* shx_record_oproj on `op` (capacity 16): x starts all 0xFFFF; every refusal leaves it so;
 * the valid call (zero weights and a) writes +0 into rows 0..8 and nothing past them. */
static void oproj_calls(shx_op *op, const shx_config *config, int pageable_access) {
  enum { kAttention = 64, kBatch = 9 };
  const size_t hidden = (size_t)config->hidden, capacity = (size_t)config->capacity;
  const size_t w_bytes = hidden * kAttention * 2, a_bytes = capacity * kAttention * 2;
  const size_t x_bytes = capacity * hidden * 2;
  char *w = NULL, *a = NULL, *x = NULL;
  uint16_t *host = malloc(x_bytes);
  CHECK(host != NULL);
  CHECK_CUDA(cudaMalloc((void **)&w, w_bytes + a_bytes + x_bytes));
  a = w + w_bytes;
  x = a + a_bytes;
  CHECK_CUDA(cudaMemset(w, 0, w_bytes + a_bytes));
  CHECK_CUDA(cudaMemset(x, 0xFF, x_bytes));
  expect(shx_record_oproj(op, NULL, a, kAttention, x, kBatch, NULL), SHX_INVALID_ARGUMENT,
         "w_o is NULL");
  expect(shx_record_oproj(op, w, NULL, kAttention, x, kBatch, NULL), SHX_INVALID_ARGUMENT,
         "a is NULL");
  expect(shx_record_oproj(op, w, a, kAttention, NULL, kBatch, NULL), SHX_INVALID_ARGUMENT,
         "x is NULL");
  expect_misaligned(shx_record_oproj(op, w, a + 8, kAttention, x, kBatch, NULL), "a");
  expect_misaligned(shx_record_oproj(op, w + 8, a, kAttention, x, kBatch, NULL), "w_o");
  expect_misaligned(shx_record_oproj(op, w, a, kAttention, x + 8, kBatch, NULL), "x");
  expect(shx_record_oproj(op, w, a, 100, x, kBatch, NULL), SHX_INVALID_ARGUMENT,
         "attention 100");
  expect(shx_record_oproj(op, w, a, kAttention, x, 0, NULL), SHX_INVALID_ARGUMENT, "batch 0");
  expect(shx_record_oproj(op, w, a, kAttention, x, 17, NULL), SHX_INVALID_ARGUMENT,
         "batch 17");
  if (!pageable_access) {
    expect_unreachable(shx_record_oproj(op, w, a, kAttention, g_pageable, kBatch, NULL), "x");
    expect_unreachable(shx_record_oproj(op, g_pageable, a, kAttention, x, kBatch, NULL), "w_o");
    expect_unreachable(shx_record_oproj(op, w, kUnallocated, kAttention, x, kBatch, NULL), "a");
    expect_unreachable(shx_record_oproj(op, w, a, kAttention, kUnallocated, kBatch, NULL), "x");
    expect_unreachable(shx_record_oproj(op, kUnallocated, a, kAttention, x, kBatch, NULL),
                       "w_o");
    expect_unreachable(shx_record_oproj(op, w, g_pageable, kAttention, x, kBatch, NULL), "a");
  }
  /* x written over a or w_o, whose allocation has x's room (w | a | x): refused. */
  expect(shx_record_oproj(op, w, a, kAttention, a, kBatch, NULL), SHX_INVALID_ARGUMENT,
         "shares bytes with a");
  expect(shx_record_oproj(op, w, a, kAttention, w, kBatch, NULL), SHX_INVALID_ARGUMENT,
         "shares bytes with w_o");
  expect(shx_record_oproj(op, w, a, kAttention, (void *)op->down, kBatch, NULL),
         SHX_INVALID_ARGUMENT, "shares bytes with the bound down");
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(host, x, x_bytes, cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < x_bytes / 2; ++i) CHECK(host[i] == 0xFFFF);
  SHX_CHECK_OK(shx_record_oproj(op, w, a, kAttention, x, kBatch, NULL));
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(host, x, x_bytes, cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < x_bytes / 2; ++i)
    CHECK(host[i] == (i < (size_t)kBatch * hidden ? 0x0000 : 0xFFFF));
  CHECK_CUDA(cudaFree(w));
  free(host);
}

/* Where the capacity allows a batch over 128 (an auto op of capacity 256 here), the split
 * halves answer SHX_UNSUPPORTED for it, launching nothing: no fused kernel or SharedDown
 * takes more than 128 rows. The gate is refused outright; the down, which takes only the
 * last gate's or step's batch, meets such a batch after a baseline step, and its refusal
 * at parity 1 leaves the mailbox as the step's push left it. */
static void over_128_batches(void) {
  enum { kBatch = 200 };
  shx_config config = SHX_CONFIG_INIT;
  config.capacity = 256;
  shx_op *op = NULL;
  SHX_CHECK_OK(shx_create(&config, &op));
  const size_t inter = (size_t)config.intermediate_total / config.tp;
  const size_t weight_bytes = 3 * inter * (size_t)config.hidden * 2;
  const size_t x_bytes = (size_t)kBatch * config.hidden * 2;
  const size_t mailbox_bytes = shx_mailbox_bytes(&config);
  const size_t mailboxes_bytes = 8 * mailbox_bytes;
  char *device = NULL; /* gate_up | down | x | 8 mailboxes, zeros but the armed mailboxes */
  CHECK_CUDA(cudaMalloc((void **)&device, weight_bytes + x_bytes + mailboxes_bytes));
  CHECK_CUDA(cudaMemset(device, 0, weight_bytes + x_bytes));
  char *const x = device + weight_bytes, *const mailboxes = x + x_bytes;
  uint16_t *host = malloc(mailboxes_bytes);
  CHECK(host != NULL);
  void *peers[8];
  for (int p = 0; p < 8; ++p) peers[p] = mailboxes + p * mailbox_bytes;
  SHX_CHECK_OK(shx_bind_weights(op, device, device + 2 * inter * (size_t)config.hidden * 2));
  SHX_CHECK_OK(shx_bind_peers(op, peers, 8));
  SHX_CHECK_OK(shx_mailbox_arm(mailboxes, mailboxes_bytes, NULL));
  expect(shx_record_gate(op, x, kBatch, NULL), SHX_UNSUPPORTED,
         "batch 200 is over the fused kernels' 128");
  shx_variant chosen = SHX_VARIANT_FUSED;
  SHX_CHECK_OK(shx_variant_for(op, kBatch, &chosen));
  CHECK(chosen == SHX_VARIANT_BASELINE);
  SHX_CHECK_OK(shx_record_step(op, x, kBatch, 0, NULL));
  expect(shx_record_down(op, kBatch, 1, NULL), SHX_UNSUPPORTED,
         "no SharedDown plan for batch 200");
  expect_pushed(mailboxes, mailboxes_bytes, host, &config, kBatch);
  SHX_CHECK_OK(shx_destroy(op));
  CHECK_CUDA(cudaFree(device));
  free(host);
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

  /* Zero weights and x on the device, and the 8 ranks' mailboxes back to back. */
  const size_t inter = (size_t)config.intermediate_total / config.tp;
  const size_t weight_bytes = 3 * inter * (size_t)config.hidden * 2;
  const size_t x_bytes = (size_t)config.capacity * config.hidden * 2;
  const size_t mailbox_bytes = shx_mailbox_bytes(&config);
  const size_t mailboxes_bytes = 8 * mailbox_bytes;
  const size_t shard = (size_t)config.hidden / config.tp;
  char *device = NULL; /* gate_up | down | x | mailboxes */
  CHECK_CUDA(cudaMalloc((void **)&device, weight_bytes + x_bytes + mailboxes_bytes));
  CHECK_CUDA(cudaMemset(device, 0, weight_bytes + x_bytes));
  char *const x = device + weight_bytes, *const mailboxes = x + x_bytes;
  char *const down = device + 2 * inter * (size_t)config.hidden * 2;
  void *out = NULL;
  CHECK_CUDA(cudaMalloc(&out, config.capacity * shard * 2));
  void *peers[8];
  for (int p = 0; p < 8; ++p) peers[p] = mailboxes + p * mailbox_bytes;
  host = malloc(mailboxes_bytes);
  CHECK(host != NULL);
  SHX_CHECK_OK(shx_bind_weights(op, device, down));
  expect(shx_record_step(op, x, 9, 0, NULL), SHX_INVALID_ARGUMENT, "peers are not bound");
  SHX_CHECK_OK(shx_bind_peers(op, peers, 8));
  int pageable_access = 0;
  CHECK_CUDA(cudaDeviceGetAttribute(&pageable_access, cudaDevAttrPageableMemoryAccess, 0));
  if (pageable_access)
    printf("api_gpu_test: this device reads pageable memory: the unreachable-pointer cases "
           "are not exercised\n");
  g_pageable = aligned_alloc(64, 4096);
  CHECK(g_pageable != NULL);
  refused_tails(op, &config, out, mailboxes, mailboxes_bytes, host, pageable_access);
  refused_steps(op, &config, device, down, x, peers, mailboxes, mailboxes_bytes, host,
                pageable_access);
  oproj_calls(op, &config, pageable_access);
  free(g_pageable);
  too_small_buffers(op, &config, device, down, peers, mailboxes, mailboxes_bytes, host);
  vmm_buffers(op, &config, mailboxes, mailboxes_bytes, host);

  /* With a second GPU current, the op's calls are refused naming both devices. */
  int devices = 0;
  CHECK_CUDA(cudaGetDeviceCount(&devices));
  if (devices >= 2) {
    /* h holds a gate's 9 rows, so that the down's own state checks pass and only its
     * device check can refuse it (the gate pushes nothing). */
    SHX_CHECK_OK(shx_record_gate(op, x, 9, NULL));
    CHECK_CUDA(cudaSetDevice(1));
    expect(shx_record_step(op, x, 9, 0, NULL), SHX_INVALID_ARGUMENT,
           "current CUDA device 1 is not the op's device 0");
    expect(shx_check_device(op), SHX_INVALID_ARGUMENT, "current CUDA device 1");
    const char *const named = "current CUDA device 1 is not the op's device 0";
    expect(shx_record_gate(op, x, 9, NULL), SHX_INVALID_ARGUMENT, named);
    expect(shx_record_down(op, 9, 0, NULL), SHX_INVALID_ARGUMENT, named);
    expect(shx_tail(op, out, 9, 0, NULL), SHX_INVALID_ARGUMENT, named);
    expect(shx_record_oproj(op, device, x, 64, x, 9, NULL), SHX_INVALID_ARGUMENT, named);
    /* Device 1's memory, with the op's device current: refused naming both devices. */
    char *elsewhere = NULL;
    CHECK_CUDA(cudaMalloc((void **)&elsewhere, weight_bytes + x_bytes + mailbox_bytes));
    CHECK_CUDA(cudaMemset(elsewhere + weight_bytes + x_bytes, 0x5A, mailbox_bytes));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaSetDevice(0));
    const char *const other = "is memory of device 1; it must be on device 0";
    char *const other_x = elsewhere + weight_bytes;
    expect(shx_bind_weights(op, elsewhere, down), SHX_INVALID_ARGUMENT, other);
    expect(shx_bind_weights(op, device, elsewhere + (down - device)), SHX_INVALID_ARGUMENT,
           other);
    CHECK(op->gate_up == device && op->down == down); /* the refused binds kept these */
    expect(shx_record_step(op, other_x, 9, 0, NULL), SHX_INVALID_ARGUMENT, other);
    expect(shx_record_gate(op, other_x, 9, NULL), SHX_INVALID_ARGUMENT, other);
    expect(shx_record_oproj(op, device, x, 64, other_x, 9, NULL), SHX_INVALID_ARGUMENT,
           other);
    expect(shx_tail(op, other_x, 9, 0, NULL), SHX_INVALID_ARGUMENT, other);
    expect(shx_record_oproj(op, elsewhere, x, 64, x, 9, NULL), SHX_INVALID_ARGUMENT, other);
    expect(shx_record_oproj(op, device, other_x, 64, x, 9, NULL), SHX_INVALID_ARGUMENT,
           other);
    expect(shx_mailbox_arm(other_x + x_bytes, mailbox_bytes, NULL), SHX_INVALID_ARGUMENT,
           other);
    read_mailbox(other_x + x_bytes, mailbox_bytes, host); /* the refused arm wrote nothing */
    for (size_t i = 0; i < mailbox_bytes / 2; ++i) CHECK(host[i] == 0x5A5A);
    /* Another rank's mailbox may live on another GPU; this rank's own may not. */
    void *spread_peers[8];
    memcpy(spread_peers, peers, sizeof spread_peers);
    spread_peers[(config.rank + 1) % 8] = other_x + x_bytes;
    SHX_CHECK_OK(shx_bind_peers(op, spread_peers, 8));
    spread_peers[(config.rank + 1) % 8] = peers[(config.rank + 1) % 8];
    spread_peers[config.rank] = other_x + x_bytes;
    expect(shx_bind_peers(op, spread_peers, 8), SHX_INVALID_ARGUMENT, other);
    SHX_CHECK_OK(shx_bind_peers(op, peers, 8));
    CHECK_CUDA(cudaSetDevice(1));
    CHECK_CUDA(cudaFree(elsewhere));
    CHECK_CUDA(cudaSetDevice(0));
    expect_every_slot(mailboxes, mailboxes_bytes, host, 0x8000,
                      "the calls from another device");
  } else {
    printf("api_gpu_test: one GPU: the other-device refusal not exercised\n");
  }

  /* The valid step writes +0 (zero weights) into its batch's slots at parity 0: a push
   * the checks above would have seen. The tail at parity 1 is still refused. */
  SHX_CHECK_OK(shx_record_step(op, x, 9, 0, NULL));
  expect_pushed(mailboxes, mailboxes_bytes, host, &config, 9);
  poison_out(out, &config);
  expect(shx_tail(op, out, 9, 1, NULL), SHX_INVALID_ARGUMENT, "parity 1");
  expect(shx_tail(op, out, 16, 0, NULL), SHX_INVALID_ARGUMENT, "batch 9");
  /* Peers rebound since the push: this rank's own mailbox is now another, where its rows
   * never went; that tail is refused (a launched one would re-arm the other mailbox's
   * slots, checked below). Bound back, the tail consumes the push. */
  void *other_peers[8];
  char *other = NULL;
  CHECK_CUDA(cudaMalloc((void **)&other, mailbox_bytes));
  CHECK_CUDA(cudaMemset(other, 0, mailbox_bytes));
  memcpy(other_peers, peers, sizeof other_peers);
  other_peers[config.rank] = other;
  SHX_CHECK_OK(shx_bind_peers(op, other_peers, 8));
  expect(shx_tail(op, out, 9, 0, NULL), SHX_INVALID_ARGUMENT, "rebound since");
  expect_every_slot(other, mailbox_bytes, host, 0, "the tail refused after a rebind");
  expect_out_rows(out, &config, 0, "the tails refused after a push");
  CHECK_CUDA(cudaFree(other));
  SHX_CHECK_OK(shx_bind_peers(op, peers, 8));
  expect_tail_rearms(op, out, mailboxes, mailboxes_bytes, host, &config, 9);
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
  SHX_CHECK_OK(shx_mailbox_arm(mailboxes, mailboxes_bytes, NULL));
  expect(shx_record_down(op, 16, 0, NULL), SHX_INVALID_ARGUMENT, "batch 9");
  expect(shx_record_down(op, 9, 2, NULL), SHX_INVALID_ARGUMENT, "parity 2");
  expect_every_slot(mailboxes, mailboxes_bytes, host, 0x8000, "the refused downs");
  SHX_CHECK_OK(shx_record_down(op, 9, 0, NULL)); /* the gate's batch runs */
  expect_pushed(mailboxes, mailboxes_bytes, host, &config, 9);
  /* The tail consumes the rows the last push at its parity wrote: another batch is
   * refused before any launch. */
  expect(shx_tail(op, out, 16, 0, NULL), SHX_INVALID_ARGUMENT, "batch 9");
  expect_tail_rearms(op, out, mailboxes, mailboxes_bytes, host, &config, 9);
  SHX_CHECK_OK(shx_destroy(op));
  CHECK_CUDA(cudaFree(out));
  CHECK_CUDA(cudaFree(device));
  free(host);
  negative_zero_pushes(SHX_VARIANT_FUSED);
  negative_zero_pushes(SHX_VARIANT_SPLIT);
  negative_zero_pushes(SHX_VARIANT_BASELINE);
  over_128_batches();
  printf("api_gpu_test: ok\n");
  return 0;
}
