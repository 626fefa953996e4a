#!/usr/bin/env bash
# Run 83 call 4: main's bundle after the review of run 83's change (814f0f9: dims_gpu_test
# with mailbox hashes and the H200 plans asserted, the built-in tp 4 row, bench's dims
# checks and default names, timing graphs of one step a weight set where sets exceed 40):
# every one-GPU test and the main job (tools/gpu_suite.sh); bench at a shape of 0.8 MB a
# rank (160 weight sets, so 160 steps a graph) with its default file names; two dims
# bench must refuse before timing (no config; no fused geometry).
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack/*;
#   tar cJf bundle_pack/run83.tar.xz bundle                       carry: bundle_pack
PACK=bundle_pack/run83.tar.xz tools/gpu_suite.sh $OUT
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle
timeout 120 ./bench --dims 2048,512,situ --tps 8 --quick --table-only > $OUT/small.txt 2>&1
echo "small exit $? at $SECONDS s; files: $(ls bench_*.csv policy_*.txt 2>/dev/null)" |
  tee -a $OUT/call.txt
grep -E '^ *8 |sets' $OUT/small.txt | tee -a $OUT/call.txt
for dims in 5000,512 3584,20480; do
  timeout 60 ./bench --dims $dims --tps 8 --quick > $OUT/refuse.txt 2>&1
  echo "dims $dims exit $?: $(tail -1 $OUT/refuse.txt)" | tee -a $OUT/call.txt
done
rm -f $OUT/refuse.txt
