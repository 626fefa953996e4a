#!/usr/bin/env bash
# The library's C sources (engine/, ops/ and graphs/' group and green-context code) and
# its header, checked with clang as C11 (-Wall -Wextra -Werror, syntax and semantics, no
# code generated): Bazel builds them with gcc, but an engine that compiles the sources in
# its own build may use clang, which refuses some things gcc takes (stop 87: a static
# _Atomic pointer initialized with NULL, "initializer element is not a compile-time
# constant", in ops/driver.c). The header is also checked alone, as C11 and as C++17.
set -euo pipefail
runfiles=${RUNFILES_DIR:-${TEST_SRCDIR:-$0.runfiles}}/shared_expert
cuda=/usr/local/cuda
clang=$(command -v clang || true)
if [ -z "$clang" ]; then
  echo "FAIL: no clang on the PATH (tools/setup.sh installs it for the tests)"
  exit 1
fi
cd "$runfiles"
flags=(-std=c11 -Wall -Wextra -Werror -fsyntax-only -I. -Iinclude -I"$cuda/include")
count=0 failed=0
for source in engine/*.c ops/*.c graphs/*.c; do
  count=$((count + 1))
  if ! "$clang" "${flags[@]}" "$source"; then
    echo "FAIL: $source"
    failed=$((failed + 1))
  fi
done
scratch=${TEST_TMPDIR:-$(mktemp -d)}
printf '#include "shared_expert.h"\nint main(void) { return 0; }\n' > "$scratch/header.c"
"$clang" "${flags[@]}" "$scratch/header.c" || { echo "FAIL: the header as C11"; failed=$((failed + 1)); }
cp "$scratch/header.c" "$scratch/header.cc"
"$clang" -x c++ -std=c++17 -Wall -Wextra -Werror -pedantic -fsyntax-only -Iinclude \
  "$scratch/header.cc" || { echo "FAIL: the header as C++17"; failed=$((failed + 1)); }
[ "$count" -ge 9 ] || { echo "FAIL: only $count C sources found"; exit 1; }
[ "$failed" -eq 0 ] || { echo "clang_c11_test: $failed failed"; exit 1; }
echo "clang_c11_test: $count C sources and the header pass clang $("$clang" -dumpversion)"
