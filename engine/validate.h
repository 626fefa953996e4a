/* validate.h: argument checks of every public entry point. Pure C, no CUDA calls,
 * so they run (and are tested) on machines without a GPU. Each returns SHX_SUCCESS
 * or fails with a message that names the bad value. */
#ifndef SHX_ENGINE_VALIDATE_H_
#define SHX_ENGINE_VALIDATE_H_

#include <stddef.h>

#include "shared_expert.h"

#define SHX_MIN_CAPACITY 1
#define SHX_MAX_CAPACITY 1024
#define SHX_ALIGNMENT 16
/* Far above any model's dims; below them every offset, the fused plan's K split (16-bit
 * block indices) and the baseline kernels' 32-bit element counts are exact. */
#define SHX_MAX_HIDDEN 65536
#define SHX_MAX_INTERMEDIATE_TOTAL 262144
/* SiTU's caps: SHX_MIN_SITU_CAP, SHX_MAX_SITU_CAP in the public header. */
/* The most bytes shx_mailbox_arm takes (1 TiB): more than any device's memory, so a
 * larger count is the caller's error; the arm kernel's one launch covers it (16 bytes a
 * thread, 2^28 blocks of 256). */
#define SHX_MAX_MAILBOX_BYTES ((size_t)1 << 40)

/* The tps the operator serves (a config's, a policy rule's): 1, 2, 4, 8 or 16. */
int shx_tp_supported(int tp);

shx_status shx_check_config(const shx_config *config);
shx_status shx_check_weights(const void *gate_up, const void *down);
/* Each peer present and aligned, and no two of the count mailboxes (of
 * shx_mailbox_bytes_of each) sharing a byte. */
shx_status shx_check_peers(const shx_config *config, void *const *peers, int count);
/* Whether [a, a + a_bytes) and [b, b + b_bytes) share a byte, computed from the lower
 * start's distance to the other, so that no end is computed and none wraps. */
int shx_ranges_share_byte(const void *a, size_t a_bytes, const void *b, size_t b_bytes);
/* `name` [pointer, pointer + bytes) and `other` [other_pointer, other_pointer +
 * other_bytes) share no byte (both sizes > 0); else SHX_INVALID_ARGUMENT naming both. */
shx_status shx_check_apart(const char *name, const void *pointer, size_t bytes,
                           const char *other, const void *other_pointer, size_t other_bytes);
/* One mailbox, [2 parities][tp sources][capacity][H / tp] BF16, of a valid config:
 * shx_mailbox_bytes without the check. */
size_t shx_mailbox_bytes_of(const shx_config *config);
/* bound_*: whether shx_bind_weights / shx_bind_peers succeeded on the op. */
shx_status shx_check_step(const shx_config *config, const void *x, int batch,
                          int parity, int bound_weights, int bound_peers);
shx_status shx_check_tail(const shx_config *config, const void *out, int batch,
                          int parity, int bound_peers);
shx_status shx_check_mailbox(const void *mailbox, size_t bytes);
/* shx_record_oproj's arguments against the op's config. */
shx_status shx_check_oproj(const shx_config *config, const void *w_o, const void *a,
                           int attention, const void *x, int batch);
/* The device's compute capability: this build's kernels are sm_90a only (H100, H200);
 * anything else is SHX_UNSUPPORTED, naming the device and its capability. */
shx_status shx_check_capability(int device, int major, int minor);

#endif /* SHX_ENGINE_VALIDATE_H_ */
