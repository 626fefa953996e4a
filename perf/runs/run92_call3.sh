#!/usr/bin/env bash
# Never run: superseded by perf/runs/run93_call1.sh (the same A/B with the merge candidate
# and its validation; perf/RESULTS.md run 93).
# Run 92 call 3: OWN PREFETCH W = 8 after 1024 cycles (452da20 with SHX_OWN_PREFETCH_DELAY
# 1024, the source of r92_own_prefetch 4b979fa) against main (f70247f) on an H200, the A/B
# alone (little device time was left): two rounds at TP8 B = 9, 16, alternated. Calls 1-2
# measured it on two H100s.
# Build (here): call 2's bundle_m92 and bundle_w8d1024, or anew: on main
#   `tools/bundle.sh bundle_m92 ab`, on r92_own_prefetch `tools/bundle.sh bundle_w8d1024 ab`;
#   tar cJf bundle_pack_op3/run92c3.tar.xz bundle_m92/{COMMIT,bench} bundle_w8d1024/{COMMIT,bench}
# carry: bundle_pack_op3
{
date -u
tar xJf bundle_pack_op3/run92c3.tar.xz
for b in bundle_m92 bundle_w8d1024; do echo "$b: $(cat $b/COMMIT)"; done
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for round in 1 2; do
  BATCHES=9,16 tools/gpu_ab.sh $OUT/d$round bundle_m92 bundle_w8d1024 | grep -v "^ *$"
done 2>&1 | tee -a $OUT/call.txt
(cd $OUT && rm -f */*.err; tar czf ab.tgz d[12] && rm -rf d1 d2)
echo "done after $SECONDS s" | tee -a $OUT/call.txt
