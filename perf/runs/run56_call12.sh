#!/usr/bin/env bash
# Run 56 call 12: main (`6b684b6`) on one H200 after the run's host-side changes (ENGINE STATE:
# shx_enter_engine_state, bench --engine-state, decode_step entering it; run 55's last
# commit, publish_probe's LaunchShape, had not run on a GPU). The kernels' PTX is
# `bfaa410`'s (tools/same_ptx.sh). Every 1-GPU test of the bundle (the two-GPU ones report
# themselves skipped on one GPU), the main job, bench --quick fresh and in the engine state.
# Build first (here, with Bazel):
#   tools/bundle.sh bundle
#   rm -f bundle_pack/*; tar cJf bundle_pack/run56_call12.tar.xz bundle
# carry: bundle_pack
date -u
tar xJf bundle_pack/run56_call12.tar.xz
echo "bundle $(cat bundle/COMMIT)"
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 400 bundle/run_gpu_tests.sh > $OUT/tests.txt 2>&1
echo "tests exit $? after $SECONDS s"
grep -E "^==|passed|failed|skipped" $OUT/tests.txt
grep -B2 -A12 "FAILED" $OUT/tests.txt | head -60
(cd bundle && timeout 60 ./decode_step ../testdata/golden > $OUT/decode_step.txt 2>&1; echo "decode_step exit $?")
tail -14 $OUT/decode_step.txt
(cd bundle && timeout 100 ./bench --quick --table-only 2>/dev/null; echo "bench exit $?")
(cd bundle && timeout 100 ./bench --quick --table-only --engine-state 2>/dev/null; echo "bench exit $?")
echo "all done after $SECONDS s"
