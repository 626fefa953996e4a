#!/usr/bin/env bash
# Run 90 call 2: the benchmark on the H100 of call 1 (or another nvidia-h100-x1): bench
# --repeat 2 at the design dims (fused, split and baseline, the floor, B = 1..128, the
# table, CSV and the policy it would write), then tools/limits.sh at TP8 and TP16 B = 9,
# 16 (the step cut into phases). Same pack as call 1.       carry: bundle_pack_h100
{
date -u
[ -x bundle/bench ] || tar xJf bundle_pack_h100/run90.tar.xz
cat bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
(cd bundle && timeout 300 ./bench --repeat 2 --csv $OUT/bench.csv --policy $OUT/policy.txt \
  > $OUT/bench.txt 2> $OUT/bench.err)
echo "bench exit $? after $SECONDS s" | tee -a $OUT/call.txt
tail -45 $OUT/bench.txt | tee -a $OUT/call.txt
BUNDLE=bundle CELLS="8 9;8 16;16 9;16 16" timeout 150 tools/limits.sh $OUT/lim \
  > $OUT/limits.txt 2>&1
echo "limits exit $? after $SECONDS s" | tee -a $OUT/call.txt
cat $OUT/limits.txt | tee -a $OUT/call.txt
(cd $OUT && tar czf lim.tgz lim 2>/dev/null; rm -rf lim; ls)
