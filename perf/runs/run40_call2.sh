#!/usr/bin/env bash
# Run 40, call 2 (perf/RESULTS.md), nvidia-h200: the SASS of three ways to release h
# (perf/runs/run40_fence_probe.cu, compiled here into bundle_probe/), then main (bundle_m)
# against bundle_p4 (r40_poll4: four staggered acquire polls of the grid-barrier counter
# in flight), bundle_p2 (r40_poll2: two) and bundle_f (r40_fence_release: the arrival as
# fence.release.gpu + red.relaxed.gpu): tests, A/B, limits.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run40_call2.tar.xz && cat bundle_m/COMMIT bundle_p4/COMMIT bundle_p2/COMMIT bundle_f/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cuobjdump --dump-sass bundle_probe/fr.cubin | grep -E "Function|MEMBAR|ERRBAR|RED|ATOM|FENCE|CCTL|BAR" > $OUT/probe_sass.txt 2>&1
cat $OUT/probe_sass.txt
cuobjdump --dump-sass bundle_f/bench > $OUT/all_f.txt 2>&1
awk '/Function : /{p = index($0, "shared_expert_fusedILi16ELNS1_4ModeE0ELi2ELb0E") > 0} p' \
  $OUT/all_f.txt | grep -B6 -A2 "REDG" > $OUT/sass_f_red.txt
rm $OUT/all_f.txt
cat $OUT/sass_f_red.txt
echo "sass done after $SECONDS s"
MAIN=bundle_m CANDIDATES="bundle_p4 bundle_p2 bundle_f" BATCHES=9,16,32,64 \
  DEEPSEEK_BATCHES=9 LIMIT_CELLS="16 32;8 9" \
  timeout 440 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
grep -E "exit|passed|failed|HGMMA|LDL|^\| " $OUT/summary.txt
echo "all done after $SECONDS s"
