/* inputs.c: deterministic seeded inputs (splitmix64, counter-based). See inputs.h. */
#include "testdata/inputs.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#include "ops/reference.h"

static const uint64_t kGamma = 0x9E3779B97F4A7C15ull;

static inline uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static inline uint64_t stream_of(uint64_t seed, int tensor) {
  return mix64(seed ^ mix64((uint64_t)tensor + 1));
}

/* shx_bf16_round, inlined for values whose BF16 rounding stays a normal number (all
 * but exact zeros here); anything else takes the full routine. Same bits. */
static inline uint16_t bf16_round_fast(double value) {
  uint64_t bits;
  memcpy(&bits, &value, sizeof bits);
  const uint64_t biased = (bits >> 52) & 0x7FF;
  if (biased < 1023 - 126 || biased > 1023 + 126) return shx_bf16_round(value);
  const uint64_t rounded = bits + 0x00000FFFFFFFFFFFull + ((bits >> 45) & 1);
  const uint16_t sign = (uint16_t)((rounded >> 48) & 0x8000u);
  const uint64_t exponent = ((rounded >> 52) & 0x7FF) - (1023 - 127);
  return (uint16_t)(sign | (exponent << 7) | ((rounded >> 45) & 0x7F));
}

static inline uint16_t element(uint64_t stream, uint64_t index, double scale) {
  const uint64_t bits = mix64(stream + (index + 1) * kGamma);
  const double unit = (double)(int64_t)(bits >> 11) * 0x1.0p-53; /* [0, 1), exact */
  return bf16_round_fast(scale * (2.0 * unit - 1.0));
}

uint16_t shx_input_element(uint64_t seed, int tensor, uint64_t index, double scale) {
  return element(stream_of(seed, tensor), index, scale);
}

void shx_fill_x(uint64_t seed, int batch, int hidden, uint16_t *x) {
  const uint64_t stream = stream_of(seed, SHX_TENSOR_X);
  const size_t count = (size_t)batch * (size_t)hidden;
  for (size_t i = 0; i < count; ++i) x[i] = element(stream, i, 1.0);
}

void shx_fill_gate_up(uint64_t seed, int rank, int inter, int hidden, uint16_t *w) {
  const double scale = 6.0 / sqrt((double)hidden);
  const size_t rows = (size_t)inter * (size_t)hidden;  /* elements of one half */
  const size_t first = (size_t)rank * rows;             /* global row rank*inter */
  const uint64_t gate = stream_of(seed, SHX_TENSOR_GATE);
  const uint64_t up = stream_of(seed, SHX_TENSOR_UP);
  for (size_t i = 0; i < rows; ++i) w[i] = element(gate, first + i, scale);
  for (size_t i = 0; i < rows; ++i) w[rows + i] = element(up, first + i, scale);
}

void shx_fill_down(uint64_t seed, int rank, int hidden, int inter, int inter_total,
                   uint16_t *w) {
  const double scale = sqrt(3.0 / (double)inter_total);
  const uint64_t down = stream_of(seed, SHX_TENSOR_DOWN);
  for (int n = 0; n < hidden; ++n) {
    const uint64_t first = (uint64_t)n * (uint64_t)inter_total + (uint64_t)rank * inter;
    uint16_t *row = w + (size_t)n * (size_t)inter;
    for (int k = 0; k < inter; ++k) row[k] = element(down, first + (uint64_t)k, scale);
  }
}
