/* validate_test.c: one case per row of SPEC "Behaviour on bad input": each bad value
 * is refused with SHX_INVALID_ARGUMENT (a device that is not sm_90: SHX_UNSUPPORTED) and
 * a message that names it. CPU only. */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "engine/check.h"
#include "engine/status.h"
#include "engine/validate.h"
#include "ops/fused.h" /* SHX_FUSED_MAX_N, SHX_FUSED_MAX_CTAS */

static void expect_refused(shx_status status, const char *named) {
  if (status != SHX_INVALID_ARGUMENT || strstr(shx_last_error(), named) == NULL) {
    fprintf(stderr, "expected SHX_INVALID_ARGUMENT naming \"%s\", got %s: \"%s\"\n",
            named, shx_status_string(status), shx_last_error());
    exit(1);
  }
  shx_clear_error();
}

static shx_config good_config(void) {
  shx_config config = SHX_CONFIG_INIT;
  return config;
}

static void test_config(void) {
  shx_config c = good_config();
  CHECK(shx_check_config(&c) == SHX_SUCCESS);
  c.tp = 16;
  c.rank = 15;
  CHECK(shx_check_config(&c) == SHX_SUCCESS);
  c.hidden = 7168;
  c.intermediate_total = 2048; /* DeepSeek-V3 / Kimi-K2 at TP16: I = 128 */
  CHECK(shx_check_config(&c) == SHX_SUCCESS);

  expect_refused(shx_check_config(NULL), "config is NULL");
  c = good_config(); c.size = 8;                 expect_refused(shx_check_config(&c), "size 8");
  c = good_config(); c.version = 7u << 16;       expect_refused(shx_check_config(&c), "version 7.0");
  /* A newer minor version's fields would be ignored; an older one's are all read. */
  c = good_config(); c.version = SHX_VERSION_MAJOR << 16 | (SHX_VERSION_MINOR + 1);
  expect_refused(shx_check_config(&c), "this library is");
  c = good_config(); c.version = SHX_VERSION_MAJOR << 16;
  CHECK(shx_check_config(&c) == SHX_SUCCESS);
  /* The fields read end with split_down_sms: a struct that long is taken, one byte less
   * refused. */
  c = good_config(); c.size = offsetof(shx_config, split_down_sms) + sizeof(int);
  CHECK(shx_check_config(&c) == SHX_SUCCESS);
  c.size -= 1;
  expect_refused(shx_check_config(&c), "smaller than this version's");
  c = good_config(); c.tp = 0;                   expect_refused(shx_check_config(&c), "tp 0");
  c = good_config(); c.tp = 3;                   expect_refused(shx_check_config(&c), "tp 3");
  c = good_config(); c.tp = 32;                  expect_refused(shx_check_config(&c), "tp 32");
  c = good_config(); c.rank = 8;                 expect_refused(shx_check_config(&c), "rank 8");
  c = good_config(); c.rank = -1;                expect_refused(shx_check_config(&c), "rank -1");
  c = good_config(); c.hidden = 7000;            expect_refused(shx_check_config(&c), "hidden 7000");
  c = good_config(); c.hidden = 0;               expect_refused(shx_check_config(&c), "hidden 0");
  c = good_config(); c.hidden = 64 * 12;         expect_refused(shx_check_config(&c), "hidden 768 / tp 8");
  c = good_config(); c.intermediate_total = 6100; expect_refused(shx_check_config(&c), "intermediate_total 6100");
  c = good_config(); c.tp = 16; c.intermediate_total = 64 * 8;
  expect_refused(shx_check_config(&c), "intermediate_total 512");
  c = good_config(); c.hidden = 64 * 70000;
  expect_refused(shx_check_config(&c), "hidden 4480000 is over 65536");
  c = good_config(); c.hidden = SHX_MAX_HIDDEN;  CHECK(shx_check_config(&c) == SHX_SUCCESS);
  c = good_config(); c.intermediate_total = 2 * SHX_MAX_INTERMEDIATE_TOTAL;
  expect_refused(shx_check_config(&c), "intermediate_total 524288 is over 262144");
  c = good_config(); c.intermediate_total = SHX_MAX_INTERMEDIATE_TOTAL;
  CHECK(shx_check_config(&c) == SHX_SUCCESS);
  c = good_config(); c.capacity = 0;             expect_refused(shx_check_config(&c), "capacity 0");
  c = good_config(); c.capacity = 100000;        expect_refused(shx_check_config(&c), "capacity 100000");
  c = good_config(); c.variant = (shx_variant)9; expect_refused(shx_check_config(&c), "variant 9");
  c = good_config(); c.activation = (shx_activation)5;
  expect_refused(shx_check_config(&c), "activation 5");
  c = good_config(); c.situ_beta = 0.0f;         expect_refused(shx_check_config(&c), "situ_beta 0");
  c = good_config(); c.situ_lambda = -1.0f;      expect_refused(shx_check_config(&c), "situ_lambda -1");
  /* Caps the kernels' fast division cannot take (0 above 2^126; 0 / cap NaN below 2^-128). */
  c = good_config(); c.situ_beta = FLT_MAX;      expect_refused(shx_check_config(&c), "situ_beta");
  c = good_config(); c.situ_lambda = 1e-30f;     expect_refused(shx_check_config(&c), "lambda");
  c = good_config(); c.situ_beta = 0x1p64f; c.situ_lambda = 0x1p-64f;
  CHECK(shx_check_config(&c) == SHX_SUCCESS);
  /* Just past each end, and NaN and the infinities, which no comparison holds for. */
  c = good_config(); c.situ_beta = nextafterf(0x1p64f, INFINITY);
  expect_refused(shx_check_config(&c), "situ_beta");
  c = good_config(); c.situ_lambda = nextafterf(0x1p-64f, 0.0f);
  expect_refused(shx_check_config(&c), "situ_lambda");
  const float not_caps[] = {NAN, INFINITY, -INFINITY};
  for (int i = 0; i < 3; ++i) {
    c = good_config(); c.situ_beta = not_caps[i];
    expect_refused(shx_check_config(&c), "situ_beta");
    c = good_config(); c.situ_lambda = not_caps[i];
    expect_refused(shx_check_config(&c), "situ_lambda");
  }
  c = good_config(); c.programmatic_launch = 2;  expect_refused(shx_check_config(&c), "programmatic_launch 2");
  c = good_config(); c.variant = SHX_VARIANT_FUSED; c.capacity = 256;
  expect_refused(shx_check_config(&c), "capacity 256 is over the 128");
  c = good_config(); c.variant = SHX_VARIANT_AUTO; c.capacity = 256;
  CHECK(shx_check_config(&c) == SHX_SUCCESS);
  c = good_config(); c.split_down_sms = 0;       expect_refused(shx_check_config(&c), "split_down_sms 0");
  c = good_config(); c.split_down_sms = 500;     expect_refused(shx_check_config(&c), "split_down_sms 500");
  /* Each bound at its edge: the last value taken, the next refused (the dims' largest
   * values above; here the next multiple of 64 past them). */
  c = good_config(); c.tp = 1; c.rank = 0; c.hidden = SHX_MAX_HIDDEN + 64;
  expect_refused(shx_check_config(&c), "is over 65536");
  c = good_config(); c.intermediate_total = SHX_MAX_INTERMEDIATE_TOTAL + 64 * 8;
  expect_refused(shx_check_config(&c), "is over 262144");
  for (int tp = 1; tp <= 16; tp *= 2) {
    c = good_config(); c.tp = tp; c.rank = tp - 1; CHECK(shx_check_config(&c) == SHX_SUCCESS);
  }
  c = good_config(); c.capacity = SHX_MAX_CAPACITY; CHECK(shx_check_config(&c) == SHX_SUCCESS);
  c = good_config(); c.capacity = SHX_MAX_CAPACITY + 1;
  expect_refused(shx_check_config(&c), "capacity 1025");
  c = good_config(); c.variant = SHX_VARIANT_FUSED; c.capacity = SHX_FUSED_MAX_N;
  CHECK(shx_check_config(&c) == SHX_SUCCESS);
  c.capacity = SHX_FUSED_MAX_N + 1;
  expect_refused(shx_check_config(&c), "capacity 129 is over the 128 tokens the fused");
  c = good_config(); c.variant = SHX_VARIANT_SPLIT; c.capacity = SHX_FUSED_MAX_N;
  CHECK(shx_check_config(&c) == SHX_SUCCESS);
  c.capacity = SHX_FUSED_MAX_N + 1;
  expect_refused(shx_check_config(&c), "capacity 129 is over the 128 tokens the split");
  c = good_config(); c.split_down_sms = SHX_FUSED_MAX_CTAS;
  CHECK(shx_check_config(&c) == SHX_SUCCESS);
  c.split_down_sms = SHX_FUSED_MAX_CTAS + 1;
  expect_refused(shx_check_config(&c), "split_down_sms 133");
}

