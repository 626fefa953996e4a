/* expect.h: the tests' check of a refusal: the status wanted, and a message that names
 * the value refused (tests may exit; the library never does). */
#ifndef SHX_ENGINE_EXPECT_H_
#define SHX_ENGINE_EXPECT_H_

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shared_expert.h"

static inline void expect(shx_status got, shx_status want, const char *named) {
  if (got != want || strstr(shx_last_error(), named) == NULL) {
    fprintf(stderr, "expected %s naming \"%s\", got %s: \"%s\"\n", shx_status_string(want),
            named, shx_status_string(got), shx_last_error());
    exit(1);
  }
}

#endif /* SHX_ENGINE_EXPECT_H_ */
