#!/usr/bin/env bash
# PREPARED in run 50, RUN as run 51 call 1 (perf/runs/run51_call1.sh, perf/RESULTS.md
# run 51): the early trigger with a paced
# refill prefetch, kFusedX only. Run 50 call 6: with kFusedX's early trigger (et) the first
# ring lands before the wait, but nothing lands for 1.5 us after it (the refills wait for
# the first ring's MMAs, which wait for x) and the down loop grows 1.8 -> 2.4 us with the
# next ring beside it: 0.44-0.53 us slower. Candidates (branches on main `14de362`, patches
# in docs/experiments): et (r51_et, fusedx_early_trigger.patch), etrp8 / etrp4 / etrp18
# (r51_et_refill_prefetch, r51_et_rp4, r51_et_rp18: et_refill_prefetch_on_fusedx_early_trigger
# .patch, the next 8 / 4 / 18 refills asked into L2 once the first ring's weights landed).
# Build first, each from its branch:
#   git checkout main && tools/bundle.sh bundle_m ab
#   r51_et -> bundle_et ab; r51_et_refill_prefetch -> bundle_rp8 ab; r51_et_rp4 -> bundle_rp4 ab;
#   r51_et_rp18 -> bundle_rp18 ab; and FILL_STAMPS=1 tools/bundle.sh bundle_rp8fs ab on
#   r51_et_refill_prefetch, bundle_mfs on main (the weight stream's timeline of both)
#   rm -f bundle_pack/*; tar cJf bundle_pack/prepared_run51.tar.xz bundle_m bundle_et \
#     bundle_rp8 bundle_rp4 bundle_rp18 bundle_mfs bundle_rp8fs
# Read: the "fills |" windows 0.26-2.05 us after the wait (et: 0.04 TB/s) and the down loop.
# carry: bundle_pack
date -u
tar xJf bundle_pack/prepared_run51.tar.xz
for b in bundle_m bundle_et bundle_rp8 bundle_rp4 bundle_rp18 bundle_mfs bundle_rp8fs; do
  echo "$b $(cat $b/COMMIT)"; done
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for shape in "8 9" "8 16"; do
  for b in bundle_mfs bundle_rp8fs; do
    echo "== $b TP/B $shape"
    (cd $b && timeout 60 ./profile_step fused $shape 40 1 trace 2>&1)
  done
done > $OUT/traces.txt
grep -E "^==|per step|^breakdown|MMAs done .*grid barrier|^fills \| +-?[0-9]+\.[0-9]+ \|" $OUT/traces.txt | head -120
MAIN=bundle_m CANDIDATES="bundle_et bundle_rp8 bundle_rp4 bundle_rp18" BATCHES=9,16,32 \
  LIMIT_CELLS="8 9;8 16" timeout 480 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
grep -E "exit [1-9]|passed|failed|HGMMA|LDL|rror|imeout" $OUT/candidates.txt
grep -E "^==|^\| tp|^\| [0-9]|^ +(8|16) " $OUT/candidates.txt
echo "all done after $SECONDS s"
