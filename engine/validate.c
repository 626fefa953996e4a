/* validate.c: see validate.h. Checks run in the order a reader would fix them. */
#include "engine/validate.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/status.h"
#include "ops/fused.h" /* SHX_FUSED_MAX_CTAS */

/* The config fields this version reads end with split_down_sms. */
#define SHX_CONFIG_V0_1_BYTES (offsetof(shx_config, split_down_sms) + sizeof(int))

/* A device buffer argument: present and 16-byte aligned; `name` names it. */
static shx_status check_buffer(const void *pointer, const char *name) {
  if (pointer == NULL) return shx_fail(SHX_INVALID_ARGUMENT, "%s is NULL", name);
  if ((uintptr_t)pointer % SHX_ALIGNMENT != 0)
    return shx_fail(SHX_INVALID_ARGUMENT, "%s %p is not 16-byte aligned", name, pointer);
  return SHX_SUCCESS;
}

int shx_tp_supported(int tp) { return tp == 1 || tp == 2 || tp == 4 || tp == 8 || tp == 16; }

shx_status shx_check_config(const shx_config *config) {
  if (config == NULL) return shx_fail(SHX_INVALID_ARGUMENT, "config is NULL");
  if (config->size < SHX_CONFIG_V0_1_BYTES)
    return shx_fail(SHX_INVALID_ARGUMENT,
                    "config->size %zu is smaller than this version's %zu: start "
                    "from SHX_CONFIG_INIT", config->size, (size_t)SHX_CONFIG_V0_1_BYTES);
  /* Another major version lays the struct out differently; a newer minor one may have
   * fields (past the ones read here) whose settings this library would ignore. */
  if ((config->version >> 16) != SHX_VERSION_MAJOR ||
      (config->version & 0xffff) > SHX_VERSION_MINOR)
    return shx_fail(SHX_INVALID_ARGUMENT, "config->version %u.%u: this library is %d.%d",
                    config->version >> 16, config->version & 0xffff,
                    SHX_VERSION_MAJOR, SHX_VERSION_MINOR);
  int tp = config->tp;
  if (!shx_tp_supported(tp))
    return shx_fail(SHX_INVALID_ARGUMENT, "tp %d is not 1, 2, 4, 8 or 16", tp);
  if (config->rank < 0 || config->rank >= tp)
    return shx_fail(SHX_INVALID_ARGUMENT, "rank %d is outside [0, tp = %d)",
                    config->rank, tp);
  if (config->hidden <= 0 || config->hidden % 64 != 0)
    return shx_fail(SHX_INVALID_ARGUMENT, "hidden %d is not a positive multiple of 64",
                    config->hidden);
  if (config->hidden > SHX_MAX_HIDDEN)
    return shx_fail(SHX_INVALID_ARGUMENT, "hidden %d is over %d", config->hidden,
                    SHX_MAX_HIDDEN);
  if ((config->hidden / tp) % 64 != 0)
    return shx_fail(SHX_INVALID_ARGUMENT,
                    "hidden %d / tp %d = %d columns per shard is not a multiple of 64",
                    config->hidden, tp, config->hidden / tp);
  if (config->intermediate_total <= 0 || config->intermediate_total % (64 * tp) != 0)
    return shx_fail(SHX_INVALID_ARGUMENT,
                    "intermediate_total %d is not a positive multiple of 64 * tp = %d",
                    config->intermediate_total, 64 * tp);
  if (config->intermediate_total > SHX_MAX_INTERMEDIATE_TOTAL)
    return shx_fail(SHX_INVALID_ARGUMENT, "intermediate_total %d is over %d",
                    config->intermediate_total, SHX_MAX_INTERMEDIATE_TOTAL);
  if (config->capacity < SHX_MIN_CAPACITY || config->capacity > SHX_MAX_CAPACITY)
    return shx_fail(SHX_INVALID_ARGUMENT, "capacity %d is outside [%d, %d]",
                    config->capacity, SHX_MIN_CAPACITY, SHX_MAX_CAPACITY);
  switch (config->variant) {
    case SHX_VARIANT_AUTO: case SHX_VARIANT_FUSED: case SHX_VARIANT_SPLIT:
    case SHX_VARIANT_BASELINE: break;
    default:
      return shx_fail(SHX_INVALID_ARGUMENT, "variant %d is not a shx_variant",
                      (int)config->variant);
  }
  switch (config->activation) {
    case SHX_ACT_SITU: case SHX_ACT_SWIGLU: break;
    default:
      return shx_fail(SHX_INVALID_ARGUMENT, "activation %d is not a shx_activation",
                      (int)config->activation);
  }
  /* The kernels divide by the caps with __fdividef, which returns 0 for divisors over
   * 2^126, and a cap under 2^-128 makes 0 / cap NaN: keep both well inside. */
  if (!(config->situ_beta >= SHX_MIN_SITU_CAP && config->situ_beta <= SHX_MAX_SITU_CAP))
    return shx_fail(SHX_INVALID_ARGUMENT, "situ_beta %g is outside [2^-64, 2^64]",
                    (double)config->situ_beta);
  if (!(config->situ_lambda >= SHX_MIN_SITU_CAP && config->situ_lambda <= SHX_MAX_SITU_CAP))
    return shx_fail(SHX_INVALID_ARGUMENT, "situ_lambda %g is outside [2^-64, 2^64]",
                    (double)config->situ_lambda);
  if (config->programmatic_launch != 0 && config->programmatic_launch != 1)
    return shx_fail(SHX_INVALID_ARGUMENT, "programmatic_launch %d is not 0 or 1",
                    config->programmatic_launch);
  if ((config->variant == SHX_VARIANT_FUSED || config->variant == SHX_VARIANT_SPLIT) &&
      config->capacity > SHX_FUSED_MAX_N)
    return shx_fail(SHX_INVALID_ARGUMENT,
                    "capacity %d is over the %d tokens the %s variant serves: use auto "
                    "(baseline above %d) or baseline", config->capacity, SHX_FUSED_MAX_N,
                    config->variant == SHX_VARIANT_FUSED ? "fused" : "split",
                    SHX_FUSED_MAX_N);
  if (config->split_down_sms < 1 || config->split_down_sms > SHX_FUSED_MAX_CTAS)
    return shx_fail(SHX_INVALID_ARGUMENT, "split_down_sms %d is outside [1, %d]",
                    config->split_down_sms, SHX_FUSED_MAX_CTAS);
  return SHX_SUCCESS;
}

