/* golden.c: reads and writes golden files. See golden.h and testdata/README.md. */
#include "testdata/golden.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testdata/inputs.h"

static void set_message(char *message, size_t bytes, const char *format, ...) {
  if (message == NULL || bytes == 0) return;
  va_list args;
  va_start(args, format);
  vsnprintf(message, bytes, format, args);
  va_end(args);
}

void shx_golden_path(char *path, size_t bytes, const char *folder,
                     const shx_ref_problem *problem) {
  snprintf(path, bytes, "%s/%s_h%d_i%d_tp%d_b%d.bin", folder,
           problem->activation == SHX_ACT_SITU ? "situ" : "swiglu", problem->hidden,
           problem->inter_total, problem->tp, problem->batch);
}

uint64_t shx_fnv1a64_bf16(const uint16_t *values, size_t count) {
  uint64_t hash = 0xCBF29CE484222325ull;
  for (size_t i = 0; i < count; ++i) {
    hash = (hash ^ (values[i] & 0xFFu)) * 0x100000001B3ull;
    hash = (hash ^ (values[i] >> 8)) * 0x100000001B3ull;
  }
  return hash;
}

/* Little-endian scalar writes and reads. Each returns 0 or -1 (I/O error or EOF). */
static int put_bytes(FILE *file, const void *bytes, size_t count) {
  return fwrite(bytes, 1, count, file) == count ? 0 : -1;
}
static int put_u32(FILE *file, uint32_t value) {
  uint8_t b[4];
  for (int i = 0; i < 4; ++i) b[i] = (uint8_t)(value >> (8 * i));
  return put_bytes(file, b, 4);
}
static int put_u64(FILE *file, uint64_t value) {
  uint8_t b[8];
  for (int i = 0; i < 8; ++i) b[i] = (uint8_t)(value >> (8 * i));
  return put_bytes(file, b, 8);
}
static int put_f64(FILE *file, double value) {
  uint64_t bits;
  memcpy(&bits, &value, 8);
  return put_u64(file, bits);
}
static int put_bf16_array(FILE *file, const uint16_t *values, size_t count) {
  uint8_t chunk[4096];
  size_t done = 0;
  while (done < count) {
    size_t n = count - done < sizeof chunk / 2 ? count - done : sizeof chunk / 2;
    for (size_t i = 0; i < n; ++i) {
      chunk[2 * i] = (uint8_t)(values[done + i] & 0xFFu);
      chunk[2 * i + 1] = (uint8_t)(values[done + i] >> 8);
    }
    if (put_bytes(file, chunk, 2 * n) != 0) return -1;
    done += n;
  }
  return 0;
}

static int get_bytes(FILE *file, void *bytes, size_t count) {
  return fread(bytes, 1, count, file) == count ? 0 : -1;
}
static int get_u32(FILE *file, uint32_t *value) {
  uint8_t b[4];
  if (get_bytes(file, b, 4) != 0) return -1;
  *value = 0;
  for (int i = 0; i < 4; ++i) *value |= (uint32_t)b[i] << (8 * i);
  return 0;
}
static int get_u64(FILE *file, uint64_t *value) {
  uint8_t b[8];
  if (get_bytes(file, b, 8) != 0) return -1;
  *value = 0;
  for (int i = 0; i < 8; ++i) *value |= (uint64_t)b[i] << (8 * i);
  return 0;
}
static int get_f64(FILE *file, double *value) {
  uint64_t bits;
  if (get_u64(file, &bits) != 0) return -1;
  memcpy(value, &bits, 8);
  return 0;
}
static int get_bf16_array(FILE *file, uint16_t *values, size_t count) {
  uint8_t chunk[4096];
  size_t done = 0;
  while (done < count) {
    size_t n = count - done < sizeof chunk / 2 ? count - done : sizeof chunk / 2;
    if (get_bytes(file, chunk, 2 * n) != 0) return -1;
    for (size_t i = 0; i < n; ++i)
      values[done + i] = (uint16_t)(chunk[2 * i] | (chunk[2 * i + 1] << 8));
    done += n;
  }
  return 0;
}

