#!/usr/bin/env bash
# Run 50, call 11 (perf/RESULTS.md), nvidia-h200. Call 10 again with FILL STAMPS' in-order
# form (its spy waits for the fills in order, as in calls 3-7) as merged into main (`bazel build --define shx_fill_stamps=1`, FILL_STAMPS=1 tools/bundle.sh bundle_fs
# ab; the default build's PTX unchanged): its 1-GPU fused test and mailbox test (the extra
# warp must not change results), then profile_step's traces at TP8 B = 9, 16.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run50_call11.tar.xz && cat bundle_fs/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
(cd bundle_fs && timeout 120 ./group_fused_1gpu_test 2>&1 | tail -2; timeout 120 ./mailbox_gpu_test 2>&1 | tail -1)
for shape in "8 9" "8 16"; do
  echo "== bundle_fs TP/B $shape"
  (cd bundle_fs && timeout 60 ./profile_step fused $shape 40 1 trace 2>&1)
done > $OUT/traces.txt
grep -E "^==|per step|^breakdown|MMAs done .*grid barrier|CTA [0-1] down|^fills \| +(-0\.5|0\.26|2\.05|5\.63|7\.68|9\.22)" $OUT/traces.txt
echo "all done after $SECONDS s"
