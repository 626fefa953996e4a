/* group_args_test.c: shx_group_create_part refuses a part's bad ranks and caller
 * mailboxes (NULL or misaligned) before it asks CUDA anything, so with or without a GPU
 * (SHX_INVALID_ARGUMENT naming them, never SHX_NO_DEVICE; a NULL argument by its name),
 * and compares caller values without overflowing them. Its GPU range needs the device
 * count: refused as SHX_INVALID_ARGUMENT where a GPU is visible, as SHX_NO_DEVICE where
 * none is. */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "engine/check.h"
#include "engine/expect.h"
#include "graphs/group.h"
#include "shared_expert.h"

/* A part refused, and what the refusal's message must name. */
typedef struct {
  shx_group_part part;
  const char *named;
} refusal;

int main(void) {
  const shx_config base = SHX_CONFIG_INIT; /* tp 8 */
  shx_group *group = (shx_group *)1;       /* must be overwritten with NULL */
  const shx_group_part whole = {0, 8, 0, 1, NULL};
  expect(shx_group_create_part(NULL, &whole, &group), SHX_INVALID_ARGUMENT, "base is NULL");
  expect(shx_group_create_part(&base, NULL, &group), SHX_INVALID_ARGUMENT, "part is NULL");
  expect(shx_group_create_part(&base, &whole, NULL), SHX_INVALID_ARGUMENT, "out is NULL");
  expect(shx_group_create(NULL, 1, &group), SHX_INVALID_ARGUMENT, "base is NULL");
  expect(shx_group_create(&base, 1, NULL), SHX_INVALID_ARGUMENT, "out is NULL");

  const refusal bad_ranks[] = {
      {{-1, 8, 0, 1, NULL}, "ranks [-1, 8) of tp 8"},
      {{4, 4, 0, 1, NULL}, "ranks [4, 4) of tp 8"},
      {{5, 2, 0, 1, NULL}, "ranks [5, 2) of tp 8"},
      {{0, 9, 0, 1, NULL}, "ranks [0, 9) of tp 8"},
      /* last - first overflows int: refused by comparison, not by the difference */
      {{INT_MAX, INT_MIN, 0, 1, NULL}, "ranks [2147483647, -2147483648) of tp 8"},
      {{INT_MIN + 1, 8, 0, 1, NULL}, "ranks [-2147483647, 8) of tp 8"},
  };
  for (size_t i = 0; i < sizeof bad_ranks / sizeof bad_ranks[0]; ++i) {
    group = (shx_group *)1;
    expect(shx_group_create_part(&base, &bad_ranks[i].part, &group), SHX_INVALID_ARGUMENT,
           bad_ranks[i].named);
    CHECK(group == NULL);
  }

  /* Caller-owned mailboxes: a NULL or misaligned one is refused before the device count
   * (so SHX_INVALID_ARGUMENT with or without a GPU), naming its rank. */
  static uint16_t slots[64] __attribute__((aligned(16)));
  void *const with_null[2] = {slots, NULL};
  void *const misaligned[2] = {(char *)slots + 2, slots};
  const shx_group_part null_mailbox = {6, 8, 0, 1, with_null};
  const shx_group_part odd_mailbox = {6, 8, 0, 1, misaligned};
  group = (shx_group *)1;
  expect(shx_group_create_part(&base, &null_mailbox, &group), SHX_INVALID_ARGUMENT,
         "mailboxes[1] (rank 7's)");
  CHECK(group == NULL);
  group = (shx_group *)1;
  expect(shx_group_create_part(&base, &odd_mailbox, &group), SHX_INVALID_ARGUMENT,
         "mailboxes[0] (rank 6's)");
  CHECK(group == NULL);

  int visible = 0;
  if (cudaGetDeviceCount(&visible) != cudaSuccess) visible = 0;
  (void)cudaGetLastError();
  const refusal bad_gpus[] = {
      {{0, 8, -1, 1, NULL}, "GPUs from -1, 1 of them"},
      {{0, 8, 0, 0, NULL}, "GPUs from 0, 0 of them"},
      {{0, 8, 0, 9, NULL}, "GPUs from 0, 9 of them"},       /* more GPUs than ranks */
      {{0, 8, INT_MAX, 1, NULL}, "GPUs from 2147483647, 1"}, /* first + gpus overflows */
      {{0, 8, 0, INT_MAX, NULL}, "GPUs from 0, 2147483647"},
  };
  for (size_t i = 0; i < sizeof bad_gpus / sizeof bad_gpus[0]; ++i) {
    group = (shx_group *)1;
    const shx_status got = shx_group_create_part(&base, &bad_gpus[i].part, &group);
    if (visible > 0)
      expect(got, SHX_INVALID_ARGUMENT, bad_gpus[i].named);
    else
      expect(got, SHX_NO_DEVICE, "no CUDA device is visible");
    CHECK(group == NULL);
  }
  printf("group_args_test: ok (%d GPU(s) visible)\n", visible);
  return 0;
}
