/* api_test.c: the public entry points refuse bad input with a status and a message
 * naming the value, before touching the GPU, so this runs with or without one. With a
 * Hopper (sm_90) GPU the valid config must create an op (a refusal there fails, not
 * skips), and a refused split down must leave its armed mailbox untouched, where the
 * valid one then writes it. */
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "engine/check.h"
#include "shared_expert.h"

static void expect(shx_status got, shx_status want, const char *named) {
  if (got != want || strstr(shx_last_error(), named) == NULL) {
    fprintf(stderr, "expected %s naming \"%s\", got %s: \"%s\"\n", shx_status_string(want),
            named, shx_status_string(got), shx_last_error());
    exit(1);
  }
}

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
  expect(shx_check_device(NULL), SHX_INVALID_ARGUMENT, "op is NULL");
  expect(shx_mailbox_arm(NULL, 64, NULL), SHX_INVALID_ARGUMENT, "mailbox is NULL");
  expect(shx_mailbox_arm(buffer + 1, 64, NULL), SHX_INVALID_ARGUMENT, "not 16-byte aligned");
  CHECK(shx_destroy(NULL) == SHX_SUCCESS);
  CHECK(strstr(shx_last_error(), "mailbox") != NULL); /* destroy keeps the last failure's */
  config.capacity = 0;
  CHECK(shx_mailbox_bytes(&config) == 0);
  CHECK(strstr(shx_last_error(), "capacity 0") != NULL);
  config.capacity = 128;
  CHECK(shx_mailbox_bytes(&config) == (size_t)2 * 8 * 128 * 896 * 2);
  CHECK(shx_last_error()[0] == '\0');

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
  shx_status status = shx_create(&config, &op);
  if (!hopper && (status == SHX_NO_DEVICE || status == SHX_UNSUPPORTED)) {
    CHECK(op == NULL);
    CHECK(strlen(shx_last_error()) > 0);
    printf("api_test: ok (no usable GPU: %s)\n", shx_last_error());
    return 0;
  }
  CHECK(status == SHX_SUCCESS && op != NULL);
  expect(shx_record_step(op, buffer, 9, 0, NULL), SHX_INVALID_ARGUMENT, "not bound");
  expect(shx_bind_weights(op, NULL, buffer), SHX_INVALID_ARGUMENT, "gate_up is NULL");
  expect(shx_variant_for(op, 0, &config.variant), SHX_INVALID_ARGUMENT, "batch 0");
  CHECK(shx_destroy(op) == SHX_SUCCESS);

  /* The split variant's down refuses a batch other than its gate's: h holds only the
   * gate's rows. Weights and x are zeros; the refused down launches nothing. */
  config.variant = SHX_VARIANT_SPLIT;
  config.capacity = 16;
  CHECK(shx_create(&config, &op) == SHX_SUCCESS);
  const size_t inter = (size_t)config.intermediate_total / config.tp;
  const size_t weight_bytes = 3 * inter * (size_t)config.hidden * 2;
  const size_t x_bytes = (size_t)config.capacity * config.hidden * 2;
  const size_t mailbox_bytes = shx_mailbox_bytes(&config);
  char *device = NULL; /* gate_up | down | x | one mailbox every peer entry names */
  CHECK_CUDA(cudaMalloc((void **)&device, weight_bytes + x_bytes + mailbox_bytes));
  CHECK_CUDA(cudaMemset(device, 0, weight_bytes + x_bytes));
  char *const x = device + weight_bytes, *const mailbox = x + x_bytes;
  void *peers[8];
  for (int p = 0; p < 8; ++p) peers[p] = mailbox;
  CHECK(shx_bind_weights(op, device, device + 2 * inter * (size_t)config.hidden * 2) ==
        SHX_SUCCESS);
  /* The gate pushes nothing, so it runs before any peers are bound; the down does not. */
  CHECK(shx_record_gate(op, x, 9, NULL) == SHX_SUCCESS);
  expect(shx_record_down(op, 9, 0, NULL), SHX_INVALID_ARGUMENT, "not bound");
  CHECK(shx_bind_peers(op, peers, 8) == SHX_SUCCESS);
  CHECK(shx_record_gate(op, x, 9, NULL) == SHX_SUCCESS);
  /* The refused down touches no slot of the armed mailbox; the valid one writes +0 (zero
   * weights) into its batch's slots, so the check sees a write. */
  const size_t slots = mailbox_bytes / 2;
  uint16_t *host = malloc(mailbox_bytes);
  CHECK(host != NULL);
  CHECK(shx_mailbox_arm(mailbox, mailbox_bytes, NULL) == SHX_SUCCESS);
  CHECK_CUDA(cudaDeviceSynchronize());
  expect(shx_record_down(op, 16, 0, NULL), SHX_INVALID_ARGUMENT, "batch 9");
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(host, mailbox, mailbox_bytes, cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < slots; ++i) CHECK(host[i] == 0x8000);
  CHECK(shx_record_down(op, 9, 0, NULL) == SHX_SUCCESS); /* the gate's batch runs */
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(host, mailbox, mailbox_bytes, cudaMemcpyDeviceToHost));
  size_t written = 0;
  for (size_t i = 0; i < slots; ++i) written += host[i] != 0x8000;
  CHECK(written > 0);
  /* The tail consumes the rows the last push at its parity wrote: another batch is
   * refused before any launch. With every slot made "arrived" (zeros), the valid tail
   * re-arms exactly parity 0's rows [0, 9) of every source and nothing else. */
  const int shard = config.hidden / config.tp;
  void *out = NULL;
  CHECK_CUDA(cudaMalloc(&out, (size_t)config.capacity * shard * 2));
  CHECK_CUDA(cudaMemset(mailbox, 0, mailbox_bytes));
  expect(shx_tail(op, out, 16, 0, NULL), SHX_INVALID_ARGUMENT, "batch 9");
  CHECK(shx_tail(op, out, 9, 0, NULL) == SHX_SUCCESS);
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(host, mailbox, mailbox_bytes, cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < slots; ++i) {
    const size_t row = i / shard, token = row % config.capacity;
    const size_t parity = row / ((size_t)config.capacity * config.tp);
    CHECK(host[i] == (parity == 0 && token < 9 ? 0x8000 : 0));
  }
  CHECK_CUDA(cudaFree(out));
  free(host);
  CHECK(shx_destroy(op) == SHX_SUCCESS);
  CHECK_CUDA(cudaFree(device));
  printf("api_test: ok (with a GPU)\n");
  return 0;
}