shx_status shx_check_weights(const void *gate_up, const void *down) {
  shx_status status = check_buffer(gate_up, "gate_up");
  return status != SHX_SUCCESS ? status : check_buffer(down, "down");
}

shx_status shx_check_peers(const shx_config *config, void *const *peers, int count) {
  if (peers == NULL) return shx_fail(SHX_INVALID_ARGUMENT, "peers is NULL");
  if (count != config->tp)
    return shx_fail(SHX_INVALID_ARGUMENT, "peer count %d is not tp = %d", count,
                    config->tp);
  for (int p = 0; p < count; ++p) {
    char name[24]; /* "peers[" + any int + "]" */
    snprintf(name, sizeof name, "peers[%d]", p);
    shx_status status = check_buffer(peers[p], name);
    if (status != SHX_SUCCESS) return status;
  }
  /* Every rank r stores into slot [parity][r][token] of each peer's mailbox: two ranks'
   * mailboxes that share a byte would take two ranks' rows in one slot, and the sums and
   * tails would be meaningless (not an error any kernel could see). */
  const size_t bytes = shx_mailbox_bytes_of(config);
  for (int p = 0; p < count; ++p) {
    for (int q = 0; q < p; ++q) {
      if (shx_ranges_share_byte(peers[q], bytes, peers[p], bytes))
        return shx_fail(SHX_INVALID_ARGUMENT,
                        "peers[%d] %p and peers[%d] %p overlap: each rank's mailbox "
                        "needs %zu bytes (shx_mailbox_bytes) of its own", q, peers[q], p,
                        peers[p], bytes);
    }
  }
  return SHX_SUCCESS;
}

int shx_ranges_share_byte(const void *a, size_t a_bytes, const void *b, size_t b_bytes) {
  const uintptr_t a_start = (uintptr_t)a, b_start = (uintptr_t)b;
  return a_start <= b_start ? b_start - a_start < a_bytes : a_start - b_start < b_bytes;
}

