/* mailbox_gpu_test.c: the pushed mailboxes themselves, replay after replay.
 *
 * For TP8 and TP16 at B = 16 and 64, all ranks on one GPU, the fused variant's step
 * graph without the tail is replayed 100 times with alternating parity; after each
 * replay every rank's whole mailbox must be bitwise equal to the first replay of the
 * same parity (deterministic pushes, nothing else written), and every slot of the
 * other parity must still read "empty" (0x8000). The mailboxes are re-armed between
 * replays. Exits 77 (skipped) without a Hopper GPU.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"
#include "graphs/group.h"
#include "graphs/testbed.h"

static void run_case(const shx_testbed *bed, int batch, int replays) {
  shx_config config = bed->config;
  config.variant = SHX_VARIANT_FUSED;
  shx_group *group = NULL;
  SHX_CHECK_OK(shx_group_create(&config, 1, &group));
  for (int r = 0; r < config.tp; ++r)
    SHX_CHECK_OK(shx_group_upload_weights(group, r, bed->gate_up[r], bed->down[r]));
  SHX_CHECK_OK(shx_group_upload_x(group, bed->x, batch));
  SHX_CHECK_OK(shx_group_capture(group, batch, 0));

  size_t slots = shx_mailbox_bytes(&config) / 2;
  size_t parity_slots = slots / 2;
  uint16_t *first[2], *again = malloc(slots * 2 * config.tp);
  first[0] = malloc(slots * 2 * config.tp);
  first[1] = malloc(slots * 2 * config.tp);
  CHECK(first[0] && first[1] && again);
  for (int i = 0; i < replays; ++i) {
    int parity = i % 2;
    SHX_CHECK_OK(shx_group_step(group, parity));
    SHX_CHECK_OK(shx_group_sync(group));
    uint16_t *read = i < 2 ? first[parity] : again;
    for (int r = 0; r < config.tp; ++r)
      SHX_CHECK_OK(shx_group_read_mailbox(group, r, read + slots * r));
    for (int r = 0; r < config.tp; ++r) {
      const uint16_t *other = read + slots * r + (size_t)(1 - parity) * parity_slots;
      for (size_t k = 0; k < parity_slots; ++k)
        if (other[k] != 0x8000) {
          fprintf(stderr, "replay %d: rank %d parity %d slot %zu written (0x%04x)\n", i, r,
                  1 - parity, k, other[k]);
          exit(1);
        }
    }
    if (i >= 2 && memcmp(read, first[parity], slots * 2 * config.tp) != 0) {
      fprintf(stderr, "tp %d B %d replay %d: mailboxes differ from replay %d\n", config.tp,
              batch, i, parity);
      exit(1);
    }
    SHX_CHECK_OK(shx_group_rearm(group));
  }
  printf("  tp %2d B %3d: %d replays, mailboxes bitwise identical\n", config.tp, batch,
         replays);
  free(first[0]);
  free(first[1]);
  free(again);
  shx_group_destroy(group);
}

int main(void) {
  shx_testbed_skip_without_gpu(1);
  const int tps[] = {8, 16}, batches[] = {16, 64};
  for (int i = 0; i < 2; ++i) {
    shx_testbed bed;
    shx_testbed_make(&bed, tps[i], 7168, 6144, 128, SHX_ACT_SITU);
    for (int b = 0; b < 2; ++b) run_case(&bed, batches[b], 100);
    shx_testbed_free(&bed);
  }
  printf("mailbox_gpu_test: all cases passed\n");
  return 0;
}