int shx_golden_write(const char *path, const shx_golden *golden, char *message,
                     size_t message_bytes) {
  if (path == NULL || golden == NULL || golden->reduced == NULL ||
      golden->rank_hashes == NULL) {
    set_message(message, message_bytes, "golden write: null path, golden or array");
    return -1;
  }
  const shx_ref_problem *p = &golden->problem;
  if (shx_ref_problem_check(p) != 0) {
    set_message(message, message_bytes, "golden write %s: invalid problem", path);
    return -1;
  }
  char command[SHX_GOLDEN_COMMAND_BYTES] = {0};
  const char *end = memchr(golden->command, '\0', SHX_GOLDEN_COMMAND_BYTES);
  if (end == NULL) {
    set_message(message, message_bytes, "golden write %s: command longer than %d bytes",
                path, SHX_GOLDEN_COMMAND_BYTES - 1);
    return -1;
  }
  memcpy(command, golden->command, (size_t)(end - golden->command));

  FILE *file = fopen(path, "wb");
  if (file == NULL) {
    set_message(message, message_bytes, "golden write %s: %s", path, strerror(errno));
    return -1;
  }
  const size_t elements = (size_t)p->batch * (size_t)p->hidden;
  int failed = 0;
  failed |= put_bytes(file, SHX_GOLDEN_MAGIC, 4);
  failed |= put_u32(file, SHX_GOLDEN_VERSION);
  failed |= put_bytes(file, command, sizeof command);
  failed |= put_u32(file, (uint32_t)p->hidden);
  failed |= put_u32(file, (uint32_t)p->inter_total);
  failed |= put_u32(file, (uint32_t)p->tp);
  failed |= put_u32(file, (uint32_t)p->batch);
  failed |= put_u32(file, (uint32_t)p->activation);
  failed |= put_f64(file, p->beta);
  failed |= put_f64(file, p->lambda);
  failed |= put_u64(file, golden->seed);
  failed |= put_bf16_array(file, golden->reduced, elements);
  for (int r = 0; r < p->tp; ++r) failed |= put_u64(file, golden->rank_hashes[r]);
  failed |= put_u32(file, golden->y_ranks != NULL ? 1u : 0u);
  if (golden->y_ranks != NULL)
    failed |= put_bf16_array(file, golden->y_ranks, (size_t)p->tp * elements);
  if (fclose(file) != 0) failed = -1;
  if (failed) {
    set_message(message, message_bytes, "golden write %s: I/O error", path);
    return -1;
  }
  return 0;
}