static void test_pointers(void) {
  shx_config c = good_config();
  _Alignas(16) static char buffer[256];
  void *aligned = buffer, *misaligned = buffer + 2;
  CHECK(shx_check_weights(aligned, aligned) == SHX_SUCCESS);
  expect_refused(shx_check_weights(NULL, aligned), "gate_up is NULL");
  expect_refused(shx_check_weights(aligned, NULL), "down is NULL");
  expect_refused(shx_check_weights(misaligned, aligned), "gate_up");
  expect_refused(shx_check_weights(aligned, misaligned), "not 16-byte aligned");

  /* Addresses only (the checks read no memory): mailboxes back to back, in rank order
   * and not. */
  const size_t mailbox = shx_mailbox_bytes_of(&c);
  CHECK(mailbox == (size_t)2 * 8 * 128 * (7168 / 8) * 2); /* SHX_CONFIG_INIT: 3.5 MiB */
  char *const base = (char *)(uintptr_t)((uintptr_t)1 << 40);
  void *peers[16];
  for (int i = 0; i < 16; ++i) peers[i] = base + (size_t)(i ^ 3) * mailbox;
  CHECK(shx_check_peers(&c, peers, 8) == SHX_SUCCESS);
  expect_refused(shx_check_peers(&c, NULL, 8), "peers is NULL");
  expect_refused(shx_check_peers(&c, peers, 7), "peer count 7");
  peers[5] = NULL;
  expect_refused(shx_check_peers(&c, peers, 8), "peers[5] is NULL");
  peers[5] = misaligned;
  expect_refused(shx_check_peers(&c, peers, 8), "peers[5]");
  peers[5] = base + (size_t)(5 ^ 3) * mailbox;
  peers[7] = NULL; /* the last one too */
  expect_refused(shx_check_peers(&c, peers, 8), "peers[7] is NULL");
  peers[7] = base + (size_t)(7 ^ 3) * mailbox;
  /* One mailbox named twice, or two that share their last 16 or first 16 bytes: refused
   * naming both; one that starts right at another's end: taken. */
  peers[6] = peers[2];
  expect_refused(shx_check_peers(&c, peers, 8), "peers[2]");
  expect_refused(shx_check_peers(&c, peers, 8), "and peers[6]");
  expect_refused(shx_check_peers(&c, peers, 8), "overlap");
  peers[6] = base + 100 * mailbox + 16; /* peers[7] at 4 mailboxes: out of the way */
  peers[1] = base + 101 * mailbox;
  expect_refused(shx_check_peers(&c, peers, 8), "peers[1]");
  expect_refused(shx_check_peers(&c, peers, 8), "and peers[6]");
  peers[1] = base + 99 * mailbox + 32;
  expect_refused(shx_check_peers(&c, peers, 8), "and peers[6]");
  peers[1] = base + 101 * mailbox + 16;
  CHECK(shx_check_peers(&c, peers, 8) == SHX_SUCCESS);
  peers[1] = base + 99 * mailbox + 16;
  CHECK(shx_check_peers(&c, peers, 8) == SHX_SUCCESS);

  CHECK(shx_check_mailbox(aligned, 256) == SHX_SUCCESS);
  expect_refused(shx_check_mailbox(NULL, 256), "mailbox is NULL");
  expect_refused(shx_check_mailbox(misaligned, 256), "mailbox");
  expect_refused(shx_check_mailbox(aligned, 20), "bytes 20");
  CHECK(shx_check_mailbox(aligned, SHX_MAX_MAILBOX_BYTES) == SHX_SUCCESS);
  /* 2^44 + 4096 bytes: a block count that a 32-bit grid would have cut to 1. */
  expect_refused(shx_check_mailbox(aligned, ((size_t)1 << 44) + 4096), "bytes 17592186048512");
}

