#!/usr/bin/env bash
# Run 105 call 6 (stop 87), any card: the one-GPU suite of main at 5895e0c (after call 1's
# 11f4caa: the timing review's bench and profile_step changes, the clang fix in
# ops/driver.c, the launch checks of watchdog_ns and shx_fused_instance_name, the group's
# wait and sync that go on past a failed GPU). On an H200, first run105_call5.sh's
# measurements (the DeepSeek cells with the fitted steps, FILL STAMPS, the timing
# review's old against new), about 120 s.
# Build: tools/bundle.sh bundle; tar cJf bundle_pack/run105f.tar.xz bundle.
#   carry: bundle_pack/run105f.tar.xz bundle_pack/run105h.tar.xz bundle_pack/run105x.tar.xz
#          bundle_pack/run105_stamps.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head0.txt
if nvidia-smi -L | grep -q H200; then
  mkdir -p $top/h200
  OUT=$top/h200 timeout 240 bash perf/runs/run105_call5.sh > $top/h200.txt 2>&1
  echo "H200 part exit $? at $SECONDS s" | tee -a $top/head0.txt
fi
PACK=bundle_pack/run105f.tar.xz timeout $((590 - SECONDS)) tools/gpu_suite.sh $top/suite
echo "suite exit $? at $SECONDS s" | tee -a $top/head0.txt
tail -30 $top/suite/call.txt
[ -f $top/h200.txt ] && cat $top/h200.txt
