#!/usr/bin/env bash
# Run 101 call 3 (stop 85), any card: the rest of run 101 call 2's suite. Call 2's outer
# timeout (260 s) stopped the suite after green_gpu_test, the 19th of its 24 tests (all 19
# had passed or skipped); this runs the other five and the main job on the same pack
# (bundle_pack/run100s.tar.xz, 54b06ad), its TESTS cut to those five.  carry: bundle_pack
set -u
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
tar xJf bundle_pack/run100s.tar.xz && cat bundle/COMMIT | tee -a $OUT/head.txt
printf '%s\n' dims_gpu_test api_gpu_test consumer_gpu_test api_test group_args_test \
  > bundle/TESTS
BUNDLE=bundle timeout 400 tools/gpu_suite.sh $OUT
echo "run101_call3 done after $SECONDS s" | tee -a $OUT/head.txt
