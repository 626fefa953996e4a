/* check.h: the assertion macro of tests and tools (they may exit; the library never does). */
#ifndef SHX_ENGINE_CHECK_H_
#define SHX_ENGINE_CHECK_H_

#include <stdio.h>
#include <stdlib.h>

#define CHECK(condition)                                                  \
  do {                                                                    \
    if (!(condition)) {                                                   \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__,    \
              #condition);                                                \
      exit(1);                                                            \
    }                                                                     \
  } while (0)

/* CHECK_CUDA(call): a CUDA runtime call that must return cudaSuccess (GPU tests). */
#define CHECK_CUDA(call) CHECK((call) == cudaSuccess)

#endif /* SHX_ENGINE_CHECK_H_ */
