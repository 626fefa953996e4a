/* launcher_args_test.c: the push, tail, arm and activation launchers (ops/baseline.h)
 * refuse, before any CUDA call, a route, batch, size or buffer that would let their
 * kernels write outside a mailbox (or read a NULL flag): so this runs with or without a
 * GPU, and nothing here launches. Each
 * case starts from a route that passes every check but one (its peers are dummy, never
 * dereferenced) and expects that one to be named; with the checks missing, the launch
 * would go ahead (SHX_CUDA_ERROR without a GPU, a fault or a stray write with one). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "engine/check.h"
#include "ops/baseline.h"

static char message[SHX_MESSAGE_BYTES];
static uint16_t dummy_buffer[64] __attribute__((aligned(16)));

static shx_mailbox_route good_route(void) {
  shx_mailbox_route route;
  memset(&route, 0, sizeof route);
  route.tp = 8;
  route.rank = 3;
  route.shard = 896; /* 7168 / 8 */
  route.capacity = 16;
  route.parity = 1;
  for (int p = 0; p < route.tp; ++p) route.peers[p] = dummy_buffer;
  return route;
}

/* A refusal with `want` whose message names `named`. */
static void expect_refused(shx_status got, shx_status want, const char *named,
                           const char *what) {
  if (got != want || strstr(message, named) == NULL) {
    fprintf(stderr, "%s: expected %s naming \"%s\", got %s: \"%s\"\n", what,
            shx_status_string(want), named, shx_status_string(got), message);
    CHECK(0);
  }
  message[0] = '\0';
}

/* One bad field at a time, through the push and the tail alike. */
static void expect_route_refused(shx_mailbox_route route, int batch, void *buffer,
                                 shx_status want, const char *named, const char *what) {
  uint32_t *no_flag = NULL;
  expect_refused(shx_launch_push(buffer, &route, batch, NULL, message), want, named, what);
  expect_refused(shx_launch_tail(&route, buffer, batch, no_flag, 0, NULL, message), want,
                 named, what);
}

int main(void) {
  shx_mailbox_route route = good_route();
  route.rank = 8;
  expect_route_refused(route, 9, dummy_buffer, SHX_INTERNAL_ERROR, "rank 8 of tp 8",
                       "rank = tp");
  route = good_route();
  route.rank = -1;
  expect_route_refused(route, 9, dummy_buffer, SHX_INTERNAL_ERROR, "rank -1", "rank < 0");
  route = good_route();
  route.parity = 2;
  expect_route_refused(route, 9, dummy_buffer, SHX_INTERNAL_ERROR, "parity 2", "parity 2");
  route = good_route();
  route.parity = -1;
  expect_route_refused(route, 9, dummy_buffer, SHX_INTERNAL_ERROR, "parity -1",
                       "parity -1");
  expect_route_refused(good_route(), 0, dummy_buffer, SHX_INTERNAL_ERROR, "batch 0",
                       "batch 0");
  expect_route_refused(good_route(), 17, dummy_buffer, SHX_INTERNAL_ERROR,
                       "batch 17 of capacity 16", "batch over capacity");
  expect_route_refused(good_route(), 9, NULL, SHX_INTERNAL_ERROR, "buffer NULL",
                       "NULL y / out");
  route = good_route();
  route.shard = 900;
  expect_route_refused(route, 9, dummy_buffer, SHX_UNSUPPORTED, "shard 900",
                       "shard not a multiple of 8");
  route = good_route();
  route.tp = 32;
  expect_route_refused(route, 9, dummy_buffer, SHX_UNSUPPORTED, "tp 32", "tp over 16");
  route = good_route();
  route.shard = 0;
  expect_route_refused(route, 9, dummy_buffer, SHX_UNSUPPORTED, "shard 0", "shard 0");
  route = good_route();
  route.shard = -8;
  expect_route_refused(route, 9, dummy_buffer, SHX_UNSUPPORTED, "shard -8",
                       "negative shard");
  route = good_route();
  route.peers[5] = NULL;
  expect_route_refused(route, 9, dummy_buffer, SHX_INTERNAL_ERROR, "peer 5",
                       "a NULL peer mailbox");
  route = good_route(); /* every route check passes: the tail's own flag is refused */
  expect_refused(shx_launch_tail(&route, dummy_buffer, 9, NULL, 0, NULL, message),
                 SHX_INTERNAL_ERROR, "error_flag is NULL", "tail without a flag");
  expect_refused(shx_launch_activation(dummy_buffer, dummy_buffer, 9, 0, SHX_ACT_SITU, 4.0f,
                                       25.0f, NULL, message),
                 SHX_UNSUPPORTED, "inter 0", "activation of inter 0");

  expect_refused(shx_launch_arm(NULL, 4096, NULL, message), SHX_INTERNAL_ERROR,
                 "4096 bytes", "arm of NULL");
  expect_refused(shx_launch_arm(dummy_buffer, 0, NULL, message), SHX_INTERNAL_ERROR,
                 "0 bytes", "arm of 0 bytes");
  expect_refused(shx_launch_arm(dummy_buffer, 24, NULL, message), SHX_INTERNAL_ERROR,
                 "24 bytes", "arm of 24 bytes");
  printf("launcher_args_test: every bad route, batch, buffer and size refused unlaunched\n");
  return 0;
}
