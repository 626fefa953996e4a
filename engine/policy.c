/* policy.c: see policy.h. */
#define _POSIX_C_SOURCE 200809L /* open, fstat, fdopen */
#include "engine/policy.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/status.h"
#include "engine/validate.h" /* SHX_MAX_CAPACITY, shx_tp_supported */
#include "ops/fused.h"       /* SHX_FUSED_MAX_N */

/* perf/policy.txt as perf/bench wrote it from the runs recorded in perf/RESULTS.md, all at
 * the design dims. TP8 and TP16 (2026-11-30, run 32 call 5): the fused kernel won
 * repeatably at every batch of both tps, at TP8 B=96 by 2% (20.65 against the baseline's
 * 21.10 us; runs 15-31 had the baseline at TP8 B 65..96, decided at B=96 within 0.1%;
 * B 65..95 are not measured); the split variant, alone on the GPU, nowhere. TP4
 * (2026-12-04, run 83 call 3, `bench --dims 7168,6144,situ --tps 4 --repeat 2
 * --table-only`, then `bench --from-csv` on its CSV, perf/bench_tp4.csv): fused at every
 * batch, 1.05x the baseline at B=128 to 1.34x at B=16. At other tps (1, 2: no fused
 * geometry at the design dims) the baseline. At other dims the rows are advice measured
 * elsewhere (at H 2048, I_total 5632, TP4 the fused step lost at B = 64 and 128 and was
 * within 2% at B = 56..96, run 83 call 3): `bench --dims H,I_TOTAL --tps ...` writes an
 * engine's own table, for policy_path. */
static const char kDefaultPolicy[] =
    "8 1 128 fused\n"
    "16 1 128 fused\n"
    "4 1 128 fused\n";

void shx_policy_default(shx_policy *policy) {
  shx_status status = shx_policy_parse(kDefaultPolicy, policy);
  (void)status; /* the built-in text parses; policy_test checks it */
}

static int variant_named(const char *name, shx_variant *variant) {
  if (strcmp(name, "fused") == 0) *variant = SHX_VARIANT_FUSED;
  else if (strcmp(name, "split") == 0) *variant = SHX_VARIANT_SPLIT;
  else if (strcmp(name, "baseline") == 0) *variant = SHX_VARIANT_BASELINE;
  else return 0;
  return 1;
}

/* What separates a rule's fields (a \r of a CRLF file's line end included). */
static const char kBlanks[] = " \t\r";

/* One decimal int at *cursor after blanks, ended by a blank or the line's end; moves the
 * cursor past it. sscanf's %d is undefined on a number out of int's range (glibc wraps
 * 4294967297 to 1), so a rule's bounds are read here with strtol and its range check. */
static int read_int(char **cursor, int *value) {
  char *start = *cursor + strspn(*cursor, kBlanks), *end = NULL;
  if (*start == '\0') return 0;
  errno = 0;
  const long parsed = strtol(start, &end, 10);
  if (end == start || errno == ERANGE || parsed < INT_MIN || parsed > INT_MAX ||
      (*end != '\0' && strchr(kBlanks, *end) == NULL))
    return 0;
  *value = (int)parsed;
  *cursor = end;
  return 1;
}

/* `line` for a message: control characters as \xHH (a form feed or a stray byte would
 * otherwise print as nothing), cut to fit `out`. */
static const char *printable(const char *line, char *out, size_t size) {
  size_t used = 0;
  for (const unsigned char *c = (const unsigned char *)line; *c != '\0'; ++c) {
    const int control = *c < 0x20 || *c == 0x7f;
    if (used + (control ? 4 : 1) >= size) break;
    if (control) used += (size_t)snprintf(out + used, size - used, "\\x%02x", *c);
    else out[used++] = (char)*c;
  }
  out[used] = '\0';
  return out;
}

/* A rule's meaning checked against the library's limits and the rules before it. */
static shx_status check_rule(const shx_policy *policy, const shx_policy_rule *rule) {
  const int tp = rule->tp;
  if (!shx_tp_supported(tp))
    return shx_fail(SHX_INVALID_ARGUMENT, "policy line %d: tp %d is not 1, 2, 4, 8 or 16",
                    rule->line, tp);
  if (rule->last_batch > SHX_MAX_CAPACITY)
    return shx_fail(SHX_INVALID_ARGUMENT,
                    "policy line %d: last_batch %d is over the largest capacity %d",
                    rule->line, rule->last_batch, SHX_MAX_CAPACITY);
  if (rule->variant != SHX_VARIANT_BASELINE && rule->first_batch > SHX_FUSED_MAX_N)
    return shx_fail(SHX_INVALID_ARGUMENT,
                    "policy line %d: a %s rule from batch %d never applies: the fused and "
                    "split kernels serve batches up to %d", rule->line,
                    rule->variant == SHX_VARIANT_FUSED ? "fused" : "split",
                    rule->first_batch, SHX_FUSED_MAX_N);
  for (int i = 0; i < policy->count; ++i) {
    const shx_policy_rule *earlier = &policy->rules[i];
    if (earlier->tp == tp && rule->first_batch <= earlier->last_batch &&
        earlier->first_batch <= rule->last_batch)
      return shx_fail(SHX_INVALID_ARGUMENT,
                      "policy line %d: tp %d batches %d..%d overlap line %d's %d..%d",
                      rule->line, tp, rule->first_batch, rule->last_batch, earlier->line,
                      earlier->first_batch, earlier->last_batch);
  }
  if (policy->count == SHX_POLICY_MAX_RULES)
    return shx_fail(SHX_INVALID_ARGUMENT, "policy line %d: more than %d rules", rule->line,
                    SHX_POLICY_MAX_RULES);
  return SHX_SUCCESS;
}