static void test_oproj(void) {
  shx_config c = good_config(); /* capacity 128 */
  _Alignas(16) static char buffer[64];
  void *p = buffer;
  CHECK(shx_check_oproj(&c, p, p, 2048, p, 1) == SHX_SUCCESS);
  CHECK(shx_check_oproj(&c, p, p, 64, p, SHX_MAX_OPROJ_BATCH) == SHX_SUCCESS);
  CHECK(shx_check_oproj(&c, p, p, SHX_MAX_OPROJ_ATTENTION, p, 9) == SHX_SUCCESS);
  expect_refused(shx_check_oproj(&c, NULL, p, 2048, p, 9), "w_o is NULL");
  expect_refused(shx_check_oproj(&c, p, buffer + 8, 2048, p, 9), "a 0x");
  expect_refused(shx_check_oproj(&c, p, p, 2048, NULL, 9), "x is NULL");
  expect_refused(shx_check_oproj(&c, p, p, 0, p, 9), "attention 0");
  expect_refused(shx_check_oproj(&c, p, p, 2000, p, 9), "attention 2000");
  expect_refused(shx_check_oproj(&c, p, p, SHX_MAX_OPROJ_ATTENTION + 64, p, 9),
                 "attention 65600");
  expect_refused(shx_check_oproj(&c, p, p, 2048, p, 0), "batch 0");
  expect_refused(shx_check_oproj(&c, p, p, 2048, p, SHX_MAX_OPROJ_BATCH + 1), "batch 65");
  c.capacity = 16; /* the op's capacity bounds it too */
  CHECK(shx_check_oproj(&c, p, p, 2048, p, 16) == SHX_SUCCESS);
  expect_refused(shx_check_oproj(&c, p, p, 2048, p, 17), "batch 17");
}