shx_status shx_check_apart(const char *name, const void *pointer, size_t bytes,
                           const char *other, const void *other_pointer, size_t other_bytes) {
  if (!shx_ranges_share_byte(pointer, bytes, other_pointer, other_bytes)) return SHX_SUCCESS;
  return shx_fail(SHX_INVALID_ARGUMENT, "%s %p (%zu bytes) shares bytes with %s %p (%zu bytes)",
                  name, pointer, bytes, other, other_pointer, other_bytes);
}

size_t shx_mailbox_bytes_of(const shx_config *config) {
  return (size_t)2 * config->tp * config->capacity * (config->hidden / config->tp) * 2;
}

static shx_status check_batch_parity(const shx_config *config, int batch, int parity) {
  if (batch < 1 || batch > config->capacity)
    return shx_fail(SHX_INVALID_ARGUMENT, "batch %d is outside [1, capacity = %d]",
                    batch, config->capacity);
  if (parity != 0 && parity != 1)
    return shx_fail(SHX_INVALID_ARGUMENT, "parity %d is not 0 or 1", parity);
  return SHX_SUCCESS;
}

shx_status shx_check_step(const shx_config *config, const void *x, int batch,
                          int parity, int bound_weights, int bound_peers) {
  shx_status status = check_buffer(x, "x");
  if (status == SHX_SUCCESS) status = check_batch_parity(config, batch, parity);
  if (status != SHX_SUCCESS) return status;
  if (!bound_weights)
    return shx_fail(SHX_INVALID_ARGUMENT,
                    "weights are not bound: call shx_bind_weights first");
  if (!bound_peers)
    return shx_fail(SHX_INVALID_ARGUMENT, "peers are not bound: call shx_bind_peers first");
  return SHX_SUCCESS;
}

shx_status shx_check_tail(const shx_config *config, const void *out, int batch,
                          int parity, int bound_peers) {
  shx_status status = check_buffer(out, "out");
  if (status == SHX_SUCCESS) status = check_batch_parity(config, batch, parity);
  if (status != SHX_SUCCESS) return status;
  if (!bound_peers)
    return shx_fail(SHX_INVALID_ARGUMENT, "peers are not bound: call shx_bind_peers first");
  return SHX_SUCCESS;
}

shx_status shx_check_mailbox(const void *mailbox, size_t bytes) {
  shx_status status = check_buffer(mailbox, "mailbox");
  if (status != SHX_SUCCESS) return status;
  if (bytes == 0 || bytes % SHX_ALIGNMENT != 0)
    return shx_fail(SHX_INVALID_ARGUMENT, "mailbox bytes %zu is not a positive multiple of 16",
                    bytes);
  if (bytes > SHX_MAX_MAILBOX_BYTES)
    return shx_fail(SHX_INVALID_ARGUMENT,
                    "mailbox bytes %zu is over %zu, more than any device's memory", bytes,
                    SHX_MAX_MAILBOX_BYTES);
  return SHX_SUCCESS;
}

shx_status shx_check_oproj(const shx_config *config, const void *w_o, const void *a,
                           int attention, const void *x, int batch) {
  shx_status status = check_buffer(w_o, "w_o");
  if (status == SHX_SUCCESS) status = check_buffer(a, "a");
  if (status == SHX_SUCCESS) status = check_buffer(x, "x");
  if (status != SHX_SUCCESS) return status;
  if (attention < 64 || attention % 64 != 0 || attention > SHX_MAX_OPROJ_ATTENTION)
    return shx_fail(SHX_INVALID_ARGUMENT,
                    "attention %d is not a positive multiple of 64 up to %d", attention,
                    SHX_MAX_OPROJ_ATTENTION);
  const int most = config->capacity < SHX_MAX_OPROJ_BATCH ? config->capacity
                                                          : SHX_MAX_OPROJ_BATCH;
  if (batch < 1 || batch > most)
    return shx_fail(SHX_INVALID_ARGUMENT,
                    "o-proj batch %d is not in [1, %d] (capacity %d, o-proj limit %d)",
                    batch, most, config->capacity, SHX_MAX_OPROJ_BATCH);
  return SHX_SUCCESS;
}

shx_status shx_check_capability(int device, int major, int minor) {
  if (major != 9 || minor != 0)
    return shx_fail(SHX_UNSUPPORTED,
                    "device %d has compute capability %d.%d: this build is for sm_90a "
                    "(H100, H200)", device, major, minor);
  return SHX_SUCCESS;
}
