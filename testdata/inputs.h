/* inputs.h: deterministic test inputs, the same bits on every machine.
 *
 * Every element is a pure function of (seed, tensor, global index): the index-th output
 * of a splitmix64 generator whose state starts at stream = mix(seed ^ mix(tensor + 1)),
 *     bits = mix(stream + (index + 1) * 0x9E3779B97F4A7C15),
 *     mix(z): z ^= z >> 30; z *= 0xBF58476D1CE4E5B9; z ^= z >> 27;
 *             z *= 0x94D049BB133111EB; z ^= z >> 31,
 * made uniform in [-a, a) as a * (2 (bits >> 11) 2^-53 - 1) in FP64 and rounded to
 * BF16 (shx_bf16_round). The index is global over the whole model, not the rank's
 * slice: x is [B, H] (a smaller batch is a prefix of a larger one), Wg and Wu are
 * [I_total, H] each (rank r holds rows [r I, (r + 1) I)), Wd is [H, I_total] (rank r
 * holds columns [r I, (r + 1) I)). So TP8 and TP16 slice the same model.
 *
 * Scales: x in [-1, 1]; Wg, Wu in [-a, a], a = 6 / sqrt(H) (g and u have std 2);
 * Wd in [-b, b], b = sqrt(3 / I_total).
 */
#ifndef SHX_TESTDATA_INPUTS_H_
#define SHX_TESTDATA_INPUTS_H_

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Seed of the golden files. */
#define SHX_GOLDEN_SEED 20261130ull

/* Tensor ids of the generator streams. */
enum { SHX_TENSOR_X = 0, SHX_TENSOR_GATE = 1, SHX_TENSOR_UP = 2, SHX_TENSOR_DOWN = 3 };

/* x [batch, hidden], uniform in [-1, 1]. */
void shx_fill_x(uint64_t seed, int batch, int hidden, uint16_t *x);

/* Rank `rank`'s gate_up [2 inter, hidden]: rows [0, inter) are Wg rows
 * [rank inter, (rank + 1) inter), rows [inter, 2 inter) the same rows of Wu. */
void shx_fill_gate_up(uint64_t seed, int rank, int inter, int hidden, uint16_t *w);

/* Rank `rank`'s down [hidden, inter]: columns [rank inter, (rank + 1) inter) of
 * Wd [hidden, inter_total]. */
void shx_fill_down(uint64_t seed, int rank, int hidden, int inter, int inter_total,
                   uint16_t *w);

/* The raw generator: the BF16 value of element `index` of `tensor`, uniform in
 * [-scale, scale). The fill functions are loops over this (kept for tests). */
uint16_t shx_input_element(uint64_t seed, int tensor, uint64_t index, double scale);

#ifdef __cplusplus
}
#endif

#endif /* SHX_TESTDATA_INPUTS_H_ */
