/* dims.h: model dims by name, for the benchmark, the step profiler and the tests (C, no
 * CUDA: perf/dims_test checks it on the CPU). */
#ifndef SHX_PERF_DIMS_H_
#define SHX_PERF_DIMS_H_

#include "shared_expert.h"

/* The DeepSeek-V3 / Kimi-K2 shared expert (H 7168, I_total 2048, SwiGLU), the second
 * model shape the benchmark and profile_step measure (bench --dims deepseek,
 * SHX_DIMS=deepseek); the rest of `config` is kept. */
static inline void shx_use_deepseek_dims(shx_config *config) {
  config->hidden = 7168;
  config->intermediate_total = 2048;
  config->activation = SHX_ACT_SWIGLU;
}

/* Model dims by name, as bench --dims, profile_step's SHX_DIMS and dims_gpu_test take them:
 * "design" (SHX_CONFIG_INIT's H 7168, I_total 6144, SiTU), "deepseek"
 * (shx_use_deepseek_dims) or "H,I_TOTAL[,swiglu | situ]" (another model's shared expert,
 * SwiGLU unless named). Returns 1 with config's hidden, intermediate_total and activation
 * set, or 0 (config untouched) where `text` is none of these; whether a tp takes the dims
 * is shx_create's check. */
int shx_set_dims(shx_config *config, const char *text);

#endif /* SHX_PERF_DIMS_H_ */
