/* policy.h: the `auto` variant's table: batch ranges -> variant, per tp. Written by
 * perf/bench (perf/policy.txt), read at shx_create. Text, one rule a line:
 *     # comment
 *     tp first_batch last_batch variant      (variant: fused | split | baseline)
 * tp is 1, 2, 4, 8 or 16; 1 <= first_batch <= last_batch <= SHX_MAX_CAPACITY; a fused or
 * split rule starts at a batch those kernels serve (<= SHX_FUSED_MAX_N; past it auto runs
 * the baseline); the ranges of one tp do not overlap. The rule whose tp and range hold
 * decides; no rule: baseline. */
#ifndef SHX_ENGINE_POLICY_H_
#define SHX_ENGINE_POLICY_H_

#include "shared_expert.h"

/* perf/bench writes at most one rule a (tp, batch) row it measures: 5 tps x 14 batches. */
#define SHX_POLICY_MAX_RULES 128

typedef struct shx_policy_rule {
  int tp, first_batch, last_batch;
  shx_variant variant;
  int line; /* of the text it was parsed from (the built-in table's too) */
} shx_policy_rule;

typedef struct shx_policy {
  int count;
  shx_policy_rule rules[SHX_POLICY_MAX_RULES];
} shx_policy;

/* The built-in table (used when no path is given). */
void shx_policy_default(shx_policy *policy);
/* Parses `text`; fails naming the line that does not parse or breaks a rule above (and,
 * for an overlap, the earlier line). */
shx_status shx_policy_parse(const char *text, shx_policy *policy);
/* Reads and parses a file. */
shx_status shx_policy_load(const char *path, shx_policy *policy);
shx_variant shx_policy_choose(const shx_policy *policy, int tp, int batch);

#endif /* SHX_ENGINE_POLICY_H_ */
