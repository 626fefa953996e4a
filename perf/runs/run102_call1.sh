#!/usr/bin/env bash
# Run 102 call 1 (stop 85), asked of nvidia-h200, any card. The pack bundle_pack/
# run102s.tar.xz is the full bundle at 363ebeb: main with stop 85's host checks (the
# push, tail and arm launchers, the baseline chain, nccl_window, green.c, the spinner);
# the kernels' PTX is 54b06ad's (tools/same_ptx.sh).
#  - On an H200: run 101 call 4 with this pack (EXIT DRAIN X's A/B into $OUT/ab, then
#    issue 3's table, bench --repeat 2, into $OUT/bench.txt and bench.csv); then as much
#    of the suite as the call's time leaves (into $OUT/suite).
#  - Elsewhere: the one-GPU suite of the run102s bundle (tools/gpu_suite.sh, about 400 s).
# Build (here): tools/bundle.sh bundle; tar cJf bundle_pack/run102s.tar.xz bundle.
#                                                                   carry: bundle_pack
set -u
top=$OUT
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
mkdir -p $top/suite
if ! nvidia-smi -L | grep -q H200; then
  OUT=$top/suite PACK=bundle_pack/run102s.tar.xz timeout 540 tools/gpu_suite.sh $top/suite \
    > /dev/null 2>&1
  echo "suite exit $? after $SECONDS s" | tee -a $top/head.txt
  tail -30 $top/suite/call.txt
  exit 0
fi
PACK=bundle_pack/run102s.tar.xz OUT=$top bash perf/runs/run101_call4.sh
left=$((560 - SECONDS))
if [ $left -gt 60 ]; then
  BUNDLE=bundle timeout $left tools/gpu_suite.sh $top/suite > /dev/null 2>&1
  echo "suite exit $? after $SECONDS s (given $left s)" | tee -a $top/head.txt
  [ -f $top/suite/tests_full.txt ] && gzip -f $top/suite/tests_full.txt
fi
