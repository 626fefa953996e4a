#!/usr/bin/env bash
# Run 58 call 3: the example consumer after the review's mends (it skips where shx_create refuses the GPU; the package files name /usr/local/cuda; the symbol check), on one H200.
# docs/example/consumer.c twice: as //docs/example:consumer_gpu_test (Bazel, the merged
# archive through cc_import) and as consumer_pc, built here with plain cc from an
# installed prefix's pkg-config flags (tools/install.sh). Each runs its API checks, then
# 8 ranks of the DeepSeek shared expert on GPU 0 at B=9 with every variant (3 replays
# bitwise equal, no NaN, fused = split bit for bit, baseline within 1e-2 of fused);
# then consumer_gpu_test under compute-sanitizer memcheck. No kernel changed.
# Build first (here):
#   bazel build //docs/example:consumer_gpu_test && tools/install.sh /tmp/shxprefix
#   rm -rf bundle_consumer && mkdir bundle_consumer
#   cp bazel-bin/docs/example/consumer_gpu_test bundle_consumer/
#   PKG_CONFIG_PATH=/tmp/shxprefix/lib/pkgconfig cc -std=c11 -Wall -Werror \
#     $(PKG_CONFIG_PATH=/tmp/shxprefix/lib/pkgconfig pkg-config --cflags shared_expert) \
#     docs/example/consumer.c \
#     $(PKG_CONFIG_PATH=/tmp/shxprefix/lib/pkgconfig pkg-config --libs shared_expert) \
#     -o bundle_consumer/consumer_pc
#   git rev-parse --short HEAD > bundle_consumer/COMMIT
#   rm -f bundle_pack/*; tar cJf bundle_pack/run58_call3.tar.xz bundle_consumer
# carry: bundle_pack
date -u
tar xJf bundle_pack/run58_call3.tar.xz
echo "bundle $(cat bundle_consumer/COMMIT)"
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version,compute_mode --format=csv,noheader
cd bundle_consumer
ldd ./consumer_pc | grep -i "cublas\|cudart\|stdc"
timeout 120 ./consumer_gpu_test; echo "consumer_gpu_test exit $?"
timeout 120 ./consumer_pc; echo "consumer_pc exit $?"
timeout 120 ./consumer_pc api; echo "consumer_pc api exit $?"
timeout 300 compute-sanitizer --tool memcheck --error-exitcode 9 ./consumer_gpu_test 2>&1 | tail -6
echo "memcheck exit ${PIPESTATUS[0]}"
