#!/usr/bin/env bash
# The file-copying half of tools/install.sh, without Bazel (tools:consumer_build_test
# runs it inside a test):
#   tools/install_files.sh PREFIX ARCHIVE HEADER
# The link line in both package files: the archive, then cuBLASLt (shared) and the
# static CUDA runtime with what it needs (dl, pthread, rt), and libstdc++, which the
# kernels' nvcc-generated host code calls (static-local guards, the C++ personality).
# pkg-config's also sets a RUNPATH to the toolkit's lib64, so that libcublasLt.so.13 is
# found where the system's library cache does not list it (CMake's build tree gets the
# same for a library named by its path; consumer_build_test checks both).
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: tools/install_files.sh PREFIX ARCHIVE HEADER" >&2; exit 2; }
prefix=$(realpath -m "$1") archive=$2 header=$3
# The toolkit the archive was built with (WORKSPACE's @cuda, tools/cuda.bzl's nvcc): its
# objects need that toolkit's cudart and cuBLASLt, whatever CUDA_HOME says.
cuda=/usr/local/cuda
mkdir -p "$prefix/include" "$prefix/lib/pkgconfig" "$prefix/lib/cmake/shared_expert"
install -m 644 "$header" "$prefix/include/shared_expert.h"
install -m 644 "$archive" "$prefix/lib/libshared_expert.a"
major=$(sed -n 's/^#define SHX_VERSION_MAJOR \([0-9]*\)$/\1/p' "$header")
minor=$(sed -n 's/^#define SHX_VERSION_MINOR \([0-9]*\)$/\1/p' "$header")
[ -n "$major" ] && [ -n "$minor" ] || { echo "install: no version in $header" >&2; exit 1; }
version=$major.$minor
cat > "$prefix/lib/pkgconfig/shared_expert.pc" <<PC
prefix=$prefix
includedir=\${prefix}/include
libdir=\${prefix}/lib
cudadir=$cuda

Name: shared_expert
Description: fused shared-expert MoE decode operator for Hopper (sm_90a)
Version: $version
Cflags: -I\${includedir} -I\${cudadir}/include
Libs: -L\${libdir} -lshared_expert -L\${cudadir}/lib64 -Wl,-rpath,\${cudadir}/lib64 -lcublasLt -lcudart_static -ldl -lpthread -lrt -lm -lstdc++
PC
cat > "$prefix/lib/cmake/shared_expert/shared_expertConfig.cmake" <<CMAKE
# shared_expert: find_package(shared_expert) gives the target shared_expert::shared_expert.
get_filename_component(_shx_prefix "\${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(shared_expert_VERSION $version)
if(NOT TARGET shared_expert::shared_expert)
  add_library(shared_expert::shared_expert STATIC IMPORTED)
  set_target_properties(shared_expert::shared_expert PROPERTIES
    IMPORTED_LOCATION "\${_shx_prefix}/lib/libshared_expert.a"
    INTERFACE_INCLUDE_DIRECTORIES "\${_shx_prefix}/include;$cuda/include"
    INTERFACE_LINK_LIBRARIES "$cuda/lib64/libcublasLt.so;$cuda/lib64/libcudart_static.a;dl;pthread;rt;m;stdc++")
endif()
unset(_shx_prefix)
CMAKE
cat > "$prefix/lib/cmake/shared_expert/shared_expertConfigVersion.cmake" <<CMAKE
# Compatible with a request of the same major version, at most this one.
set(PACKAGE_VERSION $version)
if(PACKAGE_FIND_VERSION_MAJOR STREQUAL "$major" AND
   NOT PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  if(PACKAGE_FIND_VERSION VERSION_EQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()
CMAKE