shx_status shx_policy_parse(const char *text, shx_policy *policy) {
  memset(policy, 0, sizeof *policy);
  int line_number = 0;
  const char *line = text;
  while (line != NULL && *line != '\0') {
    ++line_number;
    const char *end = strchr(line, '\n');
    size_t length = end ? (size_t)(end - line) : strlen(line);
    /* A comment may be of any length; only the rule before it is copied. */
    const char *hash = memchr(line, '#', length);
    if (hash != NULL) length = (size_t)(hash - line);
    char buffer[256];
    if (length >= sizeof buffer)
      return shx_fail(SHX_INVALID_ARGUMENT, "policy line %d is too long", line_number);
    memcpy(buffer, line, length);
    buffer[length] = '\0';
    line = end ? end + 1 : NULL;
    char name[32];
    shx_policy_rule rule = {0, 0, 0, SHX_VARIANT_BASELINE, line_number};
    char trailing[2];
    char *cursor = buffer + strspn(buffer, kBlanks);
    if (*cursor == '\0') continue; /* blank or comment */
    const int numbers = read_int(&cursor, &rule.tp) && read_int(&cursor, &rule.first_batch) &&
                        read_int(&cursor, &rule.last_batch);
    if (!numbers || sscanf(cursor, " %31s %1s", name, trailing) != 1 ||
        !variant_named(name, &rule.variant) || rule.first_batch < 1 ||
        rule.last_batch < rule.first_batch) {
      char shown[128];
      return shx_fail(SHX_INVALID_ARGUMENT,
                      "policy line %d \"%s\" is not \"tp first_batch last_batch "
                      "fused|split|baseline\" (1 <= first_batch <= last_batch)", line_number,
                      printable(buffer, shown, sizeof shown));
    }
    const shx_status checked = check_rule(policy, &rule);
    if (checked != SHX_SUCCESS) return checked;
    policy->rules[policy->count++] = rule;
  }
  return SHX_SUCCESS;
}

shx_status shx_policy_load(const char *path, shx_policy *policy) {
  /* Only a regular file: opening a FIFO for reading blocks until a writer comes, and
   * reading a FIFO or a terminal blocks until one writes, so shx_create would hang on
   * such a path. O_NONBLOCK lets the open return; fstat then refuses what is not a file
   * (a directory too) before anything is read. */
  const int descriptor = open(path, O_RDONLY | O_NONBLOCK);
  if (descriptor < 0)
    return shx_fail(SHX_INVALID_ARGUMENT, "policy_path \"%s\" cannot be opened", path);
  struct stat about;
  if (fstat(descriptor, &about) != 0 || !S_ISREG(about.st_mode)) {
    close(descriptor);
    return shx_fail(SHX_INVALID_ARGUMENT,
                    "policy_path \"%s\" is not a regular file (a directory, FIFO or device?)",
                    path);
  }
  FILE *file = fdopen(descriptor, "rb");
  if (file == NULL) {
    close(descriptor);
    return shx_fail(SHX_INVALID_ARGUMENT, "policy_path \"%s\" cannot be opened", path);
  }
  char text[8192];
  size_t length = fread(text, 1, sizeof text - 1, file);
  /* A full buffer is no proof of more: a file of exactly that size is whole. */
  const int failed = ferror(file) != 0;
  const int too_long = !failed && length == sizeof text - 1 && fgetc(file) != EOF;
  fclose(file);
  if (failed)
    return shx_fail(SHX_INVALID_ARGUMENT, "policy_path \"%s\" cannot be read", path);
  if (too_long)
    return shx_fail(SHX_INVALID_ARGUMENT, "policy_path \"%s\" is over %zu bytes", path,
                    sizeof text - 1);
  /* A NUL byte would end the text early and drop the rules after it unseen. */
  if (memchr(text, '\0', length) != NULL)
    return shx_fail(SHX_INVALID_ARGUMENT, "policy_path \"%s\" holds a NUL byte", path);
  text[length] = '\0';
  const shx_status parsed = shx_policy_parse(text, policy);
  return parsed == SHX_SUCCESS
             ? parsed
             : shx_fail_with_context(parsed, "policy_path \"%s\"", path); /* the file too */
}

shx_variant shx_policy_choose(const shx_policy *policy, int tp, int batch) {
  for (int i = 0; i < policy->count; ++i) {
    const shx_policy_rule *rule = &policy->rules[i];
    if (rule->tp == tp && batch >= rule->first_batch && batch <= rule->last_batch)
      return rule->variant;
  }
  return SHX_VARIANT_BASELINE;
}
