#!/usr/bin/env bash
# Run 102 call 2 (stop 85), an H200 only (it exits at once elsewhere): run 102 call 1's
# H200 branch without the suite (which run 102 call 1 ran on an H100): run 100 call 4's
# A/B of EXIT DRAIN X into $OUT/ab, then issue 3's table, bench --repeat 2 of the
# bundle_pack/run102s.tar.xz bundle (363ebeb), into $OUT/bench.txt and bench.csv.
#                                                                   carry: bundle_pack
set -u
top=$OUT
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
if ! nvidia-smi -L | grep -q H200; then echo "not an H200: nothing run"; exit 0; fi
mkdir -p $top/ab
OUT=$top/ab timeout 200 bash perf/runs/run100_call4.sh
tar xJf bundle_pack/run102s.tar.xz && cat bundle/COMMIT | tee -a $top/head.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
(cd bundle && timeout 220 ./bench --repeat 2 --csv $top/bench.csv) > $top/bench.txt 2> $top/bench.err
echo "bench exit $? after $SECONDS s" | tee -a $top/head.txt
tail -45 $top/bench.txt
