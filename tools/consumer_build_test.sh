#!/usr/bin/env bash
# The operator as an engine outside Bazel gets it: tools/install_files.sh installs the
# merged archive and the header into a scratch prefix; then
# 1. every function the header declares is defined in the archive, and every global
#    symbol of the archive has the project's prefix (C names shx_..., C++ in namespace
#    shx, templates' demangled names after their return type) or is C++ that cannot
#    meet an engine's names (an anonymous namespace, the kernels' device stubs); weak
#    symbols merge silently with a definition of the same name, so the one weak name
#    allowed besides is the C++ personality routine's reference
#    (DW.ref.__gxx_personality_v0, the same in every C++ object); and the archive
#    references no exit, abort or printing function (SPEC);
# 2. docs/example/consumer.c builds with `cc -std=c11 -Werror` from pkg-config's flags,
#    and with CMake through find_package(shared_expert), a C++17 program with the same
#    header links (-pedantic -Werror), and each runs its checks that need
#    no GPU (`consumer api`: a bad config is refused with its message; shx_create
#    reports SHX_NO_DEVICE where no device is visible); the pkg-config and CMake
#    builds carry a RUNPATH to the toolkit's lib64, so that they find libcublasLt.so.13
#    where the system's library cache does not. The GPU half of the same program is
#    //docs/example:consumer_gpu_test;
# 3. a cudaStream_t and a CUstream pass as shx_stream in C and C++, the CUDA headers
#    included before or after the header, and a pointer to a cudaStream_t is refused.
set -euo pipefail
runfiles=${RUNFILES_DIR:-${TEST_SRCDIR:-$0.runfiles}}/shared_expert
archive=$runfiles/libshared_expert.a
header=$runfiles/include/shared_expert.h
example=$runfiles/docs/example
cuda=/usr/local/cuda # the toolkit the archive was built with (tools/install_files.sh)
scratch=${TEST_TMPDIR:-$(mktemp -d)}
prefix=$scratch/prefix
"$runfiles/tools/install_files.sh" "$prefix" "$archive" "$header"

echo "== symbols"
nm -g --defined-only --format=posix "$prefix/lib/libshared_expert.a" > "$scratch/symbols" 2>/dev/null
bad=0 count=0
while read -r name type; do
  count=$((count + 1))
  case $name in shx_*) continue ;; esac
  demangled=$(echo "$name" | c++filt)
  [[ $demangled =~ ^([A-Za-z_][A-Za-z0-9_]*\ )?shx:: ]] && continue
  case $demangled in
    "(anonymous namespace)::"*|__device_stub__ZN*_GLOBAL__N_*) continue ;;
  esac
  case $type:$demangled in [WwVv]:DW.ref.__gxx_personality_v0) continue ;; esac
  echo "symbol outside the project's names: $type $name ($demangled)"
  bad=$((bad + 1))
done < <(awk 'NF >= 2 && $1 !~ /:$/ { print $1, $2 }' "$scratch/symbols")
echo "$count global symbols, $bad outside the project's names"
if [ "$count" -eq 0 ] || [ "$bad" -ne 0 ]; then exit 1; fi
declared=$(sed -n 's/^[a-z_ ]*[ *]\(shx_[a-z_]*\)(.*/\1/p' "$header")
# The same count by the return types the header uses, so that a change of declaration
# style that this sed no longer reads fails here instead of checking nothing.
by_type=$(grep -cE '^(shx_status|size_t|const char \*) ?\*?shx_[a-z_]+\(' "$header" || true)
if [ -z "$declared" ] || [ "$(echo "$declared" | wc -l)" -ne "$by_type" ]; then
  echo "read $(echo "$declared" | grep -c .) function declarations, $by_type by return type"
  exit 1
fi
for function in $declared; do
  grep -q "^$function T " "$scratch/symbols" || { echo "$function is not defined"; exit 1; }
done
echo "the header's $(echo "$declared" | wc -l) functions are defined"
# SPEC: no exit() or abort() in library code, and no printing to stdout (or stderr): the
# archive must not even reference them.
forbidden='exit|_exit|_Exit|quick_exit|abort|__assert_fail|_ZSt9terminatev|'
forbidden+='printf|vprintf|__printf_chk|__vprintf_chk|dprintf|vdprintf|'
forbidden+='fprintf|vfprintf|__fprintf_chk|__vfprintf_chk|puts|fputs|fputc|putc|putchar|'
forbidden+='fwrite|perror|stdout|stderr'
nm -u "$prefix/lib/libshared_expert.a" > "$scratch/undefined" # fails the test if nm does
referenced=$(awk '{ print $NF }' "$scratch/undefined" | sort -u | grep -xE "$forbidden" ||
  true)
if [ -n "$referenced" ]; then
  echo "the archive references what library code must not call: $(echo $referenced)"
  exit 1
fi
echo "no reference to exit, abort or printing"

