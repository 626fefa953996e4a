/* make_golden.c: writes the golden files of testdata/golden/ (format: README.md).
 *
 *     bazel run //testdata:make_golden -- testdata/golden
 *
 * A relative output folder is taken from the workspace root (BUILD_WORKSPACE_DIRECTORY,
 * set by `bazel run`). Cases: SiTU (beta 4, lambda 25), H 7168, I_total 6144, TP8 and
 * TP16, B = 1, 9, 13, 64; and SwiGLU, H 7168, I_total 2048 (DeepSeek-V3 shape), TP8,
 * B = 9. Every y_r is stored in full for B <= 13; its hash always. Takes about 20 s.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "testdata/golden.h"
#include "testdata/inputs.h"

#include "engine/check.h"

static const char kCommand[] = "bazel run //testdata:make_golden -- testdata/golden";
enum { kMaxBatchStoredInFull = 13 };

static double seconds_now(void) {
  struct timespec ts;
  timespec_get(&ts, TIME_UTC);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void make_one(const char *folder, const shx_ref_problem *problem) {
  char path[4096];
  shx_golden_path(path, sizeof path, folder, problem);
  const double start = seconds_now();
  const size_t elements = (size_t)problem->batch * (size_t)problem->hidden;
  shx_golden golden;
  memset(&golden, 0, sizeof golden);
  snprintf(golden.command, sizeof golden.command, "%s", kCommand);
  golden.problem = *problem;
  golden.seed = SHX_GOLDEN_SEED;
  uint16_t *y_ranks = malloc((size_t)problem->tp * elements * sizeof(uint16_t));
  golden.reduced = malloc(elements * sizeof(uint16_t));
  golden.rank_hashes = malloc((size_t)problem->tp * sizeof(uint64_t));
  CHECK(y_ranks && golden.reduced && golden.rank_hashes);
  char message[512];
  if (shx_golden_compute(problem, golden.seed, y_ranks, golden.reduced, message,
                         sizeof message) != 0) {
    fprintf(stderr, "%s\n", message);
    exit(1);
  }
  for (int r = 0; r < problem->tp; ++r)
    golden.rank_hashes[r] = shx_fnv1a64_bf16(y_ranks + (size_t)r * elements, elements);
  golden.y_ranks = problem->batch <= kMaxBatchStoredInFull ? y_ranks : NULL;
  if (shx_golden_write(path, &golden, message, sizeof message) != 0) {
    fprintf(stderr, "%s\n", message);
    exit(1);
  }
  printf("%-60s %6.1f s\n", path, seconds_now() - start);
  fflush(stdout);
  free(y_ranks);
  free(golden.reduced);
  free(golden.rank_hashes);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s OUTPUT_FOLDER   (e.g. %s)\n", argv[0], kCommand);
    return 2;
  }
  char folder[2048];
  const char *workspace = getenv("BUILD_WORKSPACE_DIRECTORY");
  if (argv[1][0] != '/' && workspace != NULL)
    snprintf(folder, sizeof folder, "%s/%s", workspace, argv[1]);
  else
    snprintf(folder, sizeof folder, "%s", argv[1]);

  static const int kTps[] = {8, 16};
  static const int kBatches[] = {1, 9, 13, 64};
  for (size_t i = 0; i < sizeof kTps / sizeof kTps[0]; ++i) {
    for (size_t j = 0; j < sizeof kBatches / sizeof kBatches[0]; ++j) {
      const shx_ref_problem situ = {7168, 6144, kTps[i], kBatches[j], SHX_ACT_SITU, 4.0, 25.0};
      make_one(folder, &situ);
    }
  }
  const shx_ref_problem deepseek = {7168, 2048, 8, 9, SHX_ACT_SWIGLU, 4.0, 25.0};
  make_one(folder, &deepseek);
  return 0;
}
