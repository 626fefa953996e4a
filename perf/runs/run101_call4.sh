#!/usr/bin/env bash
# Run 101 call 4 (stop 85), an H200 only (it exits at once elsewhere): run 100 call 4's
# A/B (EXIT DRAIN X, bundle_xx b3e9741, against main before it, bundle_m 386bb7c; TP8/TP16
# B = 9, 16, 64, twice) into $OUT/ab, then issue 3's table for main: bench --repeat 2 of
# the full bundle in PACK (default bundle_pack/run100s.tar.xz, 54b06ad; run 102 passes
# run102s.tar.xz), every acceptance batch with its floor and baseline, into
# $OUT/bench.txt and bench.csv.                                     carry: bundle_pack
set -u
top=$OUT
pack=${PACK:-bundle_pack/run100s.tar.xz}
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
if ! nvidia-smi -L | grep -q H200; then echo "not an H200: nothing run"; exit 0; fi
mkdir -p $top/ab
OUT=$top/ab timeout 200 bash perf/runs/run100_call4.sh
tar xJf "$pack" && cat bundle/COMMIT | tee -a $top/head.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
(cd bundle && timeout 220 ./bench --repeat 2 --csv $top/bench.csv) > $top/bench.txt 2> $top/bench.err
echo "bench exit $? after $SECONDS s" | tee -a $top/head.txt
tail -45 $top/bench.txt
