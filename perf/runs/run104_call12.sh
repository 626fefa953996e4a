#!/usr/bin/env bash
# Run 104 call 12 (stop 86): on any card, the full bundle at 3e5063d (bundle_pack/
# run104s2.tar.xz): api_gpu_test with the refusals its header claimed but did not test
# (stop 86), plainly and under compute-sanitizer memcheck, and api_test. Then, on an H200
# only, run 104 call 9's A/B of ISSUER X, EXIT DRAIN ALL and EXIT DRAIN CTA against main
# (H200_ONLY=1 TESTS=0 perf/runs/run104_call9.sh, into $OUT/ab).
# Build: tools/bundle.sh bundle; tar cJf bundle_pack/run104s2.tar.xz bundle; and
# run104_call9.sh's pack.      carry: bundle_pack/run104s2.tar.xz bundle_pack/run104ab3.tar.xz
set -u
top=$OUT
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
tar xJf bundle_pack/run104s2.tar.xz && cat bundle/COMMIT | tee -a $top/head.txt
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
(cd bundle && timeout 60 ./api_gpu_test) > $top/api_gpu_test.txt 2>&1
echo "api_gpu_test exit $?" | tee -a $top/head.txt
(cd bundle && timeout 60 ./api_test) > $top/api_test.txt 2>&1
echo "api_test exit $?" | tee -a $top/head.txt
(cd bundle && timeout 200 compute-sanitizer --tool memcheck ./api_gpu_test) \
  > $top/api_gpu_test_memcheck.txt 2>&1
echo "api_gpu_test under memcheck exit $?" | tee -a $top/head.txt
tail -4 $top/api_gpu_test.txt $top/api_test.txt $top/api_gpu_test_memcheck.txt
mkdir -p $top/ab
OUT=$top/ab H200_ONLY=1 TESTS=0 bash perf/runs/run104_call9.sh
echo "done after $SECONDS s" | tee -a $top/head.txt