echo "== pkg-config"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
cp "$example/consumer.c" "$scratch/consumer.c"
cc -std=c11 -Wall -Wextra -Werror $(pkg-config --cflags shared_expert) "$scratch/consumer.c" \
  $(pkg-config --libs shared_expert) -o "$scratch/consumer_pc"
LD_LIBRARY_PATH=$cuda/lib64 "$scratch/consumer_pc" api
# The runtime search path that finds libcublasLt.so.13 without the system's library cache.
runpath() { readelf -d "$1" | grep -E '\((RUNPATH|RPATH)\)' || true; }
runpath "$scratch/consumer_pc" | grep -qF "$cuda/lib64" ||
  { echo "consumer_pc: no RUNPATH to $cuda/lib64: $(runpath "$scratch/consumer_pc")"; exit 1; }

echo "== C++"
# C++ engines include the same header (extern "C", SHX_CONFIG_INIT as an aggregate). Run
# with every GPU hidden, the library must answer SHX_NO_DEVICE and leave the op NULL, so
# the linked program is shown to reach the library's device check, on any host.
cat > "$scratch/consumer.cc" <<'CC'
#include <cstdio>
#include "shared_expert.h"
int main() {
  shx_config config = SHX_CONFIG_INIT;
  shx_op *op = reinterpret_cast<shx_op *>(1);
  const shx_status status = shx_create(&config, &op);
  std::printf("%s: %s\n", shx_status_string(status), shx_last_error());
  return status == SHX_NO_DEVICE && op == nullptr ? 0 : 1;
}
CC
c++ -std=c++17 -Wall -Wextra -Werror -pedantic $(pkg-config --cflags shared_expert) \
  "$scratch/consumer.cc" $(pkg-config --libs shared_expert) -o "$scratch/consumer_cc"
CUDA_VISIBLE_DEVICES="" LD_LIBRARY_PATH=$cuda/lib64 "$scratch/consumer_cc" ||
  { echo "C++ program: not SHX_NO_DEVICE with every GPU hidden"; exit 1; }
echo "C++ program built and ran (SHX_NO_DEVICE with every GPU hidden)"

echo "== streams"
# shx_stream is cudaStream_t's and CUstream's own type: both pass as they are, with the
# CUDA headers included before or after this one, in C and C++; a pointer to a stream
# (a common slip) is refused by the compiler.
for order in "cuda first" "shx first"; do
  if [ "$order" = "cuda first" ]; then
    includes='#include <cuda.h>
#include <cuda_runtime.h>
#include "shared_expert.h"'
  else
    includes='#include "shared_expert.h"
#include <cuda.h>
#include <cuda_runtime.h>'
  fi
  printf '%s\n%s\n' "$includes" 'int record(shx_op *op, cudaStream_t runtime, CUstream driver) {
  return (int)shx_tail(op, 0, 1, 0, runtime) + (int)shx_tail(op, 0, 1, 1, driver) +
         (int)shx_mailbox_arm(0, 16, 0);
}' > "$scratch/streams.c"
  cp "$scratch/streams.c" "$scratch/streams.cc"
  cc -std=c11 -Wall -Wextra -Werror $(pkg-config --cflags shared_expert) -I"$cuda/include" \
    -c "$scratch/streams.c" -o "$scratch/streams_c.o"
  c++ -std=c++17 -Wall -Wextra -Werror $(pkg-config --cflags shared_expert) \
    -I"$cuda/include" -c "$scratch/streams.cc" -o "$scratch/streams_cc.o"
done
printf '%s\n' '#include <cuda_runtime.h>' '#include "shared_expert.h"' \
  'int slip(shx_op *op, cudaStream_t s) { return (int)shx_tail(op, 0, 1, 0, &s); }' \
  > "$scratch/slip.c"
if cc -std=c11 -Werror=incompatible-pointer-types $(pkg-config --cflags shared_expert) \
    -I"$cuda/include" -c "$scratch/slip.c" -o "$scratch/slip.o" 2>"$scratch/slip.txt"; then
  echo "a cudaStream_t * passed as a stream compiled"; exit 1
fi
grep -q "shx_stream" "$scratch/slip.txt" || { cat "$scratch/slip.txt"; exit 1; }
echo "cudaStream_t and CUstream pass in C and C++; a pointer to one is refused"

echo "== cmake"
mkdir -p "$scratch/cmake_source"
cp "$example/consumer.c" "$example/CMakeLists.txt" "$scratch/cmake_source/"
cmake -S "$scratch/cmake_source" -B "$scratch/cmake_build" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_C_FLAGS="-Wall -Wextra -Werror" >/dev/null
cmake --build "$scratch/cmake_build" >/dev/null
LD_LIBRARY_PATH=$cuda/lib64 "$scratch/cmake_build/consumer" api
runpath "$scratch/cmake_build/consumer" | grep -qF "$cuda/lib64" || {
  echo "cmake consumer: no RUNPATH to $cuda/lib64: $(runpath "$scratch/cmake_build/consumer")"
  exit 1
}
echo "consumer_build_test: passed"
