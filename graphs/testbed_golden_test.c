/* testbed_golden_test.c: the expected outputs the GPU tests and the main job hold the GPU
 * to (shx_testbed_reference over the testbed's inputs) are the stored golden files'
 * reduced outputs, bit for bit, for every golden file in GOLDEN_DIR (each file's own
 * problem: tp, dims, batch, activation). So a GPU result checked against the testbed is
 * checked against testdata/golden, and a change to the inputs, the seed or the reference
 * that the goldens were not regenerated for fails here.
 *
 *   testbed_golden_test GOLDEN_DIR      (bazel test //graphs:testbed_golden_test)
 *
 * CPU only: runs without a GPU.
 */
#define _DEFAULT_SOURCE /* scandir, alphasort */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"
#include "graphs/testbed.h"
#include "testdata/golden.h"

enum { kCapacity = 128 }; /* the GPU tests' testbeds */

int main(int argc, char **argv) {
  CHECK(argc == 2);
  struct dirent **entries = NULL;
  const int entry_count = scandir(argv[1], &entries, NULL, alphasort);
  CHECK(entry_count >= 0);
  int files = 0;
  for (int e = 0; e < entry_count; ++e) {
    const char *name = entries[e]->d_name;
    const size_t length = strlen(name);
    if (length < 5 || strcmp(name + length - 4, ".bin") != 0) continue;
    char path[1024], message[256];
    snprintf(path, sizeof path, "%s/%s", argv[1], name);
    shx_golden golden;
    if (shx_golden_read(path, &golden, message, sizeof message) != 0) {
      fprintf(stderr, "%s\n", message);
      exit(1);
    }
    const shx_ref_problem p = golden.problem;
    shx_golden_free(&golden);
    CHECK(p.batch <= kCapacity);
    shx_testbed bed;
    shx_testbed_make(&bed, p.tp, p.hidden, p.inter_total, kCapacity, p.activation);
    uint16_t *want = malloc((size_t)p.batch * p.hidden * 2);
    CHECK(want != NULL);
    shx_testbed_reference(&bed, p.batch, want);
    const int matches = shx_testbed_matches_golden(&bed, p.batch, want, argv[1], path,
                                                   sizeof path);
    printf("  %s: %s\n", path, matches == 1 ? "equal bit for bit" : "DIFFERS or unreadable");
    CHECK(matches == 1);
    /* And a one-bit change of the expected output is seen. */
    want[(size_t)p.batch * p.hidden / 2] ^= 1;
    CHECK(shx_testbed_matches_golden(&bed, p.batch, want, argv[1], path, sizeof path) == 0);
    free(want);
    shx_testbed_free(&bed);
    ++files;
  }
  for (int e = 0; e < entry_count; ++e) free(entries[e]);
  free(entries);
  CHECK(files > 0); /* not vacuous */
  printf("testbed_golden_test: the testbed's reference is all %d golden files' output\n",
         files);
  return 0;
}
