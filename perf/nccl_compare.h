/* nccl_compare.h: what engines do today against the push, on the same chain.
 *
 * One rank per GPU (NCCL allows no more), tp = gpus: the baseline chain (cuBLASLt gate/up,
 * activation, cuBLASLt down) followed by (a) ncclReduceScatter of y over the ranks, or
 * (b) this project's push into the owners' mailboxes and the tail that sums them. Each
 * step is one graph per GPU, launched step after step; per-step time from events on
 * GPU 0 over `steps` steps after warm-up. */
#ifndef SHX_PERF_NCCL_COMPARE_H_
#define SHX_PERF_NCCL_COMPARE_H_

#include "shared_expert.h"

typedef struct shx_nccl_comparison {
  double nccl_us; /* chain + ncclReduceScatter, per step */
  double push_us; /* chain + push + tail, per step */
} shx_nccl_comparison;

shx_status shx_compare_nccl(int gpus, int batch, int steps, shx_nccl_comparison *result);

#endif /* SHX_PERF_NCCL_COMPARE_H_ */
