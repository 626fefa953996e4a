/* policy_test.c: the `auto` table parses, chooses by tp and range, and refuses
 * malformed lines naming them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"
#include "engine/policy.h"

int main(void) {
  /* The built-in table (its rows are measured: perf/policy.txt, compared at the end):
   * each rule chooses its variant at both ends of its range; tp 4, 8 and 16 have a rule
   * for every batch the fused and split kernels serve (1..128); past that, and at a tp
   * without rules, the baseline. */
  shx_policy policy;
  shx_policy_default(&policy);
  CHECK(policy.count > 0);
  for (int i = 0; i < policy.count; ++i) {
    const shx_policy_rule *rule = &policy.rules[i];
    CHECK(shx_policy_choose(&policy, rule->tp, rule->first_batch) == rule->variant);
    CHECK(shx_policy_choose(&policy, rule->tp, rule->last_batch) == rule->variant);
  }
  const int measured_tps[] = {4, 8, 16};
  for (int t = 0; t < 3; ++t) {
    for (int batch = 1; batch <= 128; ++batch) {
      int covered = 0;
      for (int i = 0; i < policy.count; ++i)
        covered += policy.rules[i].tp == measured_tps[t] &&
                   policy.rules[i].first_batch <= batch && batch <= policy.rules[i].last_batch;
      CHECK(covered == 1); /* one rule, no overlap */
    }
    CHECK(shx_policy_choose(&policy, measured_tps[t], 129) == SHX_VARIANT_BASELINE);
  }
  CHECK(shx_policy_choose(&policy, 2, 9) == SHX_VARIANT_BASELINE); /* no rows: baseline */
  CHECK(shx_policy_choose(&policy, 1, 9) == SHX_VARIANT_BASELINE);

  CHECK(shx_policy_parse("# written by perf/bench\n"
                         "8 1 8 split   # small batches\n"
                         "\n"
                         "8 9 64 fused\n"
                         "16 1 1024 baseline\n",
                         &policy) == SHX_SUCCESS);
  CHECK(policy.count == 3);
  CHECK(shx_policy_choose(&policy, 8, 4) == SHX_VARIANT_SPLIT);
  CHECK(shx_policy_choose(&policy, 8, 64) == SHX_VARIANT_FUSED);
  CHECK(shx_policy_choose(&policy, 8, 65) == SHX_VARIANT_BASELINE);
  CHECK(shx_policy_choose(&policy, 16, 9) == SHX_VARIANT_BASELINE);
  CHECK(shx_policy_choose(&policy, 4, 9) == SHX_VARIANT_BASELINE);

  CHECK(shx_policy_parse("8 9 64 fused\n8 9 fast\n", &policy) == SHX_INVALID_ARGUMENT);
  CHECK(strstr(shx_last_error(), "line 2") != NULL);
  CHECK(shx_policy_parse("8 9 4 fused\n", &policy) == SHX_INVALID_ARGUMENT);
  CHECK(shx_policy_parse("fused 8 1 64\n", &policy) == SHX_INVALID_ARGUMENT);
  CHECK(shx_policy_parse("8 1 64 fused\nhello\n", &policy) == SHX_INVALID_ARGUMENT);
  CHECK(strstr(shx_last_error(), "line 2") != NULL);
  CHECK(shx_policy_parse("  \n\t# only a comment\n\n", &policy) == SHX_SUCCESS);
  CHECK(policy.count == 0);
  CHECK(shx_policy_parse("8 9 64 fused extra\n", &policy) == SHX_INVALID_ARGUMENT);
  /* A bound out of int's range is refused, not wrapped (sscanf's %d made 2^32 + 1 a 1),
   * and so is a number run into the next word. */
  CHECK(shx_policy_parse("8 1 4294967297 fused\n", &policy) == SHX_INVALID_ARGUMENT);
  CHECK(shx_policy_parse("8 4294967297 4294967298 fused\n", &policy) == SHX_INVALID_ARGUMENT);
  CHECK(shx_policy_parse("8 1 99999999999999999999 fused\n", &policy) == SHX_INVALID_ARGUMENT);
  CHECK(shx_policy_parse("8 1 64fused\n", &policy) == SHX_INVALID_ARGUMENT);
  CHECK(shx_policy_parse("8 1 2147483647 split\r\n", &policy) == SHX_SUCCESS);
  CHECK(policy.count == 1 && policy.rules[0].last_batch == 2147483647);
  CHECK(shx_policy_load("/nonexistent/policy.txt", &policy) == SHX_INVALID_ARGUMENT);
  CHECK(strstr(shx_last_error(), "/nonexistent/policy.txt") != NULL);
  /* A file of exactly the 8191 bytes read is whole; one byte more is refused as too
   * long, a directory as unreadable. */
  const char *tmp = getenv("TEST_TMPDIR") != NULL ? getenv("TEST_TMPDIR") : "/tmp";
  char path[512];
  snprintf(path, sizeof path, "%s/policy_test_load.txt", tmp); /* Bazel: the test's own */
  for (int bytes = 8191; bytes <= 8192; ++bytes) {
    FILE *file = fopen(path, "wb");
    CHECK(file != NULL);
    const char *rule = "8 1 128 split\n";
    fputs(rule, file);
    for (int i = (int)strlen(rule), j = 0; i < bytes; ++i, ++j) /* comments of 64 bytes */
      fputc(i == bytes - 1 || j % 64 == 63 ? '\n' : (j % 64 == 0 ? '#' : 'x'), file);
    CHECK(fclose(file) == 0);
    const shx_status status = shx_policy_load(path, &policy);
    if (bytes == 8191) {
      CHECK(status == SHX_SUCCESS && policy.count == 1);
      CHECK(shx_policy_choose(&policy, 8, 128) == SHX_VARIANT_SPLIT);
    } else {
      CHECK(status == SHX_INVALID_ARGUMENT && strstr(shx_last_error(), "over 8191") != NULL);
    }
  }
  { /* A NUL byte would hide the rules after it: the file is refused. */
    FILE *file = fopen(path, "wb");
    CHECK(file != NULL);
    fputs("8 1 128 split\n", file);
    fputc('\0', file);
    fputs("\n16 1 128 split\n", file);
    CHECK(fclose(file) == 0);
    CHECK(shx_policy_load(path, &policy) == SHX_INVALID_ARGUMENT);
    CHECK(strstr(shx_last_error(), "NUL") != NULL);
  }
  CHECK(remove(path) == 0);
  CHECK(shx_policy_load(tmp, &policy) == SHX_INVALID_ARGUMENT);
  CHECK(strstr(shx_last_error(), "cannot be read") != NULL);
  /* The built-in table is the benchmark's: perf/policy.txt (a data dependency). */
  shx_policy measured, builtin;
  CHECK(shx_policy_load("perf/policy.txt", &measured) == SHX_SUCCESS);
  shx_policy_default(&builtin);
  CHECK(measured.count == builtin.count);
  CHECK(memcmp(measured.rules, builtin.rules, sizeof(shx_policy_rule) * builtin.count) == 0);
  /* The table shipped for the DeepSeek-V3 dims loads, and covers both measured tps. */
  shx_policy deepseek;
  CHECK(shx_policy_load("perf/policy_deepseek.txt", &deepseek) == SHX_SUCCESS);
  int tp8_rules = 0, tp16_rules = 0;
  for (int i = 0; i < deepseek.count; ++i) {
    tp8_rules += deepseek.rules[i].tp == 8;
    tp16_rules += deepseek.rules[i].tp == 16;
  }
  CHECK(tp8_rules > 0 && tp16_rules > 0);
  printf("policy_test: ok\n");
  return 0;
}
