/* status.c: thread-local last-error message and status names. */
#include "engine/status.h"

#include <stdarg.h>
#include <stdio.h>

static _Thread_local char last_error[SHX_LAST_ERROR_BYTES];

shx_status shx_fail(shx_status status, const char *format, ...) {
  va_list args;
  va_start(args, format);
  vsnprintf(last_error, sizeof last_error, format, args);
  va_end(args);
  return status;
}

shx_status shx_fail_with_context(shx_status status, const char *format, ...) {
  char reason[SHX_LAST_ERROR_BYTES]; /* a copy: the message is rewritten below */
  snprintf(reason, sizeof reason, "%s", last_error);
  va_list args;
  va_start(args, format);
  const int length = vsnprintf(last_error, sizeof last_error, format, args);
  va_end(args);
  /* ": " and as much of the earlier message as fits (messages are cut, not overrun). */
  const int room = (int)sizeof last_error - 1 - length;
  if (length >= 0 && room > 2)
    snprintf(last_error + length, (size_t)room + 1, ": %.*s", room - 2, reason);
  return status;
}

void shx_clear_error(void) { last_error[0] = '\0'; }

const char *shx_last_error(void) { return last_error; }

const char *shx_status_string(shx_status status) {
  switch (status) {
    case SHX_SUCCESS: return "SHX_SUCCESS";
    case SHX_INVALID_ARGUMENT: return "SHX_INVALID_ARGUMENT";
    case SHX_UNSUPPORTED: return "SHX_UNSUPPORTED";
    case SHX_NOT_IMPLEMENTED: return "SHX_NOT_IMPLEMENTED";
    case SHX_CUDA_ERROR: return "SHX_CUDA_ERROR";
    case SHX_NO_DEVICE: return "SHX_NO_DEVICE";
    case SHX_OUT_OF_MEMORY: return "SHX_OUT_OF_MEMORY";
    case SHX_DEVICE_TIMEOUT: return "SHX_DEVICE_TIMEOUT";
    case SHX_INTERNAL_ERROR: return "SHX_INTERNAL_ERROR";
  }
  return "SHX_UNKNOWN_STATUS";
}
