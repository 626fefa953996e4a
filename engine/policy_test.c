/* policy_test.c: the `auto` table parses, chooses by tp and range, and refuses
 * malformed lines naming them. */
#define _POSIX_C_SOURCE 200809L /* mkfifo */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

  CHECK(shx_policy_parse("  \n\t# only a comment\n\n", &policy) == SHX_SUCCESS);
  CHECK(policy.count == 0);
  CHECK(shx_policy_parse("8 1 1024 split\r\n", &policy) == SHX_SUCCESS);
  CHECK(policy.count == 1 && policy.rules[0].last_batch == 1024);
  /* Each refusal names its line, and a line that is not a rule is shown as it is. A
   * bound out of int's range is refused as such, not wrapped (sscanf's %d made 2^32 + 1
   * a 1, a valid rule), and so is a number run into the next word. A rule's meaning:
   * each refusal names the bad field (and an overlap the earlier line). */
  const struct { const char *text, *named; } refused[] = {
      {"8 9 64 fused\n8 9 fast\n", "policy line 2 \"8 9 fast\" is not"},
      {"8 9 4 fused\n", "policy line 1 \"8 9 4 fused\" is not"},
      {"fused 8 1 64\n", "policy line 1 \"fused 8 1 64\" is not"},
      {"8 1 64 fused\nhello\n", "policy line 2 \"hello\" is not"},
      {"8 9 64 fused extra\n", "policy line 1 \"8 9 64 fused extra\" is not"},
      {"8 1 4294967297 fused\n", "policy line 1 \"8 1 4294967297 fused\" is not"},
      {"8 4294967297 4294967298 fused\n", "line 1 \"8 4294967297 4294967298 fused\" is not"},
      {"8 1 99999999999999999999 fused\n", "line 1 \"8 1 99999999999999999999 fused\" is"},
      {"8 1 64fused\n", "policy line 1 \"8 1 64fused\" is not"},
      {"8 1 2147483647 split\n", "line 1: last_batch 2147483647 is over the largest"},
      {"8 1 64 fused\n8 1 1025 baseline\n", "line 2: last_batch 1025"},
      {"8 0 64 fused\n", "policy line 1 \"8 0 64 fused\""},
      {"0 1 64 fused\n", "line 1: tp 0 is not"},
      {"8 1 64 fused\n3 1 64 fused\n", "line 2: tp 3 is not"},
      {"8 1 64 fused\n32 1 64 split\n", "line 2: tp 32 is not"},
      {"8 129 256 fused\n", "line 1: a fused rule from batch 129 never applies"},
      {"# bench\n16 200 300 split\n", "line 2: a split rule from batch 200"},
      {"8 1 128 fused\n16 1 8 split\n\n8 64 64 baseline\n",
       "line 4: tp 8 batches 64..64 overlap line 1's 1..128"},
      {"8 9 16 fused\n8 1 9 split\n", "line 2: tp 8 batches 1..9 overlap line 1's 9..16"},
      {"8 1 64 fused\n\f\n", "policy line 2 \"\\x0c\" is not"}, /* shown, not blank */
      {"8 1 64\x01" "fused\n", "\"8 1 64\\x01fused\""},
  };
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; ++i) {
    CHECK(shx_policy_parse(refused[i].text, &policy) == SHX_INVALID_ARGUMENT);
    if (strstr(shx_last_error(), refused[i].named) == NULL) {
      fprintf(stderr, "\"%s\": \"%s\" does not name \"%s\"\n", refused[i].text,
              shx_last_error(), refused[i].named);
      return 1;
    }
  }
  /* Taken: a baseline rule past the fused kernels' batches, a fused one that reaches
   * past them (auto runs the baseline there), adjacent ranges, other tps' ranges alike. */
  CHECK(shx_policy_parse("8 1 8 split\n8 9 1024 fused\n16 129 1024 baseline\n"
                         "16 1 128 fused\n4 1 128 fused\n",
                         &policy) == SHX_SUCCESS);
  CHECK(policy.count == 5 && policy.rules[4].line == 5);
  /* The most rules: one a batch at each tp (perf/bench writes at most 5 x 14). */
  {
    static char many[SHX_POLICY_MAX_RULES * 24 + 64];
    size_t used = 0;
    for (int r = 0; r <= SHX_POLICY_MAX_RULES; ++r)
      used += (size_t)snprintf(many + used, sizeof many - used, "%d %d %d fused\n",
                               r < 128 ? 8 : 16, r % 128 + 1, r % 128 + 1);
    CHECK(used < sizeof many);
    CHECK(shx_policy_parse(many, &policy) == SHX_INVALID_ARGUMENT);
    CHECK(strstr(shx_last_error(), "line 129: more than 128 rules") != NULL);
    many[used - strlen("16 1 1 fused\n")] = '\0'; /* the last rule dropped */
    CHECK(shx_policy_parse(many, &policy) == SHX_SUCCESS);
    CHECK(policy.count == SHX_POLICY_MAX_RULES);
  }
  /* A comment of any length; a rule of 256 bytes or more is refused naming its line. */
  {
    static char text[1024];
    memset(text, 'x', sizeof text);
    memcpy(text, "8 1 128 fused  #", 16);
    text[600] = '\n';
    memcpy(text + 601, "16 1 128 fused\n", 16);
    CHECK(shx_policy_parse(text, &policy) == SHX_SUCCESS && policy.count == 2);
    memset(text, ' ', 300);
    memcpy(text + 300, "8 1 128 fused\n", 15);
    CHECK(shx_policy_parse(text, &policy) == SHX_INVALID_ARGUMENT);
    CHECK(strstr(shx_last_error(), "line 1 is too long") != NULL);
  }
  CHECK(shx_policy_load("/nonexistent/policy.txt", &policy) == SHX_INVALID_ARGUMENT);
  CHECK(strstr(shx_last_error(), "/nonexistent/policy.txt") != NULL);
  /* A file of exactly the 8191 bytes read is whole; one byte more is refused as too
   * long, a directory as no regular file. */
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
  CHECK(strstr(shx_last_error(), "not a regular file") != NULL);
  { /* A FIFO with no writer: refused at once (a blocking open would wait for a writer,
     * and this test would hang until Bazel's timeout). */
    CHECK(mkfifo(path, 0600) == 0);
    CHECK(shx_policy_load(path, &policy) == SHX_INVALID_ARGUMENT);
    CHECK(strstr(shx_last_error(), "not a regular file") != NULL);
    CHECK(remove(path) == 0);
  }
  /* The built-in table is the benchmark's: perf/policy.txt (a data dependency). */
  shx_policy measured, builtin;
  CHECK(shx_policy_load("perf/policy.txt", &measured) == SHX_SUCCESS);
  shx_policy_default(&builtin);
  CHECK(measured.count == builtin.count);
  for (int i = 0; i < builtin.count; ++i) { /* the same rules (from other lines) */
    const shx_policy_rule *m = &measured.rules[i], *b = &builtin.rules[i];
    CHECK(m->tp == b->tp && m->first_batch == b->first_batch &&
          m->last_batch == b->last_batch && m->variant == b->variant);
  }
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
