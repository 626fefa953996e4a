/* golden.h: the golden file format (see testdata/README.md for the byte layout).
 *
 * A golden file holds one problem, the seed of its inputs (testdata/inputs.h), the
 * reduced output [B, H] of the CPU reference (ops/reference.h), a FNV-1a 64 hash of
 * every rank's y_r and, optionally, every y_r in full. Little-endian, written field by
 * field. Library code: no exit, errors come back as -1 with a message.
 */
#ifndef SHX_TESTDATA_GOLDEN_H_
#define SHX_TESTDATA_GOLDEN_H_

#include <stddef.h>
#include <stdint.h>

#include "ops/reference.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SHX_GOLDEN_MAGIC "SHXG"
#define SHX_GOLDEN_VERSION 1u
#define SHX_GOLDEN_COMMAND_BYTES 256

typedef struct shx_golden {
  char command[SHX_GOLDEN_COMMAND_BYTES]; /* regenerates the file; NUL-terminated */
  shx_ref_problem problem;
  uint64_t seed;        /* of testdata/inputs.h */
  uint16_t *reduced;    /* [batch][hidden] BF16: y summed over ranks, all shards */
  uint64_t *rank_hashes;/* [tp]: shx_fnv1a64_bf16 of rank r's y_r [batch][hidden] */
  uint16_t *y_ranks;    /* [tp][batch][hidden] BF16, or NULL when not stored */
} shx_golden;

/* The path of `problem`'s golden file in `folder`:
 * FOLDER/{situ,swiglu}_h<H>_i<I_total>_tp<T>_b<B>.bin (make_golden writes these names). */
void shx_golden_path(char *path, size_t bytes, const char *folder,
                     const shx_ref_problem *problem);

/* FNV-1a 64 over the little-endian bytes of `count` BF16 values. */
uint64_t shx_fnv1a64_bf16(const uint16_t *values, size_t count);

/* Writes `golden` to `path` (y_ranks may be NULL). 0, or -1 with a message. */
int shx_golden_write(const char *path, const shx_golden *golden, char *message,
                     size_t message_bytes);

/* Reads `path` into *golden, allocating its arrays (free with shx_golden_free).
 * 0, or -1 with a message (then *golden holds no allocation). */
int shx_golden_read(const char *path, shx_golden *golden, char *message,
                    size_t message_bytes);

/* Computes a golden's content from the problem and seed: the inputs of
 * testdata/inputs.h, shx_ref_rank for every rank into y_ranks [tp][batch][hidden],
 * shx_ref_reduce_all into reduced [batch][hidden]. 0, or -1 with a message. */
int shx_golden_compute(const shx_ref_problem *problem, uint64_t seed, uint16_t *y_ranks,
                       uint16_t *reduced, char *message, size_t message_bytes);

/* Frees the arrays of a golden read by shx_golden_read; the struct is zeroed. */
void shx_golden_free(shx_golden *golden);

#ifdef __cplusplus
}
#endif

#endif /* SHX_TESTDATA_GOLDEN_H_ */