static void test_step_and_tail(void) {
  shx_config c = good_config(); /* capacity 128 */
  _Alignas(16) static char buffer[64];
  void *x = buffer;
  CHECK(shx_check_step(&c, x, 1, 0, 1, 1) == SHX_SUCCESS);
  CHECK(shx_check_step(&c, x, 128, 1, 1, 1) == SHX_SUCCESS);
  expect_refused(shx_check_step(&c, NULL, 9, 0, 1, 1), "x is NULL");
  expect_refused(shx_check_step(&c, buffer + 8, 9, 0, 1, 1), "not 16-byte aligned");
  expect_refused(shx_check_step(&c, x, 0, 0, 1, 1), "batch 0");
  expect_refused(shx_check_step(&c, x, 129, 0, 1, 1), "batch 129");
  expect_refused(shx_check_step(&c, x, 9, 2, 1, 1), "parity 2");
  expect_refused(shx_check_step(&c, x, 9, -1, 1, 1), "parity -1");
  expect_refused(shx_check_step(&c, x, 9, 0, 0, 1), "weights are not bound");
  expect_refused(shx_check_step(&c, x, 9, 0, 1, 0), "peers are not bound");

  CHECK(shx_check_tail(&c, x, 64, 1, 1) == SHX_SUCCESS);
  CHECK(shx_check_tail(&c, x, 128, 0, 1) == SHX_SUCCESS);
  expect_refused(shx_check_tail(&c, NULL, 9, 0, 1), "out is NULL");
  expect_refused(shx_check_tail(&c, x, 0, 0, 1), "batch 0");
  expect_refused(shx_check_tail(&c, x, 129, 0, 1), "batch 129");
  expect_refused(shx_check_tail(&c, x, 9, 3, 1), "parity 3");
  expect_refused(shx_check_tail(&c, x, 9, 0, 0), "peers are not bound");
}

/* Two ranges that share a byte are refused naming both, whichever starts first and
 * whether one holds the other; ranges that only touch are taken, and so are ranges near
 * the top of the address space, where an end computed as start + bytes would wrap. */
static void test_apart(void) {
  char *const base = (char *)(uintptr_t)0x100000;
  CHECK(shx_check_apart("x", base, 64, "a", base + 64, 32) == SHX_SUCCESS);
  CHECK(shx_check_apart("x", base + 64, 32, "a", base, 64) == SHX_SUCCESS);
  expect_refused(shx_check_apart("x", base, 65, "a", base + 64, 32), "x 0x100000 (65 bytes)");
  expect_refused(shx_check_apart("x", base, 65, "a", base + 64, 32),
                 "shares bytes with a 0x100040 (32 bytes)");
  expect_refused(shx_check_apart("out", base + 64, 32, "w_o", base, 65), "out 0x100040");
  expect_refused(shx_check_apart("out", base + 16, 16, "w_o", base, 4096), "w_o 0x100000");
  expect_refused(shx_check_apart("out", base, 4096, "w_o", base + 16, 16), "w_o 0x100010");
  expect_refused(shx_check_apart("x", base, 16, "a", base, 16), "shares bytes");
  char *const top = (char *)(UINTPTR_MAX - 63);
  CHECK(shx_check_apart("x", top - 64, 64, "a", top, 64) == SHX_SUCCESS);
  expect_refused(shx_check_apart("x", top - 64, 65, "a", top, 64), "shares bytes");
  CHECK(shx_check_apart("x", top, 64, "a", base, SIZE_MAX / 2) == SHX_SUCCESS);
}

/* Only sm_90 runs this build's kernels: the unsupported-device refusal, which a machine
 * without a GPU (the CI) or with a Hopper one never reaches through shx_create. */
static void test_capability(void) {
  CHECK(shx_check_capability(0, 9, 0) == SHX_SUCCESS);
  const int refused[][2] = {{8, 0}, {8, 9}, {9, 1}, {10, 0}, {12, 0}, {0, 0}};
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; ++i) {
    char named[48];
    snprintf(named, sizeof named, "device 3 has compute capability %d.%d", refused[i][0],
             refused[i][1]);
    const shx_status status = shx_check_capability(3, refused[i][0], refused[i][1]);
    if (status != SHX_UNSUPPORTED || strstr(shx_last_error(), named) == NULL) {
      fprintf(stderr, "expected SHX_UNSUPPORTED naming \"%s\", got %s: \"%s\"\n", named,
              shx_status_string(status), shx_last_error());
      exit(1);
    }
    shx_clear_error();
  }
}

int main(void) {
  test_config();
  test_capability();
  test_pointers();
  test_apart();
  test_step_and_tail();
  test_oproj();
  printf("validate_test: all bad inputs refused with a message naming them\n");
  return 0;
}
