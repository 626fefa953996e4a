#!/usr/bin/env bash
# Run 55 call 11: main after the review mends (shx_destroy keeps the last error; h zeroed
# at create; api_test accepts a down of the gate's batch; publish_probe reports itself
# skipped where its grid cannot be resident, and an alarm ends a hang). The kernels' PTX
# is `bfaa410`'s. Every 1-GPU test of the bundle, the main job, bench --quick at both dims.
# Build first (here, with Bazel):
#   tools/bundle.sh bundle
#   rm -f bundle_pack/*; tar cJf bundle_pack/run55_call11.tar.xz bundle
# carry: bundle_pack
date -u
tar xJf bundle_pack/run55_call11.tar.xz
echo "bundle $(cat bundle/COMMIT)"
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 400 bundle/run_gpu_tests.sh > $OUT/tests.txt 2>&1
echo "tests exit $? after $SECONDS s"
grep -E "^==|passed|failed|skipped" $OUT/tests.txt
grep -B2 -A12 "FAILED" $OUT/tests.txt | head -60
(cd bundle && timeout 60 ./decode_step ../testdata/golden > $OUT/decode_step.txt 2>&1; echo "decode_step exit $?")
tail -12 $OUT/decode_step.txt
(cd bundle && timeout 200 ./bench --quick > $OUT/bench_quick.txt 2>&1; echo "bench exit $?")
cat $OUT/bench_quick.txt
(cd bundle && timeout 120 ./bench --quick --dims deepseek --table-only > $OUT/bench_quick_ds.txt 2>&1; echo "bench deepseek exit $?")
cat $OUT/bench_quick_ds.txt
echo "all done after $SECONDS s"
