/* api_test.c: the public entry points refuse bad input with a status and a message
 * naming the value, before touching the GPU, so this runs with or without one. The valid
 * config must create an op on a Hopper (sm_90) GPU (a refusal there fails, not skips)
 * and be refused with SHX_NO_DEVICE or SHX_UNSUPPORTED elsewhere. The refusals that need
 * a real op (pointers the GPU cannot reach or too small for the call, mailboxes left
 * untouched) are engine/api_gpu_test.c's; the op-state refusals that come before any
 * CUDA call run here on an op whose state is set by hand (engine/op.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "engine/check.h"
#include "engine/expect.h"
#include "engine/op.h"
#include "shared_expert.h"

int main(void) {
  CHECK(strcmp(shx_status_string(SHX_DEVICE_TIMEOUT), "SHX_DEVICE_TIMEOUT") == 0);
  CHECK(strcmp(shx_status_string((shx_status)99), "SHX_UNKNOWN_STATUS") == 0);
  CHECK(shx_last_error()[0] == '\0'); /* no failure yet on this thread */

  shx_op *op = (shx_op *)1; /* must be overwritten with NULL on failure */
  expect(shx_create(NULL, &op), SHX_INVALID_ARGUMENT, "config is NULL");
  CHECK(op == NULL);
  shx_config config = SHX_CONFIG_INIT;
  expect(shx_create(&config, NULL), SHX_INVALID_ARGUMENT, "op (the output) is NULL");
  config.tp = 12;
  expect(shx_create(&config, &op), SHX_INVALID_ARGUMENT, "tp 12");
  config.tp = 8;
  config.policy_path = "/nonexistent/policy.txt";
  expect(shx_create(&config, &op), SHX_INVALID_ARGUMENT, "/nonexistent/policy.txt");
  config.policy_path = NULL;

  char buffer[64];
  expect(shx_bind_weights(NULL, buffer, buffer), SHX_INVALID_ARGUMENT, "op is NULL");
  expect(shx_bind_peers(NULL, NULL, 8), SHX_INVALID_ARGUMENT, "op is NULL");
  expect(shx_record_step(NULL, buffer, 9, 0, NULL), SHX_INVALID_ARGUMENT, "op is NULL");
  expect(shx_tail(NULL, buffer, 9, 0, NULL), SHX_INVALID_ARGUMENT, "op is NULL");
  expect(shx_record_oproj(NULL, buffer, buffer, 2048, buffer, 9, NULL), SHX_INVALID_ARGUMENT,
         "op is NULL");
  expect(shx_check_device(NULL), SHX_INVALID_ARGUMENT, "op is NULL");
  expect(shx_record_gate(NULL, buffer, 9, NULL), SHX_INVALID_ARGUMENT, "op is NULL");
  expect(shx_record_down(NULL, 9, 0, NULL), SHX_INVALID_ARGUMENT, "op is NULL");
  shx_variant variant = SHX_VARIANT_AUTO;
  expect(shx_variant_for(NULL, 9, &variant), SHX_INVALID_ARGUMENT, "op is NULL");
  expect(shx_mailbox_arm(NULL, 64, NULL), SHX_INVALID_ARGUMENT, "mailbox is NULL");
  expect(shx_mailbox_arm(buffer + 1, 64, NULL), SHX_INVALID_ARGUMENT, "not 16-byte aligned");
  char *aligned = (char *)(((uintptr_t)buffer + 15) & ~(uintptr_t)15);
  expect(shx_mailbox_arm(aligned, 0, NULL), SHX_INVALID_ARGUMENT, "bytes 0 ");
  expect(shx_mailbox_arm(aligned, 20, NULL), SHX_INVALID_ARGUMENT, "bytes 20 ");
  expect(shx_mailbox_arm(aligned, ((size_t)1 << 40) + 16, NULL), SHX_INVALID_ARGUMENT,
         "more than any device's memory");
  CHECK(shx_destroy(NULL) == SHX_SUCCESS);
  CHECK(strstr(shx_last_error(), "mailbox") != NULL); /* destroy keeps the last failure's */
  CHECK(shx_mailbox_bytes(NULL) == 0);
  CHECK(strstr(shx_last_error(), "config is NULL") != NULL);
  config.capacity = 0;
  CHECK(shx_mailbox_bytes(&config) == 0);
  CHECK(strstr(shx_last_error(), "capacity 0") != NULL);
  config.capacity = 128;
  CHECK(shx_mailbox_bytes(&config) == (size_t)2 * 8 * 128 * 896 * 2);
  CHECK(shx_last_error()[0] == '\0');

  /* Op-state refusals made before any CUDA call, on an op built by hand: a down before any
   * gate or step (h holds no rows yet), a gate before the weights are bound. */
  struct shx_op *manual = calloc(1, sizeof *manual);
  CHECK(manual != NULL);
  manual->config = config;
  manual->inter = config.intermediate_total / config.tp;
  manual->shard = config.hidden / config.tp;
  manual->h = aligned; /* a stand-in that is never dereferenced here */
  manual->bound_peers = 1;
  expect(shx_record_gate(manual, aligned, 9, NULL), SHX_INVALID_ARGUMENT,
         "weights are not bound");
  manual->bound_weights = 1;
  expect(shx_record_down(manual, 9, 0, NULL), SHX_INVALID_ARGUMENT,
         "recorded no gate or step (since it was created");
  manual->gate_batch = 9;
  expect(shx_record_down(manual, 16, 0, NULL), SHX_INVALID_ARGUMENT, "batch 9");
  expect(shx_record_down(manual, 9, 2, NULL), SHX_INVALID_ARGUMENT, "parity 2");
  expect(shx_record_down(manual, 9, -1, NULL), SHX_INVALID_ARGUMENT, "parity -1");
  expect(shx_variant_for(manual, 9, NULL), SHX_INVALID_ARGUMENT, "variant (the output)");
  /* Batches outside [1, capacity = 128] in the step, gate, down, tail and variant_for,
   * before any device query (the capacity's rule comes before the down's same-batch
   * rule); the o-proj's limit is validate_test's. */
  shx_variant chosen;
  expect(shx_variant_for(manual, 129, &chosen), SHX_INVALID_ARGUMENT,
         "batch 129 is outside [1, capacity = 128]");
  expect(shx_record_gate(manual, aligned, 129, NULL), SHX_INVALID_ARGUMENT,
         "batch 129 is outside [1, capacity = 128]");
  expect(shx_record_down(manual, 0, 0, NULL), SHX_INVALID_ARGUMENT,
         "batch 0 is outside [1, capacity = 128]");
  expect(shx_record_down(manual, 129, 0, NULL), SHX_INVALID_ARGUMENT,
         "batch 129 is outside [1, capacity = 128]");
  expect(shx_tail(manual, aligned, 129, 0, NULL), SHX_INVALID_ARGUMENT,
         "batch 129 is outside [1, capacity = 128]");
  expect(shx_record_step(manual, aligned, 129, 0, NULL), SHX_INVALID_ARGUMENT,
         "batch 129 is outside [1, capacity = 128]");
  /* The tests' and perf tools' OUT AT THE WAIT hook: a batch without a fused bucket or a
   * value other than 0 or 1 changes no plan; a valid one sets every plan and returns the
   * batch's bucket's old setting. */
  for (int bucket = 0; bucket < SHX_FUSED_BUCKETS; ++bucket)
    manual->fused_plans[bucket].out_at_wait = bucket & 1;
  CHECK(shx_op_set_out_at_wait(manual, 0, 1) == -1);
  CHECK(shx_op_set_out_at_wait(manual, 129, 1) == -1);
  CHECK(shx_op_set_out_at_wait(manual, 9, 2) == -1);
  CHECK(shx_op_set_out_at_wait(manual, 9, -1) == -1);
  for (int bucket = 0; bucket < SHX_FUSED_BUCKETS; ++bucket)
    CHECK(manual->fused_plans[bucket].out_at_wait == (bucket & 1));
  const int bucket_of_9 = shx_fused_bucket_of(9);
  CHECK(shx_op_set_out_at_wait(manual, 9, 1) == (bucket_of_9 & 1));
  for (int bucket = 0; bucket < SHX_FUSED_BUCKETS; ++bucket)
    CHECK(manual->fused_plans[bucket].out_at_wait == 1);
  CHECK(shx_op_set_out_at_wait(manual, 128, 0) == 1);
  for (int bucket = 0; bucket < SHX_FUSED_BUCKETS; ++bucket)
    CHECK(manual->fused_plans[bucket].out_at_wait == 0);

  /* A valid config: an op on a Hopper GPU, a clear refusal elsewhere. Whether there is
   * one is asked of the runtime, not read from the refusal. */
  int devices = 0, hopper = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess) devices = 0;
  (void)cudaGetLastError();
  if (devices > 0) {
    int device = 0, major = 0, minor = 0;
    CHECK_CUDA(cudaGetDevice(&device));
    CHECK_CUDA(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
    CHECK_CUDA(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device));
    hopper = major == 9 && minor == 0;
  }
  /* Without a device the arm is a refusal too, not a failed launch. */
  if (devices == 0) {
    expect(shx_mailbox_arm(aligned, 64, NULL), SHX_NO_DEVICE, "no CUDA device");
    /* The forget rule (engine/op.c forget_on_failure), where a device query fails: with
     * h's rows and both parities' pushes recorded, a refused step changes nothing, a
     * step whose device query fails (SHX_CUDA_ERROR) forgets them all, and the down that
     * relied on h's rows is refused naming the failure as a cause (a tail checks the
     * device before its state: api_gpu_test's part). */
    manual->gate_batch = 9;
    manual->pushed_batch[0] = manual->pushed_batch[1] = 9;
    expect(shx_record_step(manual, aligned + 8, 9, 0, NULL), SHX_INVALID_ARGUMENT,
           "not 16-byte aligned");
    CHECK(manual->gate_batch == 9 && manual->pushed_batch[0] == 9 &&
          manual->pushed_batch[1] == 9);
    expect(shx_record_step(manual, aligned, 9, 0, NULL), SHX_CUDA_ERROR,
           "cannot query the current CUDA device");
    CHECK(manual->gate_batch == 0 && manual->pushed_batch[0] == 0 &&
          manual->pushed_batch[1] == 0);
    expect(shx_record_down(manual, 9, 1, NULL), SHX_INVALID_ARGUMENT, "a call failed");
  }
  free(manual);
  shx_status status = shx_create(&config, &op);
  /* The refusal the machine calls for: no device, or a device that is not sm_90. */
  if (devices == 0) {
    expect(status, SHX_NO_DEVICE, "no CUDA device");
    CHECK(op == NULL);
    printf("api_test: ok (no GPU: %s)\n", shx_last_error());
    return 0;
  }
  if (!hopper) {
    expect(status, SHX_UNSUPPORTED, "sm_90");
    CHECK(op == NULL);
    printf("api_test: ok (not a Hopper GPU: %s)\n", shx_last_error());
    return 0;
  }
  CHECK(status == SHX_SUCCESS && op != NULL);
  CHECK(shx_destroy(op) == SHX_SUCCESS);
  printf("api_test: ok (an op created on the Hopper GPU)\n");
  return 0;
}