int shx_golden_read(const char *path, shx_golden *golden, char *message,
                    size_t message_bytes) {
  if (path == NULL || golden == NULL) {
    set_message(message, message_bytes, "golden read: null path or golden");
    return -1;
  }
  memset(golden, 0, sizeof *golden);
  FILE *file = fopen(path, "rb");
  if (file == NULL) {
    set_message(message, message_bytes, "golden read %s: %s", path, strerror(errno));
    return -1;
  }
  const char *error = NULL;
  char magic[4];
  uint32_t version = 0, hidden = 0, inter_total = 0, tp = 0, batch = 0, act = 0;
  uint32_t has_y_ranks = 0;
  if (get_bytes(file, magic, 4) != 0 || memcmp(magic, SHX_GOLDEN_MAGIC, 4) != 0) {
    error = "bad magic (not a golden file)";
    goto fail;
  }
  if (get_u32(file, &version) != 0 || version != SHX_GOLDEN_VERSION) {
    error = "unsupported version";
    goto fail;
  }
  if (get_bytes(file, golden->command, SHX_GOLDEN_COMMAND_BYTES) != 0 ||
      get_u32(file, &hidden) != 0 || get_u32(file, &inter_total) != 0 ||
      get_u32(file, &tp) != 0 || get_u32(file, &batch) != 0 ||
      get_u32(file, &act) != 0 || get_f64(file, &golden->problem.beta) != 0 ||
      get_f64(file, &golden->problem.lambda) != 0 || get_u64(file, &golden->seed) != 0) {
    error = "truncated header";
    goto fail;
  }
  golden->command[SHX_GOLDEN_COMMAND_BYTES - 1] = '\0';
  /* Bounds keep the allocations sane for a corrupt header. */
  if (hidden == 0 || hidden > (1u << 20) || inter_total == 0 || inter_total > (1u << 20) ||
      tp == 0 || tp > 1024 || batch == 0 || batch > (1u << 16)) {
    error = "problem dims out of range";
    goto fail;
  }
  golden->problem.hidden = (int)hidden;
  golden->problem.inter_total = (int)inter_total;
  golden->problem.tp = (int)tp;
  golden->problem.batch = (int)batch;
  golden->problem.activation = (shx_activation)act;
  if (shx_ref_problem_check(&golden->problem) != 0) {
    error = "invalid problem";
    goto fail;
  }
  const size_t elements = (size_t)batch * hidden;
  golden->reduced = malloc(elements * sizeof(uint16_t));
  golden->rank_hashes = malloc(tp * sizeof(uint64_t));
  if (golden->reduced == NULL || golden->rank_hashes == NULL) {
    error = "out of memory";
    goto fail;
  }
  if (get_bf16_array(file, golden->reduced, elements) != 0) {
    error = "truncated reduced output";
    goto fail;
  }
  for (uint32_t r = 0; r < tp; ++r) {
    if (get_u64(file, &golden->rank_hashes[r]) != 0) {
      error = "truncated rank hashes";
      goto fail;
    }
  }
  if (get_u32(file, &has_y_ranks) != 0 || has_y_ranks > 1) {
    error = "missing or bad y_ranks flag";
    goto fail;
  }
  if (has_y_ranks) {
    golden->y_ranks = malloc(tp * elements * sizeof(uint16_t));
    if (golden->y_ranks == NULL) {
      error = "out of memory";
      goto fail;
    }
    if (get_bf16_array(file, golden->y_ranks, tp * elements) != 0) {
      error = "truncated y_ranks";
      goto fail;
    }
  }
  if (fgetc(file) != EOF) {
    error = "trailing bytes";
    goto fail;
  }
  fclose(file);
  return 0;

fail:
  set_message(message, message_bytes, "golden read %s: %s", path, error);
  fclose(file);
  shx_golden_free(golden);
  return -1;
}

void shx_golden_free(shx_golden *golden) {
  if (golden == NULL) return;
  free(golden->reduced);
  free(golden->rank_hashes);
  free(golden->y_ranks);
  memset(golden, 0, sizeof *golden);
}

int shx_golden_compute(const shx_ref_problem *problem, uint64_t seed, uint16_t *y_ranks,
                       uint16_t *reduced, char *message, size_t message_bytes) {
  if (shx_ref_problem_check(problem) != 0 || y_ranks == NULL || reduced == NULL) {
    set_message(message, message_bytes, "golden compute: invalid problem or null output");
    return -1;
  }
  const int hidden = problem->hidden, tp = problem->tp, batch = problem->batch;
  const int inter = problem->inter_total / tp;
  const size_t elements = (size_t)batch * (size_t)hidden;
  uint16_t *x = malloc(elements * sizeof(uint16_t));
  uint16_t *gate_up = malloc((size_t)2 * inter * hidden * sizeof(uint16_t));
  uint16_t *down = malloc((size_t)hidden * inter * sizeof(uint16_t));
  const uint16_t **ranks = malloc((size_t)tp * sizeof(uint16_t *));
  int result = -1;
  if (x == NULL || gate_up == NULL || down == NULL || ranks == NULL) {
    set_message(message, message_bytes, "golden compute: out of memory");
    goto cleanup;
  }
  shx_fill_x(seed, batch, hidden, x);
  for (int r = 0; r < tp; ++r) {
    shx_fill_gate_up(seed, r, inter, hidden, gate_up);
    shx_fill_down(seed, r, hidden, inter, problem->inter_total, down);
    if (shx_ref_rank(problem, r, x, gate_up, down, y_ranks + (size_t)r * elements) != 0) {
      set_message(message, message_bytes, "golden compute: shx_ref_rank failed, rank %d", r);
      goto cleanup;
    }
    ranks[r] = y_ranks + (size_t)r * elements;
  }
  shx_ref_reduce_all(problem, ranks, reduced);
  result = 0;

cleanup:
  free(x);
  free(gate_up);
  free(down);
  free(ranks);
  return result;
}
