/* testbed_golden_test.c: the expected outputs the GPU tests and the main job hold the GPU
 * to (shx_testbed_reference over the testbed's inputs) are the stored golden files'
 * reduced outputs, bit for bit, for every golden file's problem. So a GPU result checked
 * against the testbed is checked against testdata/golden, and a change to the inputs,
 * the seed or the reference that the goldens were not regenerated for fails here.
 *
 *   testbed_golden_test GOLDEN_DIR      (bazel test //graphs:testbed_golden_test)
 *
 * CPU only: runs without a GPU.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"
#include "graphs/testbed.h"

int main(int argc, char **argv) {
  CHECK(argc == 2);
  static const struct {
    int tp, inter_total, batch;
    shx_activation activation;
  } cases[] = {{8, 6144, 1, SHX_ACT_SITU},   {8, 6144, 9, SHX_ACT_SITU},
               {8, 6144, 13, SHX_ACT_SITU},  {8, 6144, 64, SHX_ACT_SITU},
               {16, 6144, 1, SHX_ACT_SITU},  {16, 6144, 9, SHX_ACT_SITU},
               {16, 6144, 13, SHX_ACT_SITU}, {16, 6144, 64, SHX_ACT_SITU},
               {8, 2048, 9, SHX_ACT_SWIGLU}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    shx_testbed bed;
    shx_testbed_make(&bed, cases[i].tp, 7168, cases[i].inter_total, 128, cases[i].activation);
    const int batch = cases[i].batch;
    uint16_t *want = malloc((size_t)batch * 7168 * 2);
    CHECK(want != NULL);
    shx_testbed_reference(&bed, batch, want);
    char path[1024];
    const int matches = shx_testbed_matches_golden(&bed, batch, want, argv[1], path,
                                                   sizeof path);
    printf("  %s: %s\n", path, matches == 1 ? "equal bit for bit" : "DIFFERS or unreadable");
    CHECK(matches == 1);
    /* And a one-bit change of the expected output is seen. */
    want[batch * 7168 / 2] ^= 1;
    CHECK(shx_testbed_matches_golden(&bed, batch, want, argv[1], path, sizeof path) == 0);
    free(want);
    shx_testbed_free(&bed);
  }
  printf("testbed_golden_test: the testbed's reference is every golden file's output\n");
  return 0;
}
