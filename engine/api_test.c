/* api_test.c: the public entry points refuse bad input with a status and a message
 * naming the value, before touching the GPU, so this runs with or without one. */
#include <string.h>

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
  expect(shx_mailbox_arm(buffer + 1, 64, NULL), SHX_INVALID_ARGUMENT, "mailbox");
  CHECK(shx_destroy(NULL) == SHX_SUCCESS);
  CHECK(shx_mailbox_bytes(&config) == (size_t)2 * 8 * 128 * 896 * 2);
  config.capacity = 0;
  CHECK(shx_mailbox_bytes(&config) == 0);
  config.capacity = 128;

  /* A valid config: an op on a Hopper GPU, a clear refusal elsewhere. */
  shx_status status = shx_create(&config, &op);
  if (status == SHX_NO_DEVICE || status == SHX_UNSUPPORTED) {
    CHECK(op == NULL);
    CHECK(strlen(shx_last_error()) > 0);
    printf("api_test: ok (no usable GPU: %s)\n", shx_last_error());
    return 0;
  }
  CHECK(status == SHX_SUCCESS && op != NULL);
  expect(shx_record_step(op, buffer, 9, 0, NULL), SHX_INVALID_ARGUMENT, "not bound");
  expect(shx_bind_weights(op, NULL, buffer), SHX_INVALID_ARGUMENT, "gate_up is NULL");
  expect(shx_variant_for(op, 0, &config.variant), SHX_INVALID_ARGUMENT, "batch 0");
  shx_destroy(op);
  printf("api_test: ok (with a GPU)\n");
  return 0;
}
