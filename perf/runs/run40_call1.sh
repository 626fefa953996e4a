#!/usr/bin/env bash
# Run 40, call 1 (perf/RESULTS.md), nvidia-h200: main (bundle_m) against bundle_s
# (r40_skip_branchfree: skip_release_branchfree.patch, the arrival skipped for stages
# nobody refills, its condition in the arrive's predicate) and two timing diagnostics
# of the h release (not correct code): bundle_a (r40_diag_relaxed_red: the grid-barrier
# arrival relaxed, no release) and bundle_b (r40_diag_relaxed_all: also no writer proxy
# fence, a relaxed spin). First the SASS of bundle_s's TP16 N = 16 instance (is the
# release still one predicated SYNCS.ARRIVE, no BSSY?), then tests, A/B, limits.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run40_call1.tar.xz && cat bundle_m/COMMIT bundle_s/COMMIT bundle_a/COMMIT bundle_b/COMMIT
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for b in m s; do
  cuobjdump --dump-sass bundle_$b/bench > $OUT/all_$b.txt 2>&1
  awk '/Function : /{p = index($0, "shared_expert_fusedILi16ELNS1_4ModeE0ELi2ELb0E") > 0} p' \
    $OUT/all_$b.txt > $OUT/sass_$b.txt
  rm $OUT/all_$b.txt
  echo "$b: $(wc -l < $OUT/sass_$b.txt) lines, HGMMA $(grep -c HGMMA $OUT/sass_$b.txt), SYNCS $(grep -c SYNCS $OUT/sass_$b.txt), BSSY $(grep -c BSSY $OUT/sass_$b.txt), BRA.DIV $(grep -c BRA.DIV $OUT/sass_$b.txt)"
done
echo "sass done after $SECONDS s"
MAIN=bundle_m CANDIDATES="bundle_s bundle_a bundle_b" BATCHES=9,16,32,64 \
  DEEPSEEK_BATCHES=9 LIMIT_CELLS="16 9;8 9;16 32" \
  timeout 440 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -v "^== bundle_.* ([0-9a-f+a-z]*)$" $OUT/candidates.txt | grep -v "^$" > $OUT/summary.txt
cat $OUT/summary.txt
echo "all done after $SECONDS s"
