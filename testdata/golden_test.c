/* golden_test.c: one golden file against a fresh run of the CPU reference.
 *
 *     bazel test //testdata:all          (one target per file in testdata/golden/)
 *     golden_test testdata/golden/situ_h7168_i6144_tp8_b9.bin
 *
 * Regenerates the inputs from the file's seed (testdata/inputs.h), runs shx_ref_rank
 * for every rank and shx_ref_reduce for every shard, and requires bit-exact equality
 * with the stored reduced output, the per-rank FNV-1a hashes and, where stored, every
 * rank's y_r. A mismatch means the reference or the input generator changed: the
 * goldens (and everything checked against them) are then stale.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "testdata/golden.h"
#include "testdata/inputs.h"

#include "engine/check.h"

static double seconds_now(void) {
  struct timespec ts;
  timespec_get(&ts, TIME_UTC);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The first mismatch of two BF16 arrays of a [rows][cols] matrix, or exit 1. */
static void check_equal(const char *what, const uint16_t *got, const uint16_t *want,
                        int rows, int cols) {
  for (size_t i = 0; i < (size_t)rows * cols; ++i) {
    if (got[i] != want[i]) {
      fprintf(stderr, "%s: first mismatch at [%zu][%zu]: got 0x%04x, golden 0x%04x\n",
              what, i / cols, i % cols, got[i], want[i]);
      exit(1);
    }
  }
}

int main(int argc, char **argv) {
  CHECK(argc == 2);
  const double start = seconds_now();
  shx_golden golden;
  char message[512];
  if (shx_golden_read(argv[1], &golden, message, sizeof message) != 0) {
    fprintf(stderr, "%s\n", message);
    return 1;
  }
  CHECK(strncmp(golden.command, "bazel run //testdata:make_golden", 32) == 0);
  const shx_ref_problem *p = &golden.problem;
  const int hidden = p->hidden, tp = p->tp, batch = p->batch;
  const int inter = p->inter_total / tp, shard_cols = hidden / tp;
  const size_t elements = (size_t)batch * hidden;
  printf("%s: H %d I_total %d tp %d B %d %s, y_r %s\n", argv[1], hidden, p->inter_total,
         tp, batch, p->activation == SHX_ACT_SITU ? "SiTU" : "SwiGLU",
         golden.y_ranks ? "stored" : "hashed");

  uint16_t *x = malloc(elements * 2);
  uint16_t *gate_up = malloc((size_t)2 * inter * hidden * 2);
  uint16_t *down = malloc((size_t)hidden * inter * 2);
  uint16_t *y = malloc((size_t)tp * elements * 2);
  uint16_t *shard = malloc((size_t)batch * shard_cols * 2);
  const uint16_t **ranks = malloc(sizeof(uint16_t *) * tp);
  CHECK(x && gate_up && down && y && shard && ranks);

  shx_fill_x(golden.seed, batch, hidden, x);
  for (int r = 0; r < tp; ++r) {
    uint16_t *y_r = y + (size_t)r * elements;
    shx_fill_gate_up(golden.seed, r, inter, hidden, gate_up);
    shx_fill_down(golden.seed, r, hidden, inter, p->inter_total, down);
    CHECK(shx_ref_rank(p, r, x, gate_up, down, y_r) == 0);
    for (size_t i = 0; i < elements; ++i) CHECK(y_r[i] != 0x8000); /* never -0 */
    if (shx_fnv1a64_bf16(y_r, elements) != golden.rank_hashes[r]) {
      fprintf(stderr, "rank %d: y_r hash 0x%016llx, golden 0x%016llx\n", r,
              (unsigned long long)shx_fnv1a64_bf16(y_r, elements),
              (unsigned long long)golden.rank_hashes[r]);
      if (golden.y_ranks) check_equal("y_r", y_r, golden.y_ranks + r * elements, batch, hidden);
      exit(1);
    }
    if (golden.y_ranks) check_equal("y_r", y_r, golden.y_ranks + r * elements, batch, hidden);
    ranks[r] = y_r;
  }
  /* Every shard as its owner's tail computes it, against the stored full output. */
  for (int owner = 0; owner < tp; ++owner) {
    shx_ref_reduce(p, ranks, owner, shard);
    for (int t = 0; t < batch; ++t) {
      const uint16_t *want = golden.reduced + (size_t)t * hidden + owner * shard_cols;
      check_equal("reduced", shard + (size_t)t * shard_cols, want, 1, shard_cols);
    }
  }
  /* The golden itself is sane: finite, not all zero, no -0. */
  for (size_t i = 0; i < elements; ++i) {
    const uint16_t exponent = (uint16_t)(golden.reduced[i] & 0x7F80u);
    CHECK(exponent != 0x7F80u); /* all-ones exponent: Inf or NaN */
  }
  size_t zeros = 0;
  for (size_t i = 0; i < elements; ++i) {
    zeros += golden.reduced[i] == 0;
    CHECK(golden.reduced[i] != 0x8000);
  }
  CHECK(zeros < elements / 100);

  printf("OK: %d ranks bit-exact in %.1f s\n", tp, seconds_now() - start);
  free(x);
  free(gate_up);
  free(down);
  free(y);
  free(shard);
  free(ranks);
  shx_golden_free(&golden);
  return 0;
}
