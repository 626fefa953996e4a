/* golden_format_test.c: the golden file format round trip, byte layout and errors.
 *
 *     bazel test //testdata:golden_format_test
 *
 * Writes a tiny problem (H 64, I_total 128, tp 2, B 3) into $TEST_TMPDIR with and
 * without the per-rank outputs, reads it back and compares every field; checks the
 * documented offsets (testdata/README.md) in the raw bytes; and requires clean
 * failures on a missing file, bad magic, a wrong version, truncation, trailing bytes.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testdata/golden.h"
#include "testdata/inputs.h"

#include "engine/check.h"

static char temp_dir[1024];

static void temp_path(char *path, size_t bytes, const char *name) {
  snprintf(path, bytes, "%s/%s", temp_dir, name);
}

static size_t read_all(const char *path, unsigned char *bytes, size_t capacity) {
  FILE *file = fopen(path, "rb");
  CHECK(file != NULL);
  const size_t n = fread(bytes, 1, capacity, file);
  CHECK(fgetc(file) == EOF);
  fclose(file);
  return n;
}

static void write_all(const char *path, const unsigned char *bytes, size_t count) {
  FILE *file = fopen(path, "wb");
  CHECK(file != NULL);
  CHECK(fwrite(bytes, 1, count, file) == count);
  CHECK(fclose(file) == 0);
}

static uint32_t u32_at(const unsigned char *b) {
  return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}
static uint64_t u64_at(const unsigned char *b) {
  return (uint64_t)u32_at(b) | (uint64_t)u32_at(b + 4) << 32;
}

static void expect_read_error(const char *path, const char *fragment) {
  shx_golden golden;
  char message[512] = "";
  CHECK(shx_golden_read(path, &golden, message, sizeof message) == -1);
  CHECK(strstr(message, path) != NULL);
  if (strstr(message, fragment) == NULL) {
    fprintf(stderr, "message \"%s\" lacks \"%s\"\n", message, fragment);
    exit(1);
  }
  CHECK(golden.reduced == NULL && golden.rank_hashes == NULL && golden.y_ranks == NULL);
}

int main(void) {
  const char *env = getenv("TEST_TMPDIR");
  snprintf(temp_dir, sizeof temp_dir, "%s", env ? env : "/tmp");

  /* FNV-1a 64 of known inputs: empty is the offset basis; "a\0" is 0x0000...61 LE. */
  CHECK(shx_fnv1a64_bf16(NULL, 0) == 0xCBF29CE484222325ull);
  const uint16_t a_byte = 0x0061; /* bytes 'a', '\0' */
  CHECK(shx_fnv1a64_bf16(&a_byte, 1) == 0x089BE207B544F1E4ull); /* FNV-1a of "a\0" */

  const shx_ref_problem problem = {64, 128, 2, 3, SHX_ACT_SITU, 4.0, 25.0};
  const int tp = problem.tp;
  const size_t elements = (size_t)problem.batch * problem.hidden;
  uint16_t y_ranks[2 * 3 * 64], reduced[3 * 64];
  uint64_t hashes[2];
  char message[512];
  CHECK(shx_golden_compute(&problem, 7, y_ranks, reduced, message, sizeof message) == 0);
  for (int r = 0; r < tp; ++r) hashes[r] = shx_fnv1a64_bf16(y_ranks + r * elements, elements);
  CHECK(hashes[0] != hashes[1]);

  shx_golden golden;
  memset(&golden, 0, sizeof golden);
  snprintf(golden.command, sizeof golden.command, "golden_format_test");
  golden.problem = problem;
  golden.seed = 0x0123456789ABCDEFull;
  golden.reduced = reduced;
  golden.rank_hashes = hashes;

  for (int with_y = 0; with_y <= 1; ++with_y) {
    golden.y_ranks = with_y ? y_ranks : NULL;
    char path[1100];
    temp_path(path, sizeof path, with_y ? "full.bin" : "hashed.bin");
    CHECK(shx_golden_write(path, &golden, message, sizeof message) == 0);

    /* Byte layout, as README.md documents it. */
    static unsigned char bytes[1 << 16];
    const size_t size = read_all(path, bytes, sizeof bytes);
    const size_t header = 308; /* 4 + 4 + 256 + 5 * 4 + 3 * 8, README.md's layout */
    const size_t want_size =
        header + 2 * elements + 8 * tp + 4 + (with_y ? 2 * tp * elements : 0);
    CHECK(size == want_size);
    CHECK(memcmp(bytes, "SHXG", 4) == 0);
    CHECK(u32_at(bytes + 4) == 1);
    CHECK(strcmp((const char *)bytes + 8, "golden_format_test") == 0);
    for (int i = 8 + 18; i < 264; ++i) CHECK(bytes[i] == 0); /* NUL padded */
    CHECK(u32_at(bytes + 264) == 64 && u32_at(bytes + 268) == 128);
    CHECK(u32_at(bytes + 272) == 2 && u32_at(bytes + 276) == 3);
    CHECK(u32_at(bytes + 280) == SHX_ACT_SITU);
    CHECK(u64_at(bytes + 284) == 0x4010000000000000ull); /* 4.0 */
    CHECK(u64_at(bytes + 292) == 0x4039000000000000ull); /* 25.0 */
    CHECK(u64_at(bytes + 300) == 0x0123456789ABCDEFull);
    CHECK(bytes[308] == (reduced[0] & 0xFF) && bytes[309] == (reduced[0] >> 8));
    const size_t hashes_at = header + 2 * elements;
    CHECK(u64_at(bytes + hashes_at) == hashes[0] && u64_at(bytes + hashes_at + 8) == hashes[1]);
    CHECK(u32_at(bytes + hashes_at + 8 * tp) == (uint32_t)with_y);
    if (with_y) /* the stored y_r bytes hash to the stored hash */
      CHECK(shx_fnv1a64_bf16((const uint16_t *)(bytes + hashes_at + 8 * tp + 4), elements) ==
            hashes[0]); /* little-endian host */

    /* Round trip. */
    shx_golden back;
    CHECK(shx_golden_read(path, &back, message, sizeof message) == 0);
    CHECK(strcmp(back.command, "golden_format_test") == 0);
    CHECK(back.problem.hidden == 64 && back.problem.inter_total == 128);
    CHECK(back.problem.tp == 2 && back.problem.batch == 3);
    CHECK(back.problem.activation == SHX_ACT_SITU);
    CHECK(back.problem.beta == 4.0 && back.problem.lambda == 25.0);
    CHECK(back.seed == 0x0123456789ABCDEFull);
    CHECK(memcmp(back.reduced, reduced, sizeof reduced) == 0);
    CHECK(memcmp(back.rank_hashes, hashes, sizeof hashes) == 0);
    if (with_y) {
      CHECK(back.y_ranks != NULL && memcmp(back.y_ranks, y_ranks, sizeof y_ranks) == 0);
    } else {
      CHECK(back.y_ranks == NULL);
    }
    shx_golden_free(&back);
    CHECK(back.reduced == NULL && back.y_ranks == NULL);

    /* Corruptions. */
    char bad[1100];
    temp_path(bad, sizeof bad, "bad.bin");
    unsigned char copy[1 << 16];
    memcpy(copy, bytes, size);
    copy[0] = 'X';
    write_all(bad, copy, size);
    expect_read_error(bad, "magic");
    memcpy(copy, bytes, size);
    copy[4] = 2;
    write_all(bad, copy, size);
    expect_read_error(bad, "version");
    write_all(bad, bytes, size - 1);
    expect_read_error(bad, with_y ? "truncated y_ranks" : "y_ranks flag");
    write_all(bad, bytes, hashes_at + 4);
    expect_read_error(bad, "truncated rank hashes");
    write_all(bad, bytes, header + 10);
    expect_read_error(bad, "truncated reduced");
    write_all(bad, bytes, 100);
    expect_read_error(bad, "truncated header");
    memcpy(copy, bytes, size);
    copy[size] = 0;
    write_all(bad, copy, size + 1);
    expect_read_error(bad, "trailing");
    memcpy(copy, bytes, size);
    copy[272] = 3; /* tp 3 does not divide H = 64 */
    write_all(bad, copy, size);
    expect_read_error(bad, "invalid problem");
  }
  char missing[1100];
  temp_path(missing, sizeof missing, "no_such_file.bin");
  expect_read_error(missing, "No such file");

  /* Write refuses what it cannot represent. */
  memset(golden.command, 'c', sizeof golden.command); /* no NUL */
  char path[1100];
  temp_path(path, sizeof path, "long.bin");
  CHECK(shx_golden_write(path, &golden, message, sizeof message) == -1);
  CHECK(strstr(message, "command") != NULL);

  /* The inputs are a pure function of (seed, tensor, global index). */
  uint16_t x9[9 * 64], x3[3 * 64];
  shx_fill_x(5, 9, 64, x9);
  shx_fill_x(5, 3, 64, x3);
  CHECK(memcmp(x9, x3, sizeof x3) == 0); /* a smaller batch is a prefix */
  shx_fill_x(6, 3, 64, x3);
  CHECK(memcmp(x9, x3, sizeof x3) != 0); /* the seed matters */
  /* Every element is the generator's at its global index: x row-major [batch, H]. */
  for (int i = 0; i < 9 * 64; ++i) CHECK(x9[i] == shx_input_element(5, SHX_TENSOR_X, i, 1.0));
  for (int i = 0; i < 9 * 64; ++i) CHECK(shx_bf16_value(x9[i]) >= -1.0 && shx_bf16_value(x9[i]) <= 1.0);

  /* Ranks slice one global model: TP2 rank 1 holds the second half of TP1's rank 0. */
  static uint16_t gu_tp1[2 * 128 * 64], gu_tp2[2 * 64 * 64];
  static uint16_t down_tp1[64 * 128], down_tp2[64 * 64];
  shx_fill_gate_up(5, 0, 128, 64, gu_tp1);
  shx_fill_gate_up(5, 1, 64, 64, gu_tp2);
  CHECK(memcmp(gu_tp2, gu_tp1 + 64 * 64, 64 * 64 * 2) == 0);                /* gate */
  CHECK(memcmp(gu_tp2 + 64 * 64, gu_tp1 + (128 + 64) * 64, 64 * 64 * 2) == 0); /* up */
  CHECK(memcmp(gu_tp1, gu_tp1 + 128 * 64, 128 * 64 * 2) != 0); /* gate != up */
  /* TP2 rank 1's gate and up rows are the generator's at global rows 64..127 (scale
   * 6 / sqrt(64) = 0.75), its down columns 64..127 of rows of I_total = 128 (scale
   * sqrt(3 / 128)). */
  for (int i = 0; i < 64 * 64; ++i) {
    CHECK(gu_tp2[i] == shx_input_element(5, SHX_TENSOR_GATE, 64 * 64 + i, 0.75));
    CHECK(gu_tp2[64 * 64 + i] == shx_input_element(5, SHX_TENSOR_UP, 64 * 64 + i, 0.75));
  }
  shx_fill_down(5, 0, 64, 128, 128, down_tp1);
  shx_fill_down(5, 1, 64, 64, 128, down_tp2);
  for (int n = 0; n < 64; ++n)
    CHECK(memcmp(down_tp2 + n * 64, down_tp1 + n * 128 + 64, 64 * 2) == 0);
  const double down_scale = sqrt(3.0 / 128);
  for (int n = 0; n < 64; ++n)
    for (int k = 0; k < 64; ++k)
      CHECK(down_tp2[n * 64 + k] ==
            shx_input_element(5, SHX_TENSOR_DOWN, (uint64_t)n * 128 + 64 + k, down_scale));
  /* Scales: |Wgu| <= 6 / sqrt(H) = 0.75, |Wd| <= sqrt(3 / I_total), spread out. */
  double max_gu = 0.0, max_down = 0.0, sum = 0.0;
  for (int i = 0; i < 2 * 128 * 64; ++i) {
    const double v = shx_bf16_value(gu_tp1[i]);
    max_gu = v > max_gu ? v : (-v > max_gu ? -v : max_gu);
    sum += v;
  }
  for (int i = 0; i < 64 * 128; ++i) {
    const double v = shx_bf16_value(down_tp1[i]);
    max_down = v > max_down ? v : (-v > max_down ? -v : max_down);
  }
  CHECK(max_gu <= 0.75 && max_gu > 0.74);
  CHECK(max_down <= shx_bf16_value(shx_bf16_round(sqrt(3.0 / 128))) && max_down > 0.15);
  CHECK(sum / (2 * 128 * 64) < 0.02 && sum / (2 * 128 * 64) > -0.02);
  printf("golden_format_test: OK\n");
  return 0;
}
